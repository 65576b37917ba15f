import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocustSettings } from '../../config/schema.js';
import { KEYS_FILE_ENV } from './paths.js';

/*
 * What the harness prints (and writes as locust-workers.txt in the report directory) when the
 * Locust workers run on other machines: what each worker machine needs and the exact command to
 * start there. It names files and addresses, never a key.
 */

/** The file name of the instructions in the report directory. */
export const INSTRUCTIONS_FILE = 'locust-workers.txt';

/** Where the worker instructions suggest the keys file when CONFORMANCE_LOCUST_KEYS_FILE does not say. */
export const DEFAULT_WORKER_KEYS_FILE = '/etc/conformance/locust-keys.json';

export interface ClusterInstructionsOptions {
  /** The locustfile on this machine (locustfilePath()). */
  readonly locustfile: string;
  /** LOCUSTFILE_VERSION of that file, so a worker's copy can be compared. */
  readonly locustfileVersion?: string | undefined;
  /** How many keys the keys file holds (engineKeys of the configuration). */
  readonly keyCount: number;
  /** The target as the report shows it (redacted), which every worker must reach. */
  readonly target?: string | undefined;
}

/** A word as a POSIX shell reads it: as is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command that starts one worker (its keys file named by the environment, never an argument). */
export function workerCommand(settings: Pick<LocustSettings, 'python' | 'masterHost' | 'masterPort'>, locustfile: string): string[] {
  return [settings.python, '-m', 'locust', '-f', locustfile, '--worker', '--master-host', settings.masterHost, '--master-port', String(settings.masterPort)];
}

const LOOPBACK = /^(127\.|localhost$|::1$|\[::1\]$)/;

/** Pure: the lines of the instructions, for the terminal and for locust-workers.txt. */
export function clusterInstructions(settings: LocustSettings, options: ClusterInstructionsOptions): string[] {
  const keysFile = settings.keysFile ?? DEFAULT_WORKER_KEYS_FILE;
  const endpoint = `${settings.masterHost}:${settings.masterPort}`;
  const version = options.locustfileVersion === undefined ? '' : ` (version ${options.locustfileVersion})`;
  const command = [`${KEYS_FILE_ENV}=${shellWord(keysFile)}`, ...workerCommand(settings, options.locustfile).map(shellWord)].join(' ');
  const lines = [
    `Locust engine: start ${settings.workers} worker${settings.workers === 1 ? '' : 's'}; the master listens on ${settings.masterBind}:${settings.masterPort} and waits up to ${settings.workerWaitS} s for them at ${endpoint}.`,
  ];
  if (LOOPBACK.test(settings.masterHost)) {
    lines.push(
      `Note: ${settings.masterHost} is this machine only; workers elsewhere need --master-host (CONFORMANCE_LOCUST_MASTER_HOST) set to an address they reach.`,
    );
  }
  lines.push(
    '',
    "On each worker machine (Python 3 with Locust 2.x, e.g. Debian's python3-locust; run Debian's with /usr/bin/python3):",
    '',
    `1. The locustfile${version}: it ships in the package at harness/load/locust/locustfile.py; here it is`,
    `   ${options.locustfile}`,
    '   Install the same package version on the worker, or copy that file to the same path.',
    '',
    `2. The keys file: a JSON array of the run's ${options.keyCount} key${options.keyCount === 1 ? '' : 's'}, readable by the worker's user only. Make it from`,
    '   the same .env as this run, so no key passes a command line or a shell history:',
    `     npx conformance load keys-file ${shellWord(keysFile)}`,
    '   (it writes the file with mode 0600), or copy the one made here with scp and keep its mode.',
    '',
    '3. Start the worker (it connects to the master and waits for jobs; it ends when the run ends):',
    `     ${command}`,
    '',
    `Each worker must reach the master at ${endpoint} (TCP)${options.target === undefined ? '' : ` and the target, ${options.target}`}.`,
  );
  return lines;
}

/** Writes the instructions as locust-workers.txt in `dir`; returns its path. */
export async function writeClusterInstructions(dir: string, lines: readonly string[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, INSTRUCTIONS_FILE);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}
