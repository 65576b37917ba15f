import { describe, expect, it } from 'vitest';
import { failedRequirements } from '../harness/runner/rerun.js';
import { readLatestReport, runCli } from './run-cli.js';

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
  it('runs only what failed in the latest report, with its seed; says so when nothing failed', async () => {
    const first = await runCli(['run'], {
      CONFORMANCE_SUITES: 'auth,contacts',
      CONFORMANCE_NUM_RUNS: '2',
      CONFORMANCE_SEED: '4242',
      CONFORMANCE_REFERENCE_FAULTS: 'contacts-email-unchecked',
    });
    expect(first.code).toBe(1);
    const failed = (await readLatestReport(first.reportDir)).checks.filter((c) => c.status === 'fail').map((c) => c.requirementId);
    expect(failed.length).toBeGreaterThan(0);
    const env = { CONFORMANCE_REPORT_DIR: first.reportDir, CONFORMANCE_NUM_RUNS: '9', CONFORMANCE_SEED: '1' };
    // Still broken: the same requirements fail again, with the first run's seed and runs.
    const again = await runCli(['run', '--rerun-failed'], { ...env, CONFORMANCE_REFERENCE_FAULTS: 'contacts-email-unchecked' });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/re-running the \d+ requirements? that failed or erred in run \S+ \(seed 4242, 2 runs per property\)/);
    const rerun = await readLatestReport(again.reportDir);
    expect(rerun.settings).toMatchObject({ seed: 4242, numRuns: 2, suites: ['contacts'], requirements: [...new Set(failed)].sort() });
    expect(new Set(rerun.checks.map((c) => c.requirementId))).toEqual(new Set(failed));
    // Fixed: the re-run passes (narrowed, so incomplete, never conformant), and a re-run of that finds nothing to do.
    const fixed = await runCli(['run', '--rerun-failed'], env);
    expect(fixed.code).toBe(0);
    expect((await readLatestReport(fixed.reportDir)).verdict).toBe('incomplete');
    const nothing = await runCli(['run', '--rerun-failed'], env);
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toMatch(/^nothing failed or erred in .*report\.json \(run \S+\): nothing to re-run$/m);
  }, 180_000);

  it('refuses a file that is not a report in one line (exit 2)', async () => {
    const result = await runCli(['run', '--rerun-failed', 'package.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^conformance: --rerun-failed: .*package\.json is not a conformance report/m);
  });
});
