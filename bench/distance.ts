import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAINS } from '../harness/config/schema.js';
import type { Report } from '../harness/report/model.js';
import { externalTargetEnv } from '../test/target-env.js';
import { ROOT, startServer } from './child-server.js';
import { startDelayProxy } from './delay-proxy.js';

/**
 * Issue 12, "distance costs little": the functional suites (every domain but rate-limit) against
 * one reference server process, reached directly and through a proxy that adds `delayMs` to every
 * round trip, in the same bench run. The target is external in both runs, configured as a user
 * would (every key and id from the seed file), so the only difference is the distance.
 */

/** Every domain but rate-limit, which mostly waits for a minute window whatever the distance. */
export const FUNCTIONAL_SUITES = DOMAINS.filter((d) => d !== 'rate-limit');

export interface SuitesRun {
  readonly seconds: number;
  /** Checks by status, from the run's report. */
  readonly counts: Report['counts']['byStatus'];
}

export interface DistanceResult {
  readonly delayMs: number;
  readonly local: readonly SuitesRun[];
  readonly remote: readonly SuitesRun[];
  /** Requests the proxy forwarded per remote run, and the most it had in flight at once. */
  readonly requestsPerRun: number;
  readonly maxInFlight: number;
}

/**
 * One `conformance run` of `suites` in its own process, with only the given CONFORMANCE_
 * variables; a run in which a check failed or erred is no measurement (it throws).
 */
export async function timeSuites(env: Record<string, string>, suites: readonly string[]): Promise<SuitesRun> {
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-distance-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST')));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'harness/cli/bin.ts', 'run', '--no-dotenv'], {
    cwd: ROOT,
    env: { ...clean, ...env, CONFORMANCE_SUITES: suites.join(','), CONFORMANCE_REPORT_DIR: reportDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  try {
    // Exit 0: every MUST check that ran passed (the verdict is `incomplete`: rate-limit is not selected).
    if (code !== 0) throw new Error(`the functional suites exited ${code}: ${output.slice(-2000)}`);
    const report = JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
    const counts = report.counts.byStatus;
    if (counts.fail > 0 || counts.error > 0)
      throw new Error(`the functional suites had ${counts.fail} failed and ${counts.error} erred checks: ${output.slice(-2000)}`);
    return { seconds, counts };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

/**
 * `rounds` local runs and `rounds` runs through the delaying proxy, alternating, against one
 * reference server process, so that a change in the machine's load hits both sides alike.
 */
export async function measureDistance(options: {
  readonly delayMs: number;
  readonly rounds: number;
  readonly suites?: readonly string[];
}): Promise<DistanceResult> {
  const suites = options.suites ?? FUNCTIONAL_SUITES;
  const reference = await startServer(['reference/main.ts', '--port', '0']);
  const proxy = await startDelayProxy(reference.baseUrl, { delayMs: options.delayMs });
  try {
    const [localEnv, remoteEnv] = [await externalTargetEnv(reference.baseUrl), await externalTargetEnv(proxy.baseUrl)];
    const local: SuitesRun[] = [];
    const remote: SuitesRun[] = [];
    for (let round = 0; round < options.rounds; round++) {
      local.push(await timeSuites(localEnv, suites));
      remote.push(await timeSuites(remoteEnv, suites));
    }
    const { requests, maxInFlight } = proxy.stats();
    return { delayMs: options.delayMs, local, remote, requestsPerRun: Math.round(requests / Math.max(1, options.rounds)), maxInFlight };
  } finally {
    await proxy.close();
    reference.child.kill();
  }
}
