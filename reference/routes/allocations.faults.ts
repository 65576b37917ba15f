import { defineFaults } from '../policy/declaration.js';

/** What may bend in the allocation routes: each field is one behaviour a fault can change. */
export interface AllocationsPolicy {}

/** The spec's behaviour. */
export const ALLOCATIONS_POLICY: AllocationsPolicy = {};

/** The faults of the allocation routes (policy slot `allocations`). */
export const ALLOCATION_FAULTS = defineFaults({
  'al-date-unchecked': {
    changes: 'allocation startDate/endDate are only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'allocations',
    breaks: 'AL-DATES-REAL',
  },
  'al-hours-per-day-unbounded': {
    changes: 'allocation hoursPerDay above 24 is accepted',
    suite: 'allocations',
    breaks: 'AL-HOURS',
  },
  'al-reason-untrimmed': {
    changes: 'allocation constraintReason length is counted before trimming: 1000 characters within spaces are refused',
    suite: 'allocations',
    breaks: 'AL-CONSTRAINT-REASON',
  },
  'al-reason-unbounded': {
    changes: 'allocation constraintReason longer than 1000 characters (after trimming) is accepted',
    suite: 'allocations',
    breaks: 'AL-CONSTRAINT-REASON',
  },
  'al-end-date-not-required': {
    changes: 'allocation create without endDate is accepted',
    suite: 'allocations',
    breaks: 'AL-CREATE-REQUIRED',
  },
  'al-null-ignored': {
    changes: 'allocation PATCH with null on a nullable field keeps the old value',
    suite: 'allocations',
    breaks: 'AL-UPDATE-NULL-CLEARS',
    also: ['AL-UPDATE-VALID'],
  },
  'al-filter-project-ignored': {
    changes: 'GET /allocations ignores the projectId filter',
    suite: 'allocations',
    breaks: 'AL-FILTER-REFS',
  },
  'al-filter-date-ignored': {
    changes: 'GET /allocations ignores dateFrom and dateTo',
    suite: 'allocations',
    breaks: 'AL-FILTER-DATE',
  },
  'al-resource-uuid-unchecked': {
    changes: 'allocation resourceId accepts non-UUID strings',
    suite: 'allocations',
    breaks: 'AL-IDS-UUID',
  },
  'al-notes-dropped-on-create': {
    changes: 'allocation create does not store notes (null until an update sets them)',
    suite: 'allocations',
    breaks: 'AL-CREATE-VALID',
  },
  'al-notes-stringified': {
    changes: 'allocation notes accepts any non-null value and stores String(value) (create and update)',
    suite: 'allocations',
    breaks: 'AL-FIELD-TYPES',
  },
  'al-patch-resets-omitted': {
    changes: 'allocation PATCH replaces the record: omitted optional fields become null/default',
    suite: 'allocations',
    breaks: 'AL-UPDATE-OMITTED',
  },
  'al-delete-list-only': {
    changes: 'DELETE /allocations/{id} answers 204 and drops the allocation from lists, but GET /allocations/{id} still returns it',
    suite: 'allocations',
    breaks: 'AL-DELETE',
  },
  'al-query-uuid-unchecked': {
    changes: 'GET /allocations accepts non-UUID resourceId, taskId and projectId filters (matching nothing)',
    suite: 'allocations',
    breaks: 'AL-QUERY-INVALID',
  },
  'sec-allocation-cross-org-delete': {
    changes: "DELETE /allocations/{id} deletes other organisations' allocations",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
  },
});
