import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import {
  EXPENSE_NON_NULLABLE_FIELDS,
  EXPENSE_REFERENCE_FIELDS,
  EXPENSE_STATUSES,
  EXPENSE_TYPES,
  MODIFIER_TYPES,
  type ExpenseCreate,
  type ExpenseUpdate,
  type FinancialModifier,
} from '../spec/expenses.js';
import { amount, badCurrency, currency, nonUuid, pastDate, tags, text, uuid, withRunTag } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

/**
 * Ids that really exist on the target. A generated reference only ever points at one of these:
 * a random UUID could dangle, and a server may rightly refuse a dangling reference. A kind with
 * no id is left out of valid bodies (purchase orders have no endpoint, so they never appear).
 */
export interface ExpenseConstraints {
  /** Projects (root tasks) for rootTaskId. */
  readonly projectIds?: readonly string[];
  /** Tasks for taskId (a project is a root task, so a project id serves). */
  readonly taskIds?: readonly string[];
  /** Contacts for supplierId. */
  readonly supplierIds?: readonly string[];
  /** Staff resources for claimedByResourceId. */
  readonly resourceIds?: readonly string[];
  /** Appended to `tags` so every record the run creates can be found. */
  readonly runTag?: string;
}

/** A money value with at most two decimals, which may be negative (a markup or a discount). */
const signedMoney = fc.integer({ min: -5_000, max: 50_000 }).map((cents) => cents / 100);

/**
 * Spec 2.2 financial modifier: id (UUID), name, type (enum) and value (a string), all required.
 * Keys come in alphabetical order, which is also the order a JSON column keeps, so a round trip
 * compares equal. The id is the modifier's own, not a reference to another record.
 */
export function financialModifier(): fc.Arbitrary<FinancialModifier> {
  return fc.record({
    id: uuid(),
    name: text(30),
    type: fc.constantFrom(...MODIFIER_TYPES),
    value: amount(1_000).map(String),
  });
}

function references(constraints: ExpenseConstraints): Record<string, fc.Arbitrary<string>> {
  const pick = (ids: readonly string[] | undefined) => (ids && ids.length > 0 ? fc.constantFrom(...ids) : undefined);
  const entries: Array<[string, fc.Arbitrary<string> | undefined]> = [
    ['rootTaskId', pick(constraints.projectIds)],
    ['taskId', pick(constraints.taskIds)],
    ['supplierId', pick(constraints.supplierIds)],
    ['claimedByResourceId', pick(constraints.resourceIds)],
  ];
  return Object.fromEntries(entries.filter((e): e is [string, fc.Arbitrary<string>] => e[1] !== undefined));
}

function optionalFields(constraints: ExpenseConstraints) {
  return {
    ...references(constraints),
    category: text(30),
    currency: currency(),
    description: text(80),
    referenceNumber: referenceNumber(),
    reimbursementStatus: fc.constantFrom(...EXPENSE_STATUSES),
    isBillable: fc.boolean(),
    markupPercentage: signedMoney,
    billableModifiers: fc.array(financialModifier(), { maxLength: 3 }),
    billableAmount: amount(),
    status: fc.constantFrom(...EXPENSE_STATUSES),
    tags: tags(),
  };
}

/**
 * A supplier's reference: text with a tail of 6 hex digits, so that no two bodies of a run repeat
 * one (a server may refuse a repeated reference of the same supplier as a double invoice).
 */
function referenceNumber(): fc.Arbitrary<string> {
  const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 6, maxLength: 6 });
  return fc.tuple(text(12), hex).map(([head, tail]) => `${head}-${tail}`);
}

/**
 * The required fields of spec 2.2; `date` has no stated format, real dates are sent anyway, never
 * in the future (an expense records money spent; a server may refuse a future one).
 */
function requiredFields() {
  return { expenseType: fc.constantFrom(...EXPENSE_TYPES), amount: amount(), date: pastDate() };
}

