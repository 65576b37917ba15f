import type { Basis } from './record.js';

/*
 * The reasons many requirements' reliances share, named once (issue 43: the audit's repeated text):
 * a record's audit names the basis (`basis: ANY_4XX_REJECTS`) instead of writing its words again.
 * Each is the spec's words with their section (`spec`), how a check accepts every reasonable
 * choice where the spec is silent (`tolerant`, with the variant that makes another choice), or
 * the observation topic where the check only records what the target chose. A basis written
 * once in one record stays in that record; one shared by several lives here.
 */

export const VALIDATION_STATUS_OBSERVED: Basis = { observation: 'validation-status' };

export const ANY_4XX_REJECTS: Basis = { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' };

export const LIST_SETTLES: Basis = {
  tolerant:
    'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
  variant: 'eventual-lists',
};

export const ANY_4XX_STATUS_OBSERVED: Basis = { tolerant: 'any 4xx passes; status observed as validation-status' };

export const SPEC_GET_UPDATE_200: Basis = { spec: '4 Common rules: "Get and update success: 200 with the record in `data`"' };

export const SPEC_QUERY_ONE_REQUEST: Basis = {
  spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
};

export const SPEC_BODIES_INVALID: Basis = { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' };

export const ENUM_VALUES_ONLY: Basis = { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' };

export const SPEC_MALFORMED_REJECTED: Basis = {
  spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
};

export const SPEC_NULLABLE_CLEARS: Basis = { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' };

export const UNIQUE_MILESTONE_NAMES: Basis = {
  tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made',
  variant: 'unique-names',
};

export const RUN_TAG_UNCHANGED: Basis = {
  tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it',
  variant: 'normalised-values',
};

export const SPEC_KEY_ONE_ORGANISATION: Basis = { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' };

export const DELETED_READ_STATUS_OBSERVED: Basis = { observation: 'deleted-read-status' };

export const BRIEF_LISTS_READ_BY_ID: Basis = {
  tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)',
  variant: 'brief-lists',
};

export const SPEC_CREATE_201: Basis = { spec: '4 Common rules: "Create success: 201 with the record in `data`"' };

export const SPEC_CONTENTS_NOT_SHOWN: Basis = { spec: '4 Common rules: "Contents of the records inside `data` beyond the request fields: not shown"' };

export const ENTRY_ON_ITS_DAY: Basis = { tolerant: 'generators/entry-rules.ts: a generated entry with a startTime ends on its own day' };

export const ONLY_2XX_FAILS: Basis = { tolerant: 'expectNot2xx(): only a 2xx fails' };

export const EXPENSE_FIXTURE_REFUSED: Basis = {
  tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive',
  variant: 'expense-rules',
};

export const ALLOCATION_RULE_FREE: Basis = {
  tolerant:
    'lifecycle ruleFree: a valid allocation refused with a 4xx is sent once more on a fresh resource (business-rule observed); the filter fixture books 1 h a day',
  variant: 'business-rules',
};

export const WRITE_REFUSALS_OBSERVED: Basis = {
  tolerant:
    'any 4xx to any write is taken as the server refusing it (a business rule, a state it refuses to leave): observed, never failed, and the record judged as before it',
  variant: 'expense-rules',
};

export const LISTS_READ_AGAIN: Basis = {
  tolerant: 'every list judgement is read again until it holds or the bound passes (harness/steps/settle.ts)',
  variant: 'eventual-lists',
};

export const NORMAL_FORMS: Basis = { tolerant: 'harness/steps/compare.ts mismatch(): normal forms, decimal strings, tag sets', variant: 'normalised-values' };

export const SPEC_LIST_200: Basis = { spec: '4 Common rules: "List (GET collection) success: 200 with the records in `data`"' };

export const THROTTLED_REFUSALS: Basis = {
  tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled',
  variant: 'throttled-refusals',
};

export const ENTRY_DURATIONS: Basis = {
  tolerant: 'generators/entry-rules.ts: generated bodies keep durationSeconds = hours x 3600, and at least 900 s alone',
  variant: 'business-rules',
};

export const SPEC_OMITTED_UNCHANGED: Basis = { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' };

export const SPEC_TIME_ENTRY_QUERY: Basis = {
  spec: '4.3: "Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real dates), isBillable, isInvoiced (booleans)"',
};

export const SPEC_BATCH_200: Basis = { spec: '4.10: "Success is 200 with a `data` envelope"' };

export const MILESTONE_RULE_FREE: Basis = {
  tolerant:
    'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
  variant: 'planning-rules',
};

export const SETUP_CREATED_INCONCLUSIVE: Basis = {
  tolerant:
    'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
};

export const INACTIVE_IN_LIST_OBSERVED: Basis = { observation: 'inactive-in-list-without-isActive' };

export const SPEC_KEY_TWO_FORMS: Basis = {
  spec: '5: "Every request carries an organisation API key, sent either as the header X-API-Key: <API_KEY> or as Authorization: Bearer <API_KEY>."',
};

export const ABSENT_FIELDS_OBSERVED: Basis = {
  tolerant:
    'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
  variant: 'sparse-records',
};

export const TEXT_WHITESPACE_NFC: Basis = {
  tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC',
  variant: 'normalised-values',
};

export const SPEC_DELETE_DESCRIBED: Basis = {
  spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"',
};

export const ANY_4XX_QUERIES_LEFT_OUT: Basis = { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' };

export const NULL_ACCEPTS_ABSENT_OR_EMPTY: Basis = { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' };

export const SAME_VALUE: Basis = { tolerant: 'compare.ts sameValue', variant: 'normalised-values' };

export const TASK_RULE_FREE: Basis = {
  tolerant:
    'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
  variant: 'planning-rules',
};

export const SPEC_PAGING_IN_PAGINATION: Basis = { spec: '4 Common rules: "paging totals, limit and offset in pagination"' };

export const SEND_CASE_4XX: Basis = { tolerant: 'sendCase(): any 4xx is rejected; status observed as validation-status' };

export const CONTROL_REFUSED_UNDECIDED: Basis = { tolerant: 'control(): a refused base leaves its cases undecided (inconclusive), never failed' };

export const SETUP_CREATED_PATCH_BATCH: Basis = {
  tolerant: 'setupCreated() (harness/steps/setup-created.ts) for the records of PATCH and batch cases: a refused create leaves the check inconclusive',
};

export const BATCH_ITEM_NOTHING_APPLIED: Basis = {
  tolerant:
    'a 2xx to a batch item case passes when nothing of the item was applied (no new entry carries its description; the updated entry does not show it), observed as batch-invalid-item-status (input-targets.ts appliedNothing)',
  variant: 'batch-item-refusals',
};

export const SPEC_ORGANISATION_SCOPE: Basis = { spec: '1: "All data is scoped to the organisation that owns the API key."' };

export const UNIQUE_EMAILS: Basis = {
  tolerant: 'generators/primitives.ts email(): eight hex digits in the local part that never shrink, so no e-mail repeats',
  variant: 'unique-names',
};

export const NULL_OR_MISSING_ACCEPTED: Basis = { tolerant: 'mismatch() accepts null or a missing field where null was sent' };

export const TEXT_WHITESPACE: Basis = {
  tolerant: 'compare.ts sameValue: free text may come back with its white space collapsed and trimmed',
  variant: 'normalised-values',
};

export const SPEC_MIN_HOURS: Basis = { spec: '2.3: "when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25"' };

export const NULL_ACCEPTS_ABSENT: Basis = { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field' };

export const LISTED_WITHOUT_FIELD_READ: Basis = {
  tolerant: 'steps/lists.ts firstWithOther: a record listed without the field is read by id before it is judged',
};

export const DATE_FILTER_BOUNDS_OBSERVED: Basis = { observation: 'date-filter-bounds' };

export const SPEC_RECORDS_IN_DATA: Basis = { spec: '2 General rules: "responses carry records inside data"' };

export const SPEC_STATUS_SET_DIRECTLY: Basis = { spec: '3.1: "status may also be set directly on create and update"' };

export const SPEC_SIXTY_PER_MINUTE: Basis = { spec: '8: "60 requests per minute per key; a key may carry a custom per-minute limit"' };

export const ROUTE_LEAVES_ROTATION: Basis = {
  tolerant:
    "sequentialBurst(): a route answered 403 or 404 at its first use leaves the rotation, is recorded (rate-limit-routes) and counts as spent budget where Remaining fell; a 403 or 404 of a route admitted before is the limit's answer",
  variant: 'read-only-keys',
};
