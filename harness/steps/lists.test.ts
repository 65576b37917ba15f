import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { listAll, listMembers, totalOf } from './lists.js';

/** A list of `size` records whose record `deleteAt` another client deletes once the first page was read. */
function churningList(size: number, deleteAt: number): ApiClient {
  const records = Array.from({ length: size }, (_, i) => ({ id: `r${i}` }));
  let pages = 0;
  return {
    get: async (_path: string, query: { limit: number; offset: number }) => {
      if (pages++ === 1) records.splice(deleteAt, 1);
      const data = records.slice(query.offset, query.offset + query.limit);
      const json = { data, pagination: { limit: query.limit, offset: query.offset, total: records.length } };
      return {
        status: 200,
        headers: {},
        text: JSON.stringify(json),
        json,
        exchange: { url: 'http://target/api/v1/x', bodyExcerpt: '' },
      } as unknown as ApiResponse;
    },
  } as unknown as ApiClient;
}

describe('walking a list another client deletes from', () => {
  it('misses no record that stayed, where adjacent pages skip one', async () => {
    const ids = (records: ReadonlyArray<Record<string, unknown>>) => new Set(records.map((r) => r['id']));
    const adjacent = ids(await listAll(churningList(150, 5), '/webhooks'));
    expect(adjacent.has('r100')).toBe(false);
    const overlapping = await listMembers(churningList(150, 5), '/webhooks');
    expect(ids(overlapping).has('r100')).toBe(true);
    for (let i = 0; i < 150; i++) expect(ids(overlapping).has(`r${i}`)).toBe(true);
    // Each record once, though the pages overlap.
    expect(overlapping).toHaveLength(150);
  });
});

describe('totalOf', () => {
  it.each([
    [{ limit: 50, offset: 0, total: 12 }, 'total', 12],
    [{ limit: 50, offset: 0, totalCount: 3 }, 'totalCount', 3],
    [{ limit: 50, offset: 0, count: 0 }, 'count', 0],
    [{ limit: 50, offset: 0, total_count: 8 }, 'total_count', 8],
  ] as const)('finds the known name in %j', (pagination, name, value) => {
    expect(totalOf(pagination)).toEqual({ name, value });
  });

  it.each([
    [{ limit: 50, offset: 0, total_items: 7 }, 'total_items', 7],
    [{ limit: 50, offset: 0, totalElements: 9 }, 'totalElements', 9],
    [{ limit: 50, offset: 0, totalRecords: 4 }, 'totalRecords', 4],
    [{ limit: 50, offset: 0, grandTotal: 6 }, 'grandTotal', 6],
  ] as const)('finds the total-like name in %j', (pagination, name, value) => {
    expect(totalOf(pagination)).toEqual({ name, value });
  });

  it('takes count only when no total-like name is there (count may be the page size)', () => {
    for (const name of ['totalItems', 'total_items', 'totalRecords', 'totalResults', 'totalElements', 'totalCount', 'total_count']) {
      expect(totalOf({ limit: 1, offset: 0, count: 1, [name]: 40 })).toEqual({ name, value: 40 });
    }
    expect(totalOf({ limit: 1, offset: 0, count: 1, matchedTotal: 40 })).toEqual({ name: 'matchedTotal', value: 40 });
    expect(totalOf({ limit: 1, offset: 0, count: 1, totalPages: 40 })).toEqual({ name: 'count', value: 1 });
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

  it('reads a count sent as a decimal string (spec 4 gives it no JSON type), and ignores values that cannot be a count', () => {
    expect(totalOf({ limit: 10, offset: 0, total: '12' })).toEqual({ name: 'total', value: 12 });
    expect(totalOf({ limit: 10, offset: 0, total: '12.5' })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: '-1' })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: -1 })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: 2.5 })).toBeUndefined();
    expect(totalOf({ limit: 10, offset: 0, total: null, hits: 4 })).toEqual({ name: 'hits', value: 4 });
  });
});
