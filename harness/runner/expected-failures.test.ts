import { describe, expect, it } from 'vitest';
import { evaluateExpected, forgiven, parseExpectedFailures } from './expected-failures.js';

describe('parseExpectedFailures', () => {
  it('reads a list, bare or under expectedFailures', () => {
    const entry = { id: 'CT-EMAIL-FORMAT', reason: 'fix in 2.3', expires: '2027-01-31' };
    expect(parseExpectedFailures([entry], 'f')).toEqual([entry]);
    expect(parseExpectedFailures({ expectedFailures: [{ id: 'CT-EMAIL-FORMAT', reason: 'x' }] }, 'f')).toEqual([
      { id: 'CT-EMAIL-FORMAT', reason: 'x', expires: null },
    ]);
  });
  it('names what is wrong in one line', () => {
    expect(() => parseExpectedFailures([{ id: 'NOPE', reason: 'x' }], 'f')).toThrow(/unknown requirement id "NOPE"/);
    expect(() => parseExpectedFailures([{ id: 'CT-EMAIL-FORMAT', reason: ' ' }], 'f')).toThrow(/at 0\.reason: a reason is required/);
    expect(() => parseExpectedFailures([{ id: 'CT-EMAIL-FORMAT', reason: 'x', expires: 'soon' }], 'f')).toThrow(/expires: a date YYYY-MM-DD/);
    expect(() =>
      parseExpectedFailures(
        [
          { id: 'CT-EMAIL-FORMAT', reason: 'x' },
          { id: 'CT-EMAIL-FORMAT', reason: 'y' },
        ],
        'f',
      ),
    ).toThrow(/listed twice/);
    expect(() => parseExpectedFailures([{ id: 'CT-EMAIL-FORMAT', reason: 'x', extra: 1 }], 'f')).toThrow(/CONFORMANCE_EXPECTED_FAILURES/);
  });
});

describe('evaluateExpected', () => {
  const entries = [
    { id: 'A', reason: 'r', expires: null },
    { id: 'B', reason: 'r', expires: '2026-11-22' },
    { id: 'C', reason: 'r', expires: '2026-11-23' },
    { id: 'D', reason: 'r', expires: null },
    { id: 'E', reason: 'r', expires: null },
    { id: 'F', reason: 'r', expires: null },
  ];
  const checks = [
    { requirementId: 'A', status: 'fail' },
    { requirementId: 'A', status: 'pass' },
    { requirementId: 'B', status: 'fail' },
    { requirementId: 'C', status: 'fail' },
    { requirementId: 'F', status: 'error' },
    { requirementId: 'D', status: 'pass' },
    { requirementId: 'D', status: 'skip' },
    { requirementId: 'E', status: 'skip' },
  ];
  it('tells expected from stale from expired from not run; an error is not a failure to forgive', () => {
    const outcomes = evaluateExpected(entries, checks, '2026-11-23');
    expect(outcomes.map((o) => [o.id, o.state, o.failed])).toEqual([
      ['A', 'expected', 1],
      ['B', 'expired', 1],
      // It expires at the end of its date.
      ['C', 'expected', 1],
      ['D', 'stale', 0],
      ['E', 'not-run', 0],
      // An error is no verdict: nothing to forgive, and the run still fails for it.
      ['F', 'not-run', 0],
    ]);
    expect([...forgiven(outcomes)]).toEqual(['A', 'C']);
  });
});