/** Currencies with no minor unit (ISO 4217 exponent 0): a server may round or refuse cents in them. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = ['JPY'];

type Body = Record<string, unknown>;
const isSet = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * `changes` made to fit rules a server may tie to expenseType (the spec neither states nor
 * forbids them): a staff_claim names its claimant, a supplier_invoice its supplier, only a staff
 * claim carries a reimbursementStatus, and in a currency with no minor unit amounts are whole.
 * `held` is what the expense holds already (nothing for a create): a rule looks at both.
 */
function fitTypeRules(constraints: ExpenseConstraints, changes: Body, held: Body = {}): Body {
  const body = { ...changes };
  const value = (field: string): unknown => (field in body ? body[field] : held[field]);
  const claimant = constraints.resourceIds?.[0];
  const supplier = constraints.supplierIds?.[0];
  // A type whose reference cannot be named is not sent (a create falls back to direct_cost).
  const needs = (type: string, field: string, id: string | undefined): void => {
    if (value('expenseType') !== type || isSet(value(field))) return;
    if (id !== undefined) body[field] = id;
    else if ('expenseType' in held) delete body['expenseType'];
    else body['expenseType'] = 'direct_cost';
  };
  needs('staff_claim', 'claimedByResourceId', claimant);
  needs('supplier_invoice', 'supplierId', supplier);
  if (value('expenseType') !== 'staff_claim' && isSet(value('reimbursementStatus'))) {
    // An update keeps the state fields as they are (spec 3.1 shows no transitions): the type stays instead.
    if (isSet(held['reimbursementStatus'])) delete body['expenseType'];
    else delete body['reimbursementStatus'];
  }
  if (ZERO_DECIMAL_CURRENCIES.includes(String(value('currency')))) {
    for (const field of ['amount', 'billableAmount']) {
      const amountHeld = value(field);
      if (typeof amountHeld === 'number' && !Number.isInteger(amountHeld)) body[field] = Math.round(amountHeld);
    }
  }
  return body;
}

/** Spec 2.2 create: expenseType, amount and date required, every other field optional and well formed. */
export function expenseCreate(constraints: ExpenseConstraints = {}): fc.Arbitrary<ExpenseCreate> {
  return fc
    .record({ ...requiredFields(), ...optionalFields(constraints) }, { requiredKeys: ['expenseType', 'amount', 'date'] })
    .map((body) => withRunTag(fitTypeRules(constraints, body) as ExpenseCreate, constraints.runTag));
}

/** A create body with every field the constraints allow. */
export function expenseCreateFull(constraints: ExpenseConstraints = {}): fc.Arbitrary<ExpenseCreate> {
  return fc
    .record({ ...requiredFields(), ...optionalFields(constraints) })
    .map((body) => withRunTag(fitTypeRules(constraints, body) as ExpenseCreate, constraints.runTag));
}

/** The statuses in which every reading leaves an expense open to edits and deletion. */
export const EDITABLE_EXPENSE_STATUSES = ['draft', 'pending'] as const;

/**
 * The base updates are compared against: a full create body of an expense no unstated rule
 * closes to edits. A server may lock an expense once approved, rejected or paid, and tie its
 * references to its type, so this is a draft or pending direct_cost (which needs neither
 * supplier nor claimant, so either can be cleared) with no reimbursementStatus. The other
 * statuses and types are created by expenseCreate and edited by the transition checks.
 */
export function expenseEditable(constraints: ExpenseConstraints = {}): fc.Arbitrary<ExpenseCreate> {
  return fc.tuple(expenseCreateFull(constraints), fc.constantFrom(...EDITABLE_EXPENSE_STATUSES)).map(([body, status]) => {
    const { reimbursementStatus: _reimbursement, ...rest } = body as Body;
    return fitTypeRules(constraints, { ...rest, expenseType: 'direct_cost', status }) as ExpenseCreate;
  });
}

const NULLABLE_OPTIONAL = ['category', 'description', 'referenceNumber', 'reimbursementStatus', 'billableAmount'] as const;

/**
 * The state fields of an expense (spec 3.1: both typed by the expense status enum). Changing
 * either, null included, is a transition, and the transitions are not shown: a server may
 * refuse any of them, so generated valid updates never change them.
 */
