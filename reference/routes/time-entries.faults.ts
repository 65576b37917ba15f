import type { Issue } from '../errors.js';
import type { TimeEntryFilter } from '../models/time-entries.js';
import type { BodyBend } from '../policy/bends.js';
import { defineFaults } from '../policy/declaration.js';
import type { PatchRules, Scope } from '../policy/kinds.js';
import type { TimeEntrySchemaLoosening } from '../schemas/time-entries.js';

/** What may bend in the time-entry routes (spec 4.2): each field is one behaviour a fault can change. */
export interface TimeEntriesPolicy {
  /** Body rules of spec 2.3 the validator leaves out (a not-accepted field taken is also applied). */
  readonly loosened: TimeEntrySchemaLoosening;
  /** Changes made to a body before it is validated, per operation. */
  readonly bends: { readonly create: readonly BodyBend[]; readonly update: readonly BodyBend[] };
  /** Which created entries need at least 0.25 h (spec 2.3: those not from a timer), or none. */
  readonly minimumHoursOn: 'non-timer' | 'every-source' | 'none';
  /** How the create's minimum-hours issue is reported (spec 2.3: as it is, on hours). */
  readonly minimumHoursIssue: (issue: Issue) => Issue;
  /** dateFrom and dateTo must be real days (spec 4.3, 8), or only of the YYYY-MM-DD shape. */
  readonly queryDatesShapeOnly: boolean;
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof TimeEntryFilter)[];
  /** Where a list filtered by taskId finds entries (spec 5.7: the key's organisation). */
  readonly taskFilterScope: Scope;
  /** Where a PATCH finds the entry it updates (spec 5.7: the key's organisation). */
  readonly updateScope: Scope;
  /** The create and update answers embed the task {id, name}, looked up in every organisation (spec 5.4: never). */
  readonly embeddedTask: { readonly create: boolean; readonly update: boolean };
  readonly patch: PatchRules;
  /** A DELETE removes the entry (spec 4.3), or answers 204 and keeps it. */
  readonly deleteRemoves: boolean;
  /** Copies kept beside the store that a write forgets to refresh (reference/routes/sequences.faults.ts). */
  readonly interactions: {
    readonly totalCountsDeleted?: boolean;
    /** List pages cached by organisation and query; a write (single or batch) empties only the first pages (offset 0). */
    readonly pageCache?: boolean;
  };
}

/** The spec's behaviour. */
export const TIME_ENTRIES_POLICY: TimeEntriesPolicy = {
  loosened: {},
  bends: { create: [], update: [] },
  minimumHoursOn: 'non-timer',
  minimumHoursIssue: (issue) => issue,
  queryDatesShapeOnly: false,
  ignoredFilters: [],
  taskFilterScope: 'organisation',
  updateScope: 'organisation',
  embeddedTask: { create: false, update: false },
  patch: { resetOmitted: false, ignoreNull: false },
  deleteRemoves: true,
  interactions: {},
};

/** A string entrySource is lower-cased before validation. */
const lowerCaseEntrySource: BodyBend = (body) => {
  if (typeof body['entrySource'] === 'string') body['entrySource'] = body['entrySource'].toLowerCase();
};

/** Any isBillable value (null included) becomes its truthiness before validation. */
const truthyIsBillable: BodyBend = (body) => {
  const isBillable = body['isBillable'];
  if (Object.hasOwn(body, 'isBillable') && isBillable !== undefined && typeof isBillable !== 'boolean') body['isBillable'] = Boolean(isBillable);
};

/** The minimum-hours rule reported about the whole body, naming no field. */
const unnamedMinimumHoursIssue = (): Issue => ({ path: '', message: 'an entry not from a timer must last at least 15 minutes' });

