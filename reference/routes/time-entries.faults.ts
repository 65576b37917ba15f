import { defineFaults } from '../policy/declaration.js';

/** What may bend in the time-entry routes (spec 4.2): each field is one behaviour a fault can change. */
export interface TimeEntriesPolicy {}

/** The spec's behaviour. */
export const TIME_ENTRIES_POLICY: TimeEntriesPolicy = {};

/** The faults of the time-entry routes (spec 4.2) (policy slot `timeEntries`). */
export const TIME_ENTRY_FAULTS = defineFaults({
  'te-date-unchecked': {
    changes: 'time entry date is only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'time-entries',
    breaks: 'TE-DATE-REAL',
  },
  'te-hours-over-24': {
    changes: 'time entry create accepts hours up to 48',
    suite: 'time-entries',
    breaks: 'TE-HOURS-CREATE-RANGE',
  },
  'te-min-hours-ignored': {
    changes: 'time entry create accepts non-timer entries below 0.25 h',
    suite: 'time-entries',
    breaks: 'TE-HOURS-MIN-NON-TIMER',
  },
  'te-timer-min-enforced': {
    changes: 'time entry create rejects timer entries below 0.25 h',
    suite: 'time-entries',
    breaks: 'TE-HOURS-TIMER-ACCEPTED',
    also: ['TE-CREATE-VALID'],
  },
  'te-duration-unbounded': {
    changes: 'time entry durationSeconds above 86400 is accepted',
    suite: 'time-entries',
    breaks: 'TE-DURATION-RANGE',
  },
  'te-start-time-lenient': {
    changes: 'time entry startTime accepts 24:00 and H:MM',
    suite: 'time-entries',
    breaks: 'TE-START-TIME-FORMAT',
  },
  'te-marked-billed-on-create': {
    changes: 'time entry create applies markedBilled',
    suite: 'time-entries',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'te-update-hours-timer-lenient': {
    changes: 'time entry update accepts 0 < hours < 0.25 on a timer entry',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-HOURS-RANGE',
  },
  'te-entry-source-on-update': {
    changes: 'time entry update applies entrySource',
    suite: 'time-entries',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'te-null-ignored': {
    changes: 'time entry PATCH with null on a nullable field keeps the old value',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-NULL-CLEARS',
    also: ['TE-UPDATE-VALID'],
  },
  'te-filter-project-ignored': {
    changes: 'GET /time-entries ignores the projectId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-PROJECT',
  },
  'te-filter-date-ignored': {
    changes: 'GET /time-entries ignores dateFrom and dateTo',
    suite: 'time-entries',
    breaks: 'TE-FILTER-DATE',
  },
  'te-query-date-unchecked': {
    changes: 'GET /time-entries accepts impossible dateFrom/dateTo days (YYYY-MM-DD shape only)',
    suite: 'time-entries',
    breaks: 'TE-QUERY-INVALID',
  },
  'te-filter-invoiced-ignored': {
    changes: 'GET /time-entries ignores the isInvoiced filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-INVOICED',
  },
  'te-date-not-required': {
    changes: 'time entry create without date is accepted (the entry is dated today)',
    suite: 'time-entries',
    breaks: 'TE-CREATE-REQUIRED',
  },
  'te-resource-uuid-unchecked': {
    changes: 'time entry resourceId accepts non-UUID strings on create and update',
    suite: 'time-entries',
    breaks: 'TE-IDS-UUID',
  },
  'te-entry-source-unchecked': {
    changes: 'time entry create takes any string as entrySource (auto, import, "" included)',
    suite: 'time-entries',
    breaks: 'TE-ENTRY-SOURCE-ENUM',
  },
  'te-entry-source-case-insensitive': {
    changes: 'time entry create matches entrySource case-insensitively (Timer is stored as timer)',
    suite: 'time-entries',
    breaks: 'INPUT-FORMAT-STRICT',
  },
  'te-billable-truthy': {
    changes: 'time entry isBillable accepts any value and stores its truthiness (create and update)',
    suite: 'time-entries',
    breaks: 'TE-FIELD-TYPES',
  },
  'te-patch-resets-omitted': {
    changes: 'time entry PATCH replaces the record: omitted optional fields become null/default',
    suite: 'time-entries',
    breaks: 'TE-UPDATE-OMITTED',
  },
  'te-delete-ignored': {
    changes: 'DELETE /time-entries/{id} answers 204 but keeps the entry',
    suite: 'time-entries',
    breaks: 'TE-DELETE',
  },
  'te-filter-task-ignored': {
    changes: 'GET /time-entries ignores the taskId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-TASK',
  },
  'te-filter-resource-ignored': {
    changes: 'GET /time-entries ignores the resourceId filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-RESOURCE',
  },
  'te-filter-billable-ignored': {
    changes: 'GET /time-entries ignores the isBillable filter',
    suite: 'time-entries',
    breaks: 'TE-FILTER-BILLABLE',
  },
  'te-min-hours-issue-unnamed': {
    changes: 'the rejection of a non-timer entry below 0.25 h names no field (a body-level "at least 15 minutes" message)',
    suite: 'time-entries',
    breaks: 'TE-HOURS-MIN-ISSUE',
  },
  'sec-time-entry-cross-org-update': {
    changes: "PATCH /time-entries/{id} updates other organisations' entries",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
    also: ['SEC-ISOLATION-INTACT'],
  },
  'sec-time-entry-list-leak': {
    changes: "GET /time-entries?taskId=<another organisation's task> lists that organisation's entries",
    suite: 'security',
    breaks: 'SEC-LIST-ISOLATED',
  },
  'sec-update-reference-leak': {
    changes: 'PATCH /time-entries/{id} answers with a task {id, name} object naming the task the entry moved to, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
  },
  'sec-reference-leak': {
    changes: 'POST /time-entries answers with a task {id, name} object naming the task, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
  },
});
