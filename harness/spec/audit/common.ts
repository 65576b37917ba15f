import type { AuditTable } from './types.js';

/** Issue 22 audit: areas common, auth, projects. */
export const AUDIT_COMMON: AuditTable = {
  // --- Common response rules (harness/crosscutting/paging.ts, crud.ts; every collection of suites/*.test.ts) ---
  'ENV-LIST': [
    {
      relies: 'GET of each list route without parameters answers exactly 200',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination."' },
    },
    {
      relies: 'the body is a JSON object whose data is an array',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' },
    },
    {
      relies: 'a pagination object sits beside data, at the top level of the body',
      basis: { spec: '4 Common rules: "paging totals, limit and offset in pagination"' },
    },
    {
      relies: 'GET /projects answers in the same list envelope',
      basis: { spec: '4.12: "takes limit and offset and returns a paged list of the projects of the key\'s organisation"' },
    },
    {
      relies: 'nothing inside the records is judged',
      basis: { tolerant: "listPage() reads only data and pagination; record contents are other checks' (spec 4: not shown)" },
    },
  ],
  'ENV-CREATE': [
    { relies: 'POST of a minimal valid body answers exactly 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in data."' } },
    {
      relies: 'data is an object carrying a non-empty string id',
      basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise." and "responses carry records inside data"' },
    },
    {
      relies: 'names (contact, resource, rate, task, milestone, subscription) carry a fresh token: no create repeats a name',
      basis: { tolerant: 'uniqueToken()/token() in every createBody name', variant: 'unique-names' },
    },
    {
      relies: 'allocations: each create body is on a resource of its own (minimalAllocation)',
      basis: { tolerant: 'minimalAllocation() gives each allocation a fresh resource, so no assignee or capacity rule refuses it', variant: 'record-rules' },
    },
    {
      relies: 'milestones: the create body targets a day 30 to 365 days ahead',
      basis: { tolerant: 'nearDay(): a target date 30 to 365 days ahead (harness/steps/milestones.ts)', variant: 'planning-rules' },
    },
    {
      relies: 'time entries: the shared resource is assigned to the shared task by an allocation first',
      basis: {
        tolerant: 'assignResource() (harness/steps/time-entries.ts) allocates the resource to the task, 0 hours a day',
        variant: 'time-entry-assignment',
      },
    },
    {
      relies: 'time entries: each create is 1 h on a day of its own, in the past',
      basis: { tolerant: 'freshPastDay(): one day per body from 2001 on, past in every time zone', variant: 'business-rules' },
    },
    {
      relies: 'subscriptions: each has a URL of its own on the sink',
      basis: { tolerant: 'sink().endpoint() per body; a URL is never subscribed twice', variant: 'business-rules' },
    },
    {
      relies: 'subscriptions: the sink URL (http on the runner host by default) is accepted',
      basis: { tolerant: 'CONFORMANCE_SINK_PUBLIC_URL lets the run give a public https URL instead' },
    },
    {
      relies: 'tasks are created under the configured project and version',
      basis: { spec: '2.7: "parentTaskId | uuid (a project or another task) | required | not accepted"' },
    },
  ],
  'ENV-GET': [
    {
      relies: 'the record is first created (any 2xx with the record in data)',
      basis: { tolerant: 'setupCreated(): ENV-CREATE judges the 201; a refusal leaves this check inconclusive' },
    },
    { relies: 'GET /{path}/{id} answers exactly 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data."' } },
    { relies: 'data.id is the id the create returned, the same string', basis: { spec: '2: "responses carry records inside data"' } },
    {
      relies: 'inherits the ENV-CREATE bodies (allocation repeated, milestone past targetDate, entry on an unassigned task)',
      basis: {
        tolerant:
          'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
      },
    },
  ],
  'ENV-UPDATE': [
    {
      relies: 'PATCH of a one-field update (notes, description, jobTitle or a new rate name) answers exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data."' },
    },
    { relies: 'data.id is the id updated', basis: { spec: '2: "responses carry records inside data"' } },
    { relies: 'the rate rename carries a fresh token', basis: { tolerant: 'ratesCollection.updateBody: uniqueToken() in the name', variant: 'unique-names' } },
    {
      relies: 'inherits the ENV-CREATE bodies (allocation repeated, milestone past targetDate, entry on an unassigned task)',
      basis: {
        tolerant:
          'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
      },
    },
  ],
  'ENV-DELETE': [
    {
      relies: 'DELETE /{path}/{id} answers exactly 204',
      basis: { spec: '4 Common rules: "Delete success: 204 without body." and 7: "Successful delete | 204 with no body"' },
    },
    { relies: 'the 204 has an empty body (zero bytes)', basis: { spec: '4 Common rules: "Delete success: 204 without body."' } },
    {
      relies: 'tasks, resources and rates (soft delete, deactivation) answer 204 too',
      basis: {
        spec: '2: "deleting resources and tasks is a soft delete; deleting a rate deactivates it (soft delete)." and 4.5: "Deactivates the rate, 204."',
      },
    },
    { relies: 'no rule refuses the delete', basis: { tolerant: 'the record is made by the check just before; nothing refers to it' } },
    {
      relies: 'inherits the ENV-CREATE bodies (allocation repeated, milestone past targetDate, entry on an unassigned task)',
      basis: {
        tolerant:
          'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
      },
    },
  ],
  'ID-UNKNOWN-REFUSED': [
    {
      relies: 'GET and PATCH of a random UUID never answer 2xx',
      basis: { spec: '7: "Status codes for validation failure, missing or invalid key, insufficient permission and unknown id: not shown."' },
    },
    { relies: 'any non-2xx passes (404, 403, 400, 410, even 5xx)', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to an unknown id is recorded', basis: { observation: 'unknown-id-status' } },
    { relies: 'a random v4 UUID names no record', basis: { tolerant: 'randomUUID(): 122 random bits per request' } },
    {
      relies: 'DELETE of a random UUID may answer anything; a record made just before still reads back 2xx',
      basis: { tolerant: 'an idempotent 204 passes; only removing another record fails; the status is observed' },
    },
    {
      relies: 'GET /{path}/not-a-uuid never answers 2xx',
      basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise."' },
    },
    {
      relies: 'approve, reject, complete, a version POST, execute, rotate-secret and test of an unknown id never answer 2xx',
      basis: { spec: '7: "Status codes for validation failure, missing or invalid key, insufficient permission and unknown id: not shown."' },
    },
    {
      relies: 'GET /webhooks/{unknown uuid}/deliveries never answers 2xx, unless with an empty list (nothing shown)',
      basis: { tolerant: 'an empty data list passes: a sub-list of a parent that does not exist shows nothing', variant: 'webhook-choices' },
    },
    { relies: 'GET /rates/{unknown uuid}/versions is recorded, not judged', basis: { observation: 'unknown-id-status' } },
    {
      relies: 'the bystander record (and the record of the sub-operation) is created (any 2xx)',
      basis: {
        tolerant:
          'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
      },
    },
  ],
  'BODY-MALFORMED-JSON': [
    {
      relies: 'truncated JSON, unquoted keys ({name: "x"}) and plain text sent as application/json are rejected',
      basis: {
        spec: '1: "Transport is standard HTTP methods with JSON request and response bodies." and 7: "Bodies that do not match the schemas in part 2 are invalid input"',
      },
    },
    { relies: 'the rejection is any 4xx (never 2xx, never 5xx)', basis: { tolerant: 'expectRejected(): any 4xx passes, 415 and 422 included' } },
    { relies: 'the status given to a malformed body is recorded', basis: { observation: 'malformed-json-status' } },
    {
      relies: 'POST, PATCH and DELETE /batch/time-entries read a JSON body (DELETE included)',
      basis: { spec: '4.10: "DELETE | /batch/time-entries | ids: array (1 to 100) of uuid."' },
    },
    {
      relies: 'execute runs on the first listed report definition that answers {} (one may need filter values)',
      basis: {
        tolerant: 'findRunnableDefinitions(): the first of five listed that runs with {}; skipped when the target lists none (seed data)',
        variant: 'report-choices',
      },
    },
    {
      relies: 'the record PATCH goes to is created (any 2xx)',
      basis: {
        tolerant:
          'setupCreated() (harness/steps/setup-created.ts): a refused create of the record the check stands on leaves it inconclusive, never failed; ENV-CREATE and the create checks judge creating',
      },
    },
  ],
  'BOOL-FILTER-TRUE': [
    {
      relies: 'TRUE, 1, yes and false each list the sample records whose flag is false and leave out those true',
      basis: { spec: '4 Common rules: "Boolean query filters are sent as strings: the value true means true, any other value means false."' },
    },
    {
      relies: 'such values answer 200, not a 4xx for a malformed boolean',
      basis: { spec: '4 Common rules: "the value true means true, any other value means false."' },
    },
    {
      relies: 'the flag filter combines (AND) with the sample scope: parentContactId, supplierId, resourceId or tags',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'expectFiltered(): includes and excludes by id, no record field read' } },
    { relies: 'inactive contacts are required only under isActive=false', basis: { tolerant: 'BooleanSample.hidden: the plain list may leave them out' } },
    { relies: 'whether a list without isActive shows inactive contacts is recorded', basis: { observation: 'inactive-in-list-without-isActive' } },
    {
      relies: 'a sample rate that lost isDefault to another rate meanwhile is judged as it is now',
      basis: { tolerant: 'judgeNow(): re-reads the sample (current) before failing', variant: 'business-rules' },
    },
    { relies: 'a displaced flag is recorded', basis: { observation: 'flag-displaced' } },
    {
      relies: 'fresh expenses and entries count as not invoiced (isInvoiced samples)',
      basis: { tolerant: 'no call of the suite invoices a record (4.12: invoices not shown)' },
    },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],

  // --- Invalid input from the field table (harness/crosscutting/input-classes.ts, harness/spec/inputs/) ---
  'INPUT-TYPE': [
    {
      relies: 'a body field given another JSON type ("1", 1, true, ["1"], {value: "1"}) is rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'lax coercion ("1" read as 1, 1 read as true) is no choice',
      basis: { spec: '7: "malformed query or body values ... must be rejected rather than accepted"' },
    },
    {
      relies: 'a fraction (min + 1.5) for an integer field is rejected',
      basis: { spec: '2.1: "paymentTermsDays | integer >= 0" and 4.9: "page integer >= 1, default 1"' },
    },
    { relies: 'an array item of the wrong type ([1] for tags, ["1"] for billableModifiers) is rejected', basis: { spec: '2.1: "tags | array of string"' } },
    { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: { tolerant: 'sendCase(): any 4xx is rejected; status observed as validation-status' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status' } },
    {
      relies: 'the valid base of each surface is accepted as it is',
      basis: { tolerant: 'control(): a refused base leaves its cases undecided (inconclusive), never failed' },
    },
    {
      relies: 'the record the PATCH and action cases go to is created (any 2xx)',
      basis: {
        tolerant: 'setupCreated() (harness/steps/setup-created.ts) for the records of PATCH and batch cases: a refused create leaves the check inconclusive',
      },
    },
    {
      relies: 'a batch item (entries[0], updates[0], ids[]) with a wrong type is answered with a 4xx, or a 2xx that applies nothing of it',
      basis: {
        tolerant:
          'a 2xx to a batch item case passes when nothing of the item was applied (no new entry carries its description; the updated entry does not show it), observed as batch-invalid-item-status (input-targets.ts appliedNothing)',
        variant: 'batch-item-refusals',
      },
    },
  ],
  'INPUT-NULL': [
    {
      relies: 'null for a field the table does not mark nullable is rejected on create, update, batch items and actions',
      basis: {
        spec: 'Conventions: "on an update field means the value null is accepted and clears the field" and 7: "Bodies that do not match the schemas in part 2 are invalid input"',
      },
    },
    {
      relies: 'null on create for a field nullable only on update (contact email, resource phone) is rejected',
      basis: { spec: '2.1: "email | string, e-mail format | optional | optional, nullable"' },
    },
    {
      relies: 'null for an optional action or execute field (reason, completedDate, scope, page) is rejected, not read as absent',
      basis: { spec: '4.2: "Body: reason string (optional). Returns 200." and 7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: "the nullable fields are the table's: optional, nullable; may be null; string or null",
      basis: { spec: '2.8: "typeId | uuid, may be null" and 4.10: "description string or null (opt)"' },
    },
    { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: { tolerant: 'sendCase(): any 4xx is rejected; status observed as validation-status' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status' } },
    {
      relies: 'the valid base of each surface is accepted as it is',
      basis: { tolerant: 'control(): a refused base leaves its cases undecided (inconclusive), never failed' },
    },
    {
      relies: 'the record the PATCH and action cases go to is created (any 2xx)',
      basis: {
        tolerant: 'setupCreated() (harness/steps/setup-created.ts) for the records of PATCH and batch cases: a refused create leaves the check inconclusive',
      },
    },
    {
      relies: 'a batch item with null for a non-nullable field is answered with a 4xx, or a 2xx that applies nothing of it',
      basis: {
        tolerant:
          'a 2xx to a batch item case passes when nothing of the item was applied (no new entry carries its description; the updated entry does not show it), observed as batch-invalid-item-status (input-targets.ts appliedNothing)',
        variant: 'batch-item-refusals',
      },
    },
  ],
  'INPUT-BOUNDS': [
    {
      relies: 'a number one cent past its bound is rejected: -0.01, 24.01, 0.24',
      basis: {
        tolerant:
          'pastBound(): one cent past, which a server keeping numbers to the cent or in a float32 still reads past the bound (harness/spec/inputs/classes.ts)',
        variant: 'lax-formats',
      },
    },
    {
      relies: 'an integer one past its bound (-1, 0 for page, 501 for pageSize, 86401 for durationSeconds) is rejected',
      basis: { spec: '2.3: "durationSeconds | integer > 0 and <= 86400" and 4.9: "pageSize integer 1 to 500, default 100"' },
    },
    {
      relies: 'an exclusive bound itself (hours 0 on create, durationSeconds 0) is rejected',
      basis: { spec: '2.3: "hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24" and "durationSeconds | integer > 0 and <= 86400"' },
    },
    {
      relies: 'a string one character short or long (name empty, currency 2 or 4, name 256, url 501, reason 1001) is rejected',
      basis: { spec: '2.2: "currency | string of exactly 3 characters" and 8: "Webhook name | 1 to 255 characters"' },
    },
    {
      relies: 'an empty events array and empty entries, updates and ids arrays are rejected',
      basis: { spec: '2.10: "events | array with at least 1 item" and 4.10: "Each body holds 1 to 100 items."' },
    },
    { relies: 'contactTypeKey of 31 characters is rejected', basis: { spec: '4.1: "contactTypeKey (string length 1 to 30)"' } },
    {
      relies: 'contactTypeKey= (an empty query value) is judged at SHOULD (INPUT-FORMAT-STRICT), not under INPUT-BOUNDS',
      basis: { tolerant: 'an empty query value is a lax reading (the parameter left out), judged at SHOULD', variant: 'lax-formats' },
    },
    { relies: '101 batch items and the paging parameters are left to BATCH-SIZE and PAGE-*', basis: { tolerant: 'coveredBy: those cases are not sent twice' } },
    { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: { tolerant: 'sendCase(): any 4xx is rejected; status observed as validation-status' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status' } },
    {
      relies: 'the valid base of each surface is accepted as it is',
      basis: { tolerant: 'control(): a refused base leaves its cases undecided (inconclusive), never failed' },
    },
    {
      relies: 'the record the PATCH and action cases go to is created (any 2xx)',
      basis: {
        tolerant: 'setupCreated() (harness/steps/setup-created.ts) for the records of PATCH and batch cases: a refused create leaves the check inconclusive',
      },
    },
    {
      relies: 'a batch item with hours or billableRate past its bound is answered with a 4xx, or a 2xx that applies nothing of it',
      basis: {
        tolerant:
          'a 2xx to a batch item case passes when nothing of the item was applied (no new entry carries its description; the updated entry does not show it), observed as batch-invalid-item-status (input-targets.ts appliedNothing)',
        variant: 'batch-item-refusals',
      },
    },
  ],
  'INPUT-FORMAT': [
    {
      relies: 'impossible, unpadded or slashed dates and date-times are rejected wherever a <date> is named (bodies, queries)',
      basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD." and 2.3: "that must be a real calendar date"' },
    },
    {
      relies: 'a UUID one character short or with a non-hex character is rejected',
      basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid>" and 7: "non-UUID id"' },
    },
    { relies: 'an e-mail without @ or without a domain is rejected', basis: { spec: '2.1: "email | string, e-mail format"' } },
    {
      relies: 'text with spaces (not a url) is rejected for website and url',
      basis: { spec: '2.1: "website | string, URL format" and 2.10: "url | string, URL format, max length 500"' },
    },
    {
      relies: 'a URL without a scheme (example.com/conformance) is judged at SHOULD (INPUT-FORMAT-STRICT), not under INPUT-FORMAT',
      basis: { tolerant: 'a lax URL validator takes it: judged at SHOULD', variant: 'lax-formats' },
    },
    {
      relies: 'time entry startTime 24:00, 12:60, 7:05 and 12:05:00 are rejected',
      basis: { spec: '2.3: "startTime | string HH:MM, 24-hour, hours 00-23, minutes 00-59"' },
    },
    {
      relies: 'batch startTime 24:00, 12:60 and 7:05 are rejected (the item makes a time entry)',
      basis: { spec: '4.10: "startTime string HH:MM or HH:MM:SS (opt)" and 2.3: "24-hour, hours 00-23, minutes 00-59"' },
    },
    {
      relies: 'batch startTime 12:05:60 (a leap second) is judged at SHOULD (INPUT-FORMAT-STRICT)',
      basis: { tolerant: 'RFC 3339 allows second 60: judged at SHOULD', variant: 'lax-formats' },
    },
    {
      relies: 'a colour without #, with 5 digits, a non-hex digit or #abc is rejected',
      basis: { spec: '2.7: "color | string matching # followed by 6 hex digits"' },
    },
    { relies: 'an enum value that is none of its values (<value>_conformance) is rejected, bodies and queries', basis: { spec: '7: "wrong enum value"' } },
    {
      relies: 'an extra scope property is rejected (sent as a scope without kind and id, so any reason passes)',
      basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid, both required inside scope."' },
    },
    { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: { tolerant: 'sendCase(): any 4xx is rejected; status observed as validation-status' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status' } },
    {
      relies: 'the valid base of each surface is accepted as it is',
      basis: { tolerant: 'control(): a refused base leaves its cases undecided (inconclusive), never failed' },
    },
    {
      relies: 'the record the PATCH and action cases go to is created (any 2xx)',
      basis: {
        tolerant: 'setupCreated() (harness/steps/setup-created.ts) for the records of PATCH and batch cases: a refused create leaves the check inconclusive',
      },
    },
    {
      relies: 'a batch item with a malformed id, date or startTime is answered with a 4xx, or a 2xx that applies nothing of it',
      basis: {
        tolerant:
          'a 2xx to a batch item case passes when nothing of the item was applied (no new entry carries its description; the updated entry does not show it), observed as batch-invalid-item-status (input-targets.ts appliedNothing)',
        variant: 'batch-item-refusals',
      },
    },
  ],

  // --- Paging (harness/crosscutting/paging.ts on every list; webhooks.test.ts:909) ---
  'PAGE-LIMIT-RANGE': [
    {
      relies: 'limit 0, 101, -1, 1.5 and abc are rejected on every list (0, 101, -1, abc on deliveries)',
      basis: {
        spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100" and 7: "out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'clamping an out-of-range limit to 1..100 and answering 200 fails', basis: { spec: '7: "must be rejected rather than accepted"' } },
    { relies: 'the rejection is any 4xx', basis: { tolerant: 'expectInvalid(): any 4xx passes; status observed as validation-status' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
    {
      relies: 'deliveries: a subscription to the sink is created with 201 first',
      basis: { tolerant: 'a URL of its own per subscription; CONFORMANCE_SINK_PUBLIC_URL may make it https', variant: 'business-rules' },
    },
  ],
  'PAGE-OFFSET-RANGE': [
    {
      relies: 'offset -1, 1.5 and abc are rejected on every list',
      basis: { spec: '4 Common rules: "offset integer >= 0, default 0." and 7: "malformed query or body values ... must be rejected rather than accepted"' },
    },
    { relies: 'the rejection is any 4xx', basis: { tolerant: 'expectInvalid(): any 4xx passes; status observed as validation-status' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'PAGE-DEFAULTS': [
    {
      relies: 'a list without paging parameters answers exactly 200',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' },
    },
    {
      relies: 'pagination.limit is 50 and pagination.offset is 0',
      basis: { spec: '4 Common rules: "limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
    },
    { relies: 'they sit in pagination under the names limit and offset', basis: { spec: '4 Common rules: "paging totals, limit and offset in pagination"' } },
    {
      relies: 'they read 50 and 0, as JSON numbers or decimal strings',
      basis: {
        tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
        variant: 'string-paging',
      },
    },
    { relies: 'at most 50 records come back', basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' } },
  ],
  'PAGE-ECHO': [
    {
      relies: 'limit/offset 1/0, 7/2 and 100/5 each answer exactly 200',
      basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
    },
    {
      relies: 'pagination holds the limit and offset requested, an offset past the end included',
      basis: { spec: '4 Common rules: "paging totals, limit and offset in pagination"' },
    },
    {
      relies: 'they read as the numbers sent, as JSON numbers or decimal strings',
      basis: {
        tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
        variant: 'string-paging',
      },
    },
  ],
  'PAGE-TOTAL': [
    { relies: 'pagination carries a total of the matching records', basis: { spec: '4 Common rules: "paging totals, limit and offset in pagination"' } },
    {
      relies: 'the total is found under any name: total, totalCount, count or the only other integer',
      basis: { tolerant: 'totalOf(): known names, any name with total (not pages), count, the only other integer' },
    },
    { relies: 'the name of the total is recorded', basis: { observation: 'paging-total-name' } },
    {
      relies: 'the total is a non-negative integer, as a JSON number or a decimal string',
      basis: {
        tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
        variant: 'string-paging',
      },
    },
    { relies: 'under a query selecting the 3 records made, the total is exactly 3 (not estimated)', basis: { spec: '4 Common rules: "paging totals"' } },
    {
      relies: 'the scope filter (parentContactId, supplierId, resourceId, tags) combines with limit',
      basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
    },
    {
      relies: 'tasks, allocations, resources and milestones: a scope that lists other records skips the check',
      basis: { tolerant: 'exactScope(): no exact candidate, not applicable' },
    },
    {
      relies: 'records made just before are counted, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'PAGE-LIMIT-APPLIED': [
    { relies: 'limit 1 and 2 answer exactly 200 with at most 1 and 2 records', basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' } },
    {
      relies: 'under a scope of 3 records, a page holds exactly 1 and 2 (a page is filled while more match)',
      basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' },
    },
    {
      relies: 'lists without a scope (projects, reports, webhooks) are judged on at most limit only',
      basis: { tolerant: 'the exact count is asked only under a scope the check made' },
    },
    {
      relies: 'records made just before are listed, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'PAGE-OFFSET-APPLIED': [
    {
      relies: 'offset equal to the total (or to the number listed) answers 200 with no records',
      basis: { spec: '4 Common rules: "offset integer >= 0, default 0." and "paging totals, limit and offset in pagination"' },
    },
    {
      relies:
        "on a scope of the check's own of n records, offset k (limit 100) returns n - k records; pages of one walking the set is only observed (paging-order-stable); without a scope the walk is tried 3 times",
      basis: { tolerant: 'offsetCounts() judges offset by counts, which no order changes (harness/crosscutting/paging.ts)' },
    },
    {
      relies: 'the walk is compared with the list as a set, and a mismatch fails only when it repeats',
      basis: { tolerant: 'offsetWalk(): set comparison; 2 attempts under a scope, 3 without' },
    },
    {
      relies: 'lists without a scope (projects, reports, webhooks) hold still during the walk',
      basis: { tolerant: 'no API creates projects or reports; webhook paging runs first and alone; retried' },
    },
  ],

  // --- Not-accepted fields (harness/crosscutting/not-accepted.ts; tasks, resources, milestones, time-entries suites) ---
  'FIELD-NOT-ACCEPTED': [
    {
      relies: 'status and color on task create; parentTaskId, versionId, taskType, position on task update are never applied',
      basis: { spec: '2.7: "status | enum pending, in_progress, completed, blocked, cancelled | not accepted | optional"' },
    },
    { relies: 'isActive on resource create is never applied', basis: { spec: '2.4: "isActive | boolean | not accepted | optional"' } },
    { relies: 'projectId on milestone update is never applied', basis: { spec: '2.8: "projectId | uuid | required | not accepted"' } },
    {
      relies: 'markedBilled on time entry create and entrySource on update are never applied',
      basis: { spec: '2.3: "markedBilled | boolean | not accepted | optional"' },
    },
    {
      relies: 'a 4xx (rejected) and a 2xx that ignores the field both pass; a 5xx or 3xx fails',
      basis: { tolerant: 'expectNotApplied(): either way is recorded' },
    },
    { relies: 'whether the field was rejected or ignored is recorded', basis: { observation: 'not-accepted-field' } },
    {
      relies: 'ignored means the record read back does not hold the value sent',
      basis: { tolerant: 'the value is one a fresh record does not hold: an unusual status, the opposite isActive, another parent' },
    },
    { relies: 'the status a new task starts with is recorded', basis: { observation: 'task-initial-status' } },
    { relies: 'the isActive a new resource starts with is recorded', basis: { observation: 'resource-initial-active' } },
    {
      relies: 'an accepted create reads back with GET /{id}: exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data."' },
    },
    {
      relies: 'position 7 on update: a task made at position 1 under a parent of its own (no siblings to renumber) is not at 7 unless applied',
      basis: { tolerant: 'the task stands under a fresh parent: no sibling comes or goes, so no renumbering moves it' },
    },
    {
      relies: 'the milestone updated targets a day 30 to 365 days ahead (createMilestone default)',
      basis: { tolerant: 'nearDay(): a target date 30 to 365 days ahead (harness/steps/milestones.ts)', variant: 'planning-rules' },
    },
    {
      relies: 'the time entries are on the shared resource and task, assigned by an allocation first',
      basis: { tolerant: 'assignResource() allocates the shared resource to the shared task', variant: 'time-entry-assignment' },
    },
  ],

  // --- Status transitions (tasks.test.ts:167 with steps/tasks.ts, expenses.test.ts:133 and 156, milestones.test.ts:256) ---
  'TRANSITION-REFUSED-UNCHANGED': [
    {
      relies: 'each attempted change answers 2xx or 4xx; a 5xx (or 3xx) fails',
      basis: { tolerant: 'judgeTransition(): any 2xx or 4xx passes', variant: 'transitions-terminal-409' },
    },
    { relies: 'which changes are accepted and which refused is recorded', basis: { observation: 'status-transition' } },
    {
      relies: 'an accepted task or expense status change shows the status sent when read back',
      basis: { spec: '3.2: "Set through the task update operation." and 3.1: "status may also be set directly on create and update."' },
    },
    {
      relies: 'the fields the change names are compared where the record shows them; a record showing none of them leaves the check inconclusive',
      basis: { tolerant: 'expectTransition() compares the named fields the record shows and observes the others (field-not-returned)' },
    },
    {
      relies: 'a refused PATCH of status plus description applies neither (the description reads back as before)',
      basis: {
        spec: '4.2: "| PATCH | /expenses/{id} |" (and the update of every record) is the HTTP PATCH method, whose RFC 5789, section 2, says that a patch the server cannot apply whole applies none of its changes',
      },
    },
    {
      relies: 'a refused approve, reject or complete leaves the status (and the completedDate) as before',
      basis: { tolerant: 'only the fields the request named are compared; a record not showing a status is not judged on it' },
    },
    {
      relies: 'expenses are created directly in every status and reimbursementStatus, draft to paid',
      basis: { spec: '3.1: "status may also be set directly on create and update."' },
    },
    {
      relies: 'an accepted approve or reject is not compared: the status it leaves is not stated',
      basis: { spec: '3.1: "Transitions: not shown (the status that each operation leaves is not stated)."' },
    },
    {
      relies: 'reimbursementStatus cleared with null may read back null, absent or empty',
      basis: { tolerant: 'mismatch(): null, a missing field or an empty string' },
    },
    {
      relies: 'tasks: a move accepted once is accepted again when replayed on a fresh task, each under a parent of its own',
      basis: {
        tolerant:
          'exploreTaskStatuses() gives every task a fresh parent: a cap on the tasks of one parent in a status (a WIP limit) never meets an earlier task',
      },
    },
    { relies: 'milestones: a first complete refused makes the check not applicable', basis: { tolerant: 'skipped; MS-COMPLETE judges it' } },
    {
      relies: 'milestones: completedDate 40 and 20 days ago on a far-future milestone is no premature completion',
      basis: { tolerant: 'real past dates, neither of them today; a refusal is allowed' },
    },
    {
      relies: 'the records are created with 201 (task under a fresh parent, milestone on a far day)',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in data."' },
    },
  ],

  // --- Authentication (suites/auth.test.ts) ---
  'AUTH-X-API-KEY': [
    {
      relies: 'the admin key as X-API-Key is accepted on list, create, get and update of contacts',
      basis: {
        spec: '5: "Every request carries an organisation API key, sent either as the header X-API-Key: <API_KEY> or as Authorization: Bearer <API_KEY>."',
      },
    },
    {
      relies: 'GET /contacts?limit=1 answers exactly 200 with data and pagination',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' },
    },
    {
      relies: 'the create answers any 2xx with the record and its id in data; the update any 2xx',
      basis: { tolerant: "the exact statuses are ENV-CREATE's and ENV-UPDATE's" },
    },
    { relies: 'GET of the new contact answers exactly 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data."' } },
    {
      relies: 'the contact is named Conformance x-api-key key, the same in every run (auth.test.ts:118)',
      basis: { tolerant: 'each contact the auth checks make carries a unique token in its name', variant: 'unique-names' },
    },
  ],
  'AUTH-BEARER': [
    {
      relies: 'the admin key as Authorization: Bearer is accepted on list, create, get and update of contacts',
      basis: {
        spec: '5: "Every request carries an organisation API key, sent either as the header X-API-Key: <API_KEY> or as Authorization: Bearer <API_KEY>."',
      },
    },
    {
      relies: 'GET /contacts?limit=1 answers exactly 200 with data and pagination',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' },
    },
    {
      relies: 'the create answers any 2xx with the record and its id in data; the update any 2xx',
      basis: { tolerant: "the exact statuses are ENV-CREATE's and ENV-UPDATE's" },
    },
    { relies: 'GET of the new contact answers exactly 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data."' } },
    {
      relies: 'the contact is named Conformance bearer key, the same in every run (auth.test.ts:118)',
      basis: { tolerant: 'each contact the auth checks make carries a unique token in its name', variant: 'unique-names' },
    },
  ],
  'AUTH-MISSING-REFUSED': [
    {
      relies: 'a request with no key never answers 2xx, on 5 sample routes and on all 62 documented ones',
      basis: { spec: '5: "Every request carries an organisation API key" and 1: "All data is scoped to the organisation that owns the API key."' },
    },
    {
      relies: 'fixed lists (/webhooks/events, /reports/categories) refuse a keyless request too',
      basis: { spec: '5: "Every request carries an organisation API key"' },
    },
    { relies: 'any non-2xx passes (401, 403, 404, a redirect, even 5xx)', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to a keyless request is recorded', basis: { observation: 'missing-key-status' } },
    { relies: 'ids are random UUIDs and writes carry {}', basis: { tolerant: 'a refusal for any reason passes' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],
  'AUTH-UNKNOWN-REFUSED': [
    {
      relies: '<prefix>_<32 random hex> never answers 2xx, as X-API-Key and as Bearer, on every documented route',
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    {
      relies: "the prefix is the admin key's part before its first underscore",
      basis: { tolerant: 'a key in another shape is malformed as well as unknown: refused either way' },
    },
    { relies: 'any non-2xx passes', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to an unknown key is recorded', basis: { observation: 'unknown-key-status' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],
  'AUTH-MALFORMED-REFUSED': [
    {
      relies: 'the admin key without underscores, not-a-key, <prefix>_ and _<hex> never answer 2xx',
      basis: { spec: '5: "A key has a fixed service prefix followed by an underscore and a secret part: <prefix>_<secret>."' },
    },
    { relies: 'any non-2xx passes', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to a malformed key is recorded', basis: { observation: 'malformed-key-status' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],
  'AUTH-CASE-EXACT': [
    {
      relies: 'the admin key upper-cased (lower-cased when it has no lower-case letter) never answers 2xx',
      basis: {
        tolerant:
          'the requirement is a SHOULD: spec 5 never says keys are case-sensitive (a hex or base32 secret may be decoded in any case, to the same bytes), so a 2xx is a warning, never a failed MUST',
      },
    },
    { relies: 'a key without letters makes the check not applicable', basis: { tolerant: 'skipped' } },
    { relies: 'the status given to the key in another case is recorded', basis: { observation: 'key-case-status' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],
  'AUTH-KEY-EXACT': [
    {
      relies: "the admin key's secret under another prefix of the same shape never answers 2xx",
      basis: { spec: '5: "A key has a fixed service prefix followed by an underscore and a secret part: <prefix>_<secret>."' },
    },
    { relies: 'a key whose prefix has no letter or digit to change makes the check not applicable', basis: { tolerant: 'skipped' } },
    { relies: 'any non-2xx passes', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to a near miss is recorded', basis: { observation: 'near-miss-key-status' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],
  'AUTH-KEY-NEAR-MISS': [
    {
      relies: 'the admin key with its last character removed or repeated never answers 2xx',
      basis: {
        tolerant:
          'the requirement is a SHOULD: spec 5 never says how the secret is compared; a base64 secret (= padding) or hex decoded leniently (an odd trailing nibble dropped) maps key+char or key-char to the same secret bytes',
      },
    },
    { relies: 'the status given to a near miss is recorded', basis: { observation: 'near-miss-key-status' } },
  ],
  'AUTH-ORG-SCOPE': [
    { relies: "org A's contact is created with exactly 201", basis: { spec: '4 Common rules: "Create success: 201 with the record in data."' } },
    {
      relies: "org B's key never reads org A's contact by id with a 2xx",
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    { relies: 'any non-2xx passes (403 or 404)', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status of the cross-organisation read is recorded', basis: { observation: 'cross-org-read-status' } },
    {
      relies: "org B's contact list, every page of 100 (up to 20), answers 200 and never holds it",
      basis: { spec: '1: "All data is scoped to the organisation that owns the API key."' },
    },
    { relies: 'parentContactId=<org A contact> answers any status; a 200 lists nothing', basis: { tolerant: 'a 4xx for a parent it cannot see passes' } },
  ],
  'AUTH-EMPTY-BEARER': [
    {
      relies: 'Authorization: Bearer with nothing after it never answers 2xx on every documented route',
      basis: {
        spec: '5: "Every request carries an organisation API key, sent either as the header X-API-Key: <API_KEY> or as Authorization: Bearer <API_KEY>."',
      },
    },
    { relies: 'any non-2xx passes', basis: { tolerant: 'expectNot2xx(): only a 2xx fails' } },
    { relies: 'the status given to an empty Bearer token is recorded', basis: { observation: 'empty-bearer-status' } },
    {
      relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
      basis: { tolerant: 'refusedClient(): RAW_429, a 429 is no 2xx; recorded under refused-key-throttled', variant: 'throttled-refusals' },
    },
  ],

  // --- Projects (suites/tasks.test.ts:391-414) ---
  'PJ-LIST': [
    {
      relies: 'GET /projects in pages of 100 answers exactly 200 with data and pagination',
      basis: { spec: '4.12: "takes limit and offset and returns a paged list of the projects of the key\'s organisation"' },
    },
    {
      relies: 'the configured project (CONFORMANCE_PROJECT_ID, a root task) is listed under id, whatever its state',
      basis: { spec: '1: "Projects, represented by root tasks" and 4.12: "returns a paged list of the projects of the key\'s organisation"' },
    },
    { relies: 'ids are compared in any letter case', basis: { tolerant: 'sameId(): lower-cased on both sides' } },
    {
      relies: 'the configured project is among the first 10,000 listed (100 pages of 100); past that the check is inconclusive, not failed',
      basis: { tolerant: 'PROJECT_PAGES walks 100 pages; a list not exhausted there leaves PJ-LIST and PJ-LIST-ISOLATED inconclusive' },
    },
    { relies: 'not configured: skipped', basis: { tolerant: 't.need(CONFORMANCE_PROJECT_ID)' } },
  ],
  'PJ-LIST-ISOLATED': [
    {
      relies: "the admin key's GET /projects never lists CONFORMANCE_OTHER_PROJECT_ID",
      basis: { spec: '4.12: "returns a paged list of the projects of the key\'s organisation"' },
    },
    {
      relies: "the other organisation's key never lists CONFORMANCE_PROJECT_ID",
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    { relies: 'every page answers exactly 200', basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' } },
    { relies: 'ids are compared in any letter case', basis: { tolerant: 'sameId(): lower-cased on both sides' } },
    { relies: 'only the first 2000 projects are searched', basis: { tolerant: 'a cap can only miss a leak, never fail a correct server' } },
    { relies: 'not configured: skipped', basis: { tolerant: 't.need(CONFORMANCE_OTHER_PROJECT_ID, CONFORMANCE_OTHER_ORG_KEY)' } },
  ],
};
