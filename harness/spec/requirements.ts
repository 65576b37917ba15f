import type { Level } from '../report/model.js';
import { SEQUENCE_REQUIREMENTS } from './sequences.js';

/**
 * The requirement catalogue: every normative statement of the spec that the suite covers, with a
 * stable id. Ids never change meaning; a retired requirement keeps its id out of use.
 * Level: MUST where the spec states the rule; SHOULD where it is silent but one answer is clearly
 * expected (the check then records what the target chose as an observation).
 */
export interface Requirement {
  readonly level: Level;
  /** Section of docs/spec (`2.1`, `4`, `5.1`, ...). */
  readonly section: string;
  /** Catalogue area, used to group the coverage table. */
  readonly area:
    | 'common'
    | 'auth'
    | 'contacts'
    | 'time-entries'
    | 'batch'
    | 'expenses'
    | 'rates'
    | 'resources'
    | 'allocations'
    | 'tasks'
    | 'projects'
    | 'milestones'
    | 'reports'
    | 'security'
    | 'webhooks'
    | 'rate-limit'
    | 'sequences';
  readonly statement: string;
}

const req = (level: Level, section: string, area: Requirement['area'], statement: string): Requirement => ({
  level,
  section,
  area,
  statement,
});

export const REQUIREMENTS = {
  // --- Common response rules (spec 4 "Common rules", 7) ---
  'ENV-LIST': req('MUST', '4', 'common', 'A list succeeds with 200, the records in a `data` array and paging in `pagination`.'),
  'ENV-CREATE': req('MUST', '4', 'common', 'A create succeeds with 201 and the created record (with its id) in `data`.'),
  'ENV-GET': req('MUST', '4', 'common', 'A get by id succeeds with 200 and the record in `data`.'),
  'ENV-UPDATE': req('MUST', '4', 'common', 'An update succeeds with 200 and the record in `data`.'),
  'ENV-DELETE': req('MUST', '4, 7', 'common', 'A delete succeeds with 204 and no body.'),
  'ID-UNKNOWN-REFUSED': req(
    'MUST',
    '7',
    'common',
    'An id that does not exist is never answered with 2xx on get and update; a delete of one removes nothing (its status is observed: an idempotent 204 is a legitimate choice).',
  ),
  'ID-UNKNOWN-404': req('SHOULD', '7', 'common', 'An id that does not exist is answered with 404 on get, update and delete (status not shown by the spec).'),
  'BODY-MALFORMED-JSON': req('MUST', '7', 'common', 'A body that is not valid JSON is rejected with a 4xx status, never 2xx or 5xx.'),
  'VALIDATION-STATUS-CONSISTENT': req(
    'SHOULD',
    '7',
    'common',
    'Every request body that fails the schema is answered with the same 4xx status (status not shown by the spec; malformed queries may be answered with another).',
  ),
  'BOOL-FILTER-TRUE': req(
    'MUST',
    '4',
    'common',
    'A boolean query filter means true only for the exact string `true`; any other value (`TRUE`, `1`, `yes`) means false.',
  ),

  // --- Invalid input derived from one field table (spec 2, 4, 7, 8; harness/spec/inputs) ---
  'INPUT-TYPE': req(
    'MUST',
    '2, 4, 7',
    'common',
    'A body field sent with another JSON type than its own (a string for a number, a number for a string, an array or object for a scalar, a fraction for an integer, an item of the wrong type) is rejected, on every create, update, batch item and action body.',
  ),
  'INPUT-NULL': req(
    'MUST',
    '2, 4, 7',
    'common',
    'null for a body field the spec does not mark nullable is rejected, on create, update, batch items and action bodies.',
  ),
  'INPUT-BOUNDS': req(
    'MUST',
    '2, 4, 7, 8',
    'common',
    'A value one smallest step past a stated bound (a number range, a length, an item count) is rejected, in bodies and in query parameters.',
  ),
  'INPUT-FORMAT': req(
    'MUST',
    '2, 4, 7',
    'common',
    'A formatted value from a neighbouring format (an impossible or unpadded date, a date-time for a date, a UUID one character short or with a non-hex character, an e-mail without @ or domain, a URL without scheme, 24:00 or 12:60 for a time, a colour without # or with 5 digits, an enum value that is none of its values, a property a strict object does not list) is rejected, in bodies and in query parameters.',
  ),
  'INPUT-FORMAT-STRICT': req(
    'SHOULD',
    '2, 4, 7',
    'common',
    'A value a lax parser would only normalise (a UUID without hyphens or in braces, an enum value in another case) is rejected: the spec names the exact format; a target that normalises it is observed.',
  ),

  // --- Paging (spec 4, 7, 8) ---
  'PAGE-LIMIT-RANGE': req('MUST', '4, 7, 8', 'common', '`limit` outside the integers 1 to 100 (0, 101, -1, 1.5, abc) is rejected with a 4xx status.'),
  'PAGE-OFFSET-RANGE': req('MUST', '4, 7, 8', 'common', '`offset` that is not an integer >= 0 (-1, 1.5, abc) is rejected with a 4xx status.'),
  'PAGE-DEFAULTS': req('MUST', '4, 8', 'common', 'Without paging parameters, `limit` is 50 and `offset` is 0, as echoed in `pagination`.'),
  'PAGE-ECHO': req('MUST', '4', 'common', '`pagination` echoes the requested `limit` and `offset`.'),
  'PAGE-TOTAL': req('MUST', '4', 'common', '`pagination` carries the total number of matching records (field name not shown by the spec).'),
  'PAGE-LIMIT-APPLIED': req('MUST', '4, 8', 'common', 'A list returns at most `limit` records.'),
  'PAGE-OFFSET-APPLIED': req(
    'MUST',
    '4, 8',
    'common',
    '`offset` skips that many matching records: an offset at or past the total returns no records and walking the pages returns each record once.',
  ),

  // --- Authentication and organisation scope (spec 5) ---
  'AUTH-X-API-KEY': req('MUST', '5.1', 'auth', 'A valid key sent as `X-API-Key: <key>` is accepted.'),
  'AUTH-BEARER': req('MUST', '5.1', 'auth', 'A valid key sent as `Authorization: Bearer <key>` is accepted.'),
  'AUTH-MISSING-REFUSED': req('MUST', '5.1', 'auth', 'A request without a key is refused (never 2xx).'),
  'AUTH-UNKNOWN-REFUSED': req('MUST', '5.1, 5.4', 'auth', 'A well-formed key that belongs to no organisation is refused (never 2xx).'),
  'AUTH-MALFORMED-REFUSED': req('MUST', '5.2', 'auth', 'A key not of the form `<prefix>_<secret>` is refused (never 2xx).'),
  // SHOULD: spec 5 never says keys are case-sensitive (a hex or base32 secret may be decoded in any case, to the same bytes).
  'AUTH-CASE-EXACT': req('SHOULD', '5.1, 5.2', 'auth', 'A key is matched exactly: the same key in a different letter case is refused (never 2xx).'),
  'AUTH-KEY-EXACT': req(
    'MUST',
    '5.1, 5.2',
    'auth',
    'A key is matched by its fixed prefix: the secret part of a valid key under another prefix is refused (never 2xx).',
  ),
  // SHOULD: spec 5 never says how a secret is compared; one decoded leniently (base64 padding, an odd hex nibble dropped) gives the same bytes.
  'AUTH-KEY-NEAR-MISS': req(
    'SHOULD',
    '5.1, 5.2',
    'auth',
    'A key is matched exactly: a valid key with its last character removed or appended is refused (never 2xx).',
  ),
  'AUTH-REFUSED-401': req('SHOULD', '5, 7', 'auth', 'A missing, unknown or malformed key is answered with 401 (status not shown by the spec).'),
  'AUTH-ORG-SCOPE': req('MUST', '5.4', 'auth', "A key sees only its organisation's data: another organisation's record is neither readable by id nor listed."),

  // --- Contacts (spec 2.1, 4.1) ---
  'CT-CREATE-VALID': req('MUST', '2.1, 4.1', 'contacts', 'A contact create body that follows 2.1 is accepted (201) and the record carries the values sent.'),
  'CT-CREATE-REQUIRED': req('MUST', '2.1', 'contacts', 'A contact create without `contactType` or without `name` is rejected.'),
  'CT-TYPE-ENUM': req('MUST', '2.1', 'contacts', '`contactType` is one of `company`, `individual`; any other value is rejected.'),
  'CT-NAME-MIN': req('MUST', '2.1', 'contacts', '`name` has at least 1 character; an empty name is rejected.'),
  'CT-EMAIL-FORMAT': req('MUST', '2.1', 'contacts', '`email` and `billingEmail` must be e-mail addresses; anything else is rejected.'),
  'CT-WEBSITE-URL': req('MUST', '2.1', 'contacts', '`website` must be a URL; anything else is rejected.'),
  'CT-PAYMENT-TERMS': req('MUST', '2.1', 'contacts', '`paymentTermsDays` is an integer >= 0; negative or fractional values are rejected.'),
  'CT-PARENT-UUID': req('MUST', '2, 2.1', 'contacts', '`parentContactId` is a UUID; a non-UUID value is rejected.'),
  'CT-FIELD-TYPES': req(
    'MUST',
    '2.1, 7',
    'contacts',
    'Every contact field has its stated type (string, boolean, integer, array of string); a value of another type is rejected.',
  ),
  'CT-NULL-NOT-NULLABLE': req('MUST', '2.1', 'contacts', 'null is rejected for fields that are not nullable (contactType, name, isBillable, isActive, tags).'),
  'CT-UPDATE-VALID': req('MUST', '2.1, 4.1', 'contacts', 'A contact update body that follows 2.1 is accepted (200) and its values are applied.'),
  'CT-UPDATE-OMITTED': req('MUST', '2', 'contacts', 'Fields omitted from a contact update stay unchanged.'),
  'CT-UPDATE-NULL-CLEARS': req('MUST', '2, 2.1', 'contacts', 'null on a nullable contact field clears it.'),
  'CT-DELETE': req('MUST', '4.1', 'contacts', 'A deleted contact can no longer be read (never 2xx).'),
  'CT-QUERY-INVALID': req(
    'MUST',
    '4.1, 7',
    'contacts',
    'Malformed contact list filters are rejected: contactType outside the enum, non-UUID parentContactId, contactTypeKey shorter than 1 or longer than 30.',
  ),
  'CT-QUERY-TYPE-KEY': req('MUST', '4.1, 8', 'contacts', '`contactTypeKey` of length 1 to 30 is accepted.'),
  'CT-FILTER-TYPE': req('MUST', '4.1', 'contacts', 'The `contactType` filter returns only contacts of that type.'),
  'CT-FILTER-PARENT': req('MUST', '4.1', 'contacts', 'The `parentContactId` filter returns only children of that contact.'),
  'CT-FILTER-ACTIVE': req('MUST', '4.1', 'contacts', 'The `isActive` filter returns only contacts with that flag.'),
  'CT-FILTER-BILLABLE': req('MUST', '4.1', 'contacts', 'The `isBillable` filter returns only contacts with that flag.'),
  'CT-FILTER-SEARCH': req(
    'SHOULD',
    '4.1',
    'contacts',
    'The `search` filter finds a contact by a word of its name and leaves out contacts without it (matching rules not shown).',
  ),
  // --- Not-accepted fields (spec 2, 2.5; issue rule: never applied) ---
  'FIELD-NOT-ACCEPTED': req('MUST', '2', 'common', 'A field the spec marks "not accepted" in a non-strict body is rejected or ignored, never applied.'),
  // --- Status transitions (spec 3.1, 3.2, 3.3: not shown, so each one may be accepted or refused) ---
  'TRANSITION-REFUSED-UNCHANGED': req(
    'MUST',
    '3.1, 3.2, 3.3',
    'common',
    'A status change (update, approve, reject, complete) is either accepted (2xx) and applied, or refused with a 4xx (never 5xx) that leaves the record as it was; which ones are refused is observed.',
  ),

  // --- Time entries (spec 2.3, 4.3, 8) ---
  'TE-CREATE-VALID': req(
    'MUST',
    '2.3, 4.3',
    'time-entries',
    'A time entry create body that follows 2.3 is accepted (201) and the record carries the values sent.',
  ),
  'TE-CREATE-REQUIRED': req('MUST', '2.3', 'time-entries', 'A time entry create without taskId, resourceId, date or hours is rejected.'),
  'TE-IDS-UUID': req('MUST', '2, 2.3', 'time-entries', '`taskId` and `resourceId` are UUIDs; non-UUID values are rejected (create and update).'),
  'TE-DATE-REAL': req(
    'MUST',
    '2.3',
    'time-entries',
    '`date` is a real calendar date YYYY-MM-DD: impossible or malformed dates (2023-02-29, 2024-02-30, 2024-04-31, 2024-13-01, 2024-00-10, 2024-1-5) are rejected; 2024-02-29 is accepted.',
  ),
  'TE-HOURS-CREATE-RANGE': req('MUST', '2.3, 8', 'time-entries', 'On create, `hours` is > 0 and <= 24: 0, negative values and values above 24 are rejected.'),
  'TE-HOURS-MIN-NON-TIMER': req(
    'MUST',
    '2.3, 8',
    'time-entries',
    'On create, an entry whose entrySource is not `timer` (absent means `manual`) with hours below 0.25 is rejected.',
  ),
  'TE-HOURS-MIN-ISSUE': req(
    'SHOULD',
    '2.3',
    'time-entries',
    'The rejection of a non-timer entry below 0.25 hours names the field `hours` (error body shape not shown).',
  ),
  'TE-HOURS-TIMER-ACCEPTED': req('MUST', '2.3', 'time-entries', 'On create, a `timer` entry with hours below 0.25 (for example 0.1) is accepted.'),
  'TE-DURATION-RANGE': req(
    'MUST',
    '2.3, 8',
    'time-entries',
    '`durationSeconds` is an integer > 0 and <= 86400: 0, 86401 and fractions are rejected; 1 and 86400 are accepted.',
  ),
  'TE-START-TIME-FORMAT': req(
    'MUST',
    '2.3',
    'time-entries',
    '`startTime` is `HH:MM`, hours 00-23, minutes 00-59: `24:00`, `12:60`, `7:05` are rejected; `00:00` and `23:59` are accepted.',
  ),
  'TE-ENTRY-SOURCE-ENUM': req(
    'MUST',
    '2.3',
    'time-entries',
    '`entrySource` is one of `manual`, `timer`, `copied`, `suggested`; any other value (`auto`, `import`, empty) is rejected (the same value in another case is INPUT-FORMAT-STRICT, a SHOULD).',
  ),
  'TE-FIELD-TYPES': req('MUST', '2.3, 7', 'time-entries', 'Every time entry field has its stated type; a value of another type is rejected.'),
  'TE-UPDATE-VALID': req(
    'MUST',
    '2.3, 4.3',
    'time-entries',
    'A time entry update body that follows 2.3 is accepted (200) and its values are applied (markedBilled included).',
  ),
  'TE-UPDATE-HOURS-RANGE': req(
    'MUST',
    '2.3, 8',
    'time-entries',
    'On update, `hours` is >= 0.25 and <= 24, whatever the entry source: 0.2 is rejected even for a timer entry.',
  ),
  'TE-UPDATE-OMITTED': req('MUST', '2', 'time-entries', 'Fields omitted from a time entry update stay unchanged.'),
  'TE-UPDATE-NULL-CLEARS': req('MUST', '2, 2.3', 'time-entries', 'null on a nullable time entry field (startTime, description, billableRate) clears it.'),
  'TE-DELETE': req('MUST', '4.3', 'time-entries', 'A deleted time entry can no longer be read (never 2xx).'),
  'TE-QUERY-INVALID': req(
    'MUST',
    '4.3, 7',
    'time-entries',
    'Malformed time entry filters are rejected: non-UUID taskId, resourceId or projectId; impossible dateFrom or dateTo.',
  ),
  'TE-FILTER-TASK': req('MUST', '4.3', 'time-entries', 'The `taskId` filter returns only entries of that task.'),
  'TE-FILTER-RESOURCE': req('MUST', '4.3', 'time-entries', 'The `resourceId` filter returns only entries of that resource.'),
  'TE-FILTER-PROJECT': req(
    'MUST',
    '4.3',
    'time-entries',
    'The `projectId` filter returns entries of tasks in that project and leaves out entries of other projects.',
  ),
  'TE-FILTER-DATE': req(
    'MUST',
    '4.3',
    'time-entries',
    '`dateFrom` and `dateTo` return entries dated inside the range and leave out entries outside it (boundaries not shown: observed).',
  ),
  'TE-FILTER-BILLABLE': req('MUST', '4.3', 'time-entries', 'The `isBillable` filter returns only entries with that flag.'),
  'TE-FILTER-INVOICED': req('MUST', '4.3', 'time-entries', 'The `isInvoiced` filter leaves out entries never invoiced when true and includes them when false.'),

  // --- Batch operations (spec 4.10, 8) ---
  'BATCH-SIZE': req('MUST', '4.10, 8', 'batch', '`entries`, `updates` and `ids` hold 1 to 100 items: 0 and 101 items are rejected.'),
  'BATCH-ENVELOPE': req('MUST', '4.10', 'batch', 'A successful batch create, update or delete answers 200 with a `data` envelope.'),
  'BATCH-CREATE-VALID': req('MUST', '4.10', 'batch', 'Valid batch entries (startTime `HH:MM` or `HH:MM:SS`, hours 0.25 to 24, 1 or 100 items) are accepted.'),
  'BATCH-CREATE-VISIBLE': req('MUST', '4.10', 'batch', 'Entries created by a batch are visible through GET /time-entries with the values sent.'),
  'BATCH-ITEM-RULES': req(
    'MUST',
    '4.10, 7',
    'batch',
    'A batch item that breaks an item rule (UUIDs, real dates, hours 0 to 24, startTime, billableRate >= 0) is never applied (partial-failure behaviour observed).',
  ),
  'BATCH-UPDATE-APPLIED': req('MUST', '4.10', 'batch', 'A batch update applies each item to its entry.'),
  'BATCH-DELETE-APPLIED': req('MUST', '4.10', 'batch', 'A batch delete removes the listed entries.'),

  // --- Expenses (spec 2.2, 3.1, 4.2) ---
  'EX-CREATE-VALID': req('MUST', '2.2, 4.2', 'expenses', 'An expense create body that follows 2.2 is accepted (201) and the record carries the values sent.'),
  'EX-CREATE-REQUIRED': req('MUST', '2.2', 'expenses', 'An expense create without expenseType, amount or date is rejected.'),
  'EX-AMOUNT-MIN': req('MUST', '2.2', 'expenses', '`amount` is a number >= 0; negative amounts are rejected.'),
  'EX-TYPE-ENUM': req('MUST', '2.2', 'expenses', '`expenseType` is one of `supplier_invoice`, `staff_claim`, `direct_cost`; any other value is rejected.'),
  'EX-STATUS-ENUM': req(
    'MUST',
    '2.2, 3.1',
    'expenses',
    '`status` and `reimbursementStatus` are expense statuses (`draft`, `pending`, `approved`, `rejected`, `paid`); any other value is rejected, and every listed value is accepted on create.',
  ),
  'EX-CURRENCY-LENGTH': req('MUST', '2.2', 'expenses', '`currency` has exactly 3 characters; other lengths are rejected.'),
  'EX-MODIFIERS': req(
    'MUST',
    '2.2',
    'expenses',
    'Each billable modifier has `id` (UUID), `name`, `type` (`percentage`, `amount`, `multiplier`) and `value` (string); a modifier missing one or breaking one is rejected.',
  ),
  'EX-IDS-UUID': req(
    'MUST',
    '2, 2.2',
    'expenses',
    'Expense reference fields (rootTaskId, taskId, supplierId, claimedByResourceId, purchaseOrderId, purchaseOrderLineId) are UUIDs; non-UUID values are rejected.',
  ),
  'EX-FIELD-TYPES': req('MUST', '2.2, 7', 'expenses', 'Every expense field has its stated type; a value of another type is rejected.'),
  'EX-NULL-NOT-NULLABLE': req(
    'MUST',
    '2.2',
    'expenses',
    'null is rejected for expense fields that are not nullable on update (expenseType, amount, currency, date, isBillable, markupPercentage, billableModifiers, status, tags).',
  ),
  'EX-UPDATE-VALID': req(
    'MUST',
    '2.2, 4.2',
    'expenses',
    'An expense update body that follows 2.2 and leaves status and reimbursementStatus as they are is accepted (200) and its values are applied (status changes: TRANSITION-REFUSED-UNCHANGED).',
  ),
  'EX-UPDATE-OMITTED': req('MUST', '2', 'expenses', 'Fields omitted from an expense update stay unchanged.'),
  'EX-UPDATE-NULL-CLEARS': req(
    'MUST',
    '2, 2.2',
    'expenses',
    'null on a nullable expense field clears it (reimbursementStatus: from at least one status, since clearing it changes a state).',
  ),
  'EX-DELETE': req('MUST', '4.2', 'expenses', 'A deleted expense can no longer be read (never 2xx).'),
  'EX-APPROVE': req(
    'MUST',
    '4.2',
    'expenses',
    'POST /expenses/{id}/approve without a body answers 200 with the expense in `data` (from `pending`; from other statuses: TRANSITION-REFUSED-UNCHANGED).',
  ),
  'EX-REJECT': req(
    'MUST',
    '4.2',
    'expenses',
    'POST /expenses/{id}/reject, with or without a `reason`, answers 200 with the expense in `data` (from `pending`; from other statuses: TRANSITION-REFUSED-UNCHANGED).',
  ),
  'EX-APPROVE-STATUS': req('SHOULD', '3.1', 'expenses', 'An approved expense has status `approved` (the resulting status is not stated).'),
  'EX-REJECT-STATUS': req('SHOULD', '3.1', 'expenses', 'A rejected expense has status `rejected` (the resulting status is not stated).'),
  'EX-QUERY-INVALID': req(
    'MUST',
    '4.2, 7',
    'expenses',
    'Malformed expense filters are rejected: expenseType or status outside their enums, non-UUID rootTaskId, taskId, supplierId or claimedByResourceId.',
  ),
  'EX-FILTER-REFS': req(
    'MUST',
    '4.2',
    'expenses',
    'The rootTaskId, taskId, supplierId and claimedByResourceId filters return only expenses with that reference.',
  ),
  'EX-FILTER-TYPE': req('MUST', '4.2', 'expenses', 'The `expenseType` filter returns only expenses of that type.'),
  'EX-FILTER-CATEGORY': req('MUST', '4.2', 'expenses', 'The `category` filter returns expenses of that category and leaves out others.'),
  'EX-FILTER-STATUS': req('MUST', '4.2', 'expenses', 'The `status` filter returns only expenses with that status.'),
  'EX-FILTER-DATE': req('MUST', '4.2', 'expenses', '`dateFrom` and `dateTo` return expenses dated inside the range and leave out those outside it.'),
  'EX-FILTER-BILLABLE': req('MUST', '4.2', 'expenses', 'The `isBillable` filter returns only expenses with that flag.'),
  'EX-FILTER-INVOICED': req('MUST', '4.2', 'expenses', 'The `isInvoiced` filter leaves out expenses never invoiced when true and includes them when false.'),

  // --- Rates (spec 2.5, 3.5, 4.5) ---
  'RT-CREATE-VALID': req('MUST', '2.5, 4.5', 'rates', 'A rate create body that follows 2.5 is accepted (201) and the rate carries the values sent.'),
  'RT-CREATE-REQUIRED': req('MUST', '2.5', 'rates', 'A rate create without `name` or without `amount` is rejected.'),
  'RT-STRICT': req('MUST', '2.5', 'rates', 'Rate create, rate update and version create reject any property the spec does not list.'),
  'RT-UPDATE-NOT-ACCEPTED': req('MUST', '2.5, 4.5', 'rates', '`amount`, `period` and `hoursPerPeriod` are rejected on rate update (strict body).'),
  'RT-FIELD-RULES': req(
    'MUST',
    '2.5',
    'rates',
    'Rate fields keep their rules: name at least 1 character, rateType and period enums, currency of 3 characters, amount and hoursPerPeriod >= 0, booleans and string arrays typed.',
  ),
  'RT-UPDATE-VALID': req('MUST', '2.5, 4.5', 'rates', 'A rate update body that follows 2.5 is accepted (200) and its values are applied.'),
  'RT-GET-CURRENT': req('MUST', '4.5', 'rates', 'GET /rates/{id} returns the rate with its current version (the current amount appears in the record).'),
  'RT-VERSION-CREATE': req(
    'MUST',
    '2.5, 4.5',
    'rates',
    'POST /rates/{id}/versions with amount >= 0 and a real effectiveFrom date (changeReason optional) answers 201.',
  ),
  'RT-VERSION-INVALID': req(
    'MUST',
    '2.5',
    'rates',
    'A version without amount or effectiveFrom, with a negative amount or an impossible effectiveFrom date is rejected.',
  ),
  'RT-VERSIONS-LIST': req('MUST', '4.5', 'rates', 'GET /rates/{id}/versions answers 200 and lists every version of the rate in `data`.'),
  'RT-CURRENT-AFTER-VERSION': req(
    'SHOULD',
    '4.5',
    'rates',
    'After a version effective later than the initial one and no later than today, GET /rates/{id} shows its amount as current; with a tie on the same day, one of the tied amounts (the choice of current version is not shown).',
  ),
  'RT-DELETE-DEACTIVATES': req(
    'MUST',
    '2, 3.5, 4.5',
    'rates',
    'DELETE /rates/{id} answers 204 and deactivates: the rate then reads as inactive and the isActive filter reflects it.',
  ),
  'RT-QUERY-INVALID': req('MUST', '4.5, 7', 'rates', 'A rateType filter outside the enum is rejected.'),
  'RT-FILTER-TYPE': req('MUST', '4.5', 'rates', 'The `rateType` filter returns only rates of that type.'),
  'RT-FILTER-ACTIVE': req('MUST', '4.5', 'rates', 'The `isActive` filter returns only rates with that flag.'),
  'RT-FILTER-DEFAULT': req('MUST', '4.5', 'rates', 'The `isDefault` filter returns only rates with that flag.'),
  'RT-FILTER-SEARCH': req(
    'SHOULD',
    '4.5',
    'rates',
    'The `search` filter finds a rate by a word of its name and leaves out rates without it (matching rules not shown).',
  ),
  'RT-FILTER-TAGS': req(
    'MUST',
    '4.5',
    'rates',
    'The `tags` filter (one comma-separated string) returns rates carrying the tag and leaves out rates without any of the tags.',
  ),
  // --- Resources (spec 2.4, 4.4) ---
  'RS-CREATE-VALID': req('MUST', '2.4, 4.4', 'resources', 'A resource create body that follows 2.4 is accepted (201) and the record carries the values sent.'),
  'RS-CREATE-REQUIRED': req('MUST', '2.4', 'resources', 'A resource create without `name` is rejected.'),
  'RS-NAME-MIN': req('MUST', '2.4', 'resources', '`name` has at least 1 character; an empty name is rejected.'),
  'RS-EMAIL-FORMAT': req('MUST', '2.4', 'resources', '`email` must be an e-mail address; anything else is rejected.'),
  'RS-SALARY': req(
    'MUST',
    '2.4',
    'resources',
    '`salary` is a number >= 0 and `salaryPeriod` one of `hour`, `day`, `week`, `month`, `year`; other values are rejected.',
  ),
  'RS-IDS-UUID': req('MUST', '2, 2.4', 'resources', '`roleId` and `homeOfficeId` are UUIDs; non-UUID values are rejected.'),
  'RS-FIELD-TYPES': req(
    'MUST',
    '2.4, 7',
    'resources',
    'Every resource field has its stated type; null on a field that is not nullable (name, employmentType, tags, isActive) is rejected.',
  ),
  'RS-UPDATE-VALID': req(
    'MUST',
    '2.4, 4.4',
    'resources',
    'A resource update body that follows 2.4 (isActive included) is accepted (200) and its values are applied.',
  ),
  'RS-UPDATE-OMITTED': req('MUST', '2', 'resources', 'Fields omitted from a resource update stay unchanged.'),
  'RS-UPDATE-NULL-CLEARS': req('MUST', '2, 2.4', 'resources', 'null on a nullable resource field clears it.'),
  'RS-DELETE-SOFT': req('MUST', '2, 4.4', 'resources', 'DELETE /resources/{id} is a soft delete answered with 204 (what a later read returns is observed).'),
  'RS-QUERY-INVALID': req('MUST', '4.4, 7', 'resources', 'Malformed resource filters are rejected: non-UUID roleId or homeOfficeId.'),
  'RS-FILTER-ACTIVE': req('MUST', '4.4', 'resources', 'The `isActive` filter returns only resources with that flag.'),
  'RS-FILTER-REFS': req('MUST', '4.4', 'resources', 'The `roleId` and `homeOfficeId` filters return only resources with that reference.'),
  'RS-FILTER-SEARCH': req(
    'SHOULD',
    '4.4',
    'resources',
    'The `search` filter finds a resource by a word of its name and leaves out resources without it (matching rules not shown).',
  ),

  // --- Allocations (spec 2.6, 4.6) ---
  'AL-CREATE-VALID': req(
    'MUST',
    '2.6, 4.6',
    'allocations',
    'An allocation create body that follows 2.6 is accepted (201) and the record carries the values sent.',
  ),
  'AL-CREATE-REQUIRED': req('MUST', '2.6', 'allocations', 'An allocation create without taskId, startDate or endDate is rejected.'),
  'AL-IDS-UUID': req(
    'MUST',
    '2, 2.6',
    'allocations',
    '`taskId`, `resourceId` and `groupId` are UUIDs; non-UUID values are rejected (resourceId and groupId may be null).',
  ),
  'AL-DATES-REAL': req('MUST', '2.6, 7', 'allocations', '`startDate` and `endDate` are real calendar dates; impossible dates are rejected.'),
  'AL-HOURS': req('MUST', '2.6', 'allocations', '`hoursPerDay` is a number from 0 to 24 and `hours` a number >= 0; values outside are rejected.'),
  'AL-CONSTRAINT-REASON': req(
    'MUST',
    '2.6, 8',
    'allocations',
    '`constraintReason` is trimmed and at most 1000 characters after trimming: 1000 characters surrounded by spaces are accepted, 1001 are rejected.',
  ),
  'AL-FIELD-TYPES': req(
    'MUST',
    '2.6, 7',
    'allocations',
    'Every allocation field has its stated type (constraintAcknowledged boolean, notes string, ...); other types are rejected.',
  ),
  'AL-UPDATE-VALID': req('MUST', '2.6, 4.6', 'allocations', 'An allocation update body that follows 2.6 is accepted (200) and its values are applied.'),
  'AL-UPDATE-OMITTED': req('MUST', '2', 'allocations', 'Fields omitted from an allocation update stay unchanged.'),
  'AL-UPDATE-NULL-CLEARS': req('MUST', '2, 2.6', 'allocations', 'null on a nullable allocation field clears it.'),
  'AL-DELETE': req('MUST', '4.6', 'allocations', 'A deleted allocation can no longer be read (never 2xx).'),
  'AL-QUERY-INVALID': req(
    'MUST',
    '4.6, 7',
    'allocations',
    'Malformed allocation filters are rejected: non-UUID resourceId, taskId or projectId; impossible dateFrom or dateTo.',
  ),
  'AL-FILTER-REFS': req('MUST', '4.6', 'allocations', 'The resourceId, taskId and projectId filters return only allocations with that reference.'),
  'AL-FILTER-DATE': req(
    'MUST',
    '4.6',
    'allocations',
    '`dateFrom` and `dateTo` leave out allocations entirely outside the range and keep those inside it (overlap rules not shown: observed).',
  ),

  // --- Tasks and projects (spec 2.7, 4.7, 4.12) ---
  'TK-CREATE-VALID': req(
    'MUST',
    '2.7, 4.7',
    'tasks',
    'A task create body that follows 2.7, under a project or under another task, is accepted (201) and the record carries the values sent.',
  ),
  'TK-CREATE-REQUIRED': req('MUST', '2.7', 'tasks', 'A task create without parentTaskId, versionId or name is rejected.'),
  'TK-IDS-UUID': req('MUST', '2, 2.7', 'tasks', '`parentTaskId`, `versionId` and `taskTypeId` are UUIDs; non-UUID values are rejected.'),
  'TK-FIELD-RULES': req(
    'MUST',
    '2.7',
    'tasks',
    'Task field rules hold: name at least 1 character, taskType in the legacy enum, position an integer >= 0, typed fields typed.',
  ),
  'TK-STATUS-ENUM': req(
    'MUST',
    '2.7, 3.2',
    'tasks',
    'On update, `status` is one of `pending`, `in_progress`, `completed`, `blocked`, `cancelled`; any other value is rejected, and each listed value is accepted from some status a new task can reach by updates.',
  ),
  'TK-COLOR-FORMAT': req('MUST', '2.7', 'tasks', 'On update, `color` is `#` followed by 6 hex digits (or null); anything else is rejected.'),
  'TK-UPDATE-VALID': req(
    'MUST',
    '2.7, 4.7',
    'tasks',
    'A task update body that follows 2.7 and does not change the status is accepted (200) and its values are applied (status changes: TK-STATUS-ENUM, TRANSITION-REFUSED-UNCHANGED).',
  ),
  'TK-UPDATE-OMITTED': req('MUST', '2', 'tasks', 'Fields omitted from a task update stay unchanged.'),
  'TK-UPDATE-NULL-CLEARS': req('MUST', '2, 2.7', 'tasks', 'null on a nullable task field clears it.'),
  'TK-DELETE-SOFT': req('MUST', '2, 4.7', 'tasks', 'DELETE /tasks/{id} is a soft delete answered with 204 (what later reads return is observed).'),
  'TK-QUERY-INVALID': req(
    'MUST',
    '4.7, 7',
    'tasks',
    'Malformed task filters are rejected: non-UUID projectId or parentTaskId, lifecycleScope other than `active` or `all`.',
  ),
  'TK-LIFECYCLE-SCOPE': req('MUST', '4.7', 'tasks', '`lifecycleScope` accepts `active` and `all`; without it the list is the same as with `all`.'),
  'TK-LIFECYCLE-ACTIVE': req(
    'SHOULD',
    '2, 4.7',
    'tasks',
    '`lifecycleScope=active` leaves out soft-deleted tasks (what else `active` covers is not shown; a soft-deleted task is not active under any reading).',
  ),
  'TK-FILTER-PROJECT': req('MUST', '4.7', 'tasks', 'The `projectId` filter returns tasks of that project and none for another project.'),
  'TK-FILTER-PARENT': req('MUST', '4.7', 'tasks', 'The `parentTaskId` filter returns children of that task and leaves out tasks under other parents.'),
  'TK-FILTER-SEARCH': req(
    'SHOULD',
    '4.7',
    'tasks',
    'The `search` filter finds a task by a word of its name and leaves out tasks without it (matching rules not shown).',
  ),
  'PJ-LIST': req(
    'MUST',
    '4.12',
    'projects',
    "GET /projects answers a paged list (limit, offset) of the key's organisation's projects, the configured project included.",
  ),
  'PJ-LIST-ISOLATED': req('MUST', '4.12, 5.4', 'projects', "GET /projects never lists another organisation's project."),

  // --- Milestones (spec 2.8, 3.3, 4.8) ---
  'MS-CREATE-VALID': req(
    'MUST',
    '2.8, 4.8',
    'milestones',
    'A milestone create body that follows 2.8 is accepted (201) and the record carries the values sent.',
  ),
  'MS-CREATE-REQUIRED': req('MUST', '2.8', 'milestones', 'A milestone create without projectId, name or targetDate is rejected.'),
  'MS-IDS-UUID': req('MUST', '2, 2.8', 'milestones', '`projectId` and `typeId` are UUIDs (typeId may be null); non-UUID values are rejected.'),
  'MS-FIELD-RULES': req(
    'MUST',
    '2.8, 7',
    'milestones',
    'Milestone field rules hold: name at least 1 character, targetDate a real date, triggersInvoice boolean, completionCriteria an array.',
  ),
  'MS-UPDATE-VALID': req('MUST', '2.8, 4.8', 'milestones', 'A milestone update body that follows 2.8 is accepted (200) and its values are applied.'),
  'MS-UPDATE-OMITTED': req('MUST', '2', 'milestones', 'Fields omitted from a milestone update stay unchanged.'),
  'MS-UPDATE-NULL-CLEARS': req('MUST', '2, 2.8', 'milestones', 'null on a nullable milestone field clears it.'),
  'MS-DELETE': req('MUST', '4.8', 'milestones', 'A deleted milestone can no longer be read (never 2xx).'),
  'MS-COMPLETE': req(
    'MUST',
    '3.3, 4.8',
    'milestones',
    'POST /milestones/{id}/complete (with or without completedDate) answers 200 and leaves the milestone `completed`.',
  ),
  'MS-COMPLETE-DATE': req('MUST', '3.3, 4.8', 'milestones', 'An impossible `completedDate` on complete is rejected.'),
  'MS-COMPLETE-DATE-KEPT': req(
    'MUST',
    '3.3, 4.8',
    'milestones',
    'The `completedDate` sent on complete is the completion date the milestone then shows, where it shows one (field name not shown: observed).',
  ),
  'MS-QUERY-INVALID': req(
    'MUST',
    '4.8, 7',
    'milestones',
    'Malformed milestone filters are rejected: non-UUID projectId, status outside the enum, impossible dateFrom or dateTo.',
  ),
  'MS-FILTER-PROJECT': req('MUST', '4.8', 'milestones', 'The `projectId` filter returns milestones of that project and none for another project.'),
  'MS-FILTER-STATUS': req('MUST', '4.8', 'milestones', 'The `status` filter returns only milestones with that status.'),
  'MS-FILTER-DATE': req(
    'MUST',
    '4.8',
    'milestones',
    '`dateFrom` and `dateTo` return milestones whose target date is inside the range and leave out those outside it.',
  ),

  // --- Reports (spec 2.9, 4.9) ---
  'RP-LIST': req('MUST', '4.9', 'reports', 'GET /reports answers a paged list of report definitions.'),
  'RP-FILTER-CATEGORY': req('MUST', '4.9', 'reports', 'The `category` filter returns only definitions of that category.'),
  'RP-FILTER-SOURCE': req(
    'MUST',
    '2.9, 4.9',
    'reports',
    'The `source` filter (`system`/`user`) returns only definitions of that source; another value is rejected.',
  ),
  'RP-GET': req('MUST', '4.9', 'reports', 'GET /reports/{id} answers 200 with the definition in `data`.'),
  'RP-CATEGORIES': req('MUST', '4.9', 'reports', 'GET /reports/categories answers 200 (it is a fixed path, not a definition id).'),
  'RP-EXECUTE': req('MUST', '4.9', 'reports', 'POST /reports/{id}/execute with a valid body (`{}` included) answers 200 with results in `data`.'),
  'RP-EXECUTE-PAGING': req(
    'MUST',
    '4.9, 8',
    'reports',
    'Execute `page` is an integer >= 1 and `pageSize` an integer 1 to 500: 1 and 500 are accepted, 0 and 501 rejected.',
  ),
  'RP-EXECUTE-PAGE-ROWS': req(
    'MUST',
    '4.9, 8',
    'reports',
    'Execute without `page` answers the first page (as with `page: 1`); where the results are a list of rows, a page holds at most `pageSize` rows, at most 100 without pageSize (result shape not shown: observed).',
  ),
  'RP-EXECUTE-SCOPE': req(
    'MUST',
    '4.9',
    'reports',
    'Execute `scope` needs `kind` (`project`, `person`, `contact`) and `id` (UUID) and no other property; a scope breaking this is rejected.',
  ),
  'RP-EXECUTE-FILTER-VALUES': req(
    'MUST',
    '4.9',
    'reports',
    'Execute `filterValues` accepts an object with arbitrary keys; a value that is not an object is rejected.',
  ),
  // --- Security: organisation isolation and permissions (spec 5) ---
  'AUTH-EMPTY-BEARER': req('MUST', '5.1', 'auth', 'An `Authorization: Bearer` header with an empty token is refused (never 2xx).'),
  'SEC-ISOLATION-READ': req('MUST', '5.4', 'security', "Another organisation's record is never readable by id (never 2xx)."),
  'SEC-ISOLATION-WRITE': req(
    'MUST',
    '5.4',
    'security',
    "Another organisation's record can be neither updated nor acted on through its sub-operations (approve, reject, complete, version create, rotate-secret, test): never 2xx; its sub-lists (versions, deliveries) reveal none of its entries, and a delete removes nothing (a 2xx that changes nothing is allowed).",
  ),
  'SEC-ISOLATION-INTACT': req(
    'MUST',
    '5.4',
    'security',
    "After another organisation's attempts, the record reads back unchanged for its own organisation: nothing lost, nothing altered.",
  ),
  'SEC-ISOLATION-UNKNOWN-ALIKE': req(
    'SHOULD',
    '5.4, 7',
    'security',
    "Another organisation's id is answered exactly as an unknown id, so existence does not leak (403 or 404 observed).",
  ),
  'SEC-LIST-ISOLATED': req(
    'MUST',
    '5.4',
    'security',
    "A key's lists never contain another organisation's records, also when filtered by that organisation's ids.",
  ),
  'SEC-ERROR-NO-LEAK': req(
    'MUST',
    '1, 5.4, 7',
    'security',
    "The answer that refuses another organisation's key a read, write or sub-operation on a record reveals none of the record's values (its error body included).",
  ),
  'SEC-EVENTS-ISOLATED': req(
    'MUST',
    '1, 5.4, 6',
    'security',
    "An event caused by another organisation's operation is never delivered to this organisation's subscriptions (data leaves the server through webhooks too).",
  ),
  'SEC-REFERENCE-NO-LEAK': req(
    'MUST',
    '5.4',
    'security',
    "A record that points at another organisation's record never reveals that record's data (name, dates, amounts), in the response or in later reads.",
  ),
  'SEC-REFERENCE-REJECTED': req(
    'SHOULD',
    '5.4',
    'security',
    "A record that points at another organisation's record is rejected (the spec does not require referenced ids to exist).",
  ),
  'SEC-ADMIN-WEBHOOK-WRITE': req(
    'MUST',
    '4.11, 5.5',
    'security',
    'A key without admin rights cannot create, update or delete webhook subscriptions (never 2xx) and changes nothing.',
  ),
  'SEC-ADMIN-403': req('SHOULD', '5.5, 7', 'security', 'A webhook write with a key without admin rights is answered with 403 (status not shown).'),
  'SEC-MEMBER-READ': req(
    'MUST',
    '4.11, 5.5',
    'security',
    'A key without admin rights can list webhook subscriptions and the event types (admin rights are required only for writes); reading one subscription, which carries its secret, and its deliveries is observed.',
  ),

  // --- Webhooks (spec 2.10, 3.4, 4.11, 6) ---
  'WH-CREATE-VALID': req(
    'MUST',
    '2.10, 4.11',
    'webhooks',
    'A subscription create body that follows 2.10 is accepted (201) with the values sent; isActive defaults to true.',
  ),
  'WH-FIELD-RULES': req(
    'MUST',
    '2.10, 8',
    'webhooks',
    'Subscription rules hold: name 1 to 255 characters, url a URL of at most 500 characters, events at least one known event name, description string or null, isActive boolean.',
  ),
  'WH-SECRET': req('MUST', '2.10', 'webhooks', 'The subscription returned on create and by GET /webhooks/{id} carries a secret starting with `whsec_`.'),
  'WH-UPDATE-VALID': req(
    'MUST',
    '2.10, 4.11',
    'webhooks',
    'A subscription update body that follows 2.10 is accepted (200) and applied; omitted fields stay, null clears description.',
  ),
  'WH-FILTER-ACTIVE': req('MUST', '3.5, 4.11', 'webhooks', 'The `isActive` filter on GET /webhooks returns only subscriptions with that flag.'),
  'WH-DELETE': req('MUST', '4.11', 'webhooks', 'A deleted subscription can no longer be read (never 2xx).'),
  'WH-EVENTS-LIST': req('MUST', '4.11, 6.1', 'webhooks', 'GET /webhooks/events answers 200 and lists all 16 event names of 6.1.'),
  'WH-DELIVERIES-LIST': req(
    'MUST',
    '3.4, 4.11',
    'webhooks',
    'GET /webhooks/{id}/deliveries answers a paged list; its status filter takes `pending`, `delivered`, `failed`, `retrying` and rejects other values.',
  ),
  'WH-DELIVERY-FORMAT': req(
    'MUST',
    '6.2',
    'webhooks',
    'A delivery is a POST with a JSON body holding `event` (a 6.1 name), `timestamp` (ISO 8601 UTC with milliseconds) and `data` (object).',
  ),
  'WH-DELIVERY-HEADERS': req('MUST', '6.2', 'webhooks', 'A delivery carries `X-Service-Event` equal to the body event and a non-empty `X-Service-Delivery`.'),
  'WH-SIGNATURE': req(
    'MUST',
    '6.2',
    'webhooks',
    '`X-Service-Signature` is `sha256=` and the hex HMAC-SHA256 of the raw body keyed with the subscription secret.',
  ),
  'WH-TRIGGERS': req(
    'MUST',
    '6, 6.2',
    'webhooks',
    'Each operation whose event name implies it (task.created, task.completed, time_entry.created, expense.created, expense.approved, milestone.completed) delivers that event to an active subscriber of it.',
  ),
  'WH-NOT-SUBSCRIBED': req('MUST', '2.10, 6', 'webhooks', 'An event is not delivered to a subscription that does not list it, nor to an inactive one.'),
  'WH-TEST-DELIVERY': req('MUST', '4.11, 6.2', 'webhooks', 'POST /webhooks/{id}/test answers 200 and produces a signed delivery.'),
  'WH-ROTATE': req(
    'MUST',
    '4.11, 6.2',
    'webhooks',
    'POST /webhooks/{id}/rotate-secret answers 200 with a new `whsec_` secret; later deliveries verify with it and not with the old one.',
  ),
  'WH-RETRY-SUCCESS': req(
    'MUST',
    '3.4, 6.2',
    'webhooks',
    'A receiver failing N < 5 times then answering 2xx sees exactly N+1 attempts, and the delivery ends delivered.',
  ),
  'WH-RETRY-LIMIT': req(
    'MUST',
    '3.4, 6.2, 8',
    'webhooks',
    'A receiver that always fails sees exactly 5 attempts and no sixth; the deliveries endpoint records the attempts and a final failed status.',
  ),
  'WH-RETRY-TIMEOUT': req('MUST', '3.4, 6.2', 'webhooks', 'A receiver that does not answer in time counts as a failure and is retried.'),
  'WH-2XX-SUCCESS': req('MUST', '3.4, 6.2', 'webhooks', 'Any 2xx answer (200, 201, 204) is success: no retry follows.'),

  // --- Rate limiting (spec 5.6, 7, 8) ---
  'RL-HEADERS-SUCCESS': req(
    'MUST',
    '8',
    'rate-limit',
    'A 2xx response carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`, each a non-negative integer, and `X-RateLimit-Reset`, a reset within the next hour in any reasonable form (delta or epoch seconds or milliseconds, fractional or not, an HTTP date, an ISO 8601 date-time; the form is not shown by the spec and is observed).',
  ),
  'RL-HEADERS-ERROR': req(
    'MUST',
    '8',
    'rate-limit',
    'A 4xx response to an authenticated request (validation failure, unknown id) carries the three rate headers, read as for a 2xx response.',
  ),
  'RL-HEADERS-429': req('MUST', '7, 8', 'rate-limit', 'A 429 response carries the three rate headers, read as for a 2xx response.'),
  'RL-LIMIT-DEFAULT': req('MUST', '5.6, 8', 'rate-limit', '`X-RateLimit-Limit` is 60 for a key without a custom limit.'),
  'RL-LIMIT-CUSTOM': req(
    'MUST',
    '5.6, 8',
    'rate-limit',
    'A key with a custom per-minute limit reports it in `X-RateLimit-Limit`, and a sequential burst admits exactly that many requests.',
  ),
  'RL-REMAINING': req(
    'MUST',
    '8',
    'rate-limit',
    '`X-RateLimit-Remaining` falls by exactly one per sequential admitted request (less what a refilling window earns back meanwhile).',
  ),
  'RL-EXACT-SEQUENTIAL': req(
    'MUST',
    '5.6, 8',
    'rate-limit',
    'A sequential burst beyond the limit in a fresh window admits exactly the limit, plus only what a refilling window could earn back during the burst; every other request is refused.',
  ),
  'RL-EXACT-CONCURRENT': req(
    'MUST',
    '5.6, 8',
    'rate-limit',
    'A concurrent burst (150 requests over 50 connections) in a fresh window admits exactly the remaining budget, plus only what a refilling window could earn back during the burst.',
  ),
  'RL-OVER-429': req('MUST', '7, 8', 'rate-limit', "A request refused for the key's limit is answered 429, not another status."),
  'RL-RETRY-AFTER': req(
    'MUST',
    '7, 8',
    'rate-limit',
    'Every 429 carries `Retry-After`, as delta-seconds or an HTTP date, positive (0 only where the window visibly ends within the second: a truncated wait) and at most 60 seconds (allowing for whole-second precision).',
  ),
  'RL-PER-KEY': req(
    'MUST',
    '5.6, 8',
    'rate-limit',
    "Exhausting one key's limit does not limit another key of the same organisation (admin) or of another organisation.",
  ),
  'RL-PER-KEY-COUNTERS': req(
    'MUST',
    '5.6, 8',
    'rate-limit',
    "Each key has its own counter: while one key spends its budget, another key's `X-RateLimit-Remaining` falls only by that key's own requests (judged on keys nothing else uses during the run: a second limited key, the custom-limit key; the admin key is observed).",
  ),
  'RL-RECOVERY': req('MUST', '7, 8', 'rate-limit', 'After waiting as long as `Retry-After` says, a request with the same key is admitted again.'),
  'RL-ALL-ENDPOINTS': req(
    'MUST',
    '8',
    'rate-limit',
    "The limit covers every endpoint: requests to a list, a get, a create and `/webhooks/events` each count against the key's budget, and each is refused with 429 once it is spent.",
  ),
  // --- State rules of the exploration (harness/spec/sequences.ts) ---
  ...SEQUENCE_REQUIREMENTS,
} as const satisfies Record<string, Requirement>;

export type RequirementId = keyof typeof REQUIREMENTS;

export function isRequirementId(id: string): id is RequirementId {
  return Object.hasOwn(REQUIREMENTS, id);
}

export function requirement(id: RequirementId): Requirement {
  return REQUIREMENTS[id];
}
