import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../harness/report/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { startOutageProxy } from './outage-proxy.js';
import { readLatestReport, runCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * A bad minute is not a bad run: a target that goes away for 8 s in the middle of a run (a
 * deploy, a restart) pauses the run, which probes it, goes on when it answers, and re-runs the
 * checks the outage interrupted; the verdict is the one a run without the outage reaches, and
 * the report says what happened. A target away longer than CONFORMANCE_OUTAGE_WAIT_S stops the
 * run as before, with every report file written.
 */

const SUITES = 'contacts,expenses';
let server: RunningReferenceServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startReferenceServer();
  env = {
    ...(await externalTargetEnv(server.baseUrl)),
    CONFORMANCE_SUITES: SUITES,
    CONFORMANCE_NUM_RUNS: '5',
    CONFORMANCE_SEED: '20261125',
    CONFORMANCE_SKIP_DOCTOR: 'true',
  };
});
afterAll(async () => {
  await server?.close();
});

/** Every check's status by key: what the verdict is made of. */
function statuses(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.map((c) => [c.key, c.status]));
}

describe('an outage of the target during a run', () => {
  it('an 8 s outage: the run pauses, goes on, re-runs what it interrupted, and ends with the verdict of a run without it', { timeout: 180_000 }, async () => {
    const steady = await startOutageProxy({ target: server.baseUrl, afterRequests: Number.MAX_SAFE_INTEGER, downMs: 0 });
    const flaky = await startOutageProxy({ target: server.baseUrl, afterRequests: 150, downMs: 8000 });
    try {
      const [without, through] = await Promise.all([
        runCli(['run'], { ...env, CONFORMANCE_TARGET_URL: steady.baseUrl }),
        runCli(['run'], { ...env, CONFORMANCE_TARGET_URL: flaky.baseUrl }),
      ]);
      expect(flaky.stats().outages).toBe(1);
      const before = await readLatestReport(without.reportDir);
      const after = await readLatestReport(through.reportDir);
      expect(through.code, through.stderr.slice(-1500)).toBe(without.code);
      expect(after.verdict).toBe(before.verdict);
      expect(statuses(after)).toEqual(statuses(before));
      // It says so: the window, the checks re-run, in the report and on the terminal.
      expect(after.outages).toHaveLength(1);
      expect(after.outages![0]).toMatchObject({ recovered: true });
      expect(after.outages![0]!.durationMs).toBeGreaterThan(3000);
      // Within the wait it allows (a busy machine may stretch the 8 s, not past the wait it would give up at).
      expect(after.outages![0]!.durationMs).toBeLessThan(60_000);
      expect(after.settings.outageWaitS).toBe(60);
      expect(
        after.checks.some((c) => (c.reruns ?? 0) > 0),
        JSON.stringify(after.outages),
      ).toBe(true);
      expect(through.stderr).toMatch(/the target stopped answering at .*: the run is paused/);
      expect(through.stderr).toMatch(/the target answers again after \d+\.\d s/);
      expect(through.stdout).toMatch(/The target was unreachable for \d+\.\d s at \S+; \d+ checks? ran again from the start\./);
      expect(before.outages ?? []).toEqual([]);
    } finally {
      await steady.close();
      await flaky.close();
    }
  });

  it('an outage longer than CONFORMANCE_OUTAGE_WAIT_S ends the run as before, with every report file and the reason', { timeout: 120_000 }, async () => {
    // Down for ten minutes, longer than the test's timeout: a run that waited the outage out would time the test out.
    const proxy = await startOutageProxy({ target: server.baseUrl, afterRequests: 150, downMs: 600_000 });
    try {
      const result = await runCli(['run'], {
        ...env,
        CONFORMANCE_TARGET_URL: proxy.baseUrl,
        CONFORMANCE_OUTAGE_WAIT_S: '3',
        CONFORMANCE_REQUEST_TIMEOUT_MS: '2000',
      });
      expect(result.code).toBe(1);
      const report = await readLatestReport(result.reportDir);
      expect(report.verdict).toBe('error');
      expect(report.outages).toEqual([expect.objectContaining({ recovered: false })]);
      const harness = report.checks.find((c) => c.requirementId === 'HARNESS');
      expect(harness?.message).toMatch(/did not answer again within 3\.0 s \(CONFORMANCE_OUTAGE_WAIT_S/);
      const files = await readdir(join(result.reportDir, 'latest'));
      expect(files).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'summary.md', 'report.html']));
    } finally {
      await proxy.close();
    }
  });
});
