import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { RATE_PERIODS, RATE_TYPES, RATE_UPDATE_FIELDS, type RateCreate, type RateUpdate, type RateVersionCreate } from '../spec/rates.js';
import { amount, badCurrency, currency, identifier, impossibleDate, realDate, runSalt, tags, text, withRunTag } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

export interface RateConstraints {
  /** Appended to `tags` so every record the run creates can be found. */
  readonly runTag?: string;
  /**
   * Smallest amount to generate (default 0, which 2.5 allows). A check that looks for the amount
   * anywhere in a response (its place is not shown) sets 0.01: a 0 would match any zero there.
   */
  readonly minAmount?: number;
}

/** A rate name no other generated body shares: a server may keep rate names unique (the spec does not say). */
function rateName(constraints: RateConstraints): fc.Arbitrary<string> {
  return identifier(40, runSalt(constraints.runTag));
}

/** Hours in a period: >= 0 with at most two decimals (spec 2.5 `hoursPerPeriod`). */
function hoursPerPeriod(): fc.Arbitrary<number> {
  return fc.integer({ min: 0, max: 74_400 }).map((h) => h / 100);
}

function optionalFields() {
  return {
    rateType: fc.constantFrom(...RATE_TYPES),
    currency: currency(),
    period: fc.constantFrom(...RATE_PERIODS),
    hoursPerPeriod: hoursPerPeriod(),
    isDefault: fc.boolean(),
    tags: tags(),
  };
}

/** Spec 2.5 create rate: name and amount required, every other listed field optional; nothing else. */
export function rateCreate(constraints: RateConstraints = {}): fc.Arbitrary<RateCreate> {
  return fc
    .record({ name: rateName(constraints), amount: amount(100_000, constraints.minAmount), ...optionalFields() }, { requiredKeys: ['name', 'amount'] })
    .map((body) => withRunTag(body, constraints.runTag));
}

/** A create body with every listed field set. */
export function rateCreateFull(constraints: RateConstraints = {}): fc.Arbitrary<RateCreate> {
  return fc
    .record({ name: rateName(constraints), amount: amount(100_000, constraints.minAmount), ...optionalFields() })
    .map((body) => withRunTag(body, constraints.runTag));
}

/**
 * Spec 2.5 update rate: name, rateType, currency, isDefault, tags, all optional, none nullable.
 * At least one field. `tags`, when present, keeps the run tag.
 */
export function rateUpdate(constraints: RateConstraints = {}): fc.Arbitrary<RateUpdate> {
  const { rateType, currency: code, isDefault, tags: tagList } = optionalFields();
  return fc
    .record({ name: rateName(constraints), rateType, currency: code, isDefault, tags: tagList }, { requiredKeys: [] })
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => (body.tags === undefined ? body : withRunTag(body, constraints.runTag)));
}

/** Spec 2.5 create rate version: amount >= 0 and a real effectiveFrom date required, changeReason optional. */
export function rateVersionCreate(): fc.Arbitrary<RateVersionCreate> {
  return fc.record({ amount: amount(), effectiveFrom: realDate(), changeReason: text(60) }, { requiredKeys: ['amount', 'effectiveFrom'] });
}

// Values outside the enums; another case of a value (Billable) is INPUT-FORMAT-STRICT's (a SHOULD).
const badRateType = fc.oneof(
  fc.constantFrom('hourly', 'internal', ''),
  text(12).filter((s) => !(RATE_TYPES as readonly string[]).includes(s.toLowerCase())),
);
const badPeriod = fc.oneof(
  fc.constantFrom('hours', 'fortnight', 'quarter', ''),
  text(12).filter((s) => !(RATE_PERIODS as readonly string[]).includes(s.toLowerCase())),
);
const notString = fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a']), fc.constant({}));
const notBoolean = fc.constantFrom('true', 'false', 1, 0, 'yes');
const notNumber = fc.constantFrom('12', '12.50', 'ten', true, [1]);
const negative = fc.integer({ min: -10_000_000, max: -1 }).map((c) => c / 100);

