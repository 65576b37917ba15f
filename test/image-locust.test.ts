import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFileCommand, masterCommand } from '../harness/load/export/commands.js';
import { KEYS_FILE_ENV } from '../harness/load/locust/paths.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { ENGINE, imageForThisRevision, removeContainer, runContainer, type BuiltImage, type ContainerResult } from './testing/image.js';
import { externalTargetEnv } from './target-env.js';

/*
 * The distributed load path on real containers: the Locust master and two workers as three
 * containers of the image on a podman network of their own (not the host's network, not network
 * namespaces of ours), the target (a reference server) outside them, reached at the network's
 * gateway, the host's address on it. The master container runs the command the Kubernetes
 * export's master Job runs (harness/load/export/commands.ts), the workers what the master prints
 * for worker machines, each with the keys file the export's README makes mounted. The verdict is
 * judged centrally: the keys scenario passes against the reference (exit 0: only `keys` was
 * selected, so incomplete, not failed) and fails against one that over-admits concurrent requests
 * (exit 1).
 */

const exec = promisify(execFile);
const MASTER_PORT = 5557;
/** Bound on the master's wait for the workers, and on the whole run. */
const WORKER_WAIT_S = 40;
const RUN_BOUND_MS = 90_000;

const built: BuiltImage | string = await imageForThisRevision();
if (typeof built === 'string') console.warn(`test/image-locust.test.ts skipped: ${built}`);
const image = typeof built === 'string' ? '' : built.image;

const uid = process.getuid?.() ?? 0;
const gid = process.getgid?.() ?? 0;
const tag = `conformance-selftest-${process.pid}-locust`;
const names: string[] = [];

/** `podman network inspect`: the gateway of `network`, the host's address on it. */
async function gatewayOf(network: string): Promise<string> {
  const { stdout } = await exec(ENGINE, ['network', 'inspect', '--format', '{{range .Subnets}}{{.Gateway}} {{end}}', network], { timeout: 30_000 });
  const gateway = stdout.trim().split(/\s+/)[0];
  if (gateway === undefined || gateway === '') throw new Error(`podman network inspect ${network}: no gateway`);
  return gateway;
}

/** The worker command the master printed (`KEYS_FILE=... python3 -m locust ...`), as its environment and argv. */
function printedWorkerCommand(output: string): { env: Record<string, string>; argv: string[] } | undefined {
  const line = output.split('\n').find((l) => l.trim().startsWith(`${KEYS_FILE_ENV}=`) && l.includes(' -m locust '));
  if (line === undefined) return undefined;
  // The printed words are plain (instructions.ts quotes only what needs it; these paths do not).
  const words = line.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_]+=/.test(words[0]!)) {
    const [key, ...value] = words.shift()!.split('=');
    env[key!] = value.join('=');
  }
  return { env, argv: words };
}

interface DistributedRun {
  readonly master: ContainerResult;
  readonly workers: ContainerResult[];
  readonly load: { status: string; exitCode: number; engine?: { workers?: unknown[] }; scenarios: Array<{ id: string; status: string; message?: string }> };
}

