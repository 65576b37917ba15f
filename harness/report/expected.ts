import type { ExpectedFailureRecord, Report } from './model.js';

/*
 * Issue 14: how every format names the entries of CONFORMANCE_EXPECTED_FAILURES and their fate.
 */

export const EXPECTED_LABEL: Readonly<Record<ExpectedFailureRecord['state'], string>> = {
  expected: 'failed as expected',
  stale: 'STALE: passes now, remove it',
  expired: 'EXPIRED: its failure counts again',
  'not-run': 'not run',
};

/** `2 failed as expected, 1 stale (CT-X): remove it` for a verdict's neighbourhood; undefined when there are none. */
export function expectedSummary(report: Pick<Report, 'expectedFailures' | 'settings'>): string | undefined {
  const list = report.expectedFailures;
  if (list.length === 0) return undefined;
  const of = (state: ExpectedFailureRecord['state']): string[] => list.filter((e) => e.state === state).map((e) => e.id);
  const parts = [
    of('expected').length > 0 ? `${of('expected').length} failed as expected` : '',
    of('stale').length > 0 ? `${of('stale').length} stale (${of('stale').join(', ')}): they pass now, remove them` : '',
    of('expired').length > 0 ? `${of('expired').length} expired (${of('expired').join(', ')}): their failures count` : '',
    of('not-run').length > 0 ? `${of('not-run').length} not run` : '',
  ].filter((p) => p !== '');
  return `Expected failures (${report.settings.expectedFailures ?? 'CONFORMANCE_EXPECTED_FAILURES'}): ${parts.join('; ')}`;
}
