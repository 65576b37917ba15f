import { describe, expect, it } from 'vitest';
import type { ModelRecord } from './model.js';
import { currentCandidates, judgeCurrentAmount, rateVersions } from './rate-versions.js';

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function rate(amount: number): ModelRecord {
  return {
    domain: 'rates',
    id: 'n1',
    label: 'rate $N1',
    org: 'A',
    state: 'live',
    fields: { name: 'Day rate', amount },
    learned: {},
    toLearn: new Set(),
    learnedAfterDelete: new Set(),
    softListed: new Map(),
  };
}

describe("a rate's current amount", () => {
  it('allows the version in force on any of the days the server may call today, or the one made last', () => {
    const amounts = currentCandidates([
      { amount: 1, effectiveFrom: day(-2) },
      { amount: 2, effectiveFrom: '2020-01-01' },
      { amount: 3, effectiveFrom: day(200) },
    ]);
    // 1: in force on every day the server may call today; 3: made last; 2 is superseded by 1 either way.
    expect([...amounts].sort()).toEqual([1, 3]);
  });

  it('allows either of two versions of one day, and any version when all lie ahead', () => {
    expect(
      [
        ...currentCandidates([
          { amount: 1, effectiveFrom: '2020-01-01' },
          { amount: 2, effectiveFrom: '2020-01-01' },
          { amount: 3, effectiveFrom: '2019-01-01' },
        ]),
      ].sort(),
    ).toEqual([1, 2, 3]);
    expect(
      [
        ...currentCandidates([
          { amount: 4, effectiveFrom: day(100) },
          { amount: 5, effectiveFrom: day(50) },
          { amount: 6, effectiveFrom: day(300) },
        ]),
      ].sort(),
    ).toEqual([4, 5, 6]);
  });

  it('moves the created amount into the initial version, learns its date, and fails an amount no reading allows', () => {
    const r = rate(10);
    judgeCurrentAmount(r, { currentVersion: { amount: 10, effectiveFrom: day(-2) } }, 'read');
    expect(r.fields['amount']).toBeUndefined();
    expect(rateVersions(r)).toEqual([{ amount: 10, effectiveFrom: day(-2), id: undefined }]);
    rateVersions(r).push({ amount: 20, effectiveFrom: '2020-01-01' }, { amount: 30, effectiveFrom: '2021-01-01' });
    // 30 is the one made last; 10 is in force; 20 is neither.
    expect(() => judgeCurrentAmount(r, { currentVersion: { amount: 30 } }, 'read')).not.toThrow();
    expect(() => judgeCurrentAmount(r, { currentVersion: { amount: 10 } }, 'read')).not.toThrow();
    expect(() => judgeCurrentAmount(r, { currentVersion: { amount: 20 } }, 'read')).toThrow(/current amount 20/);
  });
});
