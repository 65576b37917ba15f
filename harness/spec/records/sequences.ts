import { WRITE_REFUSALS_OBSERVED, LISTS_READ_AGAIN, NORMAL_FORMS, SPEC_OMITTED_UNCHANGED } from './bases.js';
import type { Records, Reliance } from './record.js';

/**
 * State rules after sequences of operations (spec 1, 2, 4, 5): what the exploration
 * (suites/sequences.test.ts, harness/steps/exploration/) judges after any sequence, not after one
 * written scenario. Each is derived from spec text that already binds a single operation (omitted
 * fields stay unchanged, a delete removes, a list holds the matching records and their total,
 * data is scoped to the key's organisation); a sequence only asks that it keeps holding whatever
 * ran before. Where the spec is silent (what a soft delete leaves, which status an action leaves)
 * the exploration observes the server's choice and asks only that it stays consistent.
 *
 * Checks: suites/sequences.test.ts with harness/steps/exploration/.
 */

/** What every state rule of the exploration relies on besides its own text. */
const COMMON: readonly Reliance[] = [
  {
    relies: 'a write answered 4xx changed nothing: the model keeps the record as it was',
    basis: WRITE_REFUSALS_OBSERVED,
  },
  {
    relies: 'a list shows a write within CONFORMANCE_LIST_SETTLE_S',
    basis: LISTS_READ_AGAIN,
  },
  {
    relies: 'values read back are compared as the domain suites compare them',
    basis: NORMAL_FORMS,
  },
];

