import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../harness/report/model.js';
import { compiledCliEntry, compiledDriverEntry } from './testing/compiled-cli.js';
import { RESULT_PREFIX } from './testing/driver-protocol.js';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
}

/**
 * The environment of a CLI the self-tests start: the test process's, without its CONFORMANCE_ and
 * vitest variables and without CI. A self-test runs as on a developer's machine even when CI runs
 * the self-tests (CI=true would ask every embedded run for --reference); a test about CI passes CI.
 */
export function childEnv(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST') && k !== 'CI'));
}

/**
 * Which code a started CLI runs: the harness compiled once for the test run, as the installed
 * package runs it (test/testing/compiled-cli.ts; the clone's TypeScript when there is none), or
 * the clone's TypeScript through tsx, as `npm run conformance` runs it (a report's source lines).
 */
export type CliCode = 'compiled' | 'source';

/**
 * The real CLI in a child process, as a user runs it, with only the given CONFORMANCE_ variables
 * (a developer's own .env and CONFORMANCE_ environment never leak into self-tests).
 */
export function spawnCli(
  args: readonly string[],
  reportDir: string,
  env: Record<string, string> = {},
  /** The clone whose CLI runs (test/testing/second-install.ts makes another): its TypeScript. */
  root: string = ROOT,
  code: CliCode = 'compiled',
): { child: ChildProcess; done: Promise<Omit<CliResult, 'reportDir'>> } {
  const cleanEnv = childEnv();
  const withEnvFile = args.includes('--dotenv') || args.includes('--no-dotenv') ? args : [...args, '--no-dotenv'];
  const compiled = root === ROOT && code === 'compiled' ? compiledCliEntry() : undefined;
  const entry = compiled === undefined ? ['--import', 'tsx', 'harness/cli/bin.ts'] : [compiled];
  const child = spawn(process.execPath, [...entry, ...withEnvFile], {
    cwd: root,
    env: { ...cleanEnv, NODE_ENV: 'production', CONFORMANCE_REPORT_DIR: reportDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Omit<CliResult, 'reportDir'>>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** Runs the real CLI (as a user would) in a child process, with only the given CONFORMANCE_ variables. */
export async function runCli(args: readonly string[], env: Record<string, string> = {}, code: CliCode = 'compiled'): Promise<CliResult> {
  const reportDir = env['CONFORMANCE_REPORT_DIR'] ?? (await mkdtemp(join(tmpdir(), 'conformance-report-')));
  return { ...(await spawnCli(args, reportDir, env, ROOT, code).done), reportDir };
}

interface Driver {
  readonly child: ChildProcess;
  /** The job it is running, if any. */
  job: { readonly settle: (result: CliResult) => void; readonly reportDir: string; output: string } | undefined;
}

/** The V8 option the drivers start with (DriverPool): fewer scavenges of a run's short-lived objects. */
const DRIVER_HEAP = '--max-semi-space-size=32';

/**
 * Conformance runs through `main` in a few long-lived processes (test/mutant-driver.ts): the same
 * runs as runCli, less a process start each. A run goes to an idle driver, or waits for one.
 */
export class DriverPool {
  readonly #size: number;
  readonly #drivers: Driver[] = [];
  readonly #queue: Array<{ env: Record<string, string>; reportDir: string; settle: (result: CliResult) => void }> = [];

  constructor(size: number) {
    this.#size = size;
  }

  async run(env: Record<string, string>): Promise<CliResult> {
    const reportDir = env['CONFORMANCE_REPORT_DIR'] ?? (await mkdtemp(join(tmpdir(), 'conformance-report-')));
    return new Promise<CliResult>((settle) => {
      this.#queue.push({ env: { ...env, CONFORMANCE_REPORT_DIR: reportDir }, reportDir, settle });
      this.#dispatch();
    });
  }

  /** Ends every driver once its current run is done; resolves when every driver process has exited. */
  close(): Promise<void> {
    const exited = this.#drivers.map((d) =>
      d.child.exitCode !== null || d.child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => d.child.once('close', () => resolve())),
    );
    for (const driver of this.#drivers) driver.child.stdin!.end();
    return Promise.all(exited).then(() => undefined);
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const driver = this.#drivers.find((d) => d.job === undefined && d.child.exitCode === null) ?? this.#spawn();
      if (driver === undefined) return;
      const { env, reportDir, settle } = this.#queue.shift()!;
      driver.job = { settle, reportDir, output: '' };
      driver.child.stdin!.write(`${JSON.stringify({ env, args: ['run', '--no-dotenv'] })}\n`);
    }
  }

  #spawn(): Driver | undefined {
    if (this.#drivers.filter((d) => d.child.exitCode === null).length >= this.#size) return undefined;
    const cleanEnv = childEnv();
    // Compiled beside the compiled harness in the e2e and system tiers (about 0.7 CPU-s less a run
    // of the mutant matrix on this machine: no tsx loader, no transform of the suites); else the clone's TypeScript.
    const compiled = compiledDriverEntry();
    // A young generation of up to 32 MB a semi-space, above V8's default: fewer scavenges of the
    // short-lived objects each run makes by the thousand, in the driver and its vitest worker threads.
    const child = spawn(process.execPath, [DRIVER_HEAP, ...(compiled === undefined ? ['--import', 'tsx', 'test/mutant-driver.ts'] : [compiled])], {
      cwd: ROOT,
      env: { ...cleanEnv, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const driver: Driver = { child, job: undefined };
    this.#drivers.push(driver);
    const finish = (code: number | null, note = ''): void => {
      const job = driver.job;
      driver.job = undefined;
      job?.settle({ code, stdout: job.output + note, stderr: '', reportDir: job.reportDir });
      this.#dispatch();
    };
    child.stderr!.on('data', (d: Buffer) => driver.job && (driver.job.output += d.toString()));
    let buffer = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.startsWith(RESULT_PREFIX)) finish((JSON.parse(line.slice(RESULT_PREFIX.length)) as { code: number }).code);
        else if (driver.job) driver.job.output += `${line}\n`;
      }
    });
    // A driver that dies fails the run it had; the queue goes on in a new one.
    child.on('close', (code) => finish(null, `\nmutant driver exited ${code}`));
    return driver;
  }
}

export async function readLatestReport(reportDir: string): Promise<Report> {
  return JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
}

/** `reports/latest-load/load.json` of a `conformance load` run, unparsed (validate it with the model). */
export async function readLatestLoadJson(reportDir: string): Promise<unknown> {
  return JSON.parse(await readFile(join(reportDir, 'latest-load', 'load.json'), 'utf8')) as unknown;
}
