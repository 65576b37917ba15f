import { describe, expect, it } from 'vitest';
import { findAmount, findFieldValues, findValuePaths, pathShape, sameAmount } from './find-value.js';

describe('findValuePaths', () => {
  it('finds a value at the top, nested in objects and inside arrays', () => {
    const record = { id: 'r1', amount: 12.5, currentVersion: { amount: 12.5, effectiveFrom: '2024-01-01' }, versions: [{ amount: 3 }, { amount: 12.5 }] };
    expect(findValuePaths(record, (v) => v === 12.5)).toEqual(['amount', 'currentVersion.amount', 'versions[1].amount']);
  });

  it('returns the empty path when the value itself matches, and nothing when absent', () => {
    expect(findValuePaths(7, (v) => v === 7)).toEqual(['']);
    expect(findValuePaths({ a: { b: [1, 2] } }, (v) => v === 3)).toEqual([]);
    expect(findValuePaths(null, (v) => v === 3)).toEqual([]);
  });

  it('stops at the depth limit', () => {
    expect(findValuePaths({ a: { b: { c: 1 } } }, (v) => v === 1, 2)).toEqual([]);
    expect(findValuePaths({ a: { b: { c: 1 } } }, (v) => v === 1, 3)).toEqual(['a.b.c']);
  });
});

describe('sameAmount', () => {
  it('accepts the number and a decimal string of the same value', () => {
    const is12 = sameAmount(12.5);
    expect([12.5, '12.5', '12.50', ' 12.500 '].map(is12)).toEqual([true, true, true, true]);
  });

  it('refuses other values, other types and non-decimal strings', () => {
    const is12 = sameAmount(12.5);
    expect([12.49, '12,5', '1.25e1', true, null, { amount: 12.5 }, [12.5]].map(is12)).toEqual([false, false, false, false, false, false, false]);
    expect(sameAmount(0)('')).toBe(false);
  });

  it('findAmount combines both', () => {
    expect(findAmount({ data: { current_version: { amount: '99.00' } } }, 99)).toEqual(['data.current_version.amount']);
  });
});

describe('pathShape', () => {
  it('drops array indices', () => {
    expect(pathShape('versions[12].amount')).toBe('versions[].amount');
    expect(pathShape('a[0].b[3]')).toBe('a[].b[]');
    expect(pathShape('currentVersion.amount')).toBe('currentVersion.amount');
  });
});

describe('findFieldValues', () => {
  it('collects the values under a key at any depth, and nothing else', () => {
    const json = {
      data: [
        { id: 'v1', effectiveFrom: '2024-01-01', createdAt: '2026-11-23' },
        { effectiveFrom: '2025-02-03', note: '2026-11-23' },
      ],
    };
    expect(findFieldValues(json, 'effectiveFrom')).toEqual(['2024-01-01', '2025-02-03']);
    expect(findFieldValues(json, 'missing')).toEqual([]);
    expect(findFieldValues(null, 'effectiveFrom')).toEqual([]);
  });
});
