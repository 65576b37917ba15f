import { notFound } from './errors.js';
import type { ListsPolicy } from './lists.faults.js';
import type { QueryReader } from './query.js';

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
  /** Absent only under the fault paging-no-pagination. */
  pagination?: Pagination;
}

/** Reads limit and offset, recording issues on the reader (the caller calls finish()). */
export function readPage(query: QueryReader, policy: ListsPolicy): Page {
  if (policy.pagingQueryNotFound && (query.string('limit') !== undefined || query.string('offset') !== undefined)) throw notFound('route');
  const limit = query.integer('limit', { min: 1, max: policy.maxLimit }) ?? policy.defaultLimit;
  const offset = policy.offsetChecked ? (query.integer('offset', { min: 0 }) ?? 0) : lenientOffset(query);
  return { limit, offset };
}

/** An offset read without its rule: one that is not an integer >= 0 reads as 0 instead of failing. */
function lenientOffset(query: QueryReader): number {
  const value = Number(query.string('offset'));
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export function paginate<T>(items: readonly T[], page: Page, policy: ListsPolicy): ListBody<T> {
  const start = policy.offsetApplied ? page.offset : 0;
  // Variant newest-first: the same records, the other way round.
  const ordered = policy.newestFirst ? [...items].reverse() : items;
  const data = ordered.slice(start, start + page.limit);
  const limit = policy.echoedLimit === 'asked' ? page.limit : policy.echoedLimit;
  const pagination: Pagination = policy.total ? { limit, offset: page.offset, total: items.length } : { limit, offset: page.offset };
  return policy.pagination ? { data, pagination } : { data };
}

/**
 * The inclusive last day a `dateTo` filter admits: the day itself, or the day before it where
 * dateTo is read as an exclusive bound (variant exclusive-date-bounds). A value that is no
 * YYYY-MM-DD date is handed on unchanged.
 */
export function lastDayOf(dateTo: string | undefined, policy: Pick<ListsPolicy, 'dateToExclusive'>): string | undefined {
  if (dateTo === undefined || !policy.dateToExclusive || !/^\d{4}-\d{2}-\d{2}$/.test(dateTo)) return dateTo;
  const day = new Date(`${dateTo}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return dateTo;
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
