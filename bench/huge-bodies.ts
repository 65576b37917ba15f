import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer } from '../reference/server.js';
import { startHostileProxy } from '../test/hostile-proxy.js';
import { spawnCli } from '../test/run-cli.js';
import { externalTargetEnv } from '../test/target-env.js';

/*
 * The peak memory of a run whose target answers one request in 25 with a 400 MB body: the
 * figure behind test/hostile.test.ts's bound of 1 GB (a wall-clock or memory figure is measured
 * here, never asserted). The same settings as that test: contacts and auth, 3 runs per property.
 * `npx tsx bench/huge-bodies.ts [runs] [suites] [every]`; prints the CLI's peak resident set
 * (VmHWM) per run. `suites` replaces contacts,auth (`all`: every suite, as a full run); `every`
 * replaces 25 (`0`: no huge body at all, the baseline to compare with).
 */
const runs = Number(process.argv[2] ?? 1);
const suites = process.argv[3] ?? 'contacts,auth';
const every = Number(process.argv[4] ?? 25);
const env: Record<string, string> = {
  ...(suites === 'all' ? {} : { CONFORMANCE_SUITES: suites }),
  CONFORMANCE_SEED: '20261123',
  CONFORMANCE_NUM_RUNS: '3',
  CONFORMANCE_REQUEST_TIMEOUT_MS: '1000',
};
for (let i = 0; i < runs; i++) {
  const server = await startReferenceServer();
  const proxy = await startHostileProxy({ behaviour: 'huge', every: every > 0 ? every : Number.MAX_SAFE_INTEGER, hugeBytes: 400e6, target: server.baseUrl });
  try {
    const reportDir = await mkdtemp(join(tmpdir(), 'conformance-huge-'));
    const { child, done } = spawnCli(['run'], reportDir, { ...(await externalTargetEnv(proxy.baseUrl)), ...env });
    let peakKb = 0;
    // VmHWM only grows: the last reading before the process goes is its peak.
    const poll = setInterval(() => {
      try {
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // The process just ended.
      }
    }, 50);
    const { code } = await done;
    clearInterval(poll);
    const stats = proxy.stats();
    process.stdout.write(
      `run ${i + 1}: exit ${code}, peak RSS ${Math.round(peakKb / 1024)} MB, ${stats.misbehaved} huge bodies of ${stats.requests} requests\n`,
    );
  } finally {
    await proxy.close();
    await server.close();
  }
}
