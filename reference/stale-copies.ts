/**
 * Copies of records kept beside the store, as a read cache, a secondary index or a denormalised
 * copy keeps them. The reference keeps none of them right: the interaction faults
 * (reference/routes/sequences.faults.ts) switch one on and let a write forget to refresh it, the
 * kind of bug that shows only after a sequence of operations. With no such fault on, nothing is kept.
 */
export class StaleCopies<T extends { readonly id: string }> {
  readonly #copies = new Map<string, { readonly owner: string; readonly record: T }>();

  /** Keeps the record as it stands now, unless a copy of it is kept already. */
  keepFirst(owner: string, record: T): void {
    if (!this.#copies.has(record.id)) this.#copies.set(record.id, { owner, record });
  }

  /** Replaces the copy (a write that does refresh it). */
  refresh(owner: string, record: T): void {
    this.#copies.set(record.id, { owner, record });
  }

  get(id: string): T | undefined {
    return this.#copies.get(id)?.record;
  }

  drop(id: string): void {
    this.#copies.delete(id);
  }

  /** Every copy an organisation owns. */
  ownedBy(owner: string): T[] {
    return [...this.#copies.values()].filter((c) => c.owner === owner).map((c) => c.record);
  }

  /**
   * Filters records as an index holding the copies' values of `fields` would: each record is
   * judged with those fields as its copy has them, and the current records are returned.
   */
  filterIndexed(records: readonly T[], fields: readonly (keyof T)[], filter: (records: T[]) => T[]): T[] {
    if (fields.length === 0) return filter([...records]);
    const current = new Map(records.map((r) => [r.id, r]));
    const seen = records.map((r) => {
      const copy = this.get(r.id);
      return copy === undefined ? r : { ...r, ...Object.fromEntries(fields.map((f) => [f, copy[f]])) };
    });
    return filter(seen).map((r) => current.get(r.id)!);
  }
}

const shared = new WeakMap<object, Map<string, StaleCopies<{ readonly id: string }>>>();

/**
 * The copies of one kind kept for a store, the same for every route that serves it: the time-entry
 * routes and the batch routes share one store, so a copy one of them keeps the other reads.
 */
export function sharedCopies<T extends { readonly id: string }>(store: object, kind: string): StaleCopies<T> {
  let kinds = shared.get(store);
  if (kinds === undefined) shared.set(store, (kinds = new Map()));
  let copies = kinds.get(kind);
  if (copies === undefined) kinds.set(kind, (copies = new StaleCopies()));
  return copies as unknown as StaleCopies<T>;
}

/** List pages cached by organisation and query, with the offset each was asked at (only under an interaction fault). */
export type PageCache = Map<string, { readonly offset: number; readonly body: unknown }>;

const pageCaches = new WeakMap<object, PageCache>();

/** The page cache of a store, the same for every route that serves it (the time-entry and batch routes). */
export function sharedPages(store: object): PageCache {
  let pages = pageCaches.get(store);
  if (pages === undefined) pageCaches.set(store, (pages = new Map()));
  return pages;
}

/** What a write does to the page cache under the fault: it empties the cached first pages (offset 0) only. */
export function forgetFirstPages(pages: PageCache): void {
  for (const [key, page] of pages) if (page.offset === 0) pages.delete(key);
}
