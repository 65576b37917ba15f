import { InternalError } from '../errors.js';

/*
 * The one list pager of the harness. Spec 4: every list takes `limit` (1 to 100) and `offset`
 * (>= 0) and answers its records in `data`; the spec states no order and no way to tell the last
 * page but its size. So a walk asks pages of `pageSize` at offsets `index * (pageSize - overlap)`
 * and ends at the first page shorter than it asked for. The paging total is not followed: it may
 * change while the list is walked (other clients write), and a server's wrong total is a finding
 * of the checks that judge it, never a reason to read fewer records.
 *
 * Bounded three ways: `maxPages` pages, `maxMs` from the walk's start (checked before each page;
 * each request is bounded by its client's own timeout), and the caller's `stopped` (the run's
 * stop). The pager knows nothing of HTTP: the caller sends the page and reads it.
 */

/** Spec 8: the largest page a list must give. */
export const PAGE_SIZE = 100;
/** A walk asks no new page after this long. */
export const PAGER_MAX_MS = 60_000;

/** The paging parameters of one page (spec 4). */
export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

export interface PagerOptions {
  readonly maxPages: number;
  /** `limit` of each page; PAGE_SIZE when absent. */
  readonly pageSize?: number;
  /** Records each page shares with the page before it (a walk that others delete from while it walks). */
  readonly overlap?: number;
  readonly maxMs?: number;
  /** Asked before each page: true ends the walk (the run stopped, the caller's deadline). */
  readonly stopped?: () => boolean;
  /** The clock of `maxMs`; `performance.now` when absent. */
  readonly now?: () => number;
}

/** Why a walk ended: a page shorter than asked, a page that was not a list, or one of the bounds. */
export type PageWalkEnd = 'last-page' | 'not-a-list' | 'max-pages' | 'max-ms' | 'stopped';

export interface WalkedPages<P> {
  /** Every answer read, in order: the last is where the walk ended. */
  readonly pages: readonly P[];
  /** The last page was read (a page shorter than asked): nothing of the list was left unread. */
  readonly complete: boolean;
  readonly end: PageWalkEnd;
}

/**
 * Walks a list: `fetchPage` sends the page's request, `readPage` reads its answer and returns the
 * page's items, or undefined when it is not a list page (the walk ends at it). Either may throw:
 * the walk ends with the throw.
 */
export async function walkPages<P>(
  fetchPage: (window: PageWindow, index: number) => Promise<P>,
  readPage: (page: P, index: number) => readonly unknown[] | undefined | Promise<readonly unknown[] | undefined>,
  options: PagerOptions,
): Promise<WalkedPages<P>> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const step = pageSize - (options.overlap ?? 0);
  if (!Number.isInteger(pageSize) || pageSize < 1 || !Number.isInteger(step) || step < 1)
    throw new InternalError(`walkPages: a page of ${pageSize} with an overlap of ${options.overlap ?? 0} does not advance`);
  const now = options.now ?? (() => performance.now());
  const deadline = now() + (options.maxMs ?? PAGER_MAX_MS);
  const pages: P[] = [];
  const ended = (end: PageWalkEnd): WalkedPages<P> => ({ pages, complete: end === 'last-page', end });
  for (let index = 0; index < options.maxPages; index++) {
    if (options.stopped?.() === true) return ended('stopped');
    if (now() >= deadline) return ended('max-ms');
    const page = await fetchPage({ limit: pageSize, offset: index * step }, index);
    pages.push(page);
    const items = await readPage(page, index);
    if (items === undefined) return ended('not-a-list');
    if (items.length < pageSize) return ended('last-page');
  }
  return ended('max-pages');
}