export const SEQUENCE_RECORDS = {
  'SEQ-READ-AFTER-WRITE': {
    level: 'MUST',
    section: '2, 4',
    area: 'sequences',
    statement:
      'In any sequence of operations, a read by id (and every write answer) shows each field the sequence wrote with the value last accepted: omitted fields unchanged, null cleared, a refused write changing nothing, a state an action left (observed) kept until the next write.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
      // Create success: 201 ... Get and update success: 200 with the record in `data`. ...
      '4#99bf1ce4',
    ],
    audit: [
      {
        relies: 'fields omitted from an update keep the value last written',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'null on a nullable field clears it',
        basis: { spec: '0: "\'Nullable\' on an update field means the value null is accepted and clears the field."' },
      },
      {
        relies: 'a read by id answers 200 with the record while it exists',
        basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`."' },
      },
      {
        relies: 'only fields the sequence wrote are judged, and only where the answer shows them',
        basis: { tolerant: 'record contents beyond the input fields are not shown (spec 2): an absent field is not judged', variant: 'sparse-records' },
      },
      {
        relies:
          'a field another written field may decide (contactType, endDate and isActive, hours and durationSeconds, taskId and rootTaskId) is not judged after that write',
        basis: { tolerant: 'the model forgets the linked field until it is written again', variant: 'record-rules' },
      },
      {
        relies: 'the status an approve or reject leaves is whatever the next read shows, then kept until a write',
        basis: { observation: 'sequence-action-state' },
      },
      {
        relies:
          'after a 2xx batch create, update or delete each item is what the answer names beyond doubt (a record with its description, a record showing the written values) or else what a read shows (made or not, applied or unchanged, gone or still there), then held to; a read showing an update in part fails',
        basis: { observation: 'sequence-batch-item' },
      },
      {
        relies:
          'a read of a subscription shows its current secret: the one the create gave, or the one the last rotate-secret gave (its answer, else the next read)',
        basis: { spec: '2.10: "reading one subscription by id also includes its secret"' },
      },
      {
        relies:
          'a test delivery that reaches the sink is signed with the current secret; one a rotation replaced less than CONFORMANCE_WEBHOOK_WAIT_S before, or one the sequence never saw, is tolerated',
        basis: { tolerant: 'as WH-ROTATE tolerates a server caching the old secret for a while', variant: 'webhook-choices' },
      },
      {
        relies: 'a test delivery not at the sink within 2 s, or not yet in the deliveries list, and the test of an inactive subscription prove nothing',
        basis: { observation: 'sequence-webhook-delivery' },
      },
      {
        relies:
          'POST /expenses sends expense.created to the live subscriptions whose events last written list it; one that arrives is signed with the current secret, as a test delivery is',
        basis: {
          spec: '6.2: "Which operation triggers each event, beyond what the event name implies: not shown." (the name implies it, as WH-TRIGGERS relies)',
        },
      },
      {
        relies:
          'a subscription whose events last written do not list expense.created gets no delivery about the expense (one whose events a PATCH took it out of: from CONFORMANCE_WEBHOOK_WAIT_S after that PATCH on)',
        basis: {
          spec: '2.10: "events | array with at least 1 item, each one of the event names in part 6" (as WH-NOT-SUBSCRIBED relies); the late change is tolerated as WH-NOT-SUBSCRIBED tolerates a late deactivation',
        },
      },
      {
        relies:
          'an event not at the sink within 2 s, a delivery that does not name the expense, and what reaches an inactive or deleted subscription or one within the tolerated wait prove nothing',
        basis: { observation: 'sequence-webhook-event' },
      },
      {
        relies:
          "the coverage phase's subscriptions side by side: an expense.created delivery is allowed by every state written for its subscription (url, events, isActive, secret, each attribute on its own) in force at some moment from PROPAGATION_MS (5 s) before the event to the delivery's arrival; one no such state allows fails, and one every such state asks for not arriving within 2 s proves nothing",
        basis: {
          tolerant:
            'bound 5 s, a fixed constant (harness/webhooks/propagation.ts), not CONFORMANCE_WEBHOOK_WAIT_S: a server may cache its subscriptions or let a replaced secret sign a few seconds (spec 2.10, 4.11, 6.2 show no timing), and may fan an event out by a state written after it; twice the chain waits the bound out (once every delivery attribute was changed an odd number of times, and at the end) so that one state alone is in force',
          variant: 'webhook-choices',
        },
      },
      {
        relies:
          "the coverage phase's test deliveries: each request at a subscription's endpoints naming no event an operation sends is a test delivery (retries, by X-Service-Delivery id or bytes, once), and each must be matched to a POST /webhooks/{id}/test of its own, asked for before it arrived, with a state from PROPAGATION_MS (5 s) before that test to the arrival whose url it reached and whose secret signs it; events listed and isActive are not judged, and a test delivery not arriving within 2 s proves nothing",
        basis: {
          tolerant:
            'spec 4.11 "sends a test event to the subscription" (its event name and body are not shown: any name but those the operations send is taken; whether an inactive subscription or one not listing it gets one is not shown); the bound is the propagation bound of every subscription change',
          variant: 'webhook-choices',
        },
      },
      {
        relies:
          "a subscription's deliveries list holds no delivery whose X-Service-Delivery id reached only another subscription of the chain; which of its own it lists yet proves nothing",
        basis: {
          spec: '4.11: "GET | /webhooks/{id}/deliveries | ... Lists delivery attempts, paged." (of that subscription); 6.2: "every attempt is recorded and can be read through the deliveries endpoint"',
        },
      },
      ...COMMON,
    ],
  },
  'SEQ-LIST-AFTER-WRITE': {
    level: 'MUST',
    section: '4, 4.1, 4.2, 4.3, 4.4, 4.7',
    area: 'sequences',
    statement:
      'In any sequence, each list filter the spec defines (booleans, enums, references, dates) lists the live records whose current values match it and leaves out those whose current values do not.',
    units: [
      // GET | /contacts | Query: contactType, contactTypeKey, parentContactId, isActive, isBillable, search ...
      '4.1#c63d07ff',
      // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId, expenseType, ...
      '4.2#c2c08b23',
      // GET | /time-entries | Query: taskId, resourceId, projectId, dateFrom, dateTo, ...
      '4.3#f7547a2f',
      // GET | /resources | Query: isActive, roleId, homeOfficeId, search, limit, offset.
      '4.4#7c501c9d',
      // GET | /tasks | Query: projectId, parentTaskId, search, lifecycleScope, limit, offset.
      '4.7#8fbe572c',
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
      // GET | /allocations | Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset.
      '4.6#815f00e5',
      // GET | /milestones | Query: projectId (uuid), status (`upcoming`/`at_risk`/`completed`/`missed`), dateFrom, dat
      '4.8#96180096',
    ],
    audit: [
      { relies: 'each filter of 4.1 to 4.4 selects the records whose current value matches it', basis: { spec: '4.1-4.4: the Query column of each list' } },
      {
        relies: "an allocation's date filter lists one entirely past dateFrom (or before dateTo) and leaves out one entirely before it (or past it)",
        basis: { tolerant: 'overlap or containment, and inclusive bounds, are not stated (4.6): any other allocation is left undecided' },
      },
      {
        relies: 'a tags filter of two tags lists a rate carrying both and leaves out one carrying neither',
        basis: { tolerant: '4.5 splits the string into a list without saying whether all or any must match: a rate carrying one of them is left undecided' },
      },
      {
        relies: 'a completed milestone is listed under status=completed',
        basis: { spec: '3.3: complete leads to the next state `completed`' },
      },
      {
        relies: 'a record is judged against a filter only when the model knows every value the filter reads',
        basis: { tolerant: 'unknown values (never written, or forgotten after a linked write) leave the record unjudged' },
      },
      {
        relies: 'inactive records in a list without isActive',
        basis: { observation: 'inactive-in-list-without-isActive: whether they are listed is learned, then held to within the sequence' },
      },
      { relies: 'list items may carry only some fields', basis: { tolerant: 'lists are judged by id only', variant: 'brief-lists' } },
      {
        relies: 'GET /webhooks?isActive= lists a live subscription by the isActive last written (or read) and no deleted one',
        basis: { spec: '4.11: "GET | /webhooks | Query: isActive (boolean), limit, offset." and 3.5: "isActive ... can be set or filtered"' },
      },
      {
        relies: "subscriptions share the organisation's list with others: no total is counted, and one not seen in five full pages is not judged",
        basis: { tolerant: 'membership only, within the pages read' },
      },
      ...COMMON,
    ],
  },
  'SEQ-SEARCH-AFTER-WRITE': {
    level: 'SHOULD',
    section: '4.1, 4.4, 4.7',
    area: 'sequences',
    statement: '`search` with the current name of a record finds it, after renames too (matching rules not shown).',
    units: [
      // GET | /contacts | Query: contactType, contactTypeKey, parentContactId, isActive, isBillable, search ...
      '4.1#c63d07ff',
      // GET | /resources | Query: isActive, roleId, homeOfficeId, search, limit, offset.
      '4.4#7c501c9d',
      // GET | /tasks | Query: projectId, parentTaskId, search, lifecycleScope, limit, offset.
      '4.7#8fbe572c',
    ],
  },
  'SEQ-TOTAL-AFTER-WRITE': {
    level: 'MUST',
    section: '4',
    area: 'sequences',
    statement:
      'The paging total of a list scoped to records the sequence made counts its live matching records, after creates, changes and deletes alike; walked page by page with a small `limit`, each page holds `min(limit, count - offset)` of them (the pages add up to the count), with that total and the `limit` and `offset` asked in `pagination`.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` ...
      '4#1e10c135',
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // Page size `limit` | 1 to 100, default 50 | all lists
      '8#df5dc793',
    ],
    audit: [
      { relies: 'pagination carries the number of matching records', basis: { spec: '4 Common rules: "paging totals ... in `pagination`"' } },
      {
        relies: 'a page at offset o with limit l holds min(l, count - o) records, whatever their order',
        basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100 ... offset integer >= 0"; 8: "Page size limit"' },
      },
      {
        relies: 'which records a page holds is not judged: the spec states no order',
        basis: { tolerant: 'harness/steps/exploration/judge-list.ts judgePages() counts each page and never its members' },
      },
      {
        relies: 'pagination.limit and pagination.offset, where shown, are those asked',
        basis: { spec: '4 Common rules: "paging totals, `limit` and `offset` in `pagination`"' },
      },
      {
        relies: 'every record under the scope filter was made by the sequence',
        basis: { tolerant: 'each sequence makes its own scope (a parent contact, a resource) so nothing else matches it' },
      },
      { relies: 'the total may be a decimal string', basis: { tolerant: 'harness/steps/lists.ts totalOf(), pagingNumber()', variant: 'string-paging' } },
      ...COMMON,
    ],
  },
  'SEQ-DELETE-GONE': {
    level: 'MUST',
    section: '2, 4',
    area: 'sequences',
    statement:
      'A deleted contact, expense, time entry, allocation, milestone or webhook subscription is never read, updated, approved, rejected, completed, rotated or tested (2xx) or listed again, and a deleted subscription is sent no delivery, whatever follows in the sequence.',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; ...
      '2#a07079b9',
    ],
    audit: [
      {
        relies: 'a deleted contact, expense or time entry cannot be read again',
        basis: { spec: '2: "Deleting contacts, expenses, time entries ... is described as delete"; 4: "Delete success: 204"' },
      },
      {
        relies:
          "the coverage phase's subscriptions around a DELETE: after a DELETE answered 2xx, GET by id, PATCH, rotate-secret and test answer no 2xx, its deliveries list no 2xx or an empty one, a DELETE again any status (an idempotent 204 removes nothing), and no list holds it, a DELETE again's included",
        basis: {
          spec: '2: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"; 7: the status for an unknown id is not shown, so any non-2xx one is taken and recorded',
        },
      },
      { relies: 'the status each path on a deleted subscription answers is recorded', basis: { observation: 'sequence-deleted-status' } },
      {
        relies: 'a delivery (an event or a test) reaching a subscription deleted for longer than PROPAGATION_MS (5 s) fails; within the bound it is allowed',
        basis: {
          tolerant:
            'bound 5 s, the fixed propagation bound of every subscription change (harness/webhooks/propagation.ts): a server may cache its subscriptions; a deleted subscription has no url nor secret left to be sent to (spec 2)',
        },
      },
      ...COMMON,
    ],
  },
  'SEQ-SOFT-DELETE-STAYS': {
    level: 'MUST',
    section: '2, 3.5, 4.4, 4.7',
    area: 'sequences',
    statement:
      'A soft-deleted resource or task stays as its deletion left it (its read, its isActive, its place in lists: observed) through later updates that do not set isActive; a deleted rate is inactive (isActive false wherever it shows, never listed under isActive=true).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; ...
      '2#a07079b9',
      // DELETE | /resources/{id} | Soft delete, 204.
      '4.4#8a6ab75d',
      // DELETE | /tasks/{id} | Soft delete, 204.
      '4.7#0bb38e94',
      // DELETE | /rates/{id} | Deactivates the rate, 204.
      '4.5#bbca9723',
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
    ],
    audit: [
      { relies: 'a resource delete is a soft delete', basis: { spec: '4.4: "DELETE | /resources/{id} | Soft delete, 204."' } },
      { relies: 'a task delete is a soft delete', basis: { spec: '4.7: "DELETE | /tasks/{id} | Soft delete, 204."' } },
      {
        relies: 'a deleted rate is inactive',
        basis: { spec: '4.5: "DELETE | /rates/{id} | Deactivates the rate, 204."; 3.5: "deleting a rate deactivates it"' },
      },
      {
        relies: "what a soft delete leaves (read by id, isActive, listed) is the server's choice",
        basis: { observation: 'sequence-soft-delete: learned at the first read after the delete, then held to until isActive is written' },
      },
      { relies: 'an update not naming isActive does not undo the delete', basis: { spec: '2: "omitted fields stay unchanged"' } },
      ...COMMON,
    ],
  },
  'SEQ-ISOLATION': {
    level: 'MUST',
    section: '1, 5.4',
    area: 'sequences',
    statement:
      "Requests with another organisation's key interleaved in a sequence never read, list, change or delete its records, and that organisation's writes never show in its lists or totals.",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: "another organisation's key sees none of org A's records",
        basis: { spec: '1: "All data is scoped to the organisation that owns the API key."; 5.4' },
      },
      {
        relies: "org B's refusal may be any status but 2xx",
        basis: { tolerant: 'any non-2xx answer passes (statuses not shown, spec 7)', variant: 'guarded-security' },
      },
      {
        relies:
          "GET /webhooks/{id}/deliveries of org A's subscription with org B's key may answer 404, 403 or a 2xx list without that subscription's deliveries; only a list holding one of them fails",
        basis: { tolerant: "spec 4.11 and 7 do not say how a list under another organisation's id answers: an empty list shows nothing of org A" },
      },
      ...COMMON,
    ],
  },
  'SEQ-VERSIONS-AFTER-WRITE': {
    level: 'MUST',
    section: '2.5, 4.5, 9',
    area: 'sequences',
    statement:
      "In any sequence, GET /rates/{id}/versions lists every version the rate was made with or given since (the initial one included), and a read shows as current the amount of a version that can be current on the server's today.",
    units: [
      // A rate is created together with its initial version; the amount lives in versions.
      '2.5#4e7b913d',
      // GET | /rates/{id} | Returns rate with its current version.
      '4.5#67b3b765',
      // GET | /rates/{id}/versions | Lists all versions of the rate; 200, result in `data`.
      '4.5#7934439d',
      // POST | /rates/{id}/versions | Body: version create fields (2.5); used to change the amount. 201.
      '4.5#d7cd4398',
      // Rates have their own versions (an amount valid from an `effectiveFrom` date); this is unrelated to the API ver
      '9#447fb756',
    ],
    audit: [
      {
        relies: 'the versions list holds every version made, the initial one included',
        basis: { spec: '4.5: "Lists all versions of the rate"; 2.5: "A rate is created together with its initial version"' },
      },
      {
        relies: 'a version listed is found by its amount (and its id where its create answer showed one)',
        basis: {
          tolerant: 'the shape of a version in the list is not stated: amounts are looked for anywhere in data, to the cent',
          variant: 'normalised-values',
        },
      },
      {
        relies: 'which version is current',
        basis: {
          tolerant:
            "the amount shown may be that of the version in force on the server's today (yesterday, today or tomorrow in UTC; either of two versions of one day; any when every version lies ahead) or that of the version made last: only an amount no reading allows fails",
        },
      },
      {
        relies: 'a version may be refused (dated before the latest, or on a deactivated rate)',
        basis: { tolerant: 'a 4xx to a version create is observed and adds no version', variant: 'record-rules' },
      },
      ...COMMON,
    ],
  },
} as const satisfies Records;