export const EXPENSE_STATE_FIELDS = ['status', 'reimbursementStatus'] as const;
export type ExpenseStateField = (typeof EXPENSE_STATE_FIELDS)[number];

/** The state an expense is in, as far as it is known: the create body it was made from, say. */
export type ExpenseState = Readonly<Partial<Record<ExpenseStateField, string | null>>>;

/**
 * Spec 2.2 update: every field optional; the nullable ones may be null (null clears).
 * At least one field is present. `tags`, when present, keeps the run tag.
 *
 * The state fields are never changed (spec 3.1 shows no transitions): a state field appears
 * only when `current` gives its value, and then with that same value, which every reading
 * allows. Without `current` (the record's state is unknown) they are left out. Status changes
 * are exercised by their own checks, which accept a refusal.
 */
export function expenseUpdate(constraints: ExpenseConstraints = {}, current: ExpenseState = {}, created: Body = {}): fc.Arbitrary<ExpenseUpdate> {
  const { status: _status, reimbursementStatus: _reimbursement, ...changeable } = optionalFields(constraints);
  const fields: Record<string, fc.Arbitrary<unknown>> = { ...requiredFields(), ...changeable };
  // billableAmount null is not sent here: a server may read it back computed from amount and
  // markup (spec 2.2 does not say), so clearing it has a check of its own.
  const nullable = new Set<string>([...EXPENSE_REFERENCE_FIELDS, ...NULLABLE_OPTIONAL.filter((field) => field !== 'billableAmount')]);
  const model: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    Object.entries(fields).map(([field, arb]) => [field, nullable.has(field) ? fc.option(arb, { nil: null, freq: 4 }) : arb]),
  );
  for (const field of EXPENSE_STATE_FIELDS) {
    const value = current[field];
    if (value !== undefined) model[field] = fc.constant(value);
  }
  return fc
    .record(model, { requiredKeys: [] })
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => fitTypeRules(constraints, body, created))
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => (body['tags'] === undefined ? body : withRunTag(body as { tags?: string[] }, constraints.runTag))) as fc.Arbitrary<ExpenseUpdate>;
}

function notIn(values: readonly string[]): fc.Arbitrary<string> {
  // Another case of a value is INPUT-FORMAT-STRICT's (a SHOULD), never a MUST rule's.
  return text(12).filter((s) => !values.includes(s.toLowerCase()));
}

const badExpenseType = fc.oneof(fc.constantFrom('staff-claim', 'mileage', ''), notIn(EXPENSE_TYPES));
const badStatus = fc.oneof(fc.constantFrom('submitted', 'void', ''), notIn(EXPENSE_STATUSES));

/** One valid modifier with one of its rules broken, inside an otherwise valid list. */
function brokenModifiers(rule: string, breakModifier: fc.Arbitrary<(m: Record<string, unknown>) => Record<string, unknown>>): Breaker {
  return {
    rule: `billableModifiers item: ${rule}`,
    requirementId: 'EX-MODIFIERS',
    field: 'billableModifiers',
    value: fc
      .tuple(fc.array(financialModifier(), { maxLength: 2 }), financialModifier(), breakModifier)
      .map(([valid, one, broken]) => [...valid, broken({ ...one })]),
  };
}

const dropKey = (key: string) => fc.constant((m: Record<string, unknown>) => Object.fromEntries(Object.entries(m).filter(([k]) => k !== key)));
const setKey = (key: string, value: fc.Arbitrary<unknown>) => value.map((v) => (m: Record<string, unknown>) => ({ ...m, [key]: v }));

const MODIFIER_BREAKERS: readonly Breaker[] = [
  brokenModifiers('id missing', dropKey('id')),
  brokenModifiers('name missing', dropKey('name')),
  brokenModifiers('type missing', dropKey('type')),
  brokenModifiers('value missing', dropKey('value')),
  brokenModifiers('type outside the enum', setKey('type', fc.constantFrom('fixed', 'discount', ''))),
  brokenModifiers('id not a UUID', setKey('id', nonUuid())),
  brokenModifiers('value not a string', setKey('value', fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(true)))),
  brokenModifiers('name not a string', setKey('name', fc.oneof(fc.integer(), fc.constant(null)))),
];

