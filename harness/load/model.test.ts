import { describe, expect, it } from 'vitest';
import { exitCodeOf, loadReportSchema, runStatusOf, worstStatus } from './model.js';
import { sampleLoadReport } from './testing/sample-report.js';

describe('load report model', () => {
  it('accepts the sample report and round-trips it through JSON', () => {
    const report = sampleLoadReport();
    expect(loadReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it('refuses unknown fields, a detail of another kind, and negative counts', () => {
    const report = sampleLoadReport();
    expect(loadReportSchema.safeParse({ ...report, extra: 1 }).success).toBe(false);
    const mismatched = { ...report, scenarios: [{ ...report.scenarios[0]!, kind: 'sustained' }] };
    expect(loadReportSchema.safeParse(mismatched).success).toBe(false);
    const burst = report.scenarios[0]!;
    if (burst.detail?.kind !== 'burst') throw new Error('sample changed');
    const negative = { ...report, scenarios: [{ ...burst, detail: { ...burst.detail, keys: [{ ...burst.detail.keys[0]!, admitted: -1 }] } }] };
    expect(loadReportSchema.safeParse(negative).success).toBe(false);
  });

  it('takes the worst status (skipped < passed < failed < error) and maps it to the exit code', () => {
    expect(worstStatus([])).toBe('skipped');
    expect(worstStatus(['passed', 'skipped'])).toBe('passed');
    expect(worstStatus(['passed', 'failed', 'skipped'])).toBe('failed');
    expect(worstStatus(['failed', 'error'])).toBe('error');
  });

  it('is incomplete, never passed, when a selected scenario was skipped or a rate scenario was not selected', () => {
    const all = ['burst', 'keys', 'sustained', 'throughput'] as const;
    const ran = (id: (typeof all)[number], status: 'passed' | 'skipped' | 'failed' | 'error', message = 'm') => ({ id, status, message });
    expect(
      runStatusOf(
        all.map((id) => ran(id, 'passed')),
        all,
      ),
    ).toEqual({ status: 'passed', notRun: [] });
    expect(
      runStatusOf(
        [ran('burst', 'passed'), ran('keys', 'skipped', 'needs at least two limited keys'), ran('sustained', 'passed'), ran('throughput', 'passed')],
        all,
      ),
    ).toEqual({
      status: 'incomplete',
      notRun: [{ id: 'keys', reason: 'skipped: needs at least two limited keys' }],
    });
    // Throughput only measures: leaving it out is not incomplete; leaving out a rate scenario is.
    expect(runStatusOf([ran('burst', 'passed'), ran('keys', 'passed'), ran('sustained', 'passed')], ['burst', 'keys', 'sustained']).status).toBe('passed');
    expect(runStatusOf([ran('burst', 'passed')], ['burst'])).toEqual({
      status: 'incomplete',
      notRun: [
        { id: 'keys', reason: 'not selected: CONFORMANCE_LOAD_SCENARIOS=burst' },
        { id: 'sustained', reason: 'not selected: CONFORMANCE_LOAD_SCENARIOS=burst' },
      ],
    });
    // Every scenario skipped is not a pass either.
    expect(
      runStatusOf(
        all.map((id) => ran(id, 'skipped')),
        all,
      ).status,
    ).toBe('incomplete');
    expect(runStatusOf([ran('burst', 'failed'), ran('keys', 'skipped')], all).status).toBe('failed');
    expect(runStatusOf([ran('burst', 'error'), ran('keys', 'failed')], all).status).toBe('error');
  });

  it('maps the run status to the exit code; incomplete exits 3 only under CONFORMANCE_FAIL_ON_INCOMPLETE', () => {
    expect([exitCodeOf('passed'), exitCodeOf('incomplete'), exitCodeOf('failed'), exitCodeOf('error')]).toEqual([0, 0, 1, 1]);
    expect([exitCodeOf('passed', true), exitCodeOf('incomplete', true), exitCodeOf('failed', true)]).toEqual([0, 3, 1]);
  });
});