describe.skipIf(typeof built === 'string')('Locust master and two workers as three containers on a podman network', () => {
  const network = `${tag}-net`;
  let gateway = '';
  const servers: RunningReferenceServer[] = [];

  beforeAll(async () => {
    await exec(ENGINE, ['network', 'create', network], { timeout: 30_000 });
    gateway = await gatewayOf(network);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(names.map(removeContainer));
    await exec(ENGINE, ['network', 'rm', '--force', network], { timeout: 60_000 }).catch(() => undefined);
    await Promise.all(servers.map((s) => s.close()));
  });

  /** One distributed run against a reference with `faults`, started outside the containers. */
  async function distributedRun(what: string, faults: string[]): Promise<DistributedRun> {
    // Every address: the containers reach it at the gateway, which exists once the first container is up.
    const server = await startReferenceServer({ host: '0.0.0.0', faults });
    servers.push(server);
    const target = server.baseUrl.replace('//0.0.0.0:', `//${gateway}:`);
    const dir = await mkdtemp(join(tmpdir(), 'conformance-image-locust-'));
    const envFile = join(dir, 'target.env');
    const env = {
      ...(await externalTargetEnv(target)),
      CONFORMANCE_LOAD_SCENARIOS: 'keys',
      CONFORMANCE_SKIP_DOCTOR: 'true',
      CONFORMANCE_LOAD_WAIT_S: '5',
      CONFORMANCE_LOCUST_WORKER_WAIT_S: String(WORKER_WAIT_S),
    };
    await writeFile(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    const user = ['--user', `${uid}:${gid}`];
    const onNetwork = ['--network', network];

    // The keys file, as the export's README makes it: from the same .env, in a folder the workers mount.
    const keysDir = join(dir, 'keys');
    const [, ...keysArgs] = keysFileCommand('/keys/locust-keys.json');
    const keysName = `${tag}-${what}-keys`;
    names.push(keysName);
    await exec('mkdir', ['-p', keysDir]);
    const keys = await runContainer(image, keysName, [...user, ...onNetwork, '-v', `${keysDir}:/keys`, '--env-file', envFile], keysArgs).done;
    expect(keys.code, keys.stderr).toBe(0);

    const masterName = `${tag}-${what}-master`;
    names.push(masterName);
    const [, ...masterArgs] = masterCommand({ workers: 2, masterHost: masterName, port: MASTER_PORT });
    const reportDir = join(dir, 'reports');
    await exec('mkdir', ['-p', reportDir]);
    const master = runContainer(image, masterName, [...user, ...onNetwork, '-v', `${reportDir}:/reports`, '--env-file', envFile], masterArgs);
    let output = '';
    const workers: Array<Promise<ContainerResult>> = [];
    const started = new Promise<void>((resolve) => {
      const onData = (d: Buffer): void => {
        output += d.toString();
        const command = printedWorkerCommand(output);
        if (command === undefined || workers.length > 0) return;
        const keysFile = command.env[KEYS_FILE_ENV]!;
        for (const i of [0, 1]) {
          const name = `${tag}-${what}-worker-${i}`;
          names.push(name);
          const options = [...user, ...onNetwork, '-v', `${keysDir}/locust-keys.json:${keysFile}:ro`, '--entrypoint', command.argv[0]!];
          for (const [key, value] of Object.entries(command.env)) options.push('-e', `${key}=${value}`);
          workers.push(runContainer(image, name, options, command.argv.slice(1)).done);
        }
        resolve();
      };
      master.child.stdout!.on('data', onData);
      master.child.stderr!.on('data', onData);
    });
    // Bounded: a master that never prints the worker command is stopped (and the assertions say why).
    const bound = setTimeout(() => void removeContainer(masterName), RUN_BOUND_MS);
    const result = await master.done;
    clearTimeout(bound);
    await Promise.race([started, Promise.resolve()]);
    const ended = await Promise.all(workers);
    const load = JSON.parse(await readFile(join(reportDir, 'latest-load', 'load.json'), 'utf8').catch(() => '{"scenarios":[]}')) as DistributedRun['load'];
    return { master: result, workers: ended, load };
  }

  const why = (run: DistributedRun): string =>
    [run.master.stdout, run.master.stderr, ...run.workers.map((w) => w.stderr)].map((t) => t.slice(-2500)).join('\n---\n');

  it('passes the keys scenario against the reference: exit 0, both workers connected and ended with the run', async () => {
    const run = await distributedRun('pass', []);
    expect(run.master.code, why(run)).toBe(0);
    expect(run.load.scenarios.map((s) => [s.id, s.status])).toEqual([['keys', 'passed']]);
    expect(run.load.engine?.workers).toHaveLength(2);
    expect(run.workers.map((w) => w.code)).toHaveLength(2);
  }, 120_000);

  it('fails an over-admitting reference (rl-concurrent-over-admission): exit 1, judged on the master', async () => {
    const run = await distributedRun('fault', ['rl-concurrent-over-admission']);
    expect(run.master.code, why(run)).toBe(1);
    expect(run.load.scenarios.map((s) => [s.id, s.status])).toEqual([['keys', 'failed']]);
    expect(run.load.engine?.workers).toHaveLength(2);
  }, 120_000);
});
