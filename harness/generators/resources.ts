import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { SALARY_PERIODS, type ResourceCreate, type ResourceUpdate } from '../spec/resources.js';
import { earlyDate } from './date-span.js';
import { amount, email, identifier, nonEmail, nonUuid, runSalt, tags, text, withRunTag } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

export interface ResourceConstraints {
  /**
   * roleId and homeOfficeId values to send. The API has no endpoint for roles or offices, so
   * these are fresh UUIDs, given only when the target accepts ids that name no record it knows
   * (a server may rightly refuse a dangling reference). Empty or absent: the field is left out.
   */
  readonly roleIds?: readonly string[];
  readonly homeOfficeIds?: readonly string[];
  /** Appended to `tags` so every record the run creates can be found. */
  readonly runTag?: string;
}

/** spec 2.4 types these as plain strings; plausible values stay valid under any stricter reading. */
const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contractor', 'freelance', 'intern'] as const;
const COUNTRY_CODES = ['DE', 'GB', 'US', 'FR', 'NL', 'SE', 'CH', 'AU'] as const;
const REGION_CODES = ['BY', 'ENG', 'CA', 'IDF', 'NH', 'ZH', 'NSW', 'AB'] as const;

/**
 * Each country with one of its ISO 3166-2 subdivisions among REGION_CODES. Bodies draw the two
 * fields independently (spec 2.4 ties them by no rule); a server may require the pair to agree,
 * and `resourceRuleFree` then makes it agree.
 */
const REGION_OF: Readonly<Record<string, string>> = { DE: 'BY', GB: 'ENG', US: 'CA', FR: 'IDF', NL: 'NH', SE: 'AB', CH: 'ZH', AU: 'NSW' };

/**
 * A resource body no unstated rule tying its fields together can refuse: a regionCode with the
 * countryCode it belongs to (or both cleared together), salary with salaryPeriod (or both
 * cleared together). What the body does not name may be held by the record: a region or a salary
 * sent alone gets its partner, a partner cleared alone clears the other too.
 */
export function resourceRuleFree(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  const country = out['countryCode'];
  const region = out['regionCode'];
  if (country === null || region === null) Object.assign(out, { countryCode: null, regionCode: null });
  else if (typeof country === 'string') out['regionCode'] = REGION_OF[country] ?? null;
  else if (typeof region === 'string') Object.assign(out, { countryCode: 'DE', regionCode: 'BY' });
  const [salary, period] = [out['salary'], out['salaryPeriod']];
  if (salary === null || period === null) Object.assign(out, { salary: null, salaryPeriod: null });
  else if (salary !== undefined && period === undefined) out['salaryPeriod'] = 'year';
  else if (period !== undefined && salary === undefined) out['salary'] = 1000;
  return out;
}

/**
 * An endDate from 2035 to 2045: after any day the suite runs on. A server may take a resource
 * whose employment ended as inactive (the spec does not say); an endDate in the future never
 * ends it, so a generated isActive is not overridden.
 */
function futureEndDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('2035-01-01T00:00:00Z'), max: new Date('2045-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

/**
 * `+<country> <number>`: a string every phone reading accepts, an international number of 7 to 13
 * digits (E.164 allows 15). A server may store it without the space (compare.ts).
 */
export function phone(): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 100_000, max: 9_999_999_999 })).map(([country, number]) => `+${country} ${number}`);
}

function references(c: ResourceConstraints): Record<string, fc.Arbitrary<string>> {
  return {
    ...(c.roleIds && c.roleIds.length > 0 ? { roleId: fc.constantFrom(...c.roleIds) } : {}),
    ...(c.homeOfficeIds && c.homeOfficeIds.length > 0 ? { homeOfficeId: fc.constantFrom(...c.homeOfficeIds) } : {}),
  };
}

/** The nullable fields of spec 2.4 (references only when the constraints give ids). */
function nullableFields(c: ResourceConstraints): Record<string, fc.Arbitrary<unknown>> {
  return {
    email: email(),
    phone: phone(),
    jobTitle: text(),
    startDate: earlyDate(),
    endDate: futureEndDate(),
    countryCode: fc.constantFrom(...COUNTRY_CODES),
    regionCode: fc.constantFrom(...REGION_CODES),
    salary: amount(500_000),
    salaryPeriod: fc.constantFrom(...SALARY_PERIODS),
    // An external user id names one account: a server may rightly keep it unique.
    externalUserId: identifier(30, runSalt(c.runTag)),
    ...references(c),
  };
}

function createFields(c: ResourceConstraints) {
  return { name: identifier(40, runSalt(c.runTag)), employmentType: fc.constantFrom(...EMPLOYMENT_TYPES), tags: tags(), ...nullableFields(c) };
}

