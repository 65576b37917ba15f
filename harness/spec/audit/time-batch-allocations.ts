import type { AuditTable } from './types.js';

/** Issue 22 audit: areas time-entries, batch, allocations. */
export const AUDIT_TIME_BATCH_ALLOCATIONS: AuditTable = {
  // --- Time entries (suites/time-entries.test.ts; lifecycle through harness/crosscutting/lifecycle.ts) ---
  'TE-CREATE-VALID': [
    { relies: 'every generated valid create answers exactly 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' } },
    {
      relies: 'the answer holds the record in `data` with a non-empty string `id`',
      basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
    },
    {
      relies: 'the create answer and GET /time-entries/{id} (200, no wait) carry every field sent, under its input name',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'GET /time-entries/{id} right after the 201 answers 200 with the record',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' },
    },
    {
      relies: 'values come back equal up to representation (hours "1.50", date as midnight date-time, 09:00:00)',
      basis: {
        tolerant: 'compare.ts sameValue: numbers also as decimal strings, dates as midnight date-times, HH:MM also with :00 seconds',
        variant: 'normalised-values',
      },
    },
    {
      relies: 'hours come back as the number sent',
      basis: { tolerant: 'hoursBetween: multiples of 0.05 h, exact whether kept in hundredths, whole minutes or seconds' },
    },
    {
      relies: 'description comes back as sent',
      basis: { tolerant: 'text(): never starts or ends with a space, so a trimming server returns it unchanged', variant: 'normalised-values' },
    },
    {
      relies: 'description with runs of inner spaces (text() may draw "a  b") comes back with them',
      basis: { tolerant: 'compare.ts sameValue: free text may come back with its white space collapsed and trimmed', variant: 'normalised-values' },
    },
    {
      relies: 'tags come back as the set sent, in any order or case',
      basis: { tolerant: 'compare.ts: tags compared as a set of lower-case words; tags() draws [a-z0-9-] labels', variant: 'normalised-values' },
    },
    {
      relies: 'the run tag conformance-run-<runId> (with a colon) comes back unchanged in tags',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    {
      relies: 'hours and durationSeconds sent together: one of them holds the value sent',
      basis: { tolerant: 'lifecycle linked [hours, durationSeconds]: one holding the value sent is enough (linked-fields observed)' },
    },
    {
      relies: 'hours and durationSeconds with unrelated values (1.5 h with 60 s) are accepted together',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
    {
      relies: 'no daily total: entries of the shared lifecycle resource on random, repeating dates are accepted',
      basis: {
        tolerant: 'lifecycle ruleFree: a valid body refused with a 4xx is sent again on a fresh resource; accepted, it is observed (business-rule)',
        variant: 'business-rules',
      },
    },
    {
      relies: 'a body drawn twice (shrinking resends values) is accepted again',
      basis: { tolerant: 'a refusal as a duplicate is retried by ruleFree on a fresh resource (business-rule observed)', variant: 'business-rules' },
    },
    {
      relies: 'a startTime whose hours run past midnight (23:30 with 12 h) is accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
    {
      relies: 'a resource not assigned to the task may log time on it, or else one assigned by an allocation may',
      basis: {
        tolerant:
          'lifecycle ruleFree: a refused body is sent again on a fresh resource assigned to its task (steps/time-entries.ts assignResource, 0 h a day); business-rule observed',
        variant: 'time-entry-assignment',
      },
    },
    {
      relies: 'dates are accepted whatever their age (2000 to 2024)',
      basis: { tolerant: 'pastDate: 2000 to 2024, in the past in every time zone (a server may refuse future work)' },
    },
    {
      relies: 'the task and resources the bodies name could be created',
      basis: { tolerant: 'createTask/createResource: a prerequisite the target will not create skips the check (not applicable)' },
    },
  ],
  'TE-CREATE-REQUIRED': [
    { relies: 'a create without taskId, resourceId, date or hours is rejected', basis: { spec: '2.3: "taskId | uuid | required"' } },
    { relies: 'a body without hours is rejected even when it carries durationSeconds', basis: { spec: '2.3: "update: >= 0.25 and <= 24 | required"' } },
    { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-IDS-UUID': [
    {
      relies: 'non-UUID taskId and resourceId are rejected on create and on update',
      basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
    },
    {
      relies: 'the rejection is a 4xx',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'the values sent are no UUID under any reading (12345, a UUID plus x, 20 hex digits)',
      basis: { tolerant: 'nonUuid() leaves out lax forms (no hyphens, braces): those are INPUT-FORMAT-STRICT, a SHOULD' },
    },
    {
      relies: 'any 4xx counts as the rejection (400, 404 for an unknown reference, 422)',
      basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-DATE-REAL': [
    {
      relies: 'impossible dates (2023-02-29, 2024-04-31, 2024-13-01, ...) are rejected on create and update',
      basis: { spec: '2.3: "`<date>` that must be a real calendar date (for example a non-existent day is rejected)"' },
    },
    {
      relies: 'unpadded or other-form dates (2024-1-5, 2024/03/01, 20240301) are rejected',
      basis: { spec: 'Conventions: "`<date>` means a string in the form YYYY-MM-DD"' },
    },
    { relies: 'an entry dated 2024-02-29 is accepted with 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' } },
    {
      relies: 'the shared resource holds no other hours on 2024-02-29',
      basis: { tolerant: 'other minimal entries go to freshPastDay days from 2001 on, never 2024-02-29', variant: 'business-rules' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-HOURS-CREATE-RANGE': [
    { relies: 'a manual entry of 24 hours is accepted with 201', basis: { spec: '2.3: "create: > 0 and <= 24"' } },
    {
      relies: 'the 24-hour entry is the only one of its resource on its day',
      basis: { tolerant: 'freshPastDay: every minimal entry on a day of its own, so no daily total is reached', variant: 'business-rules' },
    },
    { relies: 'hours 0 or negative on a timer entry, and 24.25 (24.05 to 100 generated), are rejected', basis: { spec: '2.3: "create: > 0 and <= 24"' } },
    {
      relies: 'hours 0 is sent on a timer entry, so only the > 0 bound is broken',
      basis: { spec: '2.3: "when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-HOURS-MIN-NON-TIMER': [
    {
      relies: '0.2 h (0.05 to 0.2 generated) is rejected with entrySource absent, manual, copied or suggested',
      basis: { spec: '2.3: "when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25"' },
    },
    { relies: 'the minimum applies on create', basis: { spec: '8: "at least 0.25 for non-timer entries on create and on update"' } },
    { relies: 'a manual entry of exactly 0.25 h is accepted with 201', basis: { spec: '2.3: "hours must be at least 0.25"' } },
    {
      relies: 'any 4xx counts as the rejection; naming hours in the body is only the SHOULD TE-HOURS-MIN-ISSUE',
      basis: { tolerant: 'expectRejected: any 4xx passes; the error body is not read here' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-HOURS-TIMER-ACCEPTED': [
    {
      relies: 'a timer entry of 0.1 h is accepted with 201',
      basis: { spec: '2.3: "when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25"' },
    },
    {
      relies: 'the create answer carries hours',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'hours comes back as 0.1, as a number or a decimal string ("0.10")',
      basis: { tolerant: 'compare.ts sameValue: a numeric string equal to the number passes; 0.1 h is exact in minutes and seconds' },
    },
  ],
  'TE-DURATION-RANGE': [
    { relies: 'durationSeconds 1 and 86400 are accepted with 201', basis: { spec: '2.3: "integer > 0 and <= 86400"' } },
    {
      relies: 'durationSeconds 1 or 86400 is accepted beside hours 1, or else on a timer entry whose hours agree (1/3600, 24)',
      basis: {
        tolerant:
          'a 4xx beside hours 1 is sent again with hours that agree on a timer entry; accepted, business-rule is observed; refused again, the check fails',
        variant: 'time-entry-rules',
      },
    },
    { relies: 'durationSeconds 0, negative, 86401 and above, and fractions (1.5) are rejected', basis: { spec: '2.3: "integer > 0 and <= 86400"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-START-TIME-FORMAT': [
    { relies: 'startTime 00:00 and 23:59 are accepted with 201', basis: { spec: '2.3: "string `HH:MM`, 24-hour, hours 00-23, minutes 00-59"' } },
    {
      relies: 'startTime 23:59 with the minimal 1 hour (ending the next day) is accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
    {
      relies: '24:00, 12:60, 7:05, noon, 1200 and generated out-of-range times are rejected',
      basis: { spec: '2.3: "string `HH:MM`, 24-hour, hours 00-23, minutes 00-59"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-ENTRY-SOURCE-ENUM': [
    {
      relies: 'each of manual, timer, copied, suggested is accepted with 201',
      basis: { spec: '2.3: "enum `manual`, `timer`, `copied`, `suggested` (default `manual`)"' },
    },
    {
      relies: 'the create answer holds entrySource exactly as sent (strict ===)',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'values of no case (empty, auto, import) are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'Timer and MANUAL (a value of the enum in another case) are rejected under this MUST',
      basis: { tolerant: 'case variants of an enum value are INPUT-FORMAT-STRICT (SHOULD); the MUST judges auto, import and empty' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-FIELD-TYPES': [
    {
      relies: 'strings for numbers ("8"), "true" or 1 for booleans, "a,b" or [1,2] for tags are rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'null for hours and date on create, and for non-nullable update fields, is rejected',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'a server does not coerce a numeric string to a number',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-UPDATE-VALID': [
    { relies: 'a full valid create answers 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' } },
    { relies: 'every generated valid update answers exactly 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' } },
    {
      relies: 'the update answer and a later GET (no wait) carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'values come back equal up to representation (numbers as strings, dates, HH:MM:00, tag order and case)',
      basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' },
    },
    {
      relies: 'startTime, description or billableRate sent as null read back null or absent',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field' },
    },
    { relies: 'markedBilled sent on update is applied', basis: { spec: '2.3: "markedBilled | boolean | not accepted | optional"' } },
    {
      relies: 'markedBilled true is accepted on an entry created with isBillable false',
      basis: { tolerant: 'generators/entry-rules.ts: a generated body that marks an entry billed also makes it billable' },
    },
    { relies: 'update hours 0.25 to 24 are accepted whatever the entry source', basis: { spec: '2.3: "update: >= 0.25 and <= 24"' } },
    {
      relies: 'durationSeconds sent alone (1 to 86400) is accepted, unrelated to the hours held',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
    {
      relies: 'hours and durationSeconds sent together: one of them holds the value sent',
      basis: { tolerant: 'lifecycle linked [hours, durationSeconds]: one holding the value sent is enough (linked-fields observed)' },
    },
    {
      relies: 'an update moving an entry to a date or resource already holding hours is accepted',
      basis: {
        tolerant: 'lifecycle ruleFree: a 4xx update is sent again with a fresh resourceId; accepted, business-rule is observed',
        variant: 'business-rules',
      },
    },
    {
      relies: 'a startTime whose hours run past midnight is accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
    {
      relies: 'tags holding the run tag conformance-run-<runId> come back with the colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    {
      relies: 'description with runs of inner spaces comes back with them',
      basis: { tolerant: 'compare.ts sameValue: free text may come back with its white space collapsed and trimmed', variant: 'normalised-values' },
    },
  ],
  'TE-UPDATE-HOURS-RANGE': [
    {
      relies: 'a timer entry of 0.1 h can be created (201)',
      basis: { spec: '2.3: "when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25"' },
    },
    {
      relies: 'hours 0.2 on an update of that timer entry is rejected',
      basis: { spec: '2.3: "update: >= 0.25 and <= 24" (the field table bounds every update; part 8 adds nothing that lowers it)' },
    },
    { relies: 'hours 0.25 and then 24 on the same entry each answer 200', basis: { spec: '2.3: "update: >= 0.25 and <= 24"' } },
    {
      relies: 'the entry is alone on its day, so 24 h breaks no daily total',
      basis: { tolerant: 'freshPastDay: every minimal entry on a day of its own', variant: 'business-rules' },
    },
    {
      relies: 'generated hours -24 to 0.2 and 24.05 to 100 on a manual entry are rejected',
      basis: { spec: '8: "at least 0.25 for non-timer entries on create and on update"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-UPDATE-OMITTED': [
    { relies: 'a full create answers 201 and a valid update 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' } },
    {
      relies: 'every field the update did not name reads back as created',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    {
      relies: 'hours and durationSeconds are compared as read after the create, and not when the update names either',
      basis: { tolerant: 'lifecycle omittedBy: linked fields may be derived from one another' },
    },
    { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' } },
    {
      relies: 'a refused update retried with a fresh resourceId counts resourceId as named',
      basis: { tolerant: 'lifecycle sendUpdate returns the body actually accepted', variant: 'business-rules' },
    },
    {
      relies: 'the created tags, run tag with its colon included, read back unchanged',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    {
      relies: 'the full create and the update are accepted (durationSeconds unrelated to hours, startTime past midnight)',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
    {
      relies: 'an update with markedBilled true on a non-billable entry is accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated body that marks an entry billed also makes it billable' },
    },
  ],
  'TE-UPDATE-NULL-CLEARS': [
    {
      relies: 'a full create answers 201 and a PATCH of startTime, description or billableRate to null answers 200',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'each field set to null reads back null (billableRate not replaced by a default rate)',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    { relies: 'a cleared field may also be left out of the record', basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field' } },
    {
      relies: 'the full create body is accepted (durationSeconds unrelated to hours, startTime past midnight)',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
  ],
  'TE-DELETE': [
    {
      relies: 'a sampled valid entry is created (201) and reads back (200)',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' },
    },
    { relies: 'DELETE /time-entries/{id} answers exactly 204', basis: { spec: '4 Common rules: "Delete success: 204 without body"' } },
    {
      relies: 'a GET right after the delete answers no 2xx (any other status)',
      basis: { spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    { relies: 'the status of the read after delete is recorded', basis: { observation: 'deleted-read-status' } },
    {
      relies: 'the sampled body is accepted (durationSeconds unrelated to hours, startTime past midnight)',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
  ],
  'TE-QUERY-INVALID': [
    {
      relies: 'non-UUID taskId, resourceId or projectId filters are rejected',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'impossible or unpadded dateFrom and dateTo are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'any 4xx counts as the rejection (a query may get another 4xx than a body)',
      basis: { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TE-FILTER-TASK': [
    {
      relies: 'the fixture (2 tasks, 2 fresh resources, 3 entries of 2 h on distinct days) is created with 201',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' },
    },
    {
      relies: 'each page of the walk (limit 100, offset) answers 200 with a `data` array, right after the creates',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
    {
      relies: 'taskId lists both entries of the task and leaves out the entry of the other task',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'every listed record carries taskId equal to the filter (strict !==, absent fails)',
      basis: { tolerant: 'steps/lists.ts firstWithOther: a record listed without the field is read by id before it is judged' },
    },
  ],
  'TE-FILTER-RESOURCE': [
    {
      relies: 'the fixture entries are created with 201 and listed (pages of 100, 200) right after',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
    {
      relies: 'resourceId lists both entries of the resource and leaves out the entry of the other one',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'every listed record carries resourceId equal to the filter (strict !==, absent fails)',
      basis: { tolerant: 'steps/lists.ts firstWithOther: a record listed without the field is read by id before it is judged' },
    },
  ],
  'TE-FILTER-PROJECT': [
    { relies: 'CONFORMANCE_PROJECT_ID is configured', basis: { tolerant: 't.need: without it the check is skipped, not failed' } },
    {
      relies: 'tasks created with parentTaskId = the project count as tasks in that project',
      basis: { spec: '4.7: "the task is a child of a project or another task"' },
    },
    {
      relies: 'projectId with resourceId lists the entries of that resource on the project tasks',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'projectId and resourceId sent together narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'an unknown projectId lists none of the fixture, or is refused with a 4xx',
      basis: { tolerant: 'expectFilteredUnlessRefused: a 4xx lists nothing; only a 200 is judged' },
    },
    { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-reference-filter' } },
  ],
  'TE-FILTER-DATE': [
    {
      relies: 'dateFrom and dateTo filter on the entry date, alone and together',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'entries dated strictly inside are kept and strictly outside left out, whatever the bounds',
      basis: { tolerant: 'the fixture dates (03-10, 03-20) lie away from every bound sent (03-01, 03-15, 03-31)' },
    },
    { relies: 'whether a bound includes its own day is recorded, not judged', basis: { observation: 'date-filter-bounds' } },
    {
      relies: 'resourceId sent with the date filters narrows the list too (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the lists answer 200 right after the fixture creates',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
  ],
  'TE-FILTER-BILLABLE': [
    {
      relies: 'isBillable=true lists the billable entry and not the other; false the reverse',
      basis: { spec: '4 Common rules: "the value `true` means true, any other value means false"' },
    },
    {
      relies: 'an entry holds the isBillable it was created with',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'the filter is scoped with resourceId and both narrow the list (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the lists answer 200 with `data` right after the fixture creates',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
  ],
  'TE-FILTER-INVOICED': [
    {
      relies: 'isInvoiced=true leaves out entries no invoice ever included; isInvoiced=false lists them',
      basis: { spec: '4 Common rules: "the value `true` means true, any other value means false"' },
    },
    {
      relies: 'a new entry that was never billed counts as not invoiced',
      basis: {
        spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
      },
    },
    {
      relies: 'the filter is scoped with resourceId and both narrow the list (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
  ],

  // --- Batch operations (suites/batch.test.ts, harness/generators/batch.ts) ---
  'BATCH-SIZE': [
    { relies: 'an empty entries, updates or ids array is rejected', basis: { spec: '4.10: "Each body holds 1 to 100 items"' } },
    { relies: '101 items in a create, update or delete are rejected', basis: { spec: '8: "Batch size | 1 to 100 items | batch create, update, delete"' } },
    {
      relies: 'a rejected 101-item create writes no entry at all',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'exactly 100 valid items are accepted with exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    {
      relies: 'all 100 entries (and 1 plain one) are listed under the fresh resource right after the 200',
      basis: { spec: '1: "Create, update or remove many time entries in one request"' },
    },
    {
      relies: 'the 100 items are each on a day of their own',
      basis: { tolerant: 'sampleEntries: freshPastDay for every item, so no daily total is reached', variant: 'business-rules' },
    },
    {
      relies: 'the 100 items were sent before, in the refused 101-item batch',
      basis: { tolerant: 'the check first requires that batch wrote nothing, so none of them is a duplicate' },
    },
    {
      relies: 'items whose startTime plus hours (up to 24) run past midnight are accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
    { relies: 'a DELETE request carries its ids in a JSON body', basis: { spec: '4.10: "`ids`: array (1 to 100) of uuid"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'BATCH-ENVELOPE': [
    { relies: 'a successful batch create, update and delete each answer exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    {
      relies: 'each answer is a JSON object with a `data` key, whatever it holds',
      basis: { tolerant: 'expectEnvelope only requires the key: per-item outcome is not read' },
    },
    {
      relies: 'a batch delete answers 200 with a body, not 204',
      basis: { spec: '4.10: "Each body holds 1 to 100 items. Success is 200 with a `data` envelope"' },
    },
    {
      relies: 'both created entries are listed under the fresh resource right after the 200',
      basis: { spec: '1: "Create, update or remove many time entries in one request"' },
    },
    {
      relies: 'the 2 sampled items (random startTime, hours up to 24) are accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
  ],
  'BATCH-CREATE-VALID': [
    { relies: 'batches of 1 to 5 valid items answer exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    {
      relies: 'startTime as HH:MM or HH:MM:SS is accepted',
      basis: { spec: '4.10: "hours number 0 to 24 (req), startTime string `HH:MM` or `HH:MM:SS` (opt), description string or null (opt)"' },
    },
    { relies: 'description null and billableRate 0 to 1000 are accepted', basis: { spec: '4.10: "billableRate number >= 0 (opt)"' } },
    { relies: 'hours 0.25 and 24 are accepted', basis: { spec: '4.10: "hours number 0 to 24 (req)"' } },
    { relies: 'hours 0 and 0.1 (4.10 allows them, part 8 does not) are only recorded', basis: { observation: 'batch-hours-below-0.25' } },
    { relies: 'valid items keep within 0.25 to 24 h, where 4.10 and part 8 agree', basis: { tolerant: 'batchEntry: hoursBetween(0.25, 24)' } },
    { relies: 'each item is on a day of its own', basis: { tolerant: 'freshPastDay for every item (property and hours checks)', variant: 'business-rules' } },
    { relies: 'the per-item content of the answer is not read', basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' } },
    {
      relies: 'items whose startTime plus hours run past midnight (23:30 with 24 h) are accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
  ],
  'BATCH-CREATE-VISIBLE': [
    { relies: 'a batch of 1 to 4 items answers exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    {
      relies: 'GET /time-entries?resourceId= lists exactly the items of the batch right after the 200',
      basis: { spec: '1: "Create, update or remove many time entries in one request"' },
    },
    {
      relies: 'each item is found in the list by its `description` (the list item must carry description)',
      basis: { tolerant: 'steps/lists.ts firstWithOther: a record listed without the field is read by id before it is judged' },
    },
    {
      relies: 'GET /time-entries/{id} of each carries every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'values equal up to representation (numbers as strings, dates, tag order and case)',
      basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' },
    },
    {
      relies: 'a startTime sent as HH:MM:SS comes back as sent, cut to HH:MM, or with fractional seconds',
      basis: { tolerant: 'compare.ts sameValue for HH:MM:SS' },
    },
    { relies: 'what became of the seconds is recorded', basis: { observation: 'batch-start-time-seconds' } },
    {
      relies: 'HH:MM:SS is never cut to the minute and then served with :00 (09:30:45 as 09:30:00) or rounded',
      basis: { tolerant: 'compare.ts sameValue: a batch HH:MM:SS may come back as HH:MM or HH:MM:00', variant: 'normalised-values' },
    },
    {
      relies: 'tags with the run tag conformance-run-<runId> come back with the colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    {
      relies: 'the same sampled items (fixed seed) are sent in each property run',
      basis: { tolerant: 'each run uses a fresh task and resource and fresh days, so no uniqueness rule can refuse a repeat' },
    },
    {
      relies: 'items whose startTime plus hours run past midnight are accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
  ],
  'BATCH-ITEM-RULES': [
    {
      relies: 'a create item breaking a rule (non-UUID, impossible date, hours, startTime, billableRate) is never created',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'the item rules are those of the batch table',
      basis: { spec: '4.10: "hours number 0 to 24 (req), startTime string `HH:MM` or `HH:MM:SS` (opt), description string or null (opt)"' },
    },
    { relies: 'billableRate below 0 in an item breaks a rule', basis: { spec: '4.10: "billableRate number >= 0 (opt)"' } },
    {
      relies: 'any status but 5xx is accepted, so long as nothing is applied',
      basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' },
    },
    { relies: 'the status given to each invalid item is recorded', basis: { observation: 'batch-invalid-item-status' } },
    {
      relies: 'an update item breaking a rule leaves that field as read before (same JSON)',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'a mixed batch (one valid, one dated 2024-02-30) creates at most the valid entry',
      basis: { tolerant: 'all or nothing, per item, or success with nothing created all pass' },
    },
    { relies: 'which partial-failure behaviour the target has is recorded', basis: { observation: 'batch-partial-failure' } },
    {
      relies: 'the plain entry the update items target is created with 201',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' },
    },
  ],
  'BATCH-UPDATE-APPLIED': [
    {
      relies: '3 plain entries are created (201) in every property run, each on a day of its own',
      basis: { tolerant: 'plainEntries: freshPastDay per entry', variant: 'business-rules' },
    },
    { relies: 'a batch update of 3 valid items answers exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    { relies: 'each entry then reads back with its item values', basis: { spec: '4.10: "`updates`: array (1 to 100) of: id uuid (req)"' } },
    {
      relies: 'values equal up to representation; startTime, description, billableRate null as null or absent',
      basis: { tolerant: 'compare.ts sameValue, tag set comparison, and null accepting an absent field', variant: 'normalised-values' },
    },
    {
      relies: 'HH:MM:SS sent comes back as sent or cut to HH:MM, never as HH:MM:00 or rounded',
      basis: { tolerant: 'compare.ts sameValue: a batch HH:MM:SS may come back as HH:MM or HH:MM:00', variant: 'normalised-values' },
    },
    {
      relies: 'item dates drawn at random (pastDate) on the shared scope resource are accepted',
      basis: { tolerant: 'each item that changes the date moves to a day of its own (freshPastDay)', variant: 'business-rules' },
    },
    {
      relies: 'no entry updated was marked billed before (a server may lock billed entries)',
      basis: {
        tolerant: 'fresh entries in every property run; an edit of an entry the run marked billed is observed (time-entry-billed-edit)',
        variant: 'time-entry-rules',
      },
    },
    {
      relies: 'markedBilled true is accepted beside isBillable false',
      basis: { tolerant: 'generators/entry-rules.ts: a generated change that marks an entry billed also makes it billable' },
    },
    {
      relies: 'items whose startTime plus hours run past midnight are accepted',
      basis: { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' },
    },
    { relies: 'hours stay within 0.25 to 24, where 4.10 and part 8 agree', basis: { tolerant: 'batchChange: hoursBetween(0.25, 24)' } },
  ],
  'BATCH-DELETE-APPLIED': [
    { relies: 'a batch delete of 2 ids answers exactly 200', basis: { spec: '4.10: "Success is 200 with a `data` envelope"' } },
    {
      relies: 'each listed entry reads no 2xx right after',
      basis: { spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    { relies: 'the entry not listed still reads 200', basis: { spec: '4.10: "`ids`: array (1 to 100) of uuid"' } },
    { relies: 'the content of the answer is not read', basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' } },
  ],

  // --- Allocations (suites/allocations.test.ts, harness/generators/allocations.ts, harness/steps/allocations.ts) ---
  'AL-CREATE-VALID': [
    {
      relies: 'every generated valid create answers exactly 201 with the record and its id',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' },
    },
    {
      relies: 'the create answer and GET /allocations/{id} (200, no wait) carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'values equal up to representation (numbers as strings, dates as midnight date-times)',
      basis: { tolerant: 'compare.ts sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'hours and hoursPerDay sent together: one of them holds the value sent',
      basis: { tolerant: 'lifecycle linked [hours, hoursPerDay]: one holding the value sent is enough (linked-fields observed)' },
    },
    { relies: 'startDate never after endDate', basis: { tolerant: 'earlyDate (2000-2014) and lateDate (2015-2030): every start precedes every end' } },
    {
      relies: 'constraintReason and notes come back as sent',
      basis: { tolerant: 'text(): no surrounding spaces, so a trimming server returns them unchanged', variant: 'normalised-values' },
    },
    {
      relies: 'resourceId or groupId null read back null or absent',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field' },
    },
    {
      relies: 'allocations of 2 shared resources, overlapping for years at up to 24 h/day, are all accepted (no ruleFree)',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
    {
      relies: 'hours drawn in hundredths (amount(2000)) come back exactly',
      basis: { tolerant: 'hoursBetween: allocation hours are multiples of 0.05 h, exact in hundredths, whole minutes or seconds' },
    },
    {
      relies: 'hours unrelated to hoursPerDay times the days of the span are accepted',
      basis: {
        tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
        variant: 'business-rules',
      },
    },
    {
      relies: 'spans of up to 31 years (2000 to 2030) are accepted, or accepted when moved to a short span near today',
      basis: {
        tolerant:
          'lifecycle ruleFree: a refused body naming a date is sent once more with startDate 14 and endDate 18 days after today (suites/allocations.test.ts nearSpan) on a fresh resource; accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'an allocation with neither resource nor group (both null) is accepted, or accepted with a resource',
      basis: {
        tolerant:
          'lifecycle ruleFree: a refused body is sent once more on a fresh resource, resourceId null included; accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'notes with runs of inner spaces come back with them',
      basis: { tolerant: 'compare.ts sameValue: free text may come back with its white space collapsed and trimmed', variant: 'normalised-values' },
    },
  ],
  'AL-CREATE-REQUIRED': [
    { relies: 'a create without taskId, startDate or endDate is rejected', basis: { spec: '2.6: "startDate | `<date>` | required"' } },
    { relies: 'the rejection is a 4xx', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-IDS-UUID': [
    {
      relies: 'non-UUID taskId, resourceId or groupId is rejected on create and update',
      basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
    },
    { relies: 'resourceId and groupId both null on create answer 201', basis: { spec: '2.6: "resourceId | uuid | optional, nullable | optional, nullable"' } },
    { relies: 'both read back null or absent', basis: { tolerant: 'the check accepts null or undefined' } },
    {
      relies: 'an allocation with no resource and no group is accepted, or with a resource and groupId null',
      basis: {
        tolerant: 'a 4xx to both null is sent once more with a fresh resource; accepted then, business-rule is observed and groupId null alone is judged',
        variant: 'record-rules',
      },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-DATES-REAL': [
    {
      relies: 'impossible or malformed startDate and endDate are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'unpadded or other-form dates are rejected', basis: { spec: 'Conventions: "`<date>` means a string in the form YYYY-MM-DD"' } },
    { relies: 'an allocation from 2024-02-29 to 2024-02-29 answers 201', basis: { spec: '2.6: "startDate | `<date>` | required"' } },
    { relies: 'startDate equal to endDate (one day) is accepted', basis: { tolerant: 'the leap-day check spans two days (02-28 to 02-29, 02-29 to 03-01)' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-HOURS': [
    { relies: 'hoursPerDay 0 and 24 answer 201', basis: { spec: '2.6: "hoursPerDay | number, 0 to 24"' } },
    { relies: 'hours 0 answers 201', basis: { spec: '2.6: "hours | number >= 0"' } },
    { relies: 'hoursPerDay -0.5 and 24.5 (and generated values outside) and hours -1 are rejected', basis: { spec: '2.6: "hoursPerDay | number, 0 to 24"' } },
    {
      relies: 'hoursPerDay 24 breaks no capacity rule',
      basis: {
        tolerant:
          'minimalAllocation books a resource of its own, on which no other allocation books hours per day, so no capacity is exceeded; it names a resource because a server may require an assignee',
        variant: 'business-rules',
      },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-CONSTRAINT-REASON': [
    {
      relies: '1000 characters between runs of spaces are accepted on create (201) and update (200)',
      basis: { spec: '8: "constraintReason | max 1000 characters after trimming"' },
    },
    {
      relies: '1001 characters after trimming, with or without spaces, are rejected',
      basis: { spec: '2.6: "constraintReason | string, trimmed, max length 1000"' },
    },
    { relies: 'whether the reason is stored trimmed is recorded, not judged', basis: { observation: 'constraint-reason-stored' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-FIELD-TYPES': [
    {
      relies: 'strings for numbers ("7.5"), strings or numbers for booleans, non-strings for notes are rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'null for taskId, dates, hoursPerDay, hours, constraintAcknowledged is rejected',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-UPDATE-VALID': [
    {
      relies: 'a full create answers 201 and every generated valid update exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' },
    },
    {
      relies: 'the update answer and a later GET carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' },
    },
    {
      relies: 'values equal up to representation; nullable fields null as null or absent',
      basis: { tolerant: 'compare.ts sameValue and null accepting an absent field', variant: 'normalised-values' },
    },
    { relies: 'a date sent alone stays on the right side of the other', basis: { tolerant: 'earlyDate and lateDate: every start precedes every end' } },
    { relies: 'hours and hoursPerDay sent together: one holds the value sent', basis: { tolerant: 'lifecycle linked [hours, hoursPerDay]' } },
    {
      relies: 'a move to the other shared resource, overlapping its allocations, is accepted (no ruleFree)',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
    {
      relies: 'hours sent alone in hundredths come back exactly',
      basis: { tolerant: 'hoursBetween: allocation hours are multiples of 0.05 h, exact in hundredths, whole minutes or seconds' },
    },
    {
      relies: 'resourceId null with groupId null is accepted, or the update is accepted with a resource',
      basis: { tolerant: 'lifecycle ruleFree: a refused update is sent once more with a fresh resourceId (business-rule observed)', variant: 'record-rules' },
    },
    {
      relies: 'notes with runs of inner spaces come back with them',
      basis: { tolerant: 'compare.ts sameValue: free text may come back with its white space collapsed and trimmed', variant: 'normalised-values' },
    },
  ],
  'AL-UPDATE-OMITTED': [
    { relies: 'a full create answers 201 and a valid update 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' } },
    {
      relies: 'every field the update did not name reads back as created (constraintAcknowledged included)',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    {
      relies: 'hours and hoursPerDay are not compared when the update names either or a date',
      basis: { tolerant: 'lifecycle linked with inputs [startDate, endDate]: they may be derived' },
    },
    { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue', variant: 'normalised-values' } },
    {
      relies: 'creates and updates on the shared resources are accepted whatever the load (no ruleFree)',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
  ],
  'AL-UPDATE-NULL-CLEARS': [
    {
      relies: 'a PATCH of resourceId, groupId, notes or constraintReason to null answers 200',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    { relies: 'each field set to null reads back null or absent', basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field' } },
    {
      relies: 'resourceId null is accepted while groupId is null too, or the clear is accepted with a resource',
      basis: {
        tolerant: 'lifecycle: a refused clear is sent once more through ruleFree (a fresh resourceId); business-rule observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'the full create on a shared resource is accepted (no ruleFree)',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
  ],
  'AL-DELETE': [
    {
      relies: 'a sampled valid allocation is created (201) and reads back (200)',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in `data`"' },
    },
    { relies: 'DELETE /allocations/{id} answers exactly 204', basis: { spec: '4 Common rules: "Delete success: 204 without body"' } },
    {
      relies: 'a GET right after the delete answers no 2xx',
      basis: { spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    { relies: 'the status of the read after delete is recorded', basis: { observation: 'deleted-read-status' } },
    {
      relies: 'the sampled create on a shared resource is accepted (no ruleFree)',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
  ],
  'AL-QUERY-INVALID': [
    {
      relies: 'non-UUID resourceId, taskId or projectId filters are rejected',
      basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
    },
    {
      relies: 'impossible or unpadded dateFrom and dateTo are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'AL-FILTER-REFS': [
    {
      relies: 'the fixture (6 allocations, 4 h/day; 8 h/day on res A 03-04..05, two overlapping on task A) is created with 201',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
    {
      relies: 'resourceId and taskId list the allocations with that reference and leave out the others',
      basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
    },
    {
      relies: 'each page (limit 100) answers 200 with `data`, right after the creates',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
    {
      relies: 'every listed record carries resourceId or taskId equal to the filter (strict !==, absent fails)',
      basis: { tolerant: 'steps/lists.ts firstWithOther: a record listed without the field is read by id before it is judged' },
    },
    {
      relies: 'projectId and resourceId sent together narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    { relies: 'tasks created under the project count as in it', basis: { spec: '4.7: "the task is a child of a project or another task"' } },
    {
      relies: 'an unknown projectId lists none of the fixture, or is refused with a 4xx',
      basis: { tolerant: 'expectFilteredUnlessRefused: a 4xx lists nothing; only a 200 is judged' },
    },
    { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-reference-filter' } },
    { relies: 'CONFORMANCE_PROJECT_ID is configured for the projectId check', basis: { tolerant: 't.need: without it the check is skipped, not failed' } },
  ],
  'AL-FILTER-DATE': [
    {
      relies: 'dateFrom and dateTo, alone and together, keep an allocation inside and leave out those entirely outside',
      basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
    },
    {
      relies: 'the same verdicts hold under overlap, containment, start-in or end-in readings',
      basis: { tolerant: 'the judged fixture allocations lie wholly inside or wholly outside every range sent' },
    },
    { relies: 'which rule keeps allocations that only overlap the range is recorded', basis: { observation: 'allocation-date-filter' } },
    { relies: 'whether a bound includes its own day is recorded', basis: { observation: 'date-filter-bounds' } },
    {
      relies: 'the one-page lists used for the observations answer 200',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' },
    },
    {
      relies: 'resourceId sent with the date filters narrows the list too (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the fixture (8 h/day on res A, overlapping allocations on task A) is created with 201',
      basis: {
        tolerant:
          'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
        variant: 'business-rules',
      },
    },
  ],
};
