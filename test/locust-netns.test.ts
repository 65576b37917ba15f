import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../harness/config/load.js';
import type { LoadEngine } from '../harness/load/engine.js';
import { freePort, locustAvailable } from '../harness/load/locust/engine.js';
import { workerCommand } from '../harness/load/locust/instructions.js';
import { LocustLoadEngine } from '../harness/load/locust/load-engine.js';
import { engineKeys, KEYS_FILE_ENV, locustfilePath } from '../harness/load/locust/paths.js';
import { LoadProgress } from '../harness/load/progress.js';
import { runLoad } from '../harness/load/run.js';
import { API_PREFIX, buildApp } from '../reference/app.js';
import { loadSeed } from '../reference/seed.js';
import { DEFAULT_SEED_PATH } from '../reference/server.js';
import { privateLinkUnavailable, startPrivateLink } from './testing/netns.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Locust workers as separate hosts: each of the two workers runs in a network namespace of its
 * own, joined to this machine by a private link (a bridge and veth pairs, addresses of 10.231.X.0/24,
 * no default route), and started from the command the harness prints for worker machines, with a
 * keys file of its own. The master and a reference server listen on the bridge's address; the
 * reference counts requests by the address they came from, so the test sees that the traffic of
 * the run really came from the two namespaces' addresses and not from this machine's.
 */

/** A reference server on `host` whose requests are counted by their source address. */
async function countingReference(host: string): Promise<{ baseUrl: string; bySource: Map<string, number>; close(): Promise<void> }> {
  const app = await buildApp({ seed: await loadSeed(DEFAULT_SEED_PATH), logger: false });
  await app.ready();
  const bySource = new Map<string, number>();
  // A node:http server of the test's own in front of the app, as test/testing/replicas.ts does: the reference itself is unchanged.
  const server: Server = createServer((req, res) => {
    const source = req.socket.remoteAddress ?? '?';
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
    app.routing(req, res);
  });
  const close = async (): Promise<void> => {
    if (server.listening) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    }
    await app.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl: `http://${host}:${(server.address() as AddressInfo).port}${API_PREFIX}`, bySource, close };
}

/** Processes whose command line names the master's port: the master and every worker of this run. */
async function processesOfPort(port: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    const at = argv.findIndex((a) => a === '--master-port' || a === '--master-bind-port');
    if (at >= 0 && argv[at + 1] === String(port) && argv.some((a) => a.endsWith('locustfile.py'))) found.push(Number(entry));
  }
  return found;
}