/** The faults of the time-entry routes (spec 4.2) (policy slot `timeEntries`). */
export const TIME_ENTRY_FAULTS = defineFaults({
  'te-date-unchecked': {
    changes: 'time entry date is only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'time-entries',
    breaks: 'TE-DATE-REAL',
    policy: { timeEntries: { loosened: { dateShapeOnly: true } } },
  },
  'te-hours-over-24': {
    changes: 'time entry create accepts hours up to 48',
    suite: 'time-entries',
    breaks: 'TE-HOURS-CREATE-RANGE',
    policy: { timeEntries: { loosened: { hoursUpTo48: true } } },
  },
  'te-min-hours-ignored': {
    changes: 'time entry create accepts non-timer entries below 0.25 h',
    suite: 'time-entries',
    breaks: 'TE-HOURS-MIN-NON-TIMER',
    policy: { timeEntries: { minimumHoursOn: 'none' } },
  },
  'te-timer-min-enforced': {
    changes: 'time entry create rejects timer entries below 0.25 h',
    suite: 'time-entries',
    breaks: 'TE-HOURS-TIMER-ACCEPTED',
    also: ['TE-CREATE-VALID'],
    policy: { timeEntries: { minimumHoursOn: 'every-source' } },
  },
  'te-duration-unbounded': {
    changes: 'time entry durationSeconds above 86400 is accepted',
    suite: 'time-entries',
    breaks: 'TE-DURATION-RANGE',
    policy: { timeEntries: { loosened: { durationUnbounded: true } } },
  },
  'te-start-time-lenient': {
    changes: 'time entry startTime accepts 24:00 and H:MM',
    suite: 'time-entries',
    breaks: 'TE-START-TIME-FORMAT',
    policy: { timeEntries: { loosened: { startTimeLenient: true } } },
  },
  'te-marked-billed-on-create': {
    changes: 'time entry create applies markedBilled',
    suite: 'time-entries',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { timeEntries: { loosened: { markedBilledOnCreate: true } } },
  },
  'te-update-hours-timer-lenient': {
    changes: 'time entry update accepts 0 < hours < 0.25 on a timer entry',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-HOURS-RANGE',
    policy: { timeEntries: { loosened: { updateHoursTimerLenient: true } } },
  },
  'te-entry-source-on-update': {
    changes: 'time entry update applies entrySource',
    suite: 'time-entries',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { timeEntries: { loosened: { entrySourceOnUpdate: true } } },
  },
  'te-null-ignored': {
    changes: 'time entry PATCH with null on a nullable field keeps the old value',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-NULL-CLEARS',
    also: ['TE-UPDATE-VALID'],
    policy: { timeEntries: { patch: { ignoreNull: true } } },
  },
  'te-filter-project-ignored': {
    changes: 'GET /time-entries ignores the projectId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-PROJECT',
    policy: { timeEntries: { ignoredFilters: ['projectId'] } },
  },
  'te-filter-date-ignored': {
    changes: 'GET /time-entries ignores dateFrom and dateTo',
    suite: 'time-entries',
    breaks: 'TE-FILTER-DATE',
    policy: { timeEntries: { ignoredFilters: ['dateFrom', 'dateTo'] } },
  },
  'te-query-date-unchecked': {
    changes: 'GET /time-entries accepts impossible dateFrom/dateTo days (YYYY-MM-DD shape only)',
    suite: 'time-entries',
    breaks: 'TE-QUERY-INVALID',
    policy: { timeEntries: { queryDatesShapeOnly: true } },
  },
  'te-filter-invoiced-ignored': {
    changes: 'GET /time-entries ignores the isInvoiced filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-INVOICED',
    policy: { timeEntries: { ignoredFilters: ['isInvoiced'] } },
  },
  'te-date-not-required': {
    changes: 'time entry create without date is accepted (the entry is dated today)',
    suite: 'time-entries',
    breaks: 'TE-CREATE-REQUIRED',
    policy: { timeEntries: { loosened: { dateNotRequired: true } } },
  },
  'te-resource-uuid-unchecked': {
    changes: 'time entry resourceId accepts non-UUID strings on create and update',
    suite: 'time-entries',
    breaks: 'TE-IDS-UUID',
    policy: { timeEntries: { loosened: { resourceUuidUnchecked: true } } },
  },
  'te-entry-source-unchecked': {
    changes: 'time entry create takes any string as entrySource (auto, import, "" included)',
    suite: 'time-entries',
    breaks: 'TE-ENTRY-SOURCE-ENUM',
    policy: { timeEntries: { loosened: { entrySourceUnchecked: true } } },
  },
  'te-entry-source-case-insensitive': {
    changes: 'time entry create matches entrySource case-insensitively (Timer is stored as timer)',
    suite: 'time-entries',
    breaks: 'INPUT-FORMAT-STRICT',
    policy: { timeEntries: { bends: { create: [lowerCaseEntrySource] } } },
  },
  'te-billable-truthy': {
    changes: 'time entry isBillable accepts any value and stores its truthiness (create and update)',
    suite: 'time-entries',
    breaks: 'TE-FIELD-TYPES',
    policy: { timeEntries: { bends: { create: [truthyIsBillable], update: [truthyIsBillable] } } },
  },
  'te-patch-resets-omitted': {
    changes: 'time entry PATCH replaces the record: omitted optional fields become null/default',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-OMITTED',
    policy: { timeEntries: { patch: { resetOmitted: true } } },
  },
  'te-delete-ignored': {
    changes: 'DELETE /time-entries/{id} answers 204 but keeps the entry',
    suite: 'time-entries',
    breaks: 'TE-DELETE',
    policy: { timeEntries: { deleteRemoves: false } },
  },
  'te-filter-task-ignored': {
    changes: 'GET /time-entries ignores the taskId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-TASK',
    policy: { timeEntries: { ignoredFilters: ['taskId'] } },
  },
  'te-filter-resource-ignored': {
    changes: 'GET /time-entries ignores the resourceId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-RESOURCE',
    policy: { timeEntries: { ignoredFilters: ['resourceId'] } },
  },
  'te-filter-billable-ignored': {
    changes: 'GET /time-entries ignores the isBillable filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-BILLABLE',
    policy: { timeEntries: { ignoredFilters: ['isBillable'] } },
  },
  'te-min-hours-issue-unnamed': {
    changes: 'the rejection of a non-timer entry below 0.25 h names no field (a body-level "at least 15 minutes" message)',
    suite: 'time-entries',
    breaks: 'TE-HOURS-MIN-ISSUE',
    policy: { timeEntries: { minimumHoursIssue: unnamedMinimumHoursIssue } },
  },
  'sec-time-entry-cross-org-update': {
    changes: "PATCH /time-entries/{id} updates other organisations' entries",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
    also: ['SEC-ISOLATION-INTACT'],
    policy: { timeEntries: { updateScope: 'everywhere' } },
  },
  'sec-time-entry-list-leak': {
    changes: "GET /time-entries?taskId=<another organisation's task> lists that organisation's entries",
    suite: 'security',
    breaks: 'SEC-LIST-ISOLATED',
    policy: { timeEntries: { taskFilterScope: 'everywhere' } },
  },
  'sec-update-reference-leak': {
    changes: 'PATCH /time-entries/{id} answers with a task {id, name} object naming the task the entry moved to, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
    policy: { timeEntries: { embeddedTask: { update: true } } },
  },
  'sec-reference-leak': {
    changes: 'POST /time-entries answers with a task {id, name} object naming the task, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
    policy: { timeEntries: { embeddedTask: { create: true } } },
  },
});
