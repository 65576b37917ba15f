import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { CONTACT_NON_NULLABLE_FIELDS, CONTACT_TYPES, type ContactCreate, type ContactUpdate } from '../spec/contacts.js';
import { email, identifier, nonEmail, nonUrl, nonUuid, runSalt, tags, text, url, withRunTag } from './primitives.js';
import { phone } from './resources.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

export interface ContactConstraints {
  /** Existing contact ids a generated parentContactId may point to (random UUIDs would dangle). */
  readonly parentContactIds?: readonly string[];
  /** Appended to `tags` so every record the run creates can be found. */
  readonly runTag?: string;
}

function optionalFields(constraints: ContactConstraints) {
  const parents = constraints.parentContactIds ?? [];
  return {
    ...(parents.length > 0 ? { parentContactId: fc.constantFrom(...parents) } : {}),
    email: email(),
    // A server may validate phone numbers or store them in E.164 (the spec types phone as a string).
    phone: phone(),
    jobTitle: text(),
    billingEmail: email(),
    billingAddress: text(60),
    paymentTermsDays: fc.integer({ min: 0, max: 365 }),
    isBillable: fc.boolean(),
    isActive: fc.boolean(),
    website: url(),
    // A server may keep tax numbers unique (the spec does not say): no two bodies share one.
    taxNumber: identifier(24, runSalt(constraints.runTag)),
    notes: text(80),
  };
}

/** A contact name no other generated body shares: a server may keep names unique (the spec does not say). */
function contactName(constraints: ContactConstraints): fc.Arbitrary<string> {
  return identifier(40, runSalt(constraints.runTag));
}

/** Spec 2.1 create: contactType and name required, every other field optional and well formed. */
export function contactCreate(constraints: ContactConstraints = {}): fc.Arbitrary<ContactCreate> {
  return fc
    .record(
      { contactType: fc.constantFrom(...CONTACT_TYPES), name: contactName(constraints), tags: tags(), ...optionalFields(constraints) },
      { requiredKeys: ['contactType', 'name'] },
    )
    .map((body) => withRunTag(body, constraints.runTag));
}

/** A create body with every field set: the base against which updates are compared. */
export function contactCreateFull(constraints: ContactConstraints = {}): fc.Arbitrary<ContactCreate> {
  return fc
    .record({ contactType: fc.constantFrom(...CONTACT_TYPES), name: contactName(constraints), tags: tags(), ...optionalFields(constraints) })
    .map((body) => withRunTag(body, constraints.runTag));
}

/**
 * Spec 2.1 update: every field optional; the nullable ones may be null (null clears).
 * At least one field is present. `tags`, when present, keeps the run tag.
 */
export function contactUpdate(constraints: ContactConstraints = {}): fc.Arbitrary<ContactUpdate> {
  const { parentContactId, isBillable, isActive, ...nullable } = optionalFields(constraints);
  const nullableArbs = Object.fromEntries(
    Object.entries({ ...nullable, ...(parentContactId ? { parentContactId } : {}) }).map(([k, arb]) => [
      k,
      fc.option(arb as fc.Arbitrary<unknown>, { nil: null, freq: 4 }),
    ]),
  );
  return fc
    .record(
      {
        contactType: fc.constantFrom(...CONTACT_TYPES),
        name: contactName(constraints),
        isBillable,
        isActive,
        tags: tags(),
        ...nullableArbs,
      },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => (body.tags === undefined ? body : withRunTag(body as { tags?: string[] }, constraints.runTag))) as fc.Arbitrary<ContactUpdate>;
}

// Values outside the enum; the same value in another case is INPUT-FORMAT-STRICT's (a SHOULD).
const badEnum = fc.oneof(
  fc.constantFrom('supplier', 'person', ''),
  text(12).filter((s) => !(CONTACT_TYPES as readonly string[]).includes(s.toLowerCase())),
);

/** Field-level rules shared by create and update (spec 2.1). */
const FIELD_BREAKERS: readonly Breaker[] = [
  { rule: 'contactType outside the enum', requirementId: 'CT-TYPE-ENUM', field: 'contactType', value: badEnum },
  { rule: 'empty name', requirementId: 'CT-NAME-MIN', field: 'name', value: fc.constant('') },
  { rule: 'email not an e-mail address', requirementId: 'CT-EMAIL-FORMAT', field: 'email', value: nonEmail() },
  { rule: 'billingEmail not an e-mail address', requirementId: 'CT-EMAIL-FORMAT', field: 'billingEmail', value: nonEmail() },
  { rule: 'website not a URL', requirementId: 'CT-WEBSITE-URL', field: 'website', value: nonUrl() },
  { rule: 'negative paymentTermsDays', requirementId: 'CT-PAYMENT-TERMS', field: 'paymentTermsDays', value: fc.integer({ min: -1000, max: -1 }) },
  {
    rule: 'fractional paymentTermsDays',
    requirementId: 'CT-PAYMENT-TERMS',
    field: 'paymentTermsDays',
    value: fc.integer({ min: 0, max: 365 }).map((n) => n + 0.5),
  },
  { rule: 'parentContactId not a UUID', requirementId: 'CT-PARENT-UUID', field: 'parentContactId', value: nonUuid() },
  { rule: 'name not a string', requirementId: 'CT-FIELD-TYPES', field: 'name', value: fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a'])) },
  { rule: 'isActive not a boolean', requirementId: 'CT-FIELD-TYPES', field: 'isActive', value: fc.constantFrom('true', 'false', 1, 0, 'yes') },
  { rule: 'isBillable not a boolean', requirementId: 'CT-FIELD-TYPES', field: 'isBillable', value: fc.constantFrom('true', 'false', 1, 0) },
  {
    rule: 'tags not an array of strings',
    requirementId: 'CT-FIELD-TYPES',
    field: 'tags',
    value: fc.oneof(fc.constant('a,b'), fc.constant([1, 2]), fc.constant({ a: 'b' })),
  },
  { rule: 'paymentTermsDays not a number', requirementId: 'CT-FIELD-TYPES', field: 'paymentTermsDays', value: fc.constantFrom('30', 'thirty') },
  { rule: 'phone not a string', requirementId: 'CT-FIELD-TYPES', field: 'phone', value: fc.oneof(fc.integer(), fc.constant({})) },
  ...CONTACT_NON_NULLABLE_FIELDS.map((field) => nulled(field, 'CT-NULL-NOT-NULLABLE')),
];

const CREATE_ONLY_BREAKERS: readonly Breaker[] = [missing('contactType', 'CT-CREATE-REQUIRED'), missing('name', 'CT-CREATE-REQUIRED')];

/** Create bodies that each break exactly one rule of spec 2.1. */
export function contactCreateViolations(constraints: ContactConstraints = {}): ViolationCase[] {
  return violations(contactCreate(constraints), [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS]);
}

/** Update bodies that each break exactly one rule of spec 2.1. */
export function contactUpdateViolations(constraints: ContactConstraints = {}): ViolationCase[] {
  return violations(contactUpdate(constraints), FIELD_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function violationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS] : FIELD_BREAKERS);
}
