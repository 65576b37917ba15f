import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../harness/config/schema.js';
import { failedRequirements } from '../harness/runner/rerun.js';
import { readLatestReport, runCli } from './run-cli.js';
import { SHARED_FIXTURE_WAIT_MS, sharedRun } from './testing/shared-fixture.js';
import { FAULTY_RUN, FAULTY_RUN_SEED } from './testing/shared-runs.js';

describe('failedRequirements', () => {
  it('takes the requirements that failed or erred, with their domains; not the harness entry', () => {
    const report = {
      runId: 'r',
      settings: { seed: 1, numRuns: 2 },
      checks: [
        { requirementId: 'CT-EMAIL-FORMAT', domain: 'contacts', status: 'fail' },
        { requirementId: 'CT-EMAIL-FORMAT', domain: 'contacts', status: 'fail' },
        { requirementId: 'TK-CREATE-REQUIRED', domain: 'tasks', status: 'error' },
        { requirementId: 'AUTH-X-API-KEY', domain: 'auth', status: 'pass' },
        { requirementId: 'HARNESS', domain: 'harness', status: 'error' },
      ],
    };
    expect(failedRequirements(report)).toEqual({ ids: ['CT-EMAIL-FORMAT', 'TK-CREATE-REQUIRED'], suites: ['contacts', 'tasks'] });
  });
});

describe('conformance run --rerun-failed', () => {
  it(
    'runs only what failed in the latest report, with its seed; says so when nothing failed',
    async () => {
      // A faulty run of three suites (test/testing/shared-runs.ts), shared with other files: its
      // report folder copied, as the re-runs below write into theirs.
      const shared = await sharedRun(FAULTY_RUN);
      expect(shared.code).toBe(1);
      const reportDir = await mkdtemp(join(tmpdir(), 'conformance-rerun-'));
      await cp(shared.reportDir, reportDir, { recursive: true });
      const firstReport = await readLatestReport(reportDir);
      const failedChecks = firstReport.checks.filter((c) => c.status === 'fail');
      const failed = failedChecks.map((c) => c.requirementId);
      expect(failed.length).toBeGreaterThan(0);
      // Narrowed to the suites that failed: not every suite of the run failed.
      const failedSuites = DOMAINS.filter((d) => failedChecks.some((c) => c.domain === d));
      expect(failedSuites.length).toBeGreaterThan(0);
      expect(failedSuites.length).toBeLessThan(firstReport.settings.suites.length);
      const env = { CONFORMANCE_REPORT_DIR: reportDir, CONFORMANCE_NUM_RUNS: '9', CONFORMANCE_SEED: '1' };
      // Still broken: the same requirements fail again, with the first run's seed and runs.
      const again = await runCli(['run', '--rerun-failed'], { ...env, CONFORMANCE_REFERENCE_FAULTS: FAULTY_RUN.env['CONFORMANCE_REFERENCE_FAULTS']! });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        new RegExp(`re-running the \\d+ requirements? that failed or erred in run \\S+ \\(seed ${FAULTY_RUN_SEED}, 2 runs per property\\)`),
      );
      const rerun = await readLatestReport(again.reportDir);
      expect(rerun.settings).toMatchObject({ seed: FAULTY_RUN_SEED, numRuns: 2, suites: failedSuites, requirements: [...new Set(failed)].sort() });
      expect(new Set(rerun.checks.map((c) => c.requirementId))).toEqual(new Set(failed));
      // Fixed: the re-run passes (narrowed, so incomplete, never conformant), and a re-run of that finds nothing to do.
      const fixed = await runCli(['run', '--rerun-failed'], env);
      expect(fixed.code).toBe(0);
      expect((await readLatestReport(fixed.reportDir)).verdict).toBe('incomplete');
      const nothing = await runCli(['run', '--rerun-failed'], env);
      expect(nothing.code).toBe(0);
      expect(nothing.stdout).toMatch(/^nothing failed or erred in .*report\.json \(run \S+\): nothing to re-run$/m);
    },
    SHARED_FIXTURE_WAIT_MS + 120_000,
  );

  it('refuses a file that is not a report in one line (exit 2)', async () => {
    const result = await runCli(['run', '--rerun-failed', 'package.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^conformance: --rerun-failed: .*package\.json is not a conformance report/m);
  });
});