/** A process still runs: it exists and is not a zombie (one the container's init has not reaped yet is gone for good). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

const noLocust = await locustAvailable();
const unavailable = noLocust ?? privateLinkUnavailable();
if (unavailable !== undefined) console.warn(`test/locust-netns.test.ts skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('Locust workers in network namespaces of their own (separate hosts on a private link)', () => {
  it("passes the keys scenario with traffic from both namespaces' addresses, and leaves no namespace, link or process behind", {
    timeout: 45_000,
  }, async (ctx) => {
    const link = await startPrivateLink(2);
    if (typeof link === 'string') {
      console.warn(`test/locust-netns.test.ts skipped: ${link}`);
      return ctx.skip(link);
    }
    const dir = await mkdtemp(join(tmpdir(), 'conformance-netns-'));
    let port = 0;
    let output = '';
    const workerPids: number[] = [];
    try {
      const reference = await countingReference(link.hostAddress);
      try {
        port = await freePort(link.hostAddress);
        const config = await configFromEnv({
          ...(await externalTargetEnv(reference.baseUrl)),
          CONFORMANCE_REPORT_DIR: join(dir, 'report'),
          CONFORMANCE_LOAD_SCENARIOS: 'keys',
          // The doctor's preflight is run by conformance run's own tests; here it would only add requests.
          CONFORMANCE_SKIP_DOCTOR: 'true',
          CONFORMANCE_LOAD_WAIT_S: '5',
          CONFORMANCE_LOAD_ENGINE: 'locust',
          CONFORMANCE_LOAD_WORKERS: '2',
          CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'true',
          CONFORMANCE_LOCUST_MASTER_BIND: link.hostAddress,
          CONFORMANCE_LOCUST_MASTER_HOST: link.hostAddress,
          CONFORMANCE_LOCUST_MASTER_PORT: String(port),
          CONFORMANCE_LOCUST_WORKER_WAIT_S: '15',
        });
        const keys = engineKeys(config);
        // Each worker host its own keys file, readable by its user only, the same keys in the engine's order.
        const keysFiles = await Promise.all(
          link.namespaces.map(async (_, i) => {
            const file = join(dir, `keys-${i}.json`);
            await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
            return file;
          }),
        );
        const locust = new LocustLoadEngine({
          settings: config.locust,
          keys,
          targetUrl: reference.baseUrl,
          // What an operator does with the printed command: run it on each worker host.
          onListening: (listening) => {
            const argv = workerCommand({ ...config.locust, masterPort: listening }, locustfilePath());
            for (const [i, host] of link.namespaces.entries()) {
              const child = link.exec(i, argv, { [KEYS_FILE_ENV]: keysFiles[i]!, PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' }, { cwd: dir });
              if (child.pid !== undefined) workerPids.push(child.pid);
              for (const stream of [child.stdout!, child.stderr!])
                stream.on('data', (chunk: Buffer) => (output = `${output}[${host.name}] ${chunk.toString()}`.slice(-8000)));
            }
          },
        });
        // The same engine, noting which processes of this run are up once every worker has connected.
        let running: number[] = [];
        const engine: LoadEngine = {
          name: locust.name,
          get version() {
            return locust.version;
          },
          start: async () => {
            await locust.start();
            running = await processesOfPort(port);
          },
          workers: () => locust.workers(),
          runJob: (...args) => locust.runJob(...args),
          close: () => locust.close(),
        };
        let log = '';
        const out = { write: (text: string) => ((log += text), true) } as unknown as NodeJS.WritableStream;
        const { report } = await runLoad(config, { progress: new LoadProgress(out, false), engine });
        const why = `${log}\n--- workers ---\n${output}`;

        const keysScenario = report.scenarios.find((s) => s.id === 'keys')!;
        expect([keysScenario.status, keysScenario.message], why).toEqual(['passed', expect.any(String)]);
        // Only `keys` was selected: the run is incomplete by design, and nothing failed.
        expect([report.status, report.exitCode, report.scenarios.filter((s) => s.status === 'failed' || s.status === 'error')]).toEqual(['incomplete', 0, []]);
        expect(workerPids).toHaveLength(2);
        // The master and the two workers were seen running, so finding none of them afterwards means something.
        expect(running).toHaveLength(3);
        expect(running).toEqual(expect.arrayContaining(workerPids));
        expect(report.engine).toMatchObject({ name: 'locust', workers: [{ index: 0 }, { index: 1 }] });
        const detail = keysScenario.detail;
        if (detail?.kind !== 'burst') throw new Error('no keys detail');
        expect(detail.keys.map((k) => k.admitted)).toEqual([59, 59, 59]);
        for (const key of detail.keys)
          expect(key.workers.map((w) => [w.worker, w.sent])).toEqual([
            [0, 75],
            [1, 75],
          ]);

        // Who sent what, as the reference saw it: the harness's probes from the host address, each
        // worker's share from its namespace's address, nothing from anywhere else.
        const perWorker = [0, 1].map((w) => detail.keys.reduce((n, k) => n + (k.workers.find((r) => r.worker === w)?.sent ?? 0), 0));
        const sources = Object.fromEntries(reference.bySource);
        const allowed = new Set([link.hostAddress, ...link.namespaces.map((h) => h.address)]);
        expect(
          Object.keys(sources).filter((a) => !allowed.has(a)),
          JSON.stringify(sources),
        ).toEqual([]);
        expect(
          link.namespaces.map((h) => sources[h.address] ?? 0).sort((a, b) => a - b),
          JSON.stringify(sources),
        ).toEqual([...perWorker].sort((a, b) => a - b));
        expect(perWorker).toEqual([225, 225]);
        expect(sources[link.hostAddress] ?? 0, 'the harness probed each key from the host address').toBeGreaterThan(0);
      } finally {
        await reference.close();
      }
      // The namespaces reach their own /24 and nothing else: no default route leads traffic off the machine.
      for (const host of link.namespaces) {
        const routes = execFileSync('ip', ['netns', 'exec', host.name, 'ip', '-4', 'route', 'show'], { encoding: 'utf8', timeout: 5000 }).trim();
        expect(routes.split('\n').map((r) => r.split(' ')[0])).toEqual([link.network]);
      }
    } finally {
      await link.close();
      await rm(dir, { recursive: true, force: true });
    }

    // Nothing left behind: no namespace, no interface, no Locust process of this run.
    const namespaces = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8', timeout: 5000 });
    for (const host of link.namespaces) expect(namespaces).not.toContain(host.name);
    const interfaces = execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8', timeout: 5000 });
    expect(interfaces).not.toContain(link.bridge);
    expect(interfaces).not.toMatch(new RegExp(`\\b${link.bridge.replace(/^ctb/, 'ctv')}x\\d`));
    expect(await processesOfPort(port)).toEqual([]);
    for (const pid of workerPids) expect(running(pid), `worker ${pid} still runs`).toBe(false);
  });
});

describe.skipIf(privateLinkUnavailable() !== undefined)('the private link of these tests', () => {
  it('reaches the host address only, ends what ran in its namespaces (even a process that left its group) and can be closed twice', {
    timeout: 20_000,
  }, async (ctx) => {
    const link = await startPrivateLink(1);
    if (typeof link === 'string') return ctx.skip(link);
    let names: string[] = [];
    let pids: number[] = [];
    try {
      const host = link.namespaces[0]!;
      expect(host.address).toBe(link.hostAddress.replace(/\.1$/, '.2'));
      expect(link.network).toBe(link.hostAddress.replace(/\.1$/, '.0/24'));
      // An address off the link (this machine's own outside address, or a documentation one) is unreachable from the namespace.
      const outside =
        execFileSync('ip', ['-o', '-4', 'addr', 'show', 'scope', 'global'], { encoding: 'utf8', timeout: 5000 })
          .split('\n')
          .map((l) => /inet (\d+\.\d+\.\d+\.\d+)/.exec(l)?.[1])
          .find((a) => a !== undefined && a !== link.hostAddress) ?? '192.0.2.1';
      const probe = link.exec(0, [
        process.execPath,
        '-e',
        `const s=require('net').connect(9,${JSON.stringify(outside)});s.setTimeout(2000);s.on('timeout',()=>{console.log('ETIMEDOUT');process.exit(1)});s.on('error',(e)=>{console.log(e.code);process.exit(1)});s.on('connect',()=>{console.log('connected');process.exit(0)})`,
      ]);
      let said = '';
      probe.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
      await new Promise((resolve) => probe.once('exit', resolve));
      expect(said.trim(), `connecting to ${outside} from the namespace`).toBe('ENETUNREACH');

      // One process in the namespace's group, one that left it with setsid: close() must end both.
      const sleeper = link.exec(0, ['sleep', '60']);
      const escaped = link.exec(0, ['setsid', '--fork', 'sleep', '61']);
      await new Promise((resolve) => escaped.once('exit', resolve));
      const inside = (): number[] =>
        execFileSync('ip', ['netns', 'pids', host.name], { encoding: 'utf8', timeout: 5000 }).split(/\s+/).filter(Boolean).map(Number);
      // Both are in the namespace once `ip netns exec` has entered it (bounded wait: a few ms).
      for (let i = 0; i < 40 && inside().length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      pids = inside();
      expect(pids).toHaveLength(2);
      expect(pids).toContain(sleeper.pid);
      expect(pids.every(running)).toBe(true);
      names = [host.name, link.bridge];
    } finally {
      await link.close();
    }
    await link.close();
    const left =
      execFileSync('ip', ['netns', 'list'], { encoding: 'utf8', timeout: 5000 }) +
      execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8', timeout: 5000 });
    for (const name of names) expect(left).not.toContain(name);
    for (const pid of pids) expect(running(pid), `process ${pid} of the namespace still runs`).toBe(false);
  });
});
