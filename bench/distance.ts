import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAINS } from '../harness/config/schema.js';
import type { HarEntry } from '../harness/har/format.js';
import { makeTestPki } from '../harness/http/testing/tls.js';
import type { Report } from '../harness/report/model.js';
import { externalTargetEnv } from '../test/target-env.js';
import { chainTable, type ChainRow } from './chains.js';
import { ROOT, startServer } from './child-server.js';
import { startDelayProxy, type DelayProxy } from './delay-proxy.js';

/**
 * "Distance costs little": the functional suites (every domain but rate-limit) against one
 * reference server process, reached directly and through proxies that add each of `delaysMs` to
 * every round trip, in the same bench run. The target is external in every run, configured as a
 * user would (every key and id from the seed file), so the only difference is the distance.
 * Then, at one distance, where the time goes (the longest chains of requests sent one after
 * another, per file, from a run's HTTP archive), what an https target costs (TLS handshakes) and,
 * when asked, how long a full run takes there (the rate-limit suite's window included).
 */

/** Every domain but rate-limit, which mostly waits for a minute window whatever the distance. */
export const FUNCTIONAL_SUITES = DOMAINS.filter((d) => d !== 'rate-limit');

export interface SuitesRun {
  readonly seconds: number;
  /** Checks by status, from the run's report. */
  readonly counts: Report['counts']['byStatus'];
  /** The run's HTTP archive entries, when asked for (CONFORMANCE_HAR). */
  readonly har?: readonly HarEntry[];
}

export interface DistanceSide {
  readonly delayMs: number;
  readonly runs: readonly SuitesRun[];
  /** Requests the proxy forwarded per run, the most it had in flight at once, client connections per run. */
  readonly requestsPerRun: number;
  readonly maxInFlight: number;
  readonly connectionsPerRun: number;
}

export type TlsFigure =
  | {
      readonly delayMs: number;
      readonly seconds: number;
      readonly requests: number;
      /** TLS handshakes the proxy made (one per client connection). */
      readonly handshakes: number;
    }
  | { readonly delayMs: number; readonly failed: string };

export type ChainFigure =
  | { readonly delayMs: number; readonly seconds: number; readonly rows: readonly ChainRow[] }
  | { readonly delayMs: number; readonly failed: string };

/**
 * A full run (every domain, the rate-limit suite's window included) at one distance;
 * `windowOpenedS`: when, from the run's start, the limited key's first request went out (its rate
 * window opened then; undefined if none was seen).
 */
export type FullRunFigure =
  | { readonly delayMs: number; readonly seconds: number; readonly windowOpenedS: number | undefined }
  | { readonly delayMs: number; readonly failed: string };

export interface DistanceResult {
  readonly local: readonly SuitesRun[];
  readonly remote: readonly DistanceSide[];
  /** The per-file chain table, at `chainsMs` away (one run with an HTTP archive). */
  readonly chains?: ChainFigure;
  readonly tls?: TlsFigure;
  /** The full run at `chainsMs` away, when asked for. */
  readonly full?: FullRunFigure;
}

/**
 * One `conformance run` of `suites` in its own process, with only the given CONFORMANCE_
 * variables; a run in which a check failed or erred is no measurement (it throws).
 */
