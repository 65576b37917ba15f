import { describe, expect, it } from 'vitest';
import { exitCodeOf, loadReportSchema, worstStatus } from './model.js';
import { sampleLoadReport } from './sample-report.js';

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
    expect([exitCodeOf('passed'), exitCodeOf('skipped'), exitCodeOf('failed'), exitCodeOf('error')]).toEqual([0, 0, 1, 1]);
  });
});
