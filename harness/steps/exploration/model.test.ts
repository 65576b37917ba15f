import { describe, expect, it } from 'vitest';
import { applyWrite, forget, judgeRecord, meets, RuleBroken, type ModelRecord } from './model.js';

function record(fields: Record<string, unknown>, state: ModelRecord['state'] = 'live'): ModelRecord {
  return {
    domain: 'resources',
    id: 'r1',
    label: 'resource $S1',
    org: 'A',
    state,
    fields,
    learned: {},
    toLearn: new Set(['isActive']),
    learnedAfterDelete: new Set(),
    softListed: new Map(),
  };
}

const ruleOf = (run: () => void): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof RuleBroken ? error.rule : 'other';
  }
};

describe('the sequence model', () => {
  it('keeps omitted fields, clears null ones and judges only what the answer shows', () => {
    const r = record({ name: 'Ada', jobTitle: 'Engineer' });
    applyWrite(r, { jobTitle: null }, []);
    expect(ruleOf(() => judgeRecord(r, { name: 'Ada', jobTitle: null }, 'read'))).toBeUndefined();
    expect(ruleOf(() => judgeRecord(r, { name: 'Ada' }, 'read'))).toBeUndefined();
    expect(ruleOf(() => judgeRecord(r, { name: 'Grace' }, 'read'))).toBe('SEQ-READ-AFTER-WRITE');
  });

  it('learns a default at the first read and holds the server to it until a write names it', () => {
    const r = record({ name: 'Ada' });
    judgeRecord(r, { name: 'Ada', isActive: true }, 'read');
    expect(ruleOf(() => judgeRecord(r, { isActive: false }, 'read'))).toBe('SEQ-READ-AFTER-WRITE');
    applyWrite(r, { isActive: false }, []);
    expect(ruleOf(() => judgeRecord(r, { isActive: false }, 'read'))).toBeUndefined();
  });

  it('forgets a field a linked write may decide, and judges what a soft delete left under its own rule', () => {
    const r = record({ isActive: true, endDate: '2030-01-01' });
    applyWrite(r, { endDate: '2001-01-01' }, [[['endDate'], ['isActive']]]);
    expect(ruleOf(() => judgeRecord(r, { isActive: false }, 'read'))).toBeUndefined();
    r.state = 'soft-deleted';
    forget(r, 'isActive');
    judgeRecord(r, { isActive: false }, 'read after delete');
    expect(ruleOf(() => judgeRecord(r, { isActive: true }, 'read'))).toBe('SEQ-SOFT-DELETE-STAYS');
  });

  it('decides a filter only where the spec does: a date on the boundary and an unknown value stay undecided', () => {
    const r = record({ date: '2020-05-05', isBillable: true });
    expect(meets(r, { field: 'date', op: 'from', value: '2020-05-05' })).toBeUndefined();
    expect(meets(r, { field: 'date', op: 'from', value: '2020-05-04' })).toBe(true);
    expect(meets(r, { field: 'date', op: 'to', value: '2020-05-04' })).toBe(false);
    expect(meets(r, { field: 'isBillable', op: 'eq', value: false })).toBe(false);
    expect(meets(r, { field: 'status', op: 'eq', value: 'draft' })).toBeUndefined();
  });

  it('decides a tags filter of several tags only for a record carrying all of them or none', () => {
    const r = record({ tags: ['a', 'b'] });
    expect(meets(r, { field: 'tags', op: 'has', value: ['a', 'b'] })).toBe(true);
    expect(meets(r, { field: 'tags', op: 'has', value: ['c'] })).toBe(false);
    expect(meets(r, { field: 'tags', op: 'has', value: ['a', 'c'] })).toBeUndefined();
  });

  it('decides a date filter on a span only where overlap and containment, inclusive or not, agree', () => {
    const r = record({ startDate: '2030-03-04', endDate: '2030-03-08' });
    const from = (value: string) => meets(r, { field: 'startDate', until: 'endDate', op: 'from', value });
    const to = (value: string) => meets(r, { field: 'startDate', until: 'endDate', op: 'to', value });
    expect([from('2030-03-01'), from('2030-03-09'), from('2030-03-04'), from('2030-03-06')]).toEqual([true, false, undefined, undefined]);
    expect([to('2030-03-09'), to('2030-03-01'), to('2030-03-08'), to('2030-03-06')]).toEqual([true, false, undefined, undefined]);
  });
});
