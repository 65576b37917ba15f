import { defineFaults } from './policy/declaration.js';

/** What may bend in every list, paging (paging.ts) and query filters (query.ts): each field is one behaviour a fault can change. */
export interface ListsPolicy {
  /** The largest limit accepted (spec 4, 8: 100). */
  readonly maxLimit: number;
  /** The limit used without a limit parameter (spec 4: 50). */
  readonly defaultLimit: number;
  /** An offset that is not an integer >= 0 is refused (spec 4), or read as 0. */
  readonly offsetChecked: boolean;
  /** The offset picks the page (spec 4), or is echoed but ignored. */
  readonly offsetApplied: boolean;
  /** A list carries a pagination object beside data (spec 4), or data alone. */
  readonly pagination: boolean;
  /** pagination carries total (spec 4). */
  readonly total: boolean;
  /** pagination.limit echoes the limit asked (spec 4), or a fixed one. */
  readonly echoedLimit: 'asked' | number;
  /** A list that carries limit or offset answers 404 as if the route did not exist. */
  readonly pagingQueryNotFound: boolean;
  /** Boolean filters take only true and false (spec 4), or also TRUE, 1 and yes. */
  readonly lenientBooleans: boolean;
  /** How far lists lag behind the writes, in milliseconds (0: a write shows at once; spec 4 says nothing of when). */
  readonly lagMs: number;
  /** `dateTo` is an exclusive bound (a record of that very day is left out), not inclusive (spec 4 names no bound's kind). */
  readonly dateToExclusive: boolean;
  /** Lists show the newest record first, not the oldest (spec 4 shows no order). */
  readonly newestFirst: boolean;
}

/** The spec's behaviour. */
export const LISTS_POLICY: ListsPolicy = {
  maxLimit: 100,
  defaultLimit: 50,
  offsetChecked: true,
  offsetApplied: true,
  pagination: true,
  total: true,
  echoedLimit: 'asked',
  pagingQueryNotFound: false,
  lenientBooleans: false,
  lagMs: 0,
  dateToExclusive: false,
  newestFirst: false,
};

/** The faults of every list: paging (paging.ts) and query filters (query.ts) (policy slot `lists`). */
export const LIST_FAULTS = defineFaults({
  'boolean-filter-lenient': {
    changes: 'boolean query filters treat TRUE, 1 and yes as true',
    suite: 'contacts',
    breaks: 'BOOL-FILTER-TRUE',
    policy: { lists: { lenientBooleans: true } },
  },
  'paging-limit-unbounded': {
    changes: 'list limit above 100 is accepted',
    suite: 'contacts',
    breaks: 'PAGE-LIMIT-RANGE',
    policy: { lists: { maxLimit: Number.MAX_SAFE_INTEGER } },
  },
  'paging-offset-ignored': {
    changes: 'list offset is ignored (always the first page) but echoed',
    suite: 'contacts',
    breaks: 'PAGE-OFFSET-APPLIED',
    policy: { lists: { offsetApplied: false } },
  },
  'paging-no-pagination': {
    changes: 'lists carry their records in data and no pagination object beside it',
    suite: 'contacts',
    breaks: 'ENV-LIST',
    also: ['PAGE-ECHO', 'PAGE-TOTAL'],
    policy: { lists: { pagination: false } },
  },
  'paging-no-total': {
    changes: 'pagination carries only limit and offset',
    suite: 'contacts',
    breaks: 'PAGE-TOTAL',
    policy: { lists: { total: false } },
  },
  'paging-no-echo': {
    changes: 'pagination.limit is always 50 whatever was asked',
    suite: 'contacts',
    breaks: 'PAGE-ECHO',
    policy: { lists: { echoedLimit: 50 } },
  },
  'paging-offset-unchecked': {
    changes: 'list offset that is not an integer >= 0 (-1, 1.5, abc) reads as 0 instead of being rejected',
    suite: 'contacts',
    breaks: 'PAGE-OFFSET-RANGE',
    policy: { lists: { offsetChecked: false } },
  },
  'paging-default-limit-20': {
    changes: 'without a limit parameter lists use (and echo) limit 20 instead of 50',
    suite: 'contacts',
    breaks: 'PAGE-DEFAULTS',
    policy: { lists: { defaultLimit: 20 } },
  },
  'paging-query-404': {
    changes: 'a list request that carries limit or offset answers 404, as if the route did not exist (the plain list works)',
    suite: 'contacts',
    breaks: 'PAGE-ECHO',
    also: ['PAGE-LIMIT-APPLIED'],
    policy: { lists: { pagingQueryNotFound: true } },
  },
});
