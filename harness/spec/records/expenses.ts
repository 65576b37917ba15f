import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  LIST_SETTLES,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_BODIES_INVALID,
  ENUM_VALUES_ONLY,
  SPEC_MALFORMED_REJECTED,
  SPEC_NULLABLE_CLEARS,
  DELETED_READ_STATUS_OBSERVED,
  BRIEF_LISTS_READ_BY_ID,
  SPEC_CREATE_201,
  SPEC_CONTENTS_NOT_SHOWN,
  EXPENSE_FIXTURE_REFUSED,
  SPEC_OMITTED_UNCHANGED,
  SPEC_DELETE_DESCRIBED,
  ANY_4XX_QUERIES_LEFT_OUT,
  NULL_ACCEPTS_ABSENT_OR_EMPTY,
  DATE_FILTER_BOUNDS_OBSERVED,
  SPEC_RECORDS_IN_DATA,
  SPEC_STATUS_SET_DIRECTLY,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Expenses (spec 2.2, 3.1, 4.2).
 *
 * Checks: suites/expenses.test.ts; lifecycle through harness/crosscutting/lifecycle.ts; bodies from harness/generators/expenses.ts; fixtures from harness/steps/expenses.ts.
 */
export const EXPENSE_RECORDS = {
  'EX-CREATE-VALID': {
    level: 'MUST',
    section: '2.2, 4.2',
    area: 'expenses',
    statement: 'An expense create body that follows 2.2 is accepted (201) and the record carries the values sent.',
    units: [
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
      '3.1#9ea31eca',
    ],
    audit: [
      { relies: 'every generated valid create answers exactly 201', basis: SPEC_CREATE_201 },
      {
        relies: 'the answer is a JSON object whose data holds the record with a non-empty string id',
        basis: SPEC_RECORDS_IN_DATA,
      },
      {
        relies: 'GET /expenses/{id} right after the 201 (no wait) answers 200 with the record',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the create answer and the read carry every field sent, under its 2.2 name',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'amount, markupPercentage and billableAmount come back as the numbers sent (or "42.50" strings)',
        basis: {
          tolerant: 'compare.ts sameValue: a numeric string equal to the number passes; amounts have at most two decimals',
          variant: 'normalised-values',
        },
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
        basis: SPEC_STATUS_SET_DIRECTLY,
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
        basis: ENUM_VALUES_ONLY,
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
        basis: {
          tolerant: 'referenceNumber() ends in 6 hex digits; ruleFree sends a fresh one after a 4xx (a double-invoice guard)',
          variant: 'expense-rules',
        },
      },
      {
        relies: 'references name records that exist (configured project, fresh supplier, fresh claimant)',
        basis: { tolerant: 'steps/expenses.ts expenseReferences: only ids the run created or configured; no claimant when no resource can be created' },
      },
    ],
  },
  'EX-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement: 'An expense create without expenseType, amount or date is rejected.',
    units: [
      // expenseType | enum `supplier_invoice`, `staff_claim`, `direct_cost` | required | optional
      '2.2#1119404d',
      // amount | number >= 0 | required | optional
      '2.2#96a115e8',
      // date | string (no format constraint stated) | required | optional
      '2.2#4a26c820',
    ],
    audit: [
      {
        relies: 'a create without expenseType, amount or date is rejected',
        basis: { spec: '2.2: "expenseType | enum supplier_invoice, staff_claim, direct_cost | required" and "amount | number >= 0 | required"' },
      },
      { relies: 'date is required too', basis: { spec: '2.2: "date | string (no format constraint stated) | required"' } },
      { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: SPEC_BODIES_INVALID },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      {
        relies: 'the rest of each body is valid, so only the missing field can explain a 4xx',
        basis: { tolerant: 'violations(): one rule broken on a body drawn from expenseCreate with existing references' },
      },
      { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
    ],
  },
  'EX-AMOUNT-MIN': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement: '`amount` is a number >= 0; negative amounts are rejected.',
    units: [
      // amount | number >= 0 | required | optional
      '2.2#96a115e8',
      // Financial modifier object (all four fields required): `id` uuid; `name` string; `type` enum `percentage`, `amo
      '2.2#693f0280',
    ],
    audit: [
      { relies: 'amounts from -0.01 to -100000 are rejected on create and on update', basis: { spec: '2.2: "amount | number >= 0 | required | optional"' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-TYPE-ENUM': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement: '`expenseType` is one of `supplier_invoice`, `staff_claim`, `direct_cost`; any other value is rejected.',
    units: [
      // expenseType | enum `supplier_invoice`, `staff_claim`, `direct_cost` | required | optional
      '2.2#1119404d',
    ],
    audit: [
      {
        relies: 'expenseType mileage, staff-claim, empty or random text is rejected on create and update',
        basis: { spec: '2.2: "expenseType | enum supplier_invoice, staff_claim, direct_cost"' },
      },
      {
        relies: 'a value outside the enum is a 4xx',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'Supplier_Invoice and DIRECT_COST (enum values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-STATUS-ENUM': {
    level: 'MUST',
    section: '2.2, 3.1',
    area: 'expenses',
    statement:
      '`status` and `reimbursementStatus` are expense statuses (`draft`, `pending`, `approved`, `rejected`, `paid`); any other value is rejected, and every listed value is accepted on create.',
    units: [
      // reimbursementStatus | expense status enum (see part 3) | optional | optional, nullable
      '2.2#44a51d03',
      // status | expense status enum | optional | optional
      '2.2#a23cc3ce',
      // Values: `draft`, `pending`, `approved`, `rejected`, `paid` (the same enum also types reimbursementStatus).
      '3.1#7e9309cf',
      // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
      '3.1#9ea31eca',
    ],
    audit: [
      { relies: 'every status value is accepted (201) on create', basis: SPEC_STATUS_SET_DIRECTLY },
      {
        relies: 'reimbursementStatus takes the same five values',
        basis: { spec: '3.1: "Values: draft, pending, approved, rejected, paid (the same enum also types reimbursementStatus)"' },
      },
      {
        relies: 'GET right after the create answers 200 and shows status and reimbursementStatus exactly as sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
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
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'Approved and PENDING (enum values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      {
        relies: 'any 4xx counts as the rejection (a transition refusal on update too)',
        basis: { tolerant: 'expectRejected: any 4xx passes; the valid rest of an update never names a state field' },
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-CURRENCY-LENGTH': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement: '`currency` has exactly 3 characters; other lengths are rejected.',
    units: [
      // currency | string of exactly 3 characters | optional | optional
      '2.2#27287c4b',
    ],
    audit: [
      {
        relies: 'currency empty, EU, E, EURO and US DOLLAR are rejected on create and update',
        basis: { spec: '2.2: "currency | string of exactly 3 characters"' },
      },
      {
        relies: 'no letter-case or ISO rule is judged: only lengths other than 3',
        basis: { tolerant: 'badCurrency() draws only wrong lengths; valid bodies send upper-case ISO codes' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-MODIFIERS': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement:
      'Each billable modifier has `id` (UUID), `name`, `type` (`percentage`, `amount`, `multiplier`) and `value` (string); a modifier missing one or breaking one is rejected.',
    units: [
      // amount | number >= 0 | required | optional
      '2.2#96a115e8',
      // Financial modifier object (all four fields required): `id` uuid; `name` string; `type` enum `percentage`, `amo
      '2.2#693f0280',
    ],
    audit: [
      {
        relies: 'a modifier missing id, name, type or value is rejected, inside an otherwise valid list',
        basis: {
          spec: '2.2: "Financial modifier object (all four fields required): id uuid; name string; type enum percentage, amount, multiplier; value string"',
        },
      },
      {
        relies: 'type fixed, discount or empty, a non-UUID id, a number or boolean value, a number or null name are rejected',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'type Percentage and AMOUNT (enum values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.2',
    area: 'expenses',
    statement:
      'Expense reference fields (rootTaskId, taskId, supplierId, claimedByResourceId, purchaseOrderId, purchaseOrderLineId) are UUIDs; non-UUID values are rejected.',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // rootTaskId | uuid | optional | optional, nullable
      '2.2#1856bc01',
      // taskId | uuid | optional | optional, nullable
      '2.2#6019b44c',
      // supplierId | uuid | optional | optional, nullable
      '2.2#7c45b40c',
      // claimedByResourceId | uuid | optional | optional, nullable
      '2.2#1fdbb574',
      // purchaseOrderId | uuid | optional | optional, nullable
      '2.2#506f9584',
      // purchaseOrderLineId | uuid | optional | optional, nullable
      '2.2#b7817d64',
    ],
    audit: [
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
        basis: ANY_4XX_REJECTS,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-FIELD-TYPES': {
    level: 'MUST',
    section: '2.2, 7',
    area: 'expenses',
    statement: 'Every expense field has its stated type; a value of another type is rejected.',
    units: [
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'numeric strings ("12", "12.50") for amount, markupPercentage, billableAmount are rejected, not coerced',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'isBillable "true"/1, date as a number, non-string category, description or currency, bad tags, modifiers not an array',
        basis: SPEC_BODIES_INVALID,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-NULL-NOT-NULLABLE': {
    level: 'MUST',
    section: '2.2',
    area: 'expenses',
    statement:
      'null is rejected for expense fields that are not nullable on update (expenseType, amount, currency, date, isBillable, markupPercentage, billableModifiers, status, tags).',
    units: [
      // expenseType | enum `supplier_invoice`, `staff_claim`, `direct_cost` | required | optional
      '2.2#1119404d',
      // amount | number >= 0 | required | optional
      '2.2#96a115e8',
      // currency | string of exactly 3 characters | optional | optional
      '2.2#27287c4b',
      // date | string (no format constraint stated) | required | optional
      '2.2#4a26c820',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // markupPercentage | number | optional | optional
      '2.2#e1d668a3',
      // billableModifiers | array of financial modifier | optional | optional
      '2.2#b68dc621',
      // status | expense status enum | optional | optional
      '2.2#a23cc3ce',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
    ],
    audit: [
      {
        relies: 'null for expenseType, amount, currency, date, isBillable, markupPercentage, billableModifiers, status, tags is rejected',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'null for an optional create field is rejected rather than read as absent',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'any 4xx counts as the rejection (status null refused as a transition included)',
        basis: ANY_4XX_REJECTS,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-UPDATE-VALID': {
    level: 'MUST',
    section: '2.2, 4.2',
    area: 'expenses',
    statement:
      'An expense update body that follows 2.2 and leaves status and reimbursementStatus as they are is accepted (200) and its values are applied (status changes: TRANSITION-REFUSED-UNCHANGED).',
    units: [
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // reimbursementStatus | expense status enum (see part 3) | optional | optional, nullable
      '2.2#44a51d03',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // status | expense status enum | optional | optional
      '2.2#a23cc3ce',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
      '3.1#9ea31eca',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and every generated valid update exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the update answer and a GET right after (no wait) carry every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values equal up to representation (money strings, midnight date-times, text spaces, tag sets)',
        basis: { tolerant: 'compare.ts sameValue and the tag set comparison', variant: 'normalised-values' },
      },
      {
        relies: 'reference fields, category, description, referenceNumber, billableAmount sent as null read back empty',
        basis: NULL_ACCEPTS_ABSENT_OR_EMPTY,
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
      { relies: 'a description edit of an expense in each status answers 2xx or 4xx (a draft: 200)', basis: { observation: 'expense-locked' } },
      {
        relies: 'amount, markupPercentage, modifiers and billableAmount are changed independently and each kept as sent',
        basis: ENUM_VALUES_ONLY,
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
  },
  'EX-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'expenses',
    statement: 'Fields omitted from an expense update stay unchanged.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
    ],
    audit: [
      { relies: 'a full create answers 201 and a valid update 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'every field the update did not name reads back as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue and the tag set comparison', variant: 'normalised-values' } },
      {
        relies: 'billableAmount stays as created when the update changes amount, markupPercentage or modifiers',
        basis: ENUM_VALUES_ONLY,
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
  },
  'EX-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.2',
    area: 'expenses',
    statement: 'null on a nullable expense field clears it (reimbursementStatus: from at least one status, since clearing it changes a state).',
    units: [
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // reimbursementStatus | expense status enum (see part 3) | optional | optional, nullable
      '2.2#44a51d03',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // status | expense status enum | optional | optional
      '2.2#a23cc3ce',
    ],
    audit: [
      {
        relies: 'null on references, category, description, referenceNumber or billableAmount answers 200',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'each field set to null reads back null, absent or empty',
        basis: NULL_ACCEPTS_ABSENT_OR_EMPTY,
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
  },
  'EX-DELETE': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'A deleted expense can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
    ],
    audit: [
      { relies: 'a draft expense is created (201) and reads back (200)', basis: SPEC_CREATE_201 },
      { relies: 'DELETE /expenses/{id} answers exactly 204', basis: { spec: '4.2: "/expenses/{id} | 204"' } },
      {
        relies: 'a GET right after the delete answers no 2xx',
        basis: SPEC_DELETE_DESCRIBED,
      },
      {
        relies: 'the expense deleted is a draft',
        basis: { tolerant: 'a server may refuse to delete an approved or paid expense; the delete of each status is observed', variant: 'expense-rules' },
      },
      { relies: 'a delete of an expense in each status answers 2xx or 4xx', basis: { observation: 'expense-locked' } },
      { relies: 'the status of the read after delete is recorded', basis: DELETED_READ_STATUS_OBSERVED },
    ],
  },
  'EX-APPROVE': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement:
      'POST /expenses/{id}/approve without a body answers 200 with the expense in `data` (from `pending`; from other statuses: TRANSITION-REFUSED-UNCHANGED).',
    units: [
      // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
      '3.1#9ea31eca',
      // POST | /expenses | Body: expense create fields (2.2). Returns 201.
      '4.2#c8e19087',
      // GET | /expenses/{id} | Returns expense.
      '4.2#bfd7f0fd',
      // PATCH | /expenses/{id} | Body: expense update fields (2.2).
      '4.2#758fcaa2',
      // DELETE | /expenses/{id} | 204.
      '4.2#3a5a858c',
      // POST | /expenses/{id}/approve | No body. Returns 200 with the expense.
      '4.2#fededbbb',
      // POST | /expenses/{id}/reject | Body: `reason` string (optional). Returns 200.
      '4.2#054f7274',
    ],
    audit: [
      {
        relies: 'an expense created with status pending (or draft) answers 201',
        basis: SPEC_STATUS_SET_DIRECTLY,
      },
      { relies: 'POST /expenses/{id}/approve with no body answers exactly 200', basis: { spec: '4.2: "No body. Returns 200 with the expense"' } },
      { relies: 'the answer holds the expense in data with its id', basis: SPEC_RECORDS_IN_DATA },
      {
        relies: 'approve is allowed on one of: a pending direct_cost, a pending staff_claim with its claimant, a draft direct_cost',
        basis: {
          tolerant: 'suites/expenses.test.ts reviewed(): a 4xx moves on to the next expense (observed: expense-approve-refused); only all refused fails',
        },
      },
      {
        relies: 'the key that created the expense may approve it, or else the member key of the organisation may',
        basis: {
          tolerant:
            'reviewed(): when every try with the creating key is refused, a pending direct cost is approved with CONFORMANCE_MEMBER_KEY (observed: expense-self-review); without that key a server refusing self-approval still fails',
          variant: 'expense-self-review',
        },
      },
      {
        relies: 'the status approve leaves is not judged here',
        basis: { tolerant: 'EX-APPROVE-STATUS (a SHOULD) and TRANSITION-REFUSED-UNCHANGED observe it' },
      },
    ],
  },
  'EX-REJECT': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement:
      'POST /expenses/{id}/reject, with or without a `reason`, answers 200 with the expense in `data` (from `pending`; from other statuses: TRANSITION-REFUSED-UNCHANGED).',
    units: [
      // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
      '3.1#9ea31eca',
      // POST | /expenses | Body: expense create fields (2.2). Returns 201.
      '4.2#c8e19087',
      // GET | /expenses/{id} | Returns expense.
      '4.2#bfd7f0fd',
      // PATCH | /expenses/{id} | Body: expense update fields (2.2).
      '4.2#758fcaa2',
      // DELETE | /expenses/{id} | 204.
      '4.2#3a5a858c',
      // POST | /expenses/{id}/approve | No body. Returns 200 with the expense.
      '4.2#fededbbb',
      // POST | /expenses/{id}/reject | Body: `reason` string (optional). Returns 200.
      '4.2#054f7274',
    ],
    audit: [
      {
        relies: 'POST /expenses/{id}/reject with { reason } and with {} answers exactly 200',
        basis: { spec: '4.2: "Body: reason string (optional). Returns 200."' },
      },
      { relies: 'a record in data is the expense rejected (its id); another body passes', basis: { observation: 'expense-reject-body' } },
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
  },
  'EX-APPROVE-STATUS': {
    level: 'SHOULD',
    section: '3.1',
    area: 'expenses',
    statement: 'An approved expense has status `approved` (the resulting status is not stated).',
    units: [
      // Values: `draft`, `pending`, `approved`, `rejected`, `paid` (the same enum also types reimbursementStatus).
      '3.1#7e9309cf',
    ],
  },
  'EX-REJECT-STATUS': {
    level: 'SHOULD',
    section: '3.1',
    area: 'expenses',
    statement: 'A rejected expense has status `rejected` (the resulting status is not stated).',
    units: [
      // Values: `draft`, `pending`, `approved`, `rejected`, `paid` (the same enum also types reimbursementStatus).
      '3.1#7e9309cf',
    ],
  },
  'EX-QUERY-INVALID': {
    level: 'MUST',
    section: '4.2, 7',
    area: 'expenses',
    statement:
      'Malformed expense filters are rejected: expenseType or status outside their enums, non-UUID rootTaskId, taskId, supplierId or claimedByResourceId.',
    units: [
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'expenseType mileage, status submitted, non-UUID rootTaskId, taskId, supplierId, claimedByResourceId are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'expenseType DIRECT_COST and status Approved (another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_QUERIES_LEFT_OUT },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'EX-FILTER-REFS': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The rootTaskId, taskId, supplierId and claimedByResourceId filters return only expenses with that reference.',
    units: [],
    audit: [
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
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'supplierId combined with taskId or rootTaskId narrows the list on both (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the expenses created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture is created with 201: staff claims with a supplier and their claimant, a direct cost with a supplier',
        basis: EXPENSE_FIXTURE_REFUSED,
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
  },
  'EX-FILTER-TYPE': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The `expenseType` filter returns only expenses of that type.',
    units: [
      // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids), expenseType (enum), cate
      '4.2#c2c08b23',
    ],
    audit: [
      {
        relies: 'each expenseType lists the fixture expenses of that type and leaves out the others',
        basis: { spec: '4.2: "expenseType (enum), category (string), status (expense status enum)"' },
      },
      {
        relies: 'every listed record carries expenseType equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'the supplierId scope and expenseType narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
  'EX-FILTER-CATEGORY': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The `category` filter returns expenses of that category and leaves out others.',
    units: [],
    audit: [
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
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'the supplierId scope and category narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
  'EX-FILTER-STATUS': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The `status` filter returns only expenses with that status.',
    units: [],
    audit: [
      {
        relies: 'each status lists the fixture expenses with that status and leaves out the others',
        basis: { spec: '4.2: "expenseType (enum), category (string), status (expense status enum)"' },
      },
      {
        relies: 'the fixture keeps the statuses it was created with (approved, rejected, paid set on create)',
        basis: SPEC_STATUS_SET_DIRECTLY,
      },
      {
        relies: 'every listed record carries status equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'the supplierId scope and status narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
  'EX-FILTER-DATE': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: '`dateFrom` and `dateTo` return expenses dated inside the range and leave out those outside it.',
    units: [
      // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids), expenseType (enum), cate
      '4.2#c2c08b23',
    ],
    audit: [
      {
        relies: 'dateFrom and dateTo, alone and together, keep expenses dated inside and leave out those outside',
        basis: { spec: '4.2: "dateFrom, dateTo (strings)"' },
      },
      {
        relies: 'the range applies to the expense date, its only date field',
        basis: { spec: '2.2: "date | string (no format constraint stated) | required"' },
      },
      {
        relies: 'inclusive and exclusive bounds give the same verdicts',
        basis: { tolerant: 'the judged fixture dates lie strictly inside or outside every range sent' },
      },
      { relies: 'whether a bound includes its own day is recorded; those lists answer 200', basis: DATE_FILTER_BOUNDS_OBSERVED },
      {
        relies: 'the supplierId scope and the dates narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
  'EX-FILTER-BILLABLE': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The `isBillable` filter returns only expenses with that flag.',
    units: [
      // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids), expenseType (enum), cate
      '4.2#c2c08b23',
    ],
    audit: [
      {
        relies: 'isBillable=true lists the billable fixture expenses, isBillable=false the others',
        basis: { spec: '4 Common rules: "Boolean query filters are sent as strings: the value true means true, any other value means false"' },
      },
      {
        relies: 'only ids are compared, so a brief list passes',
        basis: { tolerant: 'booleanFilterChecks: includes and excludes by id, no record field read' },
      },
      {
        relies: 'the supplierId scope and isBillable narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
  'EX-FILTER-INVOICED': {
    level: 'MUST',
    section: '4.2',
    area: 'expenses',
    statement: 'The `isInvoiced` filter leaves out expenses never invoiced when true and includes them when false.',
    units: [
      // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids), expenseType (enum), cate
      '4.2#c2c08b23',
    ],
    audit: [
      {
        relies: 'isInvoiced=true leaves out the fixture, isInvoiced=false lists it (no expense is ever invoiced by the suite)',
        basis: { spec: '4.12: "The domains Projects, Invoices and Task Financials exist. Their endpoints and schemas: not shown"' },
      },
      {
        relies: 'approved, paid and billable fixture expenses do not count as invoiced',
        basis: { tolerant: 'isInvoiced is read as put on an invoice; no call of the suite invoices an expense' },
      },
      {
        relies: 'only ids are compared, so a brief list passes',
        basis: { tolerant: 'booleanFilterChecks: includes and excludes by id, no record field read' },
      },
      {
        relies: 'the supplierId scope and isInvoiced narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture (staff claims with a supplier and their claimant) is created with 201',
        basis: EXPENSE_FIXTURE_REFUSED,
      },
    ],
  },
} satisfies Records;
