import type { AllocationFilter } from '../models/allocations.js';
import { defineFaults } from '../policy/declaration.js';
import type { DeleteEffect, PatchRules, Scope } from '../policy/kinds.js';
import type { AllocationCreateInput, AllocationSchemaLoosening, ReasonLengthRule } from '../schemas/allocations.js';
import type { BodyBend } from '../policy/bends.js';

/** What may bend in the allocation routes (spec 4.6): each field is one behaviour a fault can change. */
export interface AllocationsPolicy {
  /** Body rules of spec 2.6 the validator leaves out. */
  readonly loosened: AllocationSchemaLoosening;
  /** How constraintReason's length is judged (spec 2.6, 8: at most 1000 characters after trimming). */
  readonly reasonLength: ReasonLengthRule;
  /** Changes made to a create or update body before it is validated. */
  readonly bends: readonly BodyBend[];
  /** Fields of a valid create body that are not stored (spec 2.6: every create field is stored). */
  readonly droppedOnCreate: readonly (keyof AllocationCreateInput)[];
  /** List filters read as any string, not checked as UUIDs (spec 4.6, 7: refused with 400). */
  readonly uncheckedFilters: readonly (keyof AllocationFilter)[];
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof AllocationFilter)[];
  readonly patch: PatchRules;
  /** What DELETE does to the allocation (spec 2: removes it). */
  readonly deleteEffect: DeleteEffect;
  /** Where DELETE finds the allocation: the key's organisation (spec 5.7), or every organisation. */
  readonly deleteScope: Scope;
  /** Copies kept beside the store that a write forgets to refresh (the interaction faults below). */
  readonly interactions: { readonly resourceIndex?: boolean };
}

/** The spec's behaviour. */
export const ALLOCATIONS_POLICY: AllocationsPolicy = {
  loosened: {},
  reasonLength: 'trimmed',
  bends: [],
  droppedOnCreate: [],
  uncheckedFilters: [],
  ignoredFilters: [],
  patch: { resetOmitted: false, ignoreNull: false },
  deleteEffect: 'removes',
  deleteScope: 'organisation',
  interactions: {},
};

/** A non-null, non-string notes value becomes String(value). */
const stringifiedNotes: BodyBend = (body) => {
  const notes = body['notes'];
  if (notes !== undefined && notes !== null && typeof notes !== 'string') body['notes'] = String(notes);
};

/** The faults of the allocation routes (policy slot `allocations`). */
export const ALLOCATION_FAULTS = defineFaults({
  'al-resource-index-stale': {
    changes:
      'GET /allocations?resourceId= reads the resource an allocation was created with: a PATCH that moves it to another resource does not refresh the index',
    suite: 'sequences',
    breaks: 'SEQ-LIST-AFTER-WRITE',
    policy: { allocations: { interactions: { resourceIndex: true } } },
  },
  'al-date-unchecked': {
    changes: 'allocation startDate/endDate are only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'allocations',
    breaks: 'AL-DATES-REAL',
    policy: { allocations: { loosened: { dateShapeOnly: true } } },
  },
  'al-hours-per-day-unbounded': {
    changes: 'allocation hoursPerDay above 24 is accepted',
    suite: 'allocations',
    breaks: 'AL-HOURS',
    policy: { allocations: { loosened: { hoursPerDayUnbounded: true } } },
  },
  'al-reason-untrimmed': {
    changes: 'allocation constraintReason length is counted before trimming: 1000 characters within spaces are refused',
    suite: 'allocations',
    breaks: 'AL-CONSTRAINT-REASON',
    policy: { allocations: { reasonLength: 'untrimmed' } },
  },
  'al-reason-unbounded': {
    changes: 'allocation constraintReason longer than 1000 characters (after trimming) is accepted',
    suite: 'allocations',
    breaks: 'AL-CONSTRAINT-REASON',
    policy: { allocations: { reasonLength: 'unbounded' } },
  },
  'al-end-date-not-required': {
    changes: 'allocation create without endDate is accepted',
    suite: 'allocations',
    breaks: 'AL-CREATE-REQUIRED',
    policy: { allocations: { loosened: { endDateNotRequired: true } } },
  },
  'al-null-ignored': {
    changes: 'allocation PATCH with null on a nullable field keeps the old value',
    suite: 'allocations',
    breaks: 'AL-UPDATE-NULL-CLEARS',
    also: ['AL-UPDATE-VALID'],
    policy: { allocations: { patch: { ignoreNull: true } } },
  },
  'al-filter-project-ignored': {
    changes: 'GET /allocations ignores the projectId filter',
    suite: 'allocations',
    breaks: 'AL-FILTER-REFS',
    policy: { allocations: { ignoredFilters: ['projectId'] } },
  },
  'al-filter-date-ignored': {
    changes: 'GET /allocations ignores dateFrom and dateTo',
    suite: 'allocations',
    breaks: 'AL-FILTER-DATE',
    policy: { allocations: { ignoredFilters: ['dateFrom', 'dateTo'] } },
  },
  'al-resource-uuid-unchecked': {
    changes: 'allocation resourceId accepts non-UUID strings',
    suite: 'allocations',
    breaks: 'AL-IDS-UUID',
    policy: { allocations: { loosened: { resourceUuidUnchecked: true } } },
  },
  'al-notes-dropped-on-create': {
    changes: 'allocation create does not store notes (null until an update sets them)',
    suite: 'allocations',
    breaks: 'AL-CREATE-VALID',
    policy: { allocations: { droppedOnCreate: ['notes'] } },
  },
  'al-notes-stringified': {
    changes: 'allocation notes accepts any non-null value and stores String(value) (create and update)',
    suite: 'allocations',
    breaks: 'AL-FIELD-TYPES',
    policy: { allocations: { bends: [stringifiedNotes] } },
  },
  'al-patch-resets-omitted': {
    changes: 'allocation PATCH replaces the record: omitted optional fields become null/default',
    suite: 'allocations',
    breaks: 'AL-UPDATE-OMITTED',
    policy: { allocations: { patch: { resetOmitted: true } } },
  },
  'al-delete-list-only': {
    changes: 'DELETE /allocations/{id} answers 204 and drops the allocation from lists, but GET /allocations/{id} still returns it',
    suite: 'allocations',
    breaks: 'AL-DELETE',
    policy: { allocations: { deleteEffect: 'hidden-from-lists' } },
  },
  'al-query-uuid-unchecked': {
    changes: 'GET /allocations accepts non-UUID resourceId, taskId and projectId filters (matching nothing)',
    suite: 'allocations',
    breaks: 'AL-QUERY-INVALID',
    policy: { allocations: { uncheckedFilters: ['resourceId', 'taskId', 'projectId'] } },
  },
  'sec-allocation-cross-org-delete': {
    changes: "DELETE /allocations/{id} deletes other organisations' allocations",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
    policy: { allocations: { deleteScope: 'everywhere' } },
  },
});
