import {
  LIST_SETTLES,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_CREATE_201,
  ONLY_2XX_FAILS,
  SPEC_LIST_200,
  SETUP_CREATED_INCONCLUSIVE,
  INACTIVE_IN_LIST_OBSERVED,
  SPEC_PAGING_IN_PAGINATION,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Common response rules (spec 4 "Common rules", 7).
 *
 * Checks: harness/crosscutting/paging.ts, crud.ts; every collection of suites/*.test.ts.
 */
export const COMMON_RECORDS = {
  'ENV-LIST': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: 'A list succeeds with 200, the records in a `data` array and paging in `pagination`.',
    units: [
      // Transport is standard HTTP methods with JSON request and response bodies.
      '1#e6c21566',
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
    ],
    audit: [
      {
        relies: 'GET of each list route without parameters answers exactly 200',
        basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination."' },
      },
      {
        relies: 'the body is a JSON object whose data is an array',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'a pagination object sits beside data, at the top level of the body',
        basis: SPEC_PAGING_IN_PAGINATION,
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
  },
  'ENV-CREATE': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: 'A create succeeds with 201 and the created record (with its id) in `data`.',
    units: [
      // Transport is standard HTTP methods with JSON request and response bodies.
      '1#e6c21566',
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Create success: 201 with the record in `data`. Get and update success: 200 with the record in `data`. Delete s
      '4#99bf1ce4',
      // POST | /contacts | Body: contact create fields (2.1). Returns 201.
      '4.1#359723a0',
    ],
    audit: [
      { relies: 'POST of a minimal valid body answers exactly 201', basis: SPEC_CREATE_201 },
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
  },
  'ENV-GET': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: 'A get by id succeeds with 200 and the record in `data`.',
    units: [
      // Transport is standard HTTP methods with JSON request and response bodies.
      '1#e6c21566',
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Create success: 201 with the record in `data`. Get and update success: 200 with the record in `data`. Delete s
      '4#99bf1ce4',
      // GET | /contacts/{id} | Returns contact.
      '4.1#f014cee8',
    ],
    audit: [
      {
        relies: 'the record is first created (any 2xx with the record in data)',
        basis: { tolerant: 'setupCreated(): ENV-CREATE judges the 201; a refusal leaves this check inconclusive' },
      },
      { relies: 'GET /{path}/{id} answers exactly 200', basis: SPEC_GET_UPDATE_200 },
      { relies: 'data.id is the id the create returned, the same string', basis: { spec: '2: "responses carry records inside data"' } },
      {
        relies: 'inherits the ENV-CREATE bodies (allocation repeated, milestone past targetDate, entry on an unassigned task)',
        basis: SETUP_CREATED_INCONCLUSIVE,
      },
    ],
  },
  'ENV-UPDATE': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: 'An update succeeds with 200 and the record in `data`.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Create success: 201 with the record in `data`. Get and update success: 200 with the record in `data`. Delete s
      '4#99bf1ce4',
      // PATCH | /contacts/{id} | Body: contact update fields (2.1). Returns 200.
      '4.1#648dc37b',
    ],
    audit: [
      {
        relies: 'PATCH of a one-field update (notes, description, jobTitle or a new rate name) answers exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      { relies: 'data.id is the id updated', basis: { spec: '2: "responses carry records inside data"' } },
      {
        relies: 'the rate rename carries a fresh token',
        basis: { tolerant: 'ratesCollection.updateBody: uniqueToken() in the name', variant: 'unique-names' },
      },
      {
        relies: 'inherits the ENV-CREATE bodies (allocation repeated, milestone past targetDate, entry on an unassigned task)',
        basis: SETUP_CREATED_INCONCLUSIVE,
      },
    ],
  },
  'ENV-DELETE': {
    level: 'MUST',
    section: '4, 7',
    area: 'common',
    statement: 'A delete succeeds with 204 and no body.',
    units: [
      // Create success: 201 with the record in `data`. Get and update success: 200 with the record in `data`. Delete s
      '4#99bf1ce4',
      // DELETE | /contacts/{id} | Returns 204.
      '4.1#58b3cf20',
      // Successful delete | 204 with no body
      '7#5fa8f2d8',
    ],
    audit: [
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
        basis: SETUP_CREATED_INCONCLUSIVE,
      },
    ],
  },
  'ID-UNKNOWN-REFUSED': {
    level: 'MUST',
    section: '7',
    area: 'common',
    statement:
      'An id that does not exist is never answered with 2xx on get and update; a delete of one removes nothing (its status is observed: an idempotent 204 is a legitimate choice).',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // Path parameter `id` is a string.
      '4#da20d686',
      // GET | /contacts/{id} | Returns contact.
      '4.1#f014cee8',
    ],
    audit: [
      {
        relies: 'GET and PATCH of a random UUID never answer 2xx',
        basis: { spec: '7: "Status codes for validation failure, missing or invalid key, insufficient permission and unknown id: not shown."' },
      },
      { relies: 'any non-2xx passes (404, 403, 400, 410, even 5xx)', basis: ONLY_2XX_FAILS },
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
        basis: SETUP_CREATED_INCONCLUSIVE,
      },
    ],
  },
  'ID-UNKNOWN-404': {
    level: 'SHOULD',
    section: '7',
    area: 'common',
    statement: 'An id that does not exist is answered with 404 on get, update and delete (status not shown by the spec).',
    units: [],
  },
  'BODY-MALFORMED-JSON': {
    level: 'MUST',
    section: '7',
    area: 'common',
    statement: 'A body that is not valid JSON is rejected with a 4xx status, never 2xx or 5xx.',
    units: [
      // Transport is standard HTTP methods with JSON request and response bodies.
      '1#e6c21566',
    ],
    audit: [
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
        basis: SETUP_CREATED_INCONCLUSIVE,
      },
    ],
  },
  'VALIDATION-STATUS-CONSISTENT': {
    level: 'SHOULD',
    section: '7',
    area: 'common',
    statement:
      'Every request body that fails the schema is answered with the same 4xx status (status not shown by the spec; malformed queries may be answered with another).',
    units: [],
  },
  'BOOL-FILTER-TRUE': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: 'A boolean query filter means true only for the exact string `true`; any other value (`TRUE`, `1`, `yes`) means false.',
    units: [
      // Boolean query filters are sent as strings: the value `true` means true, any other value means false.
      '4#cf61cf58',
    ],
    audit: [
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
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'expectFiltered(): includes and excludes by id, no record field read' } },
      { relies: 'inactive contacts are required only under isActive=false', basis: { tolerant: 'BooleanSample.hidden: the plain list may leave them out' } },
      { relies: 'whether a list without isActive shows inactive contacts is recorded', basis: INACTIVE_IN_LIST_OBSERVED },
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
        basis: LIST_SETTLES,
      },
    ],
  },
  'ENV-JSON-TYPE': {
    level: 'MUST',
    section: '1',
    area: 'common',
    statement: 'A response whose body is JSON and that names a Content-Type names a JSON one (`application/json`, with any parameters, or a `+json` type).',
    units: [
      // Transport is standard HTTP methods with JSON request and response bodies.
      '1#e6c21566',
    ],
    audit: [
      {
        relies: 'a response body that parses as JSON and comes with a Content-Type names a JSON media type',
        basis: {
          spec: '1: "Transport is standard HTTP methods with JSON request and response bodies." Under standard HTTP a body is of the media type its Content-Type names (RFC 9110 8.3): a JSON body labelled text/plain or text/html is not a JSON response body to an HTTP client',
        },
      },
      {
        relies: 'any JSON type passes: application/json with any parameters (charset=utf-8), text/json, x-json and every +json type',
        basis: {
          tolerant:
            'isJsonMediaType() (harness/http/media-type.ts): the subtype json, x-json or a +json suffix, in any case; the type seen is observed (json-content-type)',
          variant: 'json-media-types',
        },
      },
      {
        relies: 'only answers whose body is JSON are judged: the list (GET with limit=1) and the answer to an unknown id when its body is JSON',
        basis: { tolerant: 'spec 7: error bodies not shown; an empty or non-JSON error body is observed, never judged' },
      },
      {
        relies: 'a response without any Content-Type is not judged here',
        basis: { tolerant: 'RFC 9110 8.3 makes sending it a SHOULD: ENV-JSON-TYPE-SENT, a SHOULD, reports its absence' },
      },
    ],
  },
  'ENV-JSON-TYPE-SENT': {
    level: 'SHOULD',
    section: '1',
    area: 'common',
    statement: 'A response whose body is JSON says so with a Content-Type header.',
    units: [],
    audit: [
      {
        relies: 'a response body that parses as JSON comes with a Content-Type header',
        basis: {
          spec: '1: "Transport is standard HTTP methods with JSON request and response bodies."; in standard HTTP (RFC 9110 8.3) a sender of content SHOULD generate a Content-Type header field, a SHOULD, so this is a SHOULD too',
        },
      },
      {
        relies: "which JSON type it names is ENV-JSON-TYPE's business",
        basis: { tolerant: 'any value passes here; the type seen is observed (json-content-type)' },
      },
    ],
  },
} satisfies Records;