const notString = fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a']), fc.constant({}));
const notBoolean = fc.constantFrom('true', 'false', 1, 0, 'yes');
const notNumber = fc.constantFrom('12', '12.50', 'ten', true, [1]);

/** Field-level rules shared by create and update (spec 2.2, 3.1). */
const FIELD_BREAKERS: readonly Breaker[] = [
  { rule: 'negative amount', requirementId: 'EX-AMOUNT-MIN', field: 'amount', value: fc.integer({ min: -10_000_000, max: -1 }).map((c) => c / 100) },
  { rule: 'expenseType outside the enum', requirementId: 'EX-TYPE-ENUM', field: 'expenseType', value: badExpenseType },
  { rule: 'status outside the enum', requirementId: 'EX-STATUS-ENUM', field: 'status', value: badStatus },
  { rule: 'reimbursementStatus outside the enum', requirementId: 'EX-STATUS-ENUM', field: 'reimbursementStatus', value: badStatus },
  { rule: 'currency not 3 characters', requirementId: 'EX-CURRENCY-LENGTH', field: 'currency', value: badCurrency() },
  ...MODIFIER_BREAKERS,
  ...EXPENSE_REFERENCE_FIELDS.map((field): Breaker => ({ rule: `${field} not a UUID`, requirementId: 'EX-IDS-UUID', field, value: nonUuid() })),
  { rule: 'amount not a number', requirementId: 'EX-FIELD-TYPES', field: 'amount', value: notNumber },
  { rule: 'markupPercentage not a number', requirementId: 'EX-FIELD-TYPES', field: 'markupPercentage', value: notNumber },
  { rule: 'billableAmount not a number', requirementId: 'EX-FIELD-TYPES', field: 'billableAmount', value: notNumber },
  { rule: 'isBillable not a boolean', requirementId: 'EX-FIELD-TYPES', field: 'isBillable', value: notBoolean },
  { rule: 'date not a string', requirementId: 'EX-FIELD-TYPES', field: 'date', value: fc.constantFrom(20240105, true, ['2024-01-05']) },
  { rule: 'category not a string', requirementId: 'EX-FIELD-TYPES', field: 'category', value: notString },
  { rule: 'description not a string', requirementId: 'EX-FIELD-TYPES', field: 'description', value: notString },
  { rule: 'currency not a string', requirementId: 'EX-FIELD-TYPES', field: 'currency', value: fc.constantFrom(978, ['EUR'], { code: 'EUR' }) },
  { rule: 'tags not an array of strings', requirementId: 'EX-FIELD-TYPES', field: 'tags', value: fc.constantFrom('a,b', [1, 2], { a: 'b' }) },
  {
    rule: 'billableModifiers not an array',
    requirementId: 'EX-FIELD-TYPES',
    field: 'billableModifiers',
    value: fc.oneof(financialModifier(), fc.constant('none')),
  },
  ...EXPENSE_NON_NULLABLE_FIELDS.map((field) => nulled(field, 'EX-NULL-NOT-NULLABLE')),
];

const CREATE_ONLY_BREAKERS: readonly Breaker[] = [
  missing('expenseType', 'EX-CREATE-REQUIRED'),
  missing('amount', 'EX-CREATE-REQUIRED'),
  missing('date', 'EX-CREATE-REQUIRED'),
];

/** Create bodies that each break exactly one rule of spec 2.2. */
export function expenseCreateViolations(constraints: ExpenseConstraints = {}): ViolationCase[] {
  return violations(expenseCreate(constraints), [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS]);
}

/**
 * Update bodies that each break exactly one rule of spec 2.2. The valid rest of a body never
 * names a state field (the target expense's state is not known), so a server cannot answer a
 * transition refusal where a validation failure is expected.
 */
export function expenseUpdateViolations(constraints: ExpenseConstraints = {}): ViolationCase[] {
  return violations(expenseUpdate(constraints), FIELD_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function expenseViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS] : FIELD_BREAKERS);
}
