import { describe, expect, it } from 'vitest';
import { totalOf } from './lists.js';

describe('totalOf', () => {
  it.each([
    [{ limit: 50, offset: 0, total: 12 }, 'total', 12],
    [{ limit: 50, offset: 0, totalCount: 3 }, 'totalCount', 3],
    [{ limit: 50, offset: 0, count: 0 }, 'count', 0],
    [{ limit: 50, offset: 0, total_count: 8 }, 'total_count', 8],
  ] as const)('finds the known name in %j', (pagination, name, value) => {
    expect(totalOf(pagination)).toEqual({ name, value });
  });

  it('prefers a known name over other integers', () => {
    expect(totalOf({ limit: 10, offset: 0, pages: 4, total: 37 })).toEqual({ name: 'total', value: 37 });
    expect(totalOf({ count: 5, total: 9 })).toEqual({ name: 'total', value: 9 });
  });

  it('takes the only unknown non-negative integer field', () => {
    expect(totalOf({ limit: 10, offset: 20, hits: 123 })).toEqual({ name: 'hits', value: 123 });
    expect(totalOf({ limit: 10, offset: 20, hasMore: true, next: '/contacts?offset=30', matched: 41 })).toEqual({
      name: 'matched',
      value: 41,
    });
  });

  it('is undefined when two unknown integers make it ambiguous', () => {
    expect(totalOf({ limit: 10, offset: 0, hits: 5, pages: 1 })).toBeUndefined();
  });

  it('never takes limit or offset for the total', () => {
    expect(totalOf({ limit: 10, offset: 0 })).toBeUndefined();
    expect(totalOf({ limit: 10 })).toBeUndefined();
    expect(totalOf({ offset: 30 })).toBeUndefined();
    expect(totalOf({})).toBeUndefined();
  });

  it('ignores values that cannot be a count', () => {
    expect(totalOf({ limit: 10, offset: 0, total: '12' })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: -1 })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: 2.5 })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: null, hits: 4 })).toEqual({ name: 'hits', value: 4 });
  });
});