/** Spec 2.4 create: name required, every other field optional and well formed; isActive never sent. */
export function resourceCreate(c: ResourceConstraints = {}): fc.Arbitrary<ResourceCreate> {
  return fc.record(createFields(c), { requiredKeys: ['name'] }).map((body) => withRunTag(body as ResourceCreate, c.runTag));
}

/** A create body with every field set: the base against which updates are compared. */
export function resourceCreateFull(c: ResourceConstraints = {}): fc.Arbitrary<ResourceCreate> {
  return fc.record(createFields(c)).map((body) => withRunTag(body as ResourceCreate, c.runTag));
}

/**
 * Spec 2.4 update: every field optional, isActive accepted, the nullable ones sometimes null
 * (null clears). At least one field is present; `tags`, when present, keeps the run tag.
 */
export function resourceUpdate(c: ResourceConstraints = {}): fc.Arbitrary<ResourceUpdate> {
  const nullable = Object.fromEntries(Object.entries(nullableFields(c)).map(([field, arb]) => [field, fc.option(arb, { nil: null, freq: 4 })]));
  return fc
    .record(
      { name: identifier(40, runSalt(c.runTag)), employmentType: fc.constantFrom(...EMPLOYMENT_TYPES), tags: tags(), isActive: fc.boolean(), ...nullable },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => (body.tags === undefined ? body : withRunTag(body as { tags?: string[] }, c.runTag))) as fc.Arbitrary<ResourceUpdate>;
}

/** Field rules create and update state the same way (spec 2.4). */
const FIELD_BREAKERS: readonly Breaker[] = [
  { rule: 'empty name', requirementId: 'RS-NAME-MIN', field: 'name', value: fc.constant('') },
  { rule: 'email not an e-mail address', requirementId: 'RS-EMAIL-FORMAT', field: 'email', value: nonEmail() },
  { rule: 'negative salary', requirementId: 'RS-SALARY', field: 'salary', value: fc.integer({ min: -10_000_000, max: -1 }).map((c) => c / 100) },
  {
    rule: 'salaryPeriod outside the enum',
    requirementId: 'RS-SALARY',
    field: 'salaryPeriod',
    // Another case of a value (Hour) is INPUT-FORMAT-STRICT's (a SHOULD).
    value: fc.constantFrom('monthly', 'annual', 'weekly', 'fortnight', ''),
  },
  { rule: 'roleId not a UUID', requirementId: 'RS-IDS-UUID', field: 'roleId', value: nonUuid() },
  { rule: 'homeOfficeId not a UUID', requirementId: 'RS-IDS-UUID', field: 'homeOfficeId', value: nonUuid() },
  { rule: 'name not a string', requirementId: 'RS-FIELD-TYPES', field: 'name', value: fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a'])) },
  { rule: 'employmentType not a string', requirementId: 'RS-FIELD-TYPES', field: 'employmentType', value: fc.constantFrom(1, true, ['full_time']) },
  { rule: 'tags not an array of strings', requirementId: 'RS-FIELD-TYPES', field: 'tags', value: fc.constantFrom('a,b', [1, 2], { a: 'b' }) },
  { rule: 'salary not a number', requirementId: 'RS-FIELD-TYPES', field: 'salary', value: fc.constantFrom('1000', 'high', true) },
  { rule: 'phone not a string', requirementId: 'RS-FIELD-TYPES', field: 'phone', value: fc.oneof(fc.integer(), fc.constant({})) },
  nulled('name', 'RS-FIELD-TYPES'),
  // spec 2.4: employmentType is "optional (not nullable)" on update, and plain optional on create
  nulled('employmentType', 'RS-FIELD-TYPES'),
  nulled('tags', 'RS-FIELD-TYPES'),
];

const CREATE_BREAKERS: readonly Breaker[] = [missing('name', 'RS-CREATE-REQUIRED'), ...FIELD_BREAKERS];

/** isActive is "not accepted" on create (ignored or refused), so its type is only a rule on update. */
const UPDATE_BREAKERS: readonly Breaker[] = [
  ...FIELD_BREAKERS,
  { rule: 'isActive not a boolean', requirementId: 'RS-FIELD-TYPES', field: 'isActive', value: fc.constantFrom('true', 'false', 1, 0) },
  nulled('isActive', 'RS-FIELD-TYPES'),
];

/** Create bodies that each break exactly one rule of spec 2.4. */
export function resourceCreateViolations(c: ResourceConstraints = {}): ViolationCase[] {
  return violations(resourceCreate(c), CREATE_BREAKERS);
}

/** Update bodies that each break exactly one rule of spec 2.4. */
export function resourceUpdateViolations(c: ResourceConstraints = {}): ViolationCase[] {
  return violations(resourceUpdate(c), UPDATE_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function resourceViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? CREATE_BREAKERS : UPDATE_BREAKERS);
}
