import { notFound } from './errors.js';
import type { FaultSet } from './faults.js';
import type { QueryReader } from './query.js';

/** spec 4 common rules / 8: limit 1..100 default 50, offset >= 0 default 0. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

export interface Page {
  limit: number;
  offset: number;
}

export interface Pagination {
  limit: number;
  offset: number;
  total?: number;
}

export interface ListBody<T> {
  data: T[];
  pagination: Pagination;
}

/** Reads limit and offset, recording issues on the reader (the caller calls finish()). */
export function readPage(query: QueryReader, faults: FaultSet): Page {
  if (faults.has('paging-query-404') && (query.string('limit') !== undefined || query.string('offset') !== undefined)) throw notFound('route');
  const max = faults.has('paging-limit-unbounded') ? Number.MAX_SAFE_INTEGER : MAX_LIMIT;
  const limit = query.integer('limit', { min: 1, max }) ?? (faults.has('paging-default-limit-20') ? 20 : DEFAULT_LIMIT);
  const offset = faults.has('paging-offset-unchecked') ? lenientOffset(query) : (query.integer('offset', { min: 0 }) ?? 0);
  return { limit, offset };
}

/** The paging-offset-unchecked fault: an offset that is not an integer >= 0 reads as 0 instead of failing. */
function lenientOffset(query: QueryReader): number {
  const value = Number(query.string('offset'));
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export function paginate<T>(items: readonly T[], page: Page, faults: FaultSet): ListBody<T> {
  const start = faults.has('paging-offset-ignored') ? 0 : page.offset;
  const data = items.slice(start, start + page.limit);
  const limit = faults.has('paging-no-echo') ? DEFAULT_LIMIT : page.limit;
  const pagination: Pagination = faults.has('paging-no-total')
    ? { limit, offset: page.offset }
    : { limit, offset: page.offset, total: items.length };
  return { data, pagination };
}
