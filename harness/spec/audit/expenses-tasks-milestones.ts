import type { AuditTable } from './types.js';

/** Issue 22 audit: areas expenses, tasks, milestones. */
export const AUDIT_EXPENSES_TASKS_MILESTONES: AuditTable = {
  // --- Expenses (suites/expenses.test.ts; lifecycle through harness/crosscutting/lifecycle.ts; bodies from
  //     harness/generators/expenses.ts; fixtures from harness/steps/expenses.ts) ---
  'EX-CREATE-VALID': [
    { relies: 'every generated valid create answers exactly 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in data"' } },
    {
      relies: 'the answer is a JSON object whose data holds the record with a non-empty string id',
      basis: { spec: '2 General rules: "responses carry records inside data"' },
    },
    {
      relies: 'GET /expenses/{id} right after the 201 (no wait) answers 200 with the record',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the create answer and the read carry every field sent, under its 2.2 name',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'amount, markupPercentage and billableAmount come back as the numbers sent (or "42.50" strings)',
      basis: { tolerant: 'compare.ts sameValue: a numeric string equal to the number passes; amounts have at most two decimals', variant: 'normalised-values' },
    },
    {
      relies: 'date comes back as sent or as a midnight date-time',
      basis: { tolerant: 'compare.ts sameValue: YYYY-MM-DD also as YYYY-MM-DDT00:00(:00)(Z or offset)' },
    },
    {
      relies: 'currency comes back as sent',
      basis: { tolerant: 'currency() sends upper-case ISO codes only, which upper-casing leaves unchanged', variant: 'normalised-values' },
    },
    {
      relies: 'category, description, referenceNumber come back as sent (inner space runs, non-ASCII letters)',
      basis: { tolerant: 'sameValue: white space collapsed and trimmed, NFC; text() never starts or ends with a space', variant: 'normalised-values' },
    },
    {
      relies: 'tags come back as the set sent, the run tag included',
      basis: { tolerant: 'compare.ts: tags compared as a set of lower-case words; tags() and the run tag are [a-z0-9-]', variant: 'normalised-values' },
    },
    {
      relies: 'status and reimbursementStatus sent on create come back as sent',
      basis: { spec: '3.1: "status may also be set directly on create and update"' },
    },
    { relies: 'a negative markupPercentage (down to -50) is accepted', basis: { spec: '2.2: "markupPercentage | number | optional | optional"' } },
    {
      relies: 'billableModifiers come back as the items sent, in order, each key sent holding its value',
      basis: {
        tolerant: 'compare.ts sameItems: extra keys and another key order pass, a numeric value string equal as a number ("12.50" for "12.5") passes',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'billableAmount comes back as sent, unrelated to amount, markupPercentage, modifiers and isBillable',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'a staff_claim names a claimant, a supplier_invoice a supplier, and only staff claims carry a reimbursementStatus',
      basis: {
        tolerant:
          'generators/expenses.ts fitTypeRules: bodies fit every such tie by construction (a type whose reference cannot be named falls back to direct_cost)',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'status and reimbursementStatus drawn independently on a staff claim (draft with reimbursement paid) are accepted together',
      basis: {
        tolerant:
          'lifecycle ruleFree (steps/expenses.ts expenseRuleFree): a valid body refused with a 4xx is sent again without reimbursementStatus; accepted, business-rule is observed',
      },
    },
    {
      relies: 'taskId names a fresh task under the configured project (the project itself only when no task can be created)',
      basis: { tolerant: 'steps/expenses.ts expenseTask: a server may refuse the project (a root task) as taskId', variant: 'expense-rules' },
    },
    {
      relies: 'dates 2000 to 2024, never in the future, are accepted',
      basis: { tolerant: 'requiredFields() draws pastDate(): a server may refuse a future-dated expense', variant: 'expense-rules' },
    },
    {
      relies: 'amounts with cents are kept in currencies with a minor unit; JPY amounts are whole',
      basis: {
        tolerant: 'fitTypeRules rounds amount and billableAmount in ZERO_DECIMAL_CURRENCIES (JPY): a server may refuse or round fractions of yen',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'a referenceNumber is not repeated for the same supplier within the run',
      basis: { tolerant: 'referenceNumber() ends in 6 hex digits; ruleFree sends a fresh one after a 4xx (a double-invoice guard)', variant: 'expense-rules' },
    },
    {
      relies: 'references name records that exist (configured project, fresh supplier, fresh claimant)',
      basis: { tolerant: 'steps/expenses.ts expenseReferences: only ids the run created or configured; no claimant when no resource can be created' },
    },
  ],
  'EX-CREATE-REQUIRED': [
    {
      relies: 'a create without expenseType, amount or date is rejected',
      basis: { spec: '2.2: "expenseType | enum supplier_invoice, staff_claim, direct_cost | required" and "amount | number >= 0 | required"' },
    },
    { relies: 'date is required too', basis: { spec: '2.2: "date | string (no format constraint stated) | required"' } },
    { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    {
      relies: 'the rest of each body is valid, so only the missing field can explain a 4xx',
      basis: { tolerant: 'violations(): one rule broken on a body drawn from expenseCreate with existing references' },
    },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
  ],
  'EX-AMOUNT-MIN': [
    { relies: 'amounts from -0.01 to -100000 are rejected on create and on update', basis: { spec: '2.2: "amount | number >= 0 | required | optional"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-TYPE-ENUM': [
    {
      relies: 'expenseType mileage, staff-claim, empty or random text is rejected on create and update',
      basis: { spec: '2.2: "expenseType | enum supplier_invoice, staff_claim, direct_cost"' },
    },
    {
      relies: 'a value outside the enum is a 4xx',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'Supplier_Invoice and DIRECT_COST (enum values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-STATUS-ENUM': [
    { relies: 'every status value is accepted (201) on create', basis: { spec: '3.1: "status may also be set directly on create and update"' } },
    {
      relies: 'reimbursementStatus takes the same five values',
      basis: { spec: '3.1: "Values: draft, pending, approved, rejected, paid (the same enum also types reimbursementStatus)"' },
    },
    {
      relies: 'GET right after the create answers 200 and shows status and reimbursementStatus exactly as sent',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'both fields sent with the same value, so a server deriving one from the other still passes',
      basis: { tolerant: 'the body is { status: s, reimbursementStatus: s } for each value s' },
    },
    {
      relies: 'reimbursementStatus is sent on a staff_claim with its claimant (a direct_cost only when no resource can be created)',
      basis: { tolerant: 'a server may allow reimbursementStatus only on a staff claim with a claimant', variant: 'expense-rules' },
    },
    {
      relies: 'status or reimbursementStatus submitted, void, empty or random text is rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'Approved and PENDING (enum values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'any 4xx counts as the rejection (a transition refusal on update too)',
      basis: { tolerant: 'expectRejected: any 4xx passes; the valid rest of an update never names a state field' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-CURRENCY-LENGTH': [
    {
      relies: 'currency empty, EU, E, EURO and US DOLLAR are rejected on create and update',
      basis: { spec: '2.2: "currency | string of exactly 3 characters"' },
    },
    {
      relies: 'no letter-case or ISO rule is judged: only lengths other than 3',
      basis: { tolerant: 'badCurrency() draws only wrong lengths; valid bodies send upper-case ISO codes' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-MODIFIERS': [
    {
      relies: 'a modifier missing id, name, type or value is rejected, inside an otherwise valid list',
      basis: {
        spec: '2.2: "Financial modifier object (all four fields required): id uuid; name string; type enum percentage, amount, multiplier; value string"',
      },
    },
    {
      relies: 'type fixed, discount or empty, a non-UUID id, a number or boolean value, a number or null name are rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'type Percentage and AMOUNT (enum values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-IDS-UUID': [
    {
      relies: 'a non-UUID rootTaskId, taskId, supplierId, claimedByResourceId, purchaseOrderId or purchaseOrderLineId is rejected',
      basis: { spec: '2 General rules: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise"' },
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
  'EX-FIELD-TYPES': [
    {
      relies: 'numeric strings ("12", "12.50") for amount, markupPercentage, billableAmount are rejected, not coerced',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'isBillable "true"/1, date as a number, non-string category, description or currency, bad tags, modifiers not an array',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-NULL-NOT-NULLABLE': [
    {
      relies: 'null for expenseType, amount, currency, date, isBillable, markupPercentage, billableModifiers, status, tags is rejected',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'null for an optional create field is rejected rather than read as absent',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'any 4xx counts as the rejection (status null refused as a transition included)',
      basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-UPDATE-VALID': [
    {
      relies: 'a full create answers 201 and every generated valid update exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the update answer and a GET right after (no wait) carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'values equal up to representation (money strings, midnight date-times, text spaces, tag sets)',
      basis: { tolerant: 'compare.ts sameValue and the tag set comparison', variant: 'normalised-values' },
    },
    {
      relies: 'reference fields, category, description, referenceNumber, billableAmount sent as null read back empty',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' },
    },
    {
      relies: 'status and reimbursementStatus appear only with the value the expense holds (no transition)',
      basis: { tolerant: 'expenseUpdate(constraints, created): state fields are constant at their created value', variant: 'transitions-terminal-409' },
    },
    {
      relies: 'the expense updated was created draft or pending, as a direct_cost with no reimbursementStatus',
      basis: {
        tolerant: 'generators/expenses.ts expenseEditable: a server may lock an approved, rejected or paid expense; edits of those are observed',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'a description edit of an expense in each status answers 2xx or 4xx (a draft: 200)',
      basis: { observation: 'expense-locked' },
    },
    {
      relies: 'amount, markupPercentage, modifiers and billableAmount are changed independently and each kept as sent',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'an expenseType change names the claimant or supplier the new type may need; a reference is cleared only where the type does not need it',
      basis: { tolerant: 'fitTypeRules on the merged expense (created + update): the changes fit the type ties by construction', variant: 'expense-rules' },
    },
    {
      relies: 'billableModifiers come back as the items sent, each key sent holding its value',
      basis: { tolerant: 'compare.ts sameItems: extra keys, another key order and a normalised numeric value string pass', variant: 'expense-rules' },
    },
    {
      relies: 'dates are past, JPY amounts whole (the created amount too), referenceNumbers fresh',
      basis: {
        tolerant: 'pastDate(), fitTypeRules on the merged expense, referenceNumber() with a hex tail and ruleFree after a 4xx',
        variant: 'expense-rules',
      },
    },
    { relies: 'taskId names a task under the configured project', basis: { tolerant: 'steps/expenses.ts expenseTask', variant: 'expense-rules' } },
    {
      relies: 'billableAmount is never sent as null here',
      basis: { tolerant: 'a cleared billableAmount may read back computed: its own EX-UPDATE-NULL-CLEARS check judges it', variant: 'expense-rules' },
    },
  ],
  'EX-UPDATE-OMITTED': [
    { relies: 'a full create answers 201 and a valid update 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    {
      relies: 'every field the update did not name reads back as created',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue and the tag set comparison', variant: 'normalised-values' } },
    {
      relies: 'billableAmount stays as created when the update changes amount, markupPercentage or modifiers',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'rootTaskId is not judged as omitted when the update names taskId, nor supplier or claimant when it names expenseType',
      basis: {
        tolerant:
          'lifecycle linked: { rootTaskId <- taskId }, { supplierId <- expenseType }, { claimedByResourceId <- expenseType }: a server may derive or clear them',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'the expense updated was created draft or pending (a direct_cost)',
      basis: { tolerant: 'expenseEditable: a server may lock an approved, rejected or paid expense', variant: 'expense-rules' },
    },
    {
      relies: 'billableModifiers read back as the items sent, each key sent holding its value',
      basis: { tolerant: 'compare.ts sameItems', variant: 'expense-rules' },
    },
  ],
  'EX-UPDATE-NULL-CLEARS': [
    {
      relies: 'null on references, category, description, referenceNumber or billableAmount answers 200',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'each field set to null reads back null, absent or empty',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' },
    },
    {
      relies: 'billableAmount set to null no longer reads back the value set before (777.77)',
      basis: {
        tolerant: 'its own check: empty or any other number (computed from amount and markup) passes, and is observed (expense-billable-amount-cleared)',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'supplierId or claimedByResourceId are cleared on a direct_cost, which needs neither',
      basis: {
        tolerant: 'expenseEditable: a server may keep a supplier on a supplier_invoice or a claimant on a staff_claim required',
        variant: 'expense-rules',
      },
    },
    {
      relies: 'the expense cleared was created draft or pending',
      basis: { tolerant: 'expenseEditable: a server may lock an approved, rejected or paid expense', variant: 'expense-rules' },
    },
    {
      relies: 'reimbursementStatus null is accepted from at least one status (refusals from others allowed)',
      basis: { tolerant: 'the check tries every status and passes on the first 2xx that clears it; a 4xx is allowed, a 5xx fails' },
    },
    {
      relies: 'an expense with reimbursementStatus is a staff_claim with its claimant and the same status',
      basis: {
        tolerant: 'a server may allow reimbursementStatus only on a staff claim, or tie it to the status; locked statuses may refuse, one 2xx suffices',
        variant: 'expense-rules',
      },
    },
  ],
  'EX-DELETE': [
    { relies: 'a draft expense is created (201) and reads back (200)', basis: { spec: '4 Common rules: "Create success: 201 with the record in data"' } },
    { relies: 'DELETE /expenses/{id} answers exactly 204', basis: { spec: '4.2: "/expenses/{id} | 204"' } },
    {
      relies: 'a GET right after the delete answers no 2xx',
      basis: { spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    {
      relies: 'the expense deleted is a draft',
      basis: { tolerant: 'a server may refuse to delete an approved or paid expense; the delete of each status is observed', variant: 'expense-rules' },
    },
    { relies: 'a delete of an expense in each status answers 2xx or 4xx', basis: { observation: 'expense-locked' } },
    { relies: 'the status of the read after delete is recorded', basis: { observation: 'deleted-read-status' } },
  ],
  'EX-APPROVE': [
    { relies: 'an expense created with status pending (or draft) answers 201', basis: { spec: '3.1: "status may also be set directly on create and update"' } },
    { relies: 'POST /expenses/{id}/approve with no body answers exactly 200', basis: { spec: '4.2: "No body. Returns 200 with the expense"' } },
    { relies: 'the answer holds the expense in data with its id', basis: { spec: '2 General rules: "responses carry records inside data"' } },
    {
      relies: 'approve is allowed on one of: a pending direct_cost, a pending staff_claim with its claimant, a draft direct_cost',
      basis: { tolerant: 'suites/expenses.test.ts reviewed(): a 4xx moves on to the next expense (observed: expense-approve-refused); only all refused fails' },
    },
    {
      relies: 'the key that created the expense may approve it, or else the member key of the organisation may',
      basis: {
        tolerant:
          'reviewed(): when every try with the creating key is refused, a pending direct cost is approved with CONFORMANCE_MEMBER_KEY (observed: expense-self-review); without that key a server refusing self-approval still fails',
        variant: 'expense-self-review',
      },
    },
    { relies: 'the status approve leaves is not judged here', basis: { tolerant: 'EX-APPROVE-STATUS (a SHOULD) and TRANSITION-REFUSED-UNCHANGED observe it' } },
  ],
  'EX-REJECT': [
    {
      relies: 'POST /expenses/{id}/reject with { reason } and with {} answers exactly 200',
      basis: { spec: '4.2: "Body: reason string (optional). Returns 200."' },
    },
    {
      relies: 'a record in data is the expense rejected (its id); another body passes',
      basis: { observation: 'expense-reject-body' },
    },
    {
      relies: 'reject is allowed on one of: a pending direct_cost, a pending staff_claim with its claimant, a draft direct_cost',
      basis: { tolerant: 'reviewed(): a 4xx moves on to the next expense (observed: expense-reject-refused); only all refused fails' },
    },
    {
      relies: 'the key that created the expense may reject it, or else the member key of the organisation may',
      basis: {
        tolerant:
          'reviewed(): when every try with the creating key is refused, a pending direct cost is rejected with CONFORMANCE_MEMBER_KEY (observed: expense-self-review)',
        variant: 'expense-self-review',
      },
    },
    { relies: 'a reject with no body at all is recorded, not judged', basis: { observation: 'expense-reject-no-body' } },
  ],
  'EX-QUERY-INVALID': [
    {
      relies: 'expenseType mileage, status submitted, non-UUID rootTaskId, taskId, supplierId, claimedByResourceId are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'expenseType DIRECT_COST and status Approved (another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'EX-FILTER-REFS': [
    {
      relies: 'supplierId, claimedByResourceId, rootTaskId and taskId filters list the expenses with that reference',
      basis: { spec: '4.2: "Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids)"' },
    },
    {
      relies: 'each page (limit 100) answers 200 with a data array and a pagination object',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals"' },
    },
    {
      relies: 'every listed record carries the filtered reference, equal to it, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'supplierId combined with taskId or rootTaskId narrows the list on both (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the expenses created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture is created with 201: staff claims with a supplier and their claimant, a direct cost with a supplier',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
    {
      relies: 'rootTaskId names the configured project, taskId a task under it',
      basis: { tolerant: 'steps/expenses.ts expenseTask: a server may refuse the project as taskId', variant: 'expense-rules' },
    },
    {
      relies: 'CONFORMANCE_PROJECT_ID is set and resources can be created',
      basis: { tolerant: 't.need and createResource: a missing prerequisite skips the check, not fails it' },
    },
  ],
  'EX-FILTER-TYPE': [
    {
      relies: 'each expenseType lists the fixture expenses of that type and leaves out the others',
      basis: { spec: '4.2: "expenseType (enum), category (string), status (expense status enum)"' },
    },
    {
      relies: 'every listed record carries expenseType equal to the filter, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'the supplierId scope and expenseType narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],
  'EX-FILTER-CATEGORY': [
    {
      relies: 'category lists the expenses of that category and leaves out the others, with and without the supplier scope',
      basis: { spec: '4.2: "expenseType (enum), category (string), status (expense status enum)"' },
    },
    {
      relies: 'exact, substring or case-insensitive matching all give the same answer',
      basis: { tolerant: 'categories travel-<hex> and lodging-<hex>: lower case, neither a substring of the other' },
    },
    {
      relies: 'every listed record carries category equal to the filter, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'the supplierId scope and category narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],
  'EX-FILTER-STATUS': [
    {
      relies: 'each status lists the fixture expenses with that status and leaves out the others',
      basis: { spec: '4.2: "expenseType (enum), category (string), status (expense status enum)"' },
    },
    {
      relies: 'the fixture keeps the statuses it was created with (approved, rejected, paid set on create)',
      basis: { spec: '3.1: "status may also be set directly on create and update"' },
    },
    {
      relies: 'every listed record carries status equal to the filter, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'the supplierId scope and status narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],
  'EX-FILTER-DATE': [
    {
      relies: 'dateFrom and dateTo, alone and together, keep expenses dated inside and leave out those outside',
      basis: { spec: '4.2: "dateFrom, dateTo (strings)"' },
    },
    { relies: 'the range applies to the expense date, its only date field', basis: { spec: '2.2: "date | string (no format constraint stated) | required"' } },
    {
      relies: 'inclusive and exclusive bounds give the same verdicts',
      basis: { tolerant: 'the judged fixture dates lie strictly inside or outside every range sent' },
    },
    { relies: 'whether a bound includes its own day is recorded; those lists answer 200', basis: { observation: 'date-filter-bounds' } },
    {
      relies: 'the supplierId scope and the dates narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],
  'EX-FILTER-BILLABLE': [
    {
      relies: 'isBillable=true lists the billable fixture expenses, isBillable=false the others',
      basis: { spec: '4 Common rules: "Boolean query filters are sent as strings: the value true means true, any other value means false"' },
    },
    { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'booleanFilterChecks: includes and excludes by id, no record field read' } },
    {
      relies: 'the supplierId scope and isBillable narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],
  'EX-FILTER-INVOICED': [
    {
      relies: 'isInvoiced=true leaves out the fixture, isInvoiced=false lists it (no expense is ever invoiced by the suite)',
      basis: { spec: '4.12: "The domains Projects, Invoices and Task Financials exist. Their endpoints and schemas: not shown"' },
    },
    {
      relies: 'approved, paid and billable fixture expenses do not count as invoiced',
      basis: { tolerant: 'isInvoiced is read as put on an invoice; no call of the suite invoices an expense' },
    },
    { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'booleanFilterChecks: includes and excludes by id, no record field read' } },
    {
      relies: 'the supplierId scope and isInvoiced narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
      basis: { tolerant: 'createFixtureExpense: a refused fixture (a supplier on a staff claim, say) ends the check inconclusive', variant: 'expense-rules' },
    },
  ],

  // --- Tasks (suites/tasks.test.ts; harness/steps/tasks.ts; harness/generators/tasks.ts) ---
  'TK-CREATE-VALID': [
    {
      relies: 'a valid create under the project or under a task answers exactly 201',
      basis: { spec: '4.7: "the task is a child of a project or another task. 201."' },
    },
    { relies: 'the answer holds the record in data with a non-empty string id', basis: { spec: '2 General rules: "responses carry records inside data"' } },
    {
      relies: 'GET /tasks/{id} right after the 201 (no wait) answers 200 with the record',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the create answer and the read carry every field sent, under its 2.7 name',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'a task directly under the project shows the project as parentTaskId, or parentTaskId null or absent with the project under another field',
      basis: {
        tolerant:
          'expectTopLevelParent(): either form passes, a task under a task compares parentTaskId strictly; the form is observed (top-level-task-parent)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'a body names the type one way, the legacy taskType or taskTypeId null; taskType is not compared here',
      basis: {
        tolerant: 'taskCreate() never sends both; lifecycle ignoreOnCompare [taskType]: TK-FIELD-RULES judges the legacy type',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'taskType project or template may be refused for a task inside a project',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'startDate 2000 to 2014 and endDate 2015 to 2030 may be refused as outside the project or parent',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    { relies: 'startDate precedes endDate in every body', basis: { tolerant: 'date-span.ts: every earlyDate precedes every lateDate' } },
    {
      relies: 'dates come back as sent or as midnight date-times; description up to spaces and NFC',
      basis: { tolerant: 'compare.ts sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'position 0 to 10000 is accepted and not compared (siblings may be renumbered)',
      basis: { tolerant: 'lifecycle ignoreOnCompare [position]; 2.7 states only integer >= 0' },
    },
    {
      relies: 'no two bodies share a name',
      basis: { tolerant: 'taskName(): identifier() plus the run tag; explicit labels are used once per run with the run tag', variant: 'unique-names' },
    },
    {
      relies: 'CONFORMANCE_PROJECT_ID and CONFORMANCE_VERSION_ID name a project and version that take tasks',
      basis: { tolerant: 'projectRefs t.need: unset skips the check' },
    },
    { relies: 'whether a taskTypeId naming no known type is taken is recorded', basis: { observation: 'dangling-reference' } },
    {
      relies: 'generated bodies go under a fresh task; the project as parent is judged by the own check',
      basis: { tolerant: 'lifecycleReferences(): the fresh parent task only, so a top-level task read back with parentTaskId null cannot fail the comparison' },
    },
  ],
  'TK-CREATE-REQUIRED': [
    {
      relies: 'a create without parentTaskId, versionId or name is rejected',
      basis: { spec: '2.7: "parentTaskId | uuid (a project or another task) | required" and "versionId | uuid | required"' },
    },
    { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
  ],
  'TK-IDS-UUID': [
    {
      relies: 'a non-UUID parentTaskId, versionId or taskTypeId is rejected on create, taskTypeId on update',
      basis: { spec: '2 General rules: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise"' },
    },
    {
      relies: 'the values sent are no UUID under any reading',
      basis: { tolerant: 'nonUuid() leaves out lax forms (no hyphens, braces): those are INPUT-FORMAT-STRICT, a SHOULD' },
    },
    {
      relies: 'any 4xx counts as the rejection (404 for an unknown reference included)',
      basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TK-FIELD-RULES': [
    { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.7: "name | string, min length 1 | required | optional"' } },
    { relies: 'a negative, fractional or non-number position is rejected', basis: { spec: '2.7: "position | integer >= 0 | optional | not accepted"' } },
    {
      relies: 'taskType milestone, epic, subtask or empty is rejected',
      basis: { spec: '2.7: "taskType | legacy enum project, admin, template, phase, stage, task"' },
    },
    {
      relies: 'taskType Task and PROJECT (enum values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'non-string description or startDate, and null name, taskType or position, are rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'admin, phase, stage and task are each accepted (201) for a task under the project',
      basis: { spec: '2.7: "taskType | legacy enum project, admin, template, phase, stage, task | optional"' },
    },
    {
      relies: 'taskType project and template may be refused for a task under the project',
      basis: { tolerant: 'a 4xx for project or template is observed (business-rule); any other answer than 201 fails', variant: 'planning-rules' },
    },
    {
      relies: 'GET shows taskType as sent, or no taskType and a taskTypeId that tells the types apart',
      basis: {
        tolerant: 'a type not echoed must have become a non-empty taskTypeId, distinct for each type; observed (legacy-task-type)',
        variant: 'planning-rules',
      },
    },
    { relies: 'positions 0 to 5 are accepted; the position read back is recorded, not compared', basis: { observation: 'task-position' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TK-STATUS-ENUM': [
    {
      relies: 'status done, open, active, in-progress or empty is rejected on update',
      basis: { spec: '2.7: "status | enum pending, in_progress, completed, blocked, cancelled | not accepted | optional"' },
    },
    {
      relies: 'status In_Progress and PENDING (enum values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    {
      relies: 'status null is rejected',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'each of the five values is accepted (2xx) from some status a new task reaches by updates',
      basis: { spec: '3.2: "Set through the task update operation. Transitions: not shown."' },
    },
    {
      relies: 'any order of moves may be required: every status is tried from every status reached, breadth first',
      basis: {
        tolerant: 'exploreTaskStatuses: BFS from the initial status; a value refused everywhere is tried as a no-op',
        variant: 'transitions-terminal-409',
      },
    },
    {
      relies: 'status and description are sent in one PATCH',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    {
      relies: 'an accepted value then reads back under status, exactly as sent',
      basis: { spec: '3.2: "Values: pending, in_progress, completed, blocked, cancelled."' },
    },
    {
      relies: 'a move accepted once along a path is accepted again on a fresh task moved the same way',
      basis: { tolerant: 'every task of the exploration is fresh, a leaf under a fresh parent, with the same description' },
    },
    {
      relies: 'any 4xx counts as a rejection of an invalid value',
      basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' },
    },
  ],
  'TK-COLOR-FORMAT': [
    {
      relies: 'color #a1b2c3, #A1B2C3, #000000 and null each answer exactly 200 on update',
      basis: { spec: '2.7: "color | string matching # followed by 6 hex digits | not accepted | optional, nullable"' },
    },
    { relies: 'the colour reads back in either letter case', basis: { tolerant: 'compared with toLowerCase(); the case kept is observed' } },
    { relies: 'the case of hex letters read back is recorded', basis: { observation: 'color-case' } },
    {
      relies: 'color cleared by null reads back null, absent or an empty string',
      basis: { tolerant: '"" counts as cleared, as compare.ts mismatch reads it for every other field', variant: 'planning-rules' },
    },
    {
      relies: '#12345, #1234567, 123456, #GGGGGG, red, #abc, empty and generated neighbours are rejected',
      basis: { spec: '2.7: "color | string matching # followed by 6 hex digits"' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TK-UPDATE-VALID': [
    {
      relies: 'a full create answers 201 and every generated valid update exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the update answer and a GET right after (no wait) carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'no update changes the status',
      basis: { tolerant: 'taskUpdate() leaves status out; status changes are TK-STATUS-ENUM and TRANSITION-REFUSED-UNCHANGED' },
    },
    { relies: 'a colour reads back in the case sent', basis: { tolerant: 'digitColor(): digits only, so no hex letter case can differ' } },
    { relies: 'a date changed alone stays on the right side of the other', basis: { tolerant: 'date-span.ts: every earlyDate precedes every lateDate' } },
    {
      relies: 'dates, description and nulls compared up to representation',
      basis: { tolerant: 'compare.ts sameValue; null accepts absent or empty', variant: 'normalised-values' },
    },
    { relies: 'no two bodies share a name', basis: { tolerant: 'taskName(): identifier() plus the run tag', variant: 'unique-names' } },
    {
      relies: 'taskTypeId null is applied on a task created without a legacy taskType',
      basis: {
        tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'dates 2000 to 2030 may be refused as outside the project or parent',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'the full create names no taskType and goes under a fresh task',
      basis: { tolerant: 'taskCreateFull() without taskType; lifecycleReferences(): the fresh parent task only', variant: 'planning-rules' },
    },
  ],
  'TK-UPDATE-OMITTED': [
    { relies: 'a full create answers 201 and a valid update 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    {
      relies: 'every field the update did not name reads back as created',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    { relies: 'position is not compared', basis: { tolerant: 'lifecycle ignoreOnCompare [position]: a server may renumber siblings' } },
    {
      relies: 'parentTaskId reads back as the fresh parent task it was created under',
      basis: { tolerant: "lifecycleReferences(): the fresh parent task only; the project as parent is TK-CREATE-VALID's", variant: 'planning-rules' },
    },
    {
      relies: 'taskTypeId stays as created when an update does not name it; no legacy taskType is sent',
      basis: {
        tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
        variant: 'planning-rules',
      },
    },
    { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue', variant: 'normalised-values' } },
    {
      relies: 'the full create with dates 2000 to 2030 may be refused as outside the project or parent',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
  'TK-UPDATE-NULL-CLEARS': [
    {
      relies: 'null on taskTypeId, startDate, endDate, description or color answers 200',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    { relies: 'the five fields are nullable on update', basis: { spec: '2.7: "startDate | string | optional | optional, nullable"' } },
    {
      relies: 'each field set to null reads back null, absent or empty',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' },
    },
    {
      relies: 'taskTypeId cleared stays empty on a task created without a legacy taskType',
      basis: {
        tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'the full create with dates 2000 to 2030 may be refused as outside the project or parent',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeTask): a valid body refused with a 4xx is sent again without dates and without taskType project or template; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
  'TK-DELETE-SOFT': [
    { relies: 'DELETE /tasks/{id} of a fresh leaf task answers exactly 204', basis: { spec: '4.7: "/tasks/{id} | Soft delete, 204."' } },
    { relies: 'a task is soft-deleted', basis: { spec: '2 General rules: "deleting resources and tasks is a soft delete"' } },
    {
      relies: 'the task has no children, time or expenses that could block its deletion',
      basis: { tolerant: 'createTaskUnder: a fresh task under a fresh parent' },
    },
    { relies: 'the read after the delete, the marking fields and a list are recorded', basis: { observation: 'deleted-read-status, soft-deleted-task' } },
    { relies: 'a second delete is recorded', basis: { observation: 'repeated-delete-status' } },
  ],
  'TK-QUERY-INVALID': [
    { relies: 'non-UUID or truncated projectId and parentTaskId are rejected', basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' } },
    { relies: 'lifecycleScope deleted, archived, none or true is rejected', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
    {
      relies: 'lifecycleScope ACTIVE and All (values in another case) are rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'TK-LIFECYCLE-SCOPE': [
    { relies: 'lifecycleScope active and all each answer 200 with a list', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
    { relies: 'the list without lifecycleScope holds the same ids as with all', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
    {
      relies: 'all lists the live, the completed and the cancelled child',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data"' },
    },
    {
      relies: 'children can be brought to completed and cancelled by updates, and soft-deleted',
      basis: { tolerant: 'reachTaskStatus tries direct and two-step paths; otherwise the check is skipped, as it is when delete fails' },
    },
    { relies: 'what active keeps (deleted, completed, cancelled, children of deleted) is recorded', basis: { observation: 'lifecycle-scope' } },
    {
      relies: 'direct-children and descendant readings of parentTaskId give the same verdict',
      basis: { tolerant: 'default and all are compared with each other under the same parentTaskId' },
    },
    {
      relies: 'parentTaskId and lifecycleScope apply together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the lists show the status changes and the delete made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'TK-FILTER-PROJECT': [
    {
      relies: 'projectId lists the children and the grandchild of a fresh parent under the project',
      basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' },
    },
    { relies: 'a task under a task of the project counts as in the project', basis: { spec: '1: "Projects, represented by root tasks"' } },
    {
      relies: 'projectId and parentTaskId narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'an unknown or other-organisation projectId lists none of the fixture, or is refused with a 4xx',
      basis: { tolerant: 'a 4xx is observed and skips the comparison; only a 200 is judged' },
    },
    { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-project-filter' } },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    { relies: 'fixture names do not repeat', basis: { tolerant: 'each label is used once per run and carries the run tag', variant: 'unique-names' } },
  ],
  'TK-FILTER-PARENT': [
    {
      relies: 'parentTaskId lists both children and leaves out the parent, a sibling and a cousin',
      basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' },
    },
    {
      relies: 'parentTaskId of a child lists its grandchild and leaves out the child and its siblings',
      basis: { spec: '2.7: "parentTaskId | uuid (a project or another task)"' },
    },
    { relies: 'direct children only or all descendants are both accepted', basis: { tolerant: 'the grandchild is not judged under the top parent: observed' } },
    { relies: 'whether grandchildren are listed under the top parent is recorded', basis: { observation: 'parent-filter-depth' } },
    { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'expectFiltered includes and excludes by id' } },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],

  // --- Milestones (suites/milestones.test.ts; harness/steps/milestones.ts; harness/generators/milestones.ts) ---
  'MS-CREATE-VALID': [
    { relies: 'every generated valid create answers exactly 201', basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' } },
    { relies: 'the answer holds the record in data with a non-empty string id', basis: { spec: '2 General rules: "responses carry records inside data"' } },
    {
      relies: 'GET /milestones/{id} right after the 201 (no wait) answers 200 with the record',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'projectId, name, targetDate, description, triggersInvoice, typeId come back as sent',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'targetDate as a date or midnight date-time; description and name up to spaces and NFC',
      basis: { tolerant: 'compare.ts sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'typeId null reads back null, absent or empty',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' },
    },
    {
      relies: 'completionCriteria come back as an array of the same length; items are not compared',
      basis: { tolerant: 'ignoreOnCompare [completionCriteria] in the lifecycle; the own check compares the count only' },
    },
    { relies: 'whether the criteria come back as sent is recorded', basis: { observation: 'milestone-completion-criteria' } },
    {
      relies: 'criterion items are taken in one plain shape and all kept (the count is compared)',
      basis: {
        tolerant:
          'createWithCriteria(): {description}, {name}, {title} and strings are tried in turn (observed: milestone-criteria-shape); refused in all, a milestone without criteria must be taken and the check ends inconclusive',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'targetDate 2000 to 2030 may be refused as past or outside the project',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'no two bodies of a run share a name',
      basis: { tolerant: 'identifier(): 8 seeded hex digits that never shrink', variant: 'unique-names' },
    },
    {
      relies: 'generated names do not repeat those of an earlier run on the same project',
      basis: { tolerant: 'milestoneName(runTag): identifier() plus the run tag', variant: 'unique-names' },
    },
    {
      relies: 'the names of the criteria milestones are free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
  ],
  'MS-CREATE-REQUIRED': [
    {
      relies: 'a create without projectId, name or targetDate is rejected',
      basis: { spec: '2.8: "projectId | uuid | required | not accepted" and "targetDate | <date> | required | optional"' },
    },
    { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
  ],
  'MS-IDS-UUID': [
    {
      relies: 'a non-UUID projectId (create) or typeId (create, update), and projectId null, are rejected',
      basis: { spec: '2 General rules: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise"' },
    },
    { relies: 'typeId null answers 201 on create and 200 on update', basis: { spec: '2.8: "typeId | uuid, may be null | optional | optional"' } },
    { relies: 'typeId then reads back null or absent', basis: { tolerant: 'the check accepts null or undefined' } },
    {
      relies: 'the typeId null milestone and the update target have names free in the project',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'MS-FIELD-RULES': [
    { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.8: "name | string, min length 1 | required | optional"' } },
    {
      relies: 'impossible and other-form targetDates (2024-1-5, 2024/03/01, yesterday) are rejected',
      basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD"' },
    },
    {
      relies: 'a non-boolean triggersInvoice and a completionCriteria that is not an array are rejected',
      basis: { spec: '2.8: "triggersInvoice | boolean | optional | optional"' },
    },
    {
      relies: 'null name, targetDate, triggersInvoice or completionCriteria, and a non-string description, are rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'a milestone due on 29 February of a leap year is accepted with 201',
      basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' },
    },
    {
      relies: 'the impossible-date bodies carry names of their own',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    {
      relies: 'the update target has a name free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
    {
      relies: '2024-02-29 may be refused as a past target date',
      basis: { tolerant: 'refused (4xx), the next 29 February ahead must be taken, and the rule is observed (business-rule)', variant: 'planning-rules' },
    },
  ],
  'MS-UPDATE-VALID': [
    {
      relies: 'a full create answers 201 and every generated valid update exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the update answer and a GET right after (no wait) carry every field sent',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'values compared up to representation; completionCriteria not compared',
      basis: { tolerant: 'compare.ts sameValue; ignoreOnCompare [completionCriteria]', variant: 'normalised-values' },
    },
    { relies: 'the update never names status, completedDate or projectId', basis: { tolerant: 'milestoneUpdate(): only 2.8 update fields' } },
    {
      relies: 'targetDate 2000 to 2030 may be refused as past or outside the project',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    {
      relies: "criterion items { description: text } may be refused for a shape of the server's own",
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    { relies: 'no two bodies of a run share a name', basis: { tolerant: 'identifier(): 8 seeded hex digits that never shrink', variant: 'unique-names' } },
  ],
  'MS-UPDATE-OMITTED': [
    { relies: 'a full create answers 201 and a valid update 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    {
      relies: 'every field the update did not name (projectId included) reads back as created',
      basis: { spec: '2 General rules: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged"' },
    },
    {
      relies: 'values compared up to representation; completionCriteria not compared',
      basis: { tolerant: 'compare.ts sameValue; ignoreOnCompare [completionCriteria]', variant: 'normalised-values' },
    },
    {
      relies: 'the full create (past target dates, criterion items { description }) may be refused',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
  'MS-UPDATE-NULL-CLEARS': [
    { relies: 'null on description or typeId answers 200', basis: { spec: '2.8: "description | string | optional | optional, nullable"' } },
    {
      relies: 'null clears the field',
      basis: { spec: 'Conventions: "\'Nullable\' on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'each field set to null reads back null, absent or empty',
      basis: { tolerant: 'compare.ts mismatch: an expected null also accepts an absent field or an empty string' },
    },
    {
      relies: 'the full create (past target dates, criterion items { description }) may be refused',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
  'MS-DELETE': [
    { relies: 'a sampled valid milestone is created (201) and reads back (200)', basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' } },
    { relies: 'DELETE /milestones/{id} answers exactly 204', basis: { spec: '4.8: "/milestones/{id} | 204."' } },
    {
      relies: 'a GET right after the delete answers no 2xx',
      basis: { spec: '2 General rules: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    {
      relies: 'the sampled body (criterion items, any target date) may be refused',
      basis: {
        tolerant:
          'lifecycle ruleFree (ruleFreeMilestone): a valid body refused with a 4xx is sent again due 30 to 365 days ahead and without completion criteria; accepted then, the rule is observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    { relies: 'the status of the read after delete is recorded', basis: { observation: 'deleted-read-status' } },
  ],
  'MS-COMPLETE': [
    {
      relies: 'complete with { completedDate } and with {} answers exactly 200',
      basis: { spec: '4.8: "/milestones/{id}/complete | Body: completedDate <date> (optional). 200."' },
    },
    {
      relies: 'a new milestone, without criteria, is in a state completion is allowed from; refused both ways (4xx), the check is inconclusive',
      basis: {
        tolerant:
          'spec 3.3 leaves the source states open and a new milestone is the only state the run reaches: a refusal leaves MS-COMPLETE inconclusive (observed as milestone-complete-from-state); the run is then not conformant, never falsely failed',
      },
    },
    { relies: 'a status shown afterwards is exactly completed', basis: { spec: '3.3: "Values: upcoming, at_risk, completed, missed."' } },
    {
      relies: 'a milestone showing no status is found by status=completed within its day scope',
      basis: { tolerant: 'expectCompleted falls back on the status filter: the state need not be a record field' },
    },
    { relies: 'completedDate yesterday (UTC) is never in the future, whatever the server time zone', basis: { tolerant: 'addDays(today UTC, -1)' } },
    {
      relies: 'target days 2100 to 2899 may be refused as too far ahead',
      basis: {
        tolerant:
          'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'the milestones completed have names free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    {
      relies: 'initial status, status after complete, complete without body, second complete are recorded',
      basis: { observation: 'milestone-initial-status, milestone-status-after-complete, milestone-complete-no-body' },
    },
    { relies: 'a second complete of a completed milestone may be refused', basis: { observation: 'milestone-complete-from-state' } },
  ],
  'MS-COMPLETE-DATE': [
    { relies: 'impossible or unpadded completedDates are rejected', basis: { spec: '3.3: "optional completedDate <date> in body"' } },
    {
      relies: 'the rejection is a 4xx',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes (statuses are not shown); only 2xx and 5xx fail' } },
    {
      relies: 'the milestone completed with impossible dates has a name free in the project',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'MS-COMPLETE-DATE-KEPT': [
    {
      relies: 'complete with a completedDate 30 days back answers exactly 200',
      basis: { spec: '4.8: "/milestones/{id}/complete | Body: completedDate <date> (optional). 200."' },
    },
    {
      relies: 'a new milestone due 30 to 365 days ahead may refuse complete with a completedDate 30 days back',
      basis: {
        tolerant:
          'a 4xx is observed (milestone-complete-from-state) and ends the check inconclusive: there is no completion date to judge; MS-COMPLETE judges completion. No variant: the reference completes every new milestone',
      },
    },
    {
      relies: 'the completion date is any top-level field named completed*, completion* or dateCompleted holding a date',
      basis: { tolerant: 'completionDateFields(): no field name is required; none shown is observed, not failed' },
    },
    {
      relies: 'one of those fields shows the day sent, as a date or a date-time within 14 h of it',
      basis: { tolerant: 'sameDay(): any time zone UTC-12 to UTC+14' },
    },
    {
      relies: 'a completion-named field may hold the moment of the call while the date sent is kept under another name',
      basis: {
        tolerant:
          'the date sent in a field of any name passes when no completion-named one holds it; a month back, no moment of the call can match (observed: milestone-completed-date)',
        variant: 'planning-rules',
      },
    },
    {
      relies: 'the milestone completed has a name free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    { relies: 'which field keeps the date, or none, is recorded', basis: { observation: 'milestone-completed-date' } },
  ],
  'MS-QUERY-INVALID': [
    {
      relies: 'non-UUID projectId, status done or at-risk, impossible dateFrom or dateTo are rejected',
      basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
    },
    {
      relies: 'the rejection is a 4xx',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'status Completed (an enum value in another case) is rejected under this MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectRejected: any 4xx passes; VALIDATION-STATUS-CONSISTENT leaves queries out' } },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'MS-FILTER-PROJECT': [
    {
      relies: 'projectId lists the three fixture milestones of the project',
      basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
    },
    {
      relies: 'a listed record showing projectId shows the requested one; one without it passes',
      basis: { tolerant: 'records without projectId are not judged' },
    },
    {
      relies: 'a random projectId lists none of the fixture, or is refused with a 4xx',
      basis: { tolerant: 'expectFilteredUnlessRefused(): a 4xx is observed (unknown-project-filter), only a 200 is judged', variant: 'planning-rules' },
    },
    {
      relies: 'projectId and the dateFrom/dateTo scope narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture milestones have names free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    {
      relies: 'target days 2100 to 2899 may be refused as too far ahead',
      basis: {
        tolerant:
          'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
  'MS-FILTER-STATUS': [
    {
      relies: 'each status lists the fixture milestones whose GET shows it and leaves out the others',
      basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
    },
    { relies: 'a milestone completed by the check (200) is completed', basis: { spec: '3.3: "Values: upcoming, at_risk, completed, missed."' } },
    { relies: 'a milestone showing no status is only excluded from completed', basis: { tolerant: 'unknown statuses are not judged for the other values' } },
    { relies: 'a listed record showing a status shows the requested one', basis: { spec: '4.8: "status (upcoming/at_risk/completed/missed)"' } },
    {
      relies: 'statuses do not change between the reads and the lists',
      basis: { tolerant: 'target days in the 2100s, or 400 to 1400 days ahead: no time rule can move them during the check' },
    },
    {
      relies: 'a new milestone of the fixture day may refuse complete',
      basis: {
        tolerant:
          'a 4xx is observed (milestone-complete-from-state) and the milestone is filtered by the status it reads back instead; MS-COMPLETE judges completion. No variant: the reference completes every new milestone',
      },
    },
    {
      relies: 'the fixture milestones and the completed one have names free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    {
      relies: 'projectId, the date scope and status narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'MS-FILTER-DATE': [
    { relies: 'dateFrom and dateTo keep milestones due inside and leave out those due outside', basis: { spec: '4.8: "dateFrom, dateTo (<date>)"' } },
    { relies: 'the range applies to targetDate, the only date 2.8 lists', basis: { spec: '2.8: "targetDate | <date> | required | optional"' } },
    {
      relies: 'inclusive and exclusive bounds give the same verdicts',
      basis: { tolerant: 'the judged fixture dates lie 5 or more days inside or outside every range sent' },
    },
    { relies: 'whether a bound includes its own day is recorded', basis: { observation: 'date-filter-bounds' } },
    {
      relies: 'projectId and the dates narrow the list together (AND)',
      basis: {
        spec: '4: each list\'s query parameters are parameters of one request ("Query: ... Returns list."), and "List (GET collection) success: 200 with the records in data": a request naming two valid filters is a valid list request, so it answers 200 and every filter it names applies',
      },
    },
    {
      relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
    {
      relies: 'the fixture milestones have names free in the project on every run',
      basis: { tolerant: 'uniqueMilestoneName(): every milestone the suite creates carries a token only that call can have made', variant: 'unique-names' },
    },
    {
      relies: 'target days 2100 to 2899 may be refused as too far ahead',
      basis: {
        tolerant:
          'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
        variant: 'planning-rules',
      },
    },
  ],
};
