/**
 * Measures the requests each suite sends, per key role, at two CONFORMANCE_NUM_RUNS values, to
 * refresh the data in harness/runner/request-estimate.ts:
 *
 *   npx tsx test/measure-requests.ts [suite,suite,...] [low] [high]
 *
 * Each suite runs alone through the real CLI against a reference server behind a counting proxy.
 * From the two counts: perRun = (high - low) / (highRuns - lowRuns), base = low - perRun x lowRuns.
 */
import { DOMAINS } from '../harness/config/schema.js';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { startReferenceServer } from '../reference/server.js';
import { startCountingProxy } from './counting-proxy.js';
import { runCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

const suites = process.argv[2] ? process.argv[2].split(',') : [...DOMAINS];
const low = Number(process.argv[3] ?? 5);
const high = Number(process.argv[4] ?? 20);

const seed = seedDefaults(await readSeed());
const roleOf = new Map<string, string>(Object.entries(seed.keys).flatMap(([role, key]) => (key === undefined ? [] : [[key, role] as [string, string]])));
for (const key of seed.limitedKeys) if (!roleOf.has(key)) roleOf.set(key, 'limited');

const rows: string[] = [];
for (const suite of suites) {
  const counts: Array<Record<string, number>> = [];
  const times: number[] = [];
  for (const numRuns of [low, high]) {
    // A fresh server each time: the rate-limit suite needs fresh windows (8 s ones here).
    const server = await startReferenceServer({ rateWindowMs: 8000 });
    const proxy = await startCountingProxy(server.baseUrl);
    const started = Date.now();
    const result = await runCli(['run'], {
      ...(await externalTargetEnv(proxy.baseUrl)),
      CONFORMANCE_SUITES: suite,
      CONFORMANCE_NUM_RUNS: String(numRuns),
      CONFORMANCE_SEED: '20261124',
    });
    times.push(Date.now() - started);
    const byRole: Record<string, number> = {};
    for (const [key, n] of proxy.counts()) byRole[roleOf.get(key) ?? 'other'] = (byRole[roleOf.get(key) ?? 'other'] ?? 0) + n;
    counts.push(byRole);
    if (result.code !== 0) process.stderr.write(`${suite} at ${numRuns} runs exited ${result.code}\n${result.stderr.slice(-1500)}\n`);
    await proxy.close();
    await server.close();
  }
  const admin = counts.map((c) => c['admin'] ?? 0);
  const perRun = (admin[1]! - admin[0]!) / (high - low);
  const base = admin[0]! - perRun * low;
  rows.push(
    `${suite}: admin ${admin.join(' / ')} -> base ${base.toFixed(1)}, perRun ${perRun.toFixed(2)}; all roles ${JSON.stringify(counts)}; ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(' / ')}`,
  );
  process.stdout.write(`${rows.at(-1)}\n`);
}