export async function timeSuites(env: Record<string, string>, suites: readonly string[], options: { readonly har?: boolean } = {}): Promise<SuitesRun> {
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-distance-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST')));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'harness/cli/bin.ts', 'run', '--no-dotenv'], {
    cwd: ROOT,
    env: {
      ...clean,
      ...env,
      CONFORMANCE_SUITES: suites.join(','),
      CONFORMANCE_REPORT_DIR: reportDir,
      ...(options.har === true ? { CONFORMANCE_HAR: 'true' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  let kept = false;
  try {
    // Exit 0: every MUST check that ran passed (the verdict is `incomplete`: rate-limit is not selected).
    if (code !== 0) {
      // A failing run's report stays, for what failed and how to replay it.
      kept = true;
      throw new Error(`the functional suites exited ${code} (report kept in ${reportDir}): ${output.slice(-2000)}`);
    }
    const report = JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
    const counts = report.counts.byStatus;
    if (counts.fail > 0 || counts.error > 0) {
      kept = true;
      throw new Error(`the functional suites had ${counts.fail} failed and ${counts.error} erred checks (report kept in ${reportDir}): ${output.slice(-2000)}`);
    }
    if (options.har !== true) return { seconds, counts };
    const har = JSON.parse(await readFile(join(reportDir, 'latest', 'exchanges.har'), 'utf8')) as { log: { entries: HarEntry[] } };
    return { seconds, counts, har: har.log.entries };
  } finally {
    if (!kept) await rm(reportDir, { recursive: true, force: true });
  }
}

/**
 * A full run `delayMs` away from `upstream`, through a path of its own that notes when the limited
 * key's first request went out: the rate-limit suite's window, which no run can end before, opens
 * then (the start-up before it is the process's, the preflight's and the workers').
 */
async function timeFullRun(upstream: string, delayMs: number): Promise<{ seconds: number; windowOpenedS: number | undefined }> {
  const limitedKey = (await externalTargetEnv(upstream))['CONFORMANCE_LIMITED_KEY'];
  let opened: number | undefined;
  const proxy = await startDelayProxy(upstream, {
    delayMs,
    onRequest: (_method, _url, head) => {
      if (opened === undefined && limitedKey !== undefined && head.includes(limitedKey)) opened = performance.now();
    },
  });
  try {
    const started = performance.now();
    const run = await timeSuites(await externalTargetEnv(proxy.baseUrl), DOMAINS);
    return { seconds: run.seconds, windowOpenedS: opened === undefined ? undefined : (opened - started) / 1000 };
  } finally {
    await proxy.close();
  }
}

/** One run through `proxy`, with what the proxy saw of it. */
async function throughProxy(proxy: DelayProxy, env: Record<string, string>, suites: readonly string[], har = false) {
  const before = proxy.stats();
  const run = await timeSuites(env, suites, { har });
  const after = proxy.stats();
  return { run, requests: after.requests - before.requests, connections: after.connections - before.connections };
}

/**
 * `rounds` local runs and `rounds` runs through each delaying proxy, alternating, against one
 * reference server process, so that a change in the machine's load hits every side alike. Then,
 * `chainsMs` away, one run with an HTTP archive (the chain table) and one through an https proxy.
 */
export async function measureDistance(options: {
  readonly delaysMs: readonly number[];
  readonly rounds: number;
  readonly suites?: readonly string[];
  /** The distance of the chain table and the TLS figure; absent: neither is measured. */
  readonly chainsMs?: number;
  /** Also a full run (every domain) `chainsMs` away: how far past the rate-limit window it ends. */
  readonly fullRun?: boolean;
}): Promise<DistanceResult> {
  const suites = options.suites ?? FUNCTIONAL_SUITES;
  const reference = await startServer(['reference/main.ts', '--port', '0']);
  const proxies = await Promise.all(options.delaysMs.map((delayMs) => startDelayProxy(reference.baseUrl, { delayMs })));
  const pki = options.chainsMs === undefined ? undefined : makeTestPki();
  const tlsProxy = pki === undefined ? undefined : await startDelayProxy(reference.baseUrl, { delayMs: options.chainsMs!, tls: pki });
  try {
    const localEnv = await externalTargetEnv(reference.baseUrl);
    const remoteEnvs = await Promise.all(proxies.map((p) => externalTargetEnv(p.baseUrl)));
    const local: SuitesRun[] = [];
    const remote = options.delaysMs.map(() => ({ runs: [] as SuitesRun[], requests: 0, connections: 0 }));
    for (let round = 0; round < options.rounds; round++) {
      local.push(await timeSuites(localEnv, suites));
      for (const [i, proxy] of proxies.entries()) {
        const { run, requests, connections } = await throughProxy(proxy, remoteEnvs[i]!, suites);
        remote[i]!.runs.push(run);
        remote[i]!.requests += requests;
        remote[i]!.connections += connections;
      }
    }
    const result: DistanceResult = {
      local,
      remote: remote.map((side, i) => ({
        delayMs: options.delaysMs[i]!,
        runs: side.runs,
        requestsPerRun: Math.round(side.requests / Math.max(1, options.rounds)),
        maxInFlight: proxies[i]!.stats().maxInFlight,
        connectionsPerRun: Math.round(side.connections / Math.max(1, options.rounds)),
      })),
    };
    if (options.chainsMs === undefined || tlsProxy === undefined || pki === undefined) return result;
    const chainProxy = await startDelayProxy(reference.baseUrl, { delayMs: options.chainsMs });
    // A run of these two that fails costs its own figure, not the bench's others.
    const failed = (error: unknown) => ({ failed: (error as Error).message.slice(0, 600) });
    try {
      const archived = await timeSuites(await externalTargetEnv(chainProxy.baseUrl), suites, { har: true }).catch(failed);
      const tlsEnv = { ...(await externalTargetEnv(tlsProxy.baseUrl)), CONFORMANCE_CA_FILE: pki.caFile };
      const tls = await throughProxy(tlsProxy, tlsEnv, suites).catch(failed);
      const full = options.fullRun === true ? await timeFullRun(reference.baseUrl, options.chainsMs).catch(failed) : undefined;
      return {
        ...result,
        ...(full === undefined ? {} : { full: 'failed' in full ? { delayMs: options.chainsMs, failed: full.failed } : { delayMs: options.chainsMs, ...full } }),
        chains:
          'failed' in archived
            ? { delayMs: options.chainsMs, failed: archived.failed }
            : { delayMs: options.chainsMs, seconds: archived.seconds, rows: chainTable(archived.har ?? []) },
        tls:
          'failed' in tls
            ? { delayMs: options.chainsMs, failed: tls.failed }
            : { delayMs: options.chainsMs, seconds: tls.run.seconds, requests: tls.requests, handshakes: tls.connections },
      };
    } finally {
      await chainProxy.close();
    }
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
    await tlsProxy?.close();
    pki?.remove();
    reference.child.kill();
  }
}
