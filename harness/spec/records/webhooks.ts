import {
  VALIDATION_STATUS_OBSERVED,
  SPEC_GET_UPDATE_200,
  SPEC_BODIES_INVALID,
  SPEC_MALFORMED_REJECTED,
  DELETED_READ_STATUS_OBSERVED,
  SPEC_CONTENTS_NOT_SHOWN,
  SPEC_OMITTED_UNCHANGED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Webhooks (spec 2.10, 3.4, 4.11, 6).
 *
 * Checks: suites/webhooks.test.ts, harness/webhooks/, harness/generators/webhooks.ts, harness/sink.
 */
export const WEBHOOK_RECORDS = {
  'WH-CREATE-VALID': {
    level: 'MUST',
    section: '2.10, 4.11',
    area: 'webhooks',
    statement: 'A subscription create body that follows 2.10 is accepted (201) with the values sent; isActive defaults to true.',
    units: [
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
    ],
    audit: [
      {
        relies: 'every generated valid create answers exactly 201 with the record in data',
        basis: { spec: '4.11: "Body: webhook create fields (2.10). 201. Admin key required."' },
      },
      {
        relies: 'the target accepts the sink URL (http on the runner host)',
        basis: { tolerant: 'CONFORMANCE_SINK_PUBLIC_URL lets the run give a public https URL instead' },
      },
      {
        relies: 'the create answer and GET /webhooks/{id} (200, no wait) show each field sent under its name',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'events come back as the same set, url as the same URL',
        basis: { tolerant: 'eventsMatch (any order) and sameUrl (WHATWG serialisation)', variant: 'normalised-values' },
      },
      {
        relies: 'name and description come back as sent, up to white space collapsed and Unicode normal form',
        basis: { tolerant: 'subscriptionMismatch uses compare.ts sameValue', variant: 'normalised-values' },
      },
      {
        relies: 'no two bodies share a name or URL',
        basis: { tolerant: 'identifier() names, a ?s=<8 hex> query per body, each subscription deleted before the next', variant: 'unique-names' },
      },
      {
        relies: 'names of 1 and 255 characters and a URL of 500 characters are accepted and come back',
        basis: { spec: '2.10: "name | string, length 1 to 255 | required | optional" and "url | string, URL format, max length 500 | required | optional"' },
      },
      {
        relies: 'the 1-character name, the 255-character name and the 500-character URL are held by no other subscription',
        basis: {
          tolerant:
            'the long name and URL carry a token of the run; a 1-character name refused with 409 is tried again with others (recorded as business-rule), all refused is inconclusive',
          variant: 'unique-names',
        },
      },
      {
        relies: 'isActive left out reads true in the create answer and on GET',
        basis: { spec: '2.10: "isActive | boolean, default true | optional | optional"' },
      },
      { relies: 'whether description null is taken on create is recorded', basis: { observation: 'webhook-create-description-null' } },
    ],
  },
  'WH-FIELD-RULES': {
    level: 'MUST',
    section: '2.10, 8',
    area: 'webhooks',
    statement:
      'Subscription rules hold: name 1 to 255 characters, url a URL of at most 500 characters, events at least one known event name, description string or null, isActive boolean.',
    units: [
      // name | string, length 1 to 255 | required | optional
      '2.10#8d9d543c',
      // url | string, URL format, max length 500 | required | optional
      '2.10#1c4c9623',
      // events | array with at least 1 item, each one of the event names in part 6 | required | optional
      '2.10#f904c09d',
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
      // Invoices | `invoice.created`, `invoice.sent`, `invoice.paid`, `invoice.overdue`
      '6.1#3cc5a7fe',
      // Quotes | `quote.created`, `quote.sent`, `quote.accepted`, `quote.rejected`
      '6.1#2d4f3051',
      // Projects and tasks | `project.created`, `project.completed`, `task.created`, `task.completed`
      '6.1#c9a2cc0a',
      // Time and expenses | `time_entry.created`, `expense.created`, `expense.approved`
      '6.1#aebb24e2',
      // Milestones | `milestone.completed`
      '6.1#df36da00',
      // A subscription must list at least one of these names.
      '6.1#8acbef63',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
      // Webhook name | 1 to 255 characters | webhooks
      '8#11290cbf',
      // Webhook url | max 500 characters | webhooks
      '8#5643d567',
    ],
    audit: [
      {
        relies: 'empty or over-255 names, non-URL or over-500 URLs, wrong types and null name/url/events/isActive are rejected',
        basis: { spec: '2.10: "name | string, length 1 to 255 | required | optional" and "url | string, URL format, max length 500 | required | optional"' },
      },
      {
        relies: 'events empty, not an array, with a non-string item, or with an unknown name are rejected',
        basis: { spec: '2.10: "events | array with at least 1 item, each one of the event names in part 6 | required | optional"' },
      },
      { relies: 'Task.Created, TASK.CREATED, task_created, invoice.* and * are unknown event names', basis: { spec: '6.1: "Event names (exact)"' } },
      { relies: 'a create without name, url or events is rejected', basis: SPEC_BODIES_INVALID },
      {
        relies: 'the non-URLs are no absolute URL under any reading; lengths are ASCII',
        basis: { tolerant: 'nonUrl(), nameOfLength() and urlOfLength(): every reading of URL and length agrees' },
      },
      {
        relies: 'each invalid body is otherwise valid, with a URL of its own',
        basis: { tolerant: 'violations() on subscriptionCreate/Update with a ?s= query per body', variant: 'business-rules' },
      },
      { relies: 'any 4xx counts as the rejection; the status is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'WH-SECRET': {
    level: 'MUST',
    section: '2.10',
    area: 'webhooks',
    statement: 'The subscription returned on create and by GET /webhooks/{id} carries a secret starting with `whsec_`.',
    units: [
      // A subscription record returned on creation carries a signing secret starting with `whsec_`; reading one subscr
      '2.10#2fe881ea',
      // Creation returns it so that it can be stored for signature verification.
      '2.10#3f02d1bd',
    ],
    audit: [
      {
        relies: 'the create answer holds a string starting with whsec_ (longer than the prefix), under any field name',
        basis: { spec: '2.10: "A subscription record returned on creation carries a signing secret starting with whsec_"' },
      },
      { relies: 'where the secret sits is recorded', basis: { observation: 'webhook-secret-field' } },
      {
        relies: 'GET /webhooks/{id} answers 200 and holds the same secret value (a masked one fails)',
        basis: { spec: '2.10: "reading one subscription by id also includes its secret" and 4.11: "Returns the subscription including its secret."' },
      },
      { relies: 'what the list shows of the secret is recorded', basis: { observation: 'webhook-list-secret' } },
    ],
  },
  'WH-UPDATE-VALID': {
    level: 'MUST',
    section: '2.10, 4.11',
    area: 'webhooks',
    statement: 'A subscription update body that follows 2.10 is accepted (200) and applied; omitted fields stay, null clears description.',
    units: [
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and every generated valid update exactly 200 with the record',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the update answer and GET show each field sent; events as a set, url serialised',
        basis: { tolerant: 'subscriptionMismatch: eventsMatch and sameUrl', variant: 'normalised-values' },
      },
      {
        relies: 'name and description come back as sent, up to white space collapsed and Unicode normal form',
        basis: { tolerant: 'subscriptionMismatch uses compare.ts sameValue', variant: 'normalised-values' },
      },
      {
        relies: 'fields the update leaves out read as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'description set to null reads back null, absent or ""',
        basis: { tolerant: 'subscriptionMismatch: a cleared text may be stored as ""', variant: 'webhook-choices' },
      },
      { relies: 'names and URLs of the updates are fresh', basis: { tolerant: 'identifier() names and a ?s= query per body', variant: 'unique-names' } },
    ],
  },
  'WH-FILTER-ACTIVE': {
    level: 'MUST',
    section: '3.5, 4.11',
    area: 'webhooks',
    statement: 'The `isActive` filter on GET /webhooks returns only subscriptions with that flag.',
    units: [
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
      // GET | /webhooks | Query: isActive (boolean), limit, offset.
      '4.11#804d8b7d',
      // GET | /webhooks/{id} | Returns the subscription including its secret.
      '4.11#ce3a4502',
      // GET | /webhooks/{id}/deliveries | Query: status (`pending`/`delivered`/`failed`/`retrying`), limit, offset. Li
      '4.11#a35b7e8b',
      // GET | /webhooks/events | Lists the available event types; 200.
      '4.11#bcac45df',
    ],
    audit: [
      {
        relies: 'two subscriptions created active and two with isActive false answer 201',
        basis: { spec: '2.10: "isActive | boolean, default true | optional | optional"' },
      },
      {
        relies: 'isActive=true lists both active ones and no inactive one; isActive=false the reverse',
        basis: { spec: '4.11: "Query: isActive (boolean), limit, offset." and 4 Common rules: "the value true means true, any other value means false"' },
      },
      {
        relies: 'the sample keeps its flags meanwhile',
        basis: { tolerant: 'quiet events and a sink answering 200: nothing gives a server cause to disable them' },
      },
      {
        relies: 'an unscoped offset walk of /webhooks sees every sample',
        basis: {
          tolerant:
            'the filter checks run alone in their file (describe.sequential right after paging): no other check of the file deletes subscriptions meanwhile',
        },
      },
    ],
  },
  'WH-DELETE': {
    level: 'MUST',
    section: '4.11',
    area: 'webhooks',
    statement: 'A deleted subscription can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
    ],
    audit: [
      {
        relies: 'a subscription is created (201) and read (200), and DELETE answers exactly 204',
        basis: { spec: '4 Common rules: "Delete success: 204 without body"' },
      },
      {
        relies: 'a GET right after the delete answers no 2xx',
        basis: { spec: '2: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
      },
      { relies: 'the status of the read after delete is recorded', basis: DELETED_READ_STATUS_OBSERVED },
    ],
  },
  'WH-EVENTS-LIST': {
    level: 'MUST',
    section: '4.11, 6.1',
    area: 'webhooks',
    statement: 'GET /webhooks/events answers 200 and lists all 16 event names of 6.1.',
    units: [
      // GET | /webhooks | Query: isActive (boolean), limit, offset.
      '4.11#804d8b7d',
      // GET | /webhooks/{id} | Returns the subscription including its secret.
      '4.11#ce3a4502',
      // GET | /webhooks/{id}/deliveries | Query: status (`pending`/`delivered`/`failed`/`retrying`), limit, offset. Li
      '4.11#a35b7e8b',
      // GET | /webhooks/events | Lists the available event types; 200.
      '4.11#bcac45df',
      // The fixed paths `/webhooks/events`, `/reports/categories` coexist with the `{id}` routes of the same collectio
      '4.11#346a55b5',
      // Invoices | `invoice.created`, `invoice.sent`, `invoice.paid`, `invoice.overdue`
      '6.1#3cc5a7fe',
      // Quotes | `quote.created`, `quote.sent`, `quote.accepted`, `quote.rejected`
      '6.1#2d4f3051',
      // Projects and tasks | `project.created`, `project.completed`, `task.created`, `task.completed`
      '6.1#c9a2cc0a',
      // Time and expenses | `time_entry.created`, `expense.created`, `expense.approved`
      '6.1#aebb24e2',
      // Milestones | `milestone.completed`
      '6.1#df36da00',
      // The list is also returned by `GET /webhooks/events`.
      '6.1#924afe11',
    ],
    audit: [
      { relies: 'GET /webhooks/events answers exactly 200', basis: { spec: '4.11: "Lists the available event types; 200."' } },
      { relies: 'all 16 names of 6.1 appear in the answer', basis: { spec: '6.1: "The list is also returned by GET /webhooks/events."' } },
      {
        relies: 'the names may sit anywhere in data (strings, objects, up to 6 levels)',
        basis: { tolerant: 'the walk collects every string; the shape is recorded as webhook-events-shape' },
      },
      { relies: 'names beyond the 16 are recorded, not judged', basis: { observation: 'webhook-events-extra' } },
    ],
  },
  'WH-DELIVERIES-LIST': {
    level: 'MUST',
    section: '3.4, 4.11',
    area: 'webhooks',
    statement:
      'GET /webhooks/{id}/deliveries answers a paged list; its status filter takes `pending`, `delivered`, `failed`, `retrying` and rejects other values.',
    units: [
      // Values: `pending`, `delivered`, `failed`, `retrying`.
      '3.4#695a3425',
      // GET | /webhooks | Query: isActive (boolean), limit, offset.
      '4.11#804d8b7d',
      // GET | /webhooks/{id} | Returns the subscription including its secret.
      '4.11#ce3a4502',
      // PATCH | /webhooks/{id} | Body: webhook update fields (2.10). Admin key required.
      '4.11#b504ebd5',
      // DELETE | /webhooks/{id} | 204. Admin key required.
      '4.11#f198ebed',
      // GET | /webhooks/{id}/deliveries | Query: status (`pending`/`delivered`/`failed`/`retrying`), limit, offset. Li
      '4.11#a35b7e8b',
      // GET | /webhooks/events | Lists the available event types; 200.
      '4.11#bcac45df',
      // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
      '6.2#5710d005',
    ],
    audit: [
      { relies: 'an expense can be created pending and approved', basis: { tolerant: 'a trigger the target refuses skips the check (precondition)' } },
      {
        relies: 'the log shows the refused delivery failed within CONFORMANCE_WEBHOOK_WAIT_S',
        basis: { tolerant: 'not required: pollRecord only waits; a later lack of two statuses is inconclusive' },
      },
      { relies: 'PATCH of the subscription url answers exactly 200', basis: SPEC_GET_UPDATE_200 },
      { relies: 'the next delivery reaches the new URL within the wait', basis: { tolerant: 't.inconclusive otherwise (timing not shown)' } },
      {
        relies: 'GET /webhooks/{id}/deliveries answers 200 with a data array and a pagination object',
        basis: { spec: '4.11: "Query: status (pending/delivered/failed/retrying), limit, offset. Lists delivery attempts, paged."' },
      },
      {
        relies: 'limit=1 gives at most one row and pagination.limit 1 (a number)',
        basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
      },
      {
        relies: 'rows show their status in a `status` field; fewer than two statuses seen is inconclusive',
        basis: { tolerant: 'rowStatus(): rows without it are not judged', variant: 'deliveries-per-delivery' },
      },
      { relies: 'status=<value> returns no row showing another status', basis: { spec: '3.4: "Values: pending, delivered, failed, retrying."' } },
      {
        relies: "a row failed or delivered before and after the filtered read is in that filter's answer",
        basis: { tolerant: 'only rows stable across the read are required (3.4 shows no transitions)' },
      },
      {
        relies: 'status bogus and success are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'another case of a status value (DELIVERED) is not judged here',
        basis: { tolerant: 'left to INPUT-FORMAT-STRICT (SHOULD), as the other suites do with enum values in another case' },
      },
      { relies: 'the statuses seen and the log model are recorded', basis: { observation: 'webhook-deliveries-statuses' } },
    ],
  },
  'WH-DELIVERY-FORMAT': {
    level: 'MUST',
    section: '6.2',
    area: 'webhooks',
    statement: 'A delivery is a POST with a JSON body holding `event` (a 6.1 name), `timestamp` (ISO 8601 UTC with milliseconds) and `data` (object).',
    units: [
      // Subscriptions deliver events as signed JSON POST requests to the subscription `url`.
      '6#20d76b4a',
      // Method POST, body is JSON: `event` (string, one of the names above), `timestamp` (string, ISO 8601 date-time i
      '6.2#08c65c5f',
    ],
    audit: [
      {
        relies: 'a subscriber of expense.created and expense.approved is made (201) and an expense approved',
        basis: { tolerant: 'a trigger the target refuses skips the check' },
      },
      {
        relies: 'deliveries are recognised by the expense id in their raw body, within CONFORMANCE_WEBHOOK_WAIT_S',
        basis: { tolerant: 'spec 6.2: data content and timing not shown; without one the check is inconclusive' },
      },
      {
        relies: 'each is a POST whose JSON body has event (one of 6.1), timestamp and a data object',
        basis: {
          spec: '6.2: "Method POST, body is JSON: event (string, one of the names above), timestamp (string, ISO 8601 date-time in UTC with milliseconds), data (object, the event payload)."',
        },
      },
      {
        relies: 'timestamp is YYYY-MM-DDTHH:MM:SS with 3 to 9 fraction digits and Z or +00:00',
        basis: { tolerant: 'DELIVERY_TIMESTAMP: both UTC notations and finer precision pass; the form is recorded' },
      },
      { relies: 'the timestamp form and the content type are recorded', basis: { observation: 'webhook-timestamp-form' } },
    ],
  },
  'WH-DELIVERY-HEADERS': {
    level: 'MUST',
    section: '6.2',
    area: 'webhooks',
    statement: 'A delivery carries `X-Service-Event` equal to the body event and a non-empty `X-Service-Delivery`.',
    units: [
      // Headers: `X-Service-Event` (event name), `X-Service-Signature` (`sha256=<hex>`), `X-Service-Delivery` (deliver
      '6.2#2ad5e374',
    ],
    audit: [
      {
        relies: 'X-Service-Event is present and equals the body event; X-Service-Delivery is non-empty',
        basis: { spec: '6.2: "Headers: X-Service-Event (event name), X-Service-Signature (sha256=<hex>), X-Service-Delivery (delivery identifier)."' },
      },
      { relies: 'the sample deliveries arrive within the wait', basis: { tolerant: 'shared with WH-DELIVERY-FORMAT: inconclusive without them' } },
      { relies: 'whether two events share a delivery id is recorded', basis: { observation: 'webhook-delivery-id' } },
    ],
  },
  'WH-SIGNATURE': {
    level: 'MUST',
    section: '6.2',
    area: 'webhooks',
    statement: '`X-Service-Signature` is `sha256=` and the hex HMAC-SHA256 of the raw body keyed with the subscription secret.',
    units: [
      // Creation returns it so that it can be stored for signature verification.
      '2.10#3f02d1bd',
      // Subscriptions deliver events as signed JSON POST requests to the subscription `url`.
      '6#20d76b4a',
      // Headers: `X-Service-Event` (event name), `X-Service-Signature` (`sha256=<hex>`), `X-Service-Delivery` (deliver
      '6.2#2ad5e374',
      // Signature: the hex digest of HMAC-SHA256 over the raw request body bytes (not a re-serialised object), keyed w
      '6.2#c231b84b',
    ],
    audit: [
      { relies: 'X-Service-Signature is sha256= and 64 hex digits (either case, trimmed)', basis: { spec: '6.2: "X-Service-Signature (sha256=<hex>)"' } },
      {
        relies: 'the digest is HMAC-SHA256 over the exact bytes received',
        basis: {
          spec: '6.2: "Signature: the hex digest of HMAC-SHA256 over the raw request body bytes (not a re-serialised object), keyed with the subscription secret."',
        },
      },
      {
        relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
        basis: {
          tolerant: 'signingKeyForm(): each form is tried in constant time; the one that verifies is recorded as webhook-signing-key',
          variant: 'webhook-choices',
        },
      },
      {
        relies: 'without a secret in the create answer the check is skipped; the sample waits as WH-DELIVERY-FORMAT',
        basis: { tolerant: 't.skip, t.inconclusive' },
      },
    ],
  },
  'WH-TRIGGERS': {
    level: 'MUST',
    section: '6, 6.2',
    area: 'webhooks',
    statement:
      'Each operation whose event name implies it (task.created, task.completed, time_entry.created, expense.created, expense.approved, milestone.completed) delivers that event to an active subscriber of it.',
    units: [
      // Subscriptions deliver events as signed JSON POST requests to the subscription `url`.
      '6#20d76b4a',
      // Projects and tasks | `project.created`, `project.completed`, `task.created`, `task.completed`
      '6.1#c9a2cc0a',
      // Time and expenses | `time_entry.created`, `expense.created`, `expense.approved`
      '6.1#aebb24e2',
      // Milestones | `milestone.completed`
      '6.1#df36da00',
    ],
    audit: [
      {
        relies: 'POST /tasks, a task to completed, POST /time-entries, POST /expenses, approve and complete deliver their event',
        basis: {
          spec: '6.2: "Which operation triggers each event, beyond what the event name implies: not shown." and 3.3: "event milestone.completed is available to subscribers"',
        },
      },
      {
        relies: 'the operation itself is possible (task reached completed by any path, expense approvable)',
        basis: { tolerant: 'a refused operation skips the check; reachTaskStatus tries intermediate statuses' },
      },
      {
        relies: 'a delivery is tied to the operation by the record id in its body',
        basis: { tolerant: 'a delivery of the event without the id is inconclusive, never failed (recorded as webhook-payload-id)' },
      },
      {
        relies:
          'no delivery of the event at all within CONFORMANCE_WEBHOOK_WAIT_S after the operation and again after the later control expense.created arrived = not delivered',
        basis: { tolerant: "the full wait is given from the control's arrival too; without the control the check is inconclusive" },
      },
      { relies: 'neither delivery within the wait proves nothing', basis: { tolerant: 't.inconclusive' } },
    ],
  },
  'WH-NOT-SUBSCRIBED': {
    level: 'MUST',
    section: '2.10, 6',
    area: 'webhooks',
    statement: 'An event is not delivered to a subscription that does not list it, nor to an inactive one.',
    units: [],
    audit: [
      {
        relies: 'four subscriptions are made (201) and PATCH isActive false answers exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'a subscription listing every other event gets no expense.created',
        basis: { spec: '2.10: "events | array with at least 1 item, each one of the event names in part 6 | required | optional"' },
      },
      {
        relies: 'a subscription created inactive or deactivated gets nothing about the expense',
        basis: {
          spec: '3.5: "Contacts, resources, rates and webhooks carry an active flag (isActive) that can be set or filtered" (its effect on delivery is implied only)',
        },
      },
      {
        relies: 'the deactivation applies to events fired from PROPAGATION_MS (5 s) after the PATCH answered on',
        basis: {
          tolerant:
            'bound 5 s, a fixed constant (harness/webhooks/propagation.ts), not CONFORMANCE_WEBHOOK_WAIT_S: a server may cache its subscriptions for a few seconds (spec 3.5 shows no timing); deliveries to the deactivated subscription of events fired within it are tolerated, each time with a new event; the delay is recorded as webhook-deactivation-delay',
          variant: 'webhook-choices',
        },
      },
      {
        relies: 'the listening subscriber is served within the wait, then a 2 s grace',
        basis: { tolerant: 't.inconclusive without it; late wrong deliveries are missed, never invented' },
      },
    ],
  },
  'WH-TEST-DELIVERY': {
    level: 'MUST',
    section: '4.11, 6.2',
    area: 'webhooks',
    statement: 'POST /webhooks/{id}/test answers 200 and produces a signed delivery.',
    units: [
      // POST | /webhooks | Body: webhook create fields (2.10). 201. Admin key required.
      '4.11#d0be3c5c',
      // PATCH | /webhooks/{id} | Body: webhook update fields (2.10). Admin key required.
      '4.11#b504ebd5',
      // DELETE | /webhooks/{id} | 204. Admin key required.
      '4.11#f198ebed',
      // POST | /webhooks/{id}/rotate-secret | No body; 200, result in `data`.
      '4.11#da0eb4c2',
      // POST | /webhooks/{id}/test | No body; sends a test event to the subscription; 200.
      '4.11#f0f4b25c',
      // A test delivery can be requested with `POST /webhooks/{id}/test`; the secret can be replaced with `POST /webho
      '6.2#de7917ff',
    ],
    audit: [
      { relies: 'POST /webhooks/{id}/test answers exactly 200', basis: { spec: '4.11: "No body; sends a test event to the subscription; 200."' } },
      { relies: 'a request reaches the fresh endpoint within the wait', basis: { tolerant: 't.inconclusive otherwise' } },
      {
        relies: 'the first request at the endpoint is the test delivery and is signed',
        basis: { spec: '6: "Subscriptions deliver events as signed JSON POST requests to the subscription url."' },
      },
      {
        relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
        basis: { tolerant: 'signingKeyForm(), recorded as webhook-signing-key', variant: 'webhook-choices' },
      },
      { relies: 'the test event name and latency are recorded', basis: { observation: 'webhook-test-event' } },
    ],
  },
  'WH-ROTATE': {
    level: 'MUST',
    section: '4.11, 6.2',
    area: 'webhooks',
    statement: 'POST /webhooks/{id}/rotate-secret answers 200 with a new `whsec_` secret; later deliveries verify with it and not with the old one.',
    units: [
      // POST | /webhooks | Body: webhook create fields (2.10). 201. Admin key required.
      '4.11#d0be3c5c',
      // PATCH | /webhooks/{id} | Body: webhook update fields (2.10). Admin key required.
      '4.11#b504ebd5',
      // DELETE | /webhooks/{id} | 204. Admin key required.
      '4.11#f198ebed',
      // POST | /webhooks/{id}/rotate-secret | No body; 200, result in `data`.
      '4.11#da0eb4c2',
      // POST | /webhooks/{id}/test | No body; sends a test event to the subscription; 200.
      '4.11#f0f4b25c',
      // A test delivery can be requested with `POST /webhooks/{id}/test`; the secret can be replaced with `POST /webho
      '6.2#de7917ff',
    ],
    audit: [
      { relies: 'POST /webhooks/{id}/rotate-secret answers exactly 200 with data', basis: { spec: '4.11: "No body; 200, result in data."' } },
      {
        relies: "a new whsec_ secret, other than the old, shows in the answer's data or on GET /webhooks/{id} after it",
        basis: {
          tolerant: "the answer's shape is not shown: the new secret is read from GET when data lacks it (recorded as webhook-rotate-field)",
          variant: 'webhook-choices',
        },
      },
      { relies: 'where the new secret sits, and what GET shows after, are recorded', basis: { observation: 'webhook-secret-after-rotate' } },
      {
        relies: 'later deliveries verify with the new secret and not with the old',
        basis: { spec: '6.2: "the secret can be replaced with POST /webhooks/{id}/rotate-secret"' },
      },
      {
        relies:
          'an event fired PROPAGATION_MS (5 s) after rotate-secret answered is signed with the new secret; a delivery of it signed with the old one fails the check',
        basis: {
          tolerant:
            'bound 5 s, a fixed constant (harness/webhooks/propagation.ts), not CONFORMANCE_WEBHOOK_WAIT_S: a server may cache the subscription or let the old secret sign a few seconds (spec 6.2 shows no timing); an event fired within it is only observed (webhook-rotate-grace)',
          variant: 'webhook-choices',
        },
      },
      {
        relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
        basis: { tolerant: 'signingKeyForm() for the old and the new secret', variant: 'webhook-choices' },
      },
      { relies: 'the delivery arrives within the wait', basis: { tolerant: 't.inconclusive otherwise' } },
    ],
  },
  'WH-RETRY-SUCCESS': {
    level: 'MUST',
    section: '3.4, 6.2',
    area: 'webhooks',
    statement: 'A receiver failing N < 5 times then answering 2xx sees exactly N+1 attempts, and the delivery ends delivered.',
    units: [
      // A delivery answered with a 2xx status is successful; a non-2xx answer or a timeout is retried, up to five atte
      '3.4#e8ab247e',
      // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
      '6.2#5710d005',
    ],
    audit: [
      {
        relies: 'a receiver answering 500 twice, or 404 once, then 200 is retried until it answers 2xx',
        basis: { spec: '6.2: "A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts"' },
      },
      { relies: 'the attempts come within CONFORMANCE_WEBHOOK_WAIT_S', basis: { tolerant: 'spec 6.2 shows no spacing: too slow is inconclusive' } },
      {
        relies: 'a log showing failed as the latest state with fewer attempts proves the delivery ended, unless it may mark attempts so',
        basis: {
          tolerant:
            'attemptRecord(): failed followed by more rows, a row naming its next attempt, or a lone failed row once the run saw failed followed by a retry (deliveryLogConvention, recorded as deliveries-log-failed) prove no end',
          variant: 'webhook-choices',
        },
      },
      {
        relies:
          'a lone failed row (one attempt, no next attempt named) with no retry in the whole wait is the end, until the run sees this log mark a failed attempt that another followed',
        basis: {
          assumption:
            'a log marking every failed attempt failed whose first retry comes later than CONFORMANCE_WEBHOOK_WAIT_S cannot be told from a target that never retries (the wh-no-retry fault) within the wait; a longer wait settles it',
        },
      },
      {
        relies: 'no attempt follows the 2xx within twice the longest spacing plus a second',
        basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' },
      },
      {
        relies:
          "the scripted failures go only to the deliveries naming this check's expense (another suite's approval of the same event is answered 200); taken all the same (a payload that names no record) they are run again (3 rounds)",
        basis: { tolerant: 'sink focused script (harness/sink/sink.ts focus), untilNotTaken, then inconclusive' },
      },
      {
        relies: 'the log shows delivered within the wait (a row or record), ended failed fails, else inconclusive',
        basis: { tolerant: 'attemptRecord reads either log model', variant: 'deliveries-per-delivery' },
      },
      {
        relies: 'a log showing delivered while the receiver never answered 2xx fails at once',
        basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' },
      },
      { relies: 'retry spacing and delivery id reuse are recorded', basis: { observation: 'webhook-retry-intervals' } },
    ],
  },
  'WH-RETRY-LIMIT': {
    level: 'MUST',
    section: '3.4, 6.2, 8',
    area: 'webhooks',
    statement: 'A receiver that always fails sees exactly 5 attempts and no sixth; the deliveries endpoint records the attempts and a final failed status.',
    units: [
      // A delivery answered with a 2xx status is successful; a non-2xx answer or a timeout is retried, up to five atte
      '3.4#e8ab247e',
      // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
      '6.2#5710d005',
      // Delivery attempts | up to 5 | webhook deliveries
      '8#d01643a6',
    ],
    audit: [
      {
        relies: 'a receiver that always answers 500 sees exactly 5 attempts and no sixth within the grace',
        basis: {
          spec: '3.4: "a non-2xx answer or a timeout is retried, up to five attempts in total" and 8: "Delivery attempts | up to 5 | webhook deliveries"',
        },
      },
      {
        relies: 'fewer than 5 within the wait fail when the log shows the delivery ended',
        basis: {
          tolerant:
            'attemptRecord() with failedNotFinal: a lone failed row is never the end here; failed ends a delivery only after earlier rows retrying, in a record per delivery, and with no next attempt named',
          variant: 'webhook-choices',
        },
      },
      {
        relies: 'some deliveries row can be tied to the delivery (expense id, X-Service-Delivery value, or a lone endpoint)',
        basis: { tolerant: 'rows that cannot be tied leave the check inconclusive; an empty log fails (spec 6.2: every attempt is recorded)' },
      },
      { relies: 'no row of the delivery shows delivered', basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' } },
      {
        relies: 'attempts inside one record under an unknown name leave the check inconclusive',
        basis: { tolerant: 'attemptFields() names; t.inconclusive', variant: 'deliveries-per-delivery' },
      },
      { relies: 'every attempt is recorded and readable', basis: { spec: '6.2: "every attempt is recorded and can be read through the deliveries endpoint"' } },
      { relies: 'a failed status within CONFORMANCE_WEBHOOK_WAIT_S', basis: { tolerant: 't.inconclusive otherwise' } },
    ],
  },
  'WH-RETRY-TIMEOUT': {
    level: 'MUST',
    section: '3.4, 6.2',
    area: 'webhooks',
    statement: 'A receiver that does not answer in time counts as a failure and is retried.',
    units: [
      // A delivery answered with a 2xx status is successful; a non-2xx answer or a timeout is retried, up to five atte
      '3.4#e8ab247e',
      // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
      '6.2#5710d005',
    ],
    audit: [
      {
        relies: 'a first attempt held open without an answer is retried',
        basis: { spec: '3.4: "a non-2xx answer or a timeout is retried, up to five attempts in total"' },
      },
      {
        relies: "the target's timeout and retry spacing fit in CONFORMANCE_WEBHOOK_WAIT_S",
        basis: { tolerant: 'spec 6.2: "Delivery timeout and spacing between retries: not shown."; too slow is inconclusive' },
      },
      {
        relies: 'a lone failed row after the one timed-out attempt is never read as the end',
        basis: {
          tolerant:
            'attemptRecord() with failedNotFinal: undecidable within the wait is inconclusive; a log recording the timed-out attempt delivered still fails at once',
          variant: 'webhook-choices',
        },
      },
      {
        relies:
          "the held-open answer goes only to a delivery naming this check's record (another suite's delivery of the same event is answered 200); taken all the same it is run again",
        basis: { tolerant: 'sink focused script (harness/sink/sink.ts focus), untilNotTaken (3 rounds), then inconclusive' },
      },
      { relies: 'the time to the retry is recorded', basis: { observation: 'webhook-timeout-retry-after' } },
    ],
  },
  'WH-2XX-SUCCESS': {
    level: 'MUST',
    section: '3.4, 6.2',
    area: 'webhooks',
    statement: 'Any 2xx answer (200, 201, 204) is success: no retry follows.',
    units: [
      // A delivery answered with a 2xx status is successful; a non-2xx answer or a timeout is retried, up to five atte
      '3.4#e8ab247e',
      // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
      '6.2#5710d005',
    ],
    audit: [
      { relies: 'receivers answering 201 and 204 get no second attempt', basis: { spec: '6.2: "A 2xx response is success."' } },
      {
        relies: 'watched for twice the first retry spacing of a failing sibling, plus a second',
        basis: { tolerant: 'the grace is measured on this target, bounded by the wait' },
      },
      { relies: 'no retry of the sibling, or a 2xx receiver without a delivery, within the wait proves nothing', basis: { tolerant: 't.inconclusive' } },
      { relies: 'the first retry spacing is recorded', basis: { observation: 'webhook-first-retry-spacing' } },
    ],
  },
  'WH-SUBSCRIPTION-CHANGES': {
    level: 'MUST',
    section: '2.10, 4.11, 6.2',
    area: 'webhooks',
    statement:
      "Subscriptions side by side each deliver by their current url, events, isActive and secret, changed more than once and back; each subscription's deliveries list holds its own attempts and no other's.",
    units: [],
    audit: [
      {
        relies: 'six subscriptions are made (201), each PATCH of events, url or isActive answers exactly 200, each rotate-secret 200',
        basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"; 4.11: rotate-secret "200, result in data"' },
      },
      {
        relies: 'an event is delivered only to a subscription that lists it and is active, at the url it has now',
        basis: { spec: '6: "Subscriptions deliver events as signed JSON POST requests to the subscription url"; 2.10 events and isActive' },
      },
      {
        relies: 'a delivery is signed with the secret the last rotate-secret gave, never with one a rotation replaced',
        basis: { spec: '6.2: "keyed with the subscription secret"; "the secret can be replaced with POST /webhooks/{id}/rotate-secret"' },
      },
      {
        relies:
          'each round fires its event PROPAGATION_MS (5 s) after the last change was answered; a delivery of it the current state forbids fails the check',
        basis: {
          tolerant:
            'bound 5 s, a fixed constant (harness/webhooks/propagation.ts), not CONFORMANCE_WEBHOOK_WAIT_S: a server may cache its subscriptions for a few seconds (spec 2.10, 4.11 show no timing)',
          variant: 'webhook-choices',
        },
      },
      {
        relies:
          "deliveries the state forbids are watched twice the delay of the expected ones (200 ms to 2 s), and again at the end of the check: every one that arrived before the next round's changes began",
        basis: {
          tolerant: "a wrong delivery arriving after the next round's changes began may have been sent by the next state: missed, never invented",
        },
      },
      {
        relies:
          "a row of a subscription's deliveries list naming an X-Service-Delivery value that reached only another subscription of the check is another's attempt",
        basis: { spec: '4.11: "Lists delivery attempts, paged." (GET /webhooks/{id}/deliveries: the attempts of that subscription)' },
      },
      {
        relies: 'X-Service-Delivery values shared by several subscriptions (an event id), or rows naming none, are not judged',
        basis: { tolerant: 'the delivery identifier format is not shown (spec 6.2); recorded as webhook-deliveries-own' },
      },
      { relies: 'an expected delivery that does not arrive within the wait proves nothing', basis: { tolerant: 't.inconclusive' } },
    ],
  },
} satisfies Records;