/** Rules of the fields both create and update accept (spec 2.5). */
const SHARED_BREAKERS: readonly Breaker[] = [
  { rule: 'empty name', requirementId: 'RT-FIELD-RULES', field: 'name', value: fc.constant('') },
  { rule: 'name not a string', requirementId: 'RT-FIELD-RULES', field: 'name', value: notString },
  { rule: 'rateType outside the enum', requirementId: 'RT-FIELD-RULES', field: 'rateType', value: badRateType },
  { rule: 'currency not 3 characters', requirementId: 'RT-FIELD-RULES', field: 'currency', value: badCurrency() },
  { rule: 'isDefault not a boolean', requirementId: 'RT-FIELD-RULES', field: 'isDefault', value: notBoolean },
  { rule: 'tags not an array of strings', requirementId: 'RT-FIELD-RULES', field: 'tags', value: fc.constantFrom('a,b', [1, 2], { a: 'b' }) },
  // No rate field is nullable (spec 2.5 marks none "nullable").
  ...RATE_UPDATE_FIELDS.map((field) => nulled(field, 'RT-FIELD-RULES')),
];

/** Rules of the fields only create accepts (spec 2.5). */
const CREATE_FIELD_BREAKERS: readonly Breaker[] = [
  { rule: 'period outside the enum', requirementId: 'RT-FIELD-RULES', field: 'period', value: badPeriod },
  { rule: 'negative hoursPerPeriod', requirementId: 'RT-FIELD-RULES', field: 'hoursPerPeriod', value: negative },
  { rule: 'hoursPerPeriod not a number', requirementId: 'RT-FIELD-RULES', field: 'hoursPerPeriod', value: notNumber },
  { rule: 'negative amount', requirementId: 'RT-FIELD-RULES', field: 'amount', value: negative },
  { rule: 'amount not a number', requirementId: 'RT-FIELD-RULES', field: 'amount', value: notNumber },
  nulled('amount', 'RT-FIELD-RULES'),
  missing('name', 'RT-CREATE-REQUIRED'),
  missing('amount', 'RT-CREATE-REQUIRED'),
];

const VERSION_BREAKERS: readonly Breaker[] = [
  missing('amount', 'RT-VERSION-INVALID'),
  missing('effectiveFrom', 'RT-VERSION-INVALID'),
  { rule: 'negative amount', requirementId: 'RT-VERSION-INVALID', field: 'amount', value: negative },
  { rule: 'effectiveFrom not a real date', requirementId: 'RT-VERSION-INVALID', field: 'effectiveFrom', value: impossibleDate() },
];

/** Rate create bodies that each break exactly one rule of spec 2.5. */
export function rateCreateViolations(constraints: RateConstraints = {}): ViolationCase[] {
  return violations(rateCreate(constraints), [...CREATE_FIELD_BREAKERS, ...SHARED_BREAKERS]);
}

/** Rate update bodies that each break exactly one field rule of spec 2.5 (strictness is checked apart). */
export function rateUpdateViolations(constraints: RateConstraints = {}): ViolationCase[] {
  return violations(rateUpdate(constraints), SHARED_BREAKERS);
}

/** Version create bodies that each break exactly one rule of spec 2.5. */
export function rateVersionViolations(): ViolationCase[] {
  return violations(rateVersionCreate(), VERSION_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function rateViolationRequirements(kind: 'create' | 'update' | 'version'): RequirementId[] {
  if (kind === 'version') return requirementsOf(VERSION_BREAKERS);
  return requirementsOf(kind === 'create' ? [...CREATE_FIELD_BREAKERS, ...SHARED_BREAKERS] : SHARED_BREAKERS);
}

/** Unlisted properties for the strictness rule (spec 2.5): names no reading of the spec lists. */
export const UNLISTED_PROPERTIES: ReadonlyArray<readonly [string, unknown]> = [
  ['foo', 'bar'],
  ['conformanceUnknownField', 1],
];
