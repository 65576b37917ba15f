import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import {
  ALLOCATION_NON_NULLABLE_FIELDS,
  ALLOCATION_REFERENCE_FIELDS,
  CONSTRAINT_REASON_MAX,
  type AllocationCreate,
  type AllocationUpdate,
} from '../spec/allocations.js';
import { earlyDate, lateDate } from './date-span.js';
import { impossibleDate, nonUuid, text } from './primitives.js';
import { hoursBetween } from './time-entries.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

/**
 * Ids that exist on the target. A generated reference only points at one of these (a random UUID
 * could dangle, and a server may rightly refuse it). No API creates groups (spec 4), so groupId is
 * only ever null in valid bodies.
 */
export interface AllocationConstraints {
  /** Tasks under the configured project. */
  readonly taskIds: readonly string[];
  /** Staff resources; without any, resourceId is only ever null. */
  readonly resourceIds?: readonly string[];
}

/** Spec 2.6 constraintReason: text without surrounding spaces, so a server that trims returns it unchanged. */
export function constraintReason(maxLength = 120): fc.Arbitrary<string> {
  return text(maxLength);
}

/**
 * Exactly `length` non-space characters between runs of spaces: the length after trimming is
 * `length` (spec 8: "max 1000 characters after trimming").
 */
export function paddedReason(length: number): fc.Arbitrary<string> {
  const spaces = fc.integer({ min: 1, max: 5 }).map((n) => ' '.repeat(n));
  return fc
    .tuple(spaces, fc.string({ unit: fc.constantFrom(...'abcdefghij'), minLength: length, maxLength: length }), spaces)
    .map(([before, reason, after]) => `${before}${reason}${after}`);
}

function resourceRef(c: AllocationConstraints): fc.Arbitrary<string | null> {
  const ids = c.resourceIds ?? [];
  return ids.length > 0 ? fc.option(fc.constantFrom(...ids), { nil: null, freq: 4 }) : fc.constant(null);
}

/** The optional fields of spec 2.6 with valid values (hoursPerDay 0 to 24, hours >= 0). */
function optionalFields(c: AllocationConstraints) {
  return {
    resourceId: resourceRef(c),
    groupId: fc.constant(null),
    hoursPerDay: hoursBetween(0, 24),
    // Multiples of 0.05 h: exact in hundredths, whole minutes or seconds (a server may keep any).
    hours: hoursBetween(0, 2_000),
    notes: text(80),
    constraintAcknowledged: fc.boolean(),
    constraintReason: fc.option(constraintReason(), { nil: null, freq: 4 }),
  };
}

/**
 * Spec 2.6 create: taskId, startDate and endDate required (real dates), every other field
 * optional and well formed. `full` sets every field. The order of the dates is not ruled on:
 * every generated start comes before every generated end, so no reading of it is put to the test.
 */
export function allocationCreate(c: AllocationConstraints, options: { full?: boolean } = {}): fc.Arbitrary<AllocationCreate> {
  return fc.record(
    { taskId: fc.constantFrom(...c.taskIds), startDate: earlyDate(), endDate: lateDate(), ...optionalFields(c) },
    options.full ? {} : { requiredKeys: ['taskId', 'startDate', 'endDate'] },
  ) as fc.Arbitrary<AllocationCreate>;
}

/**
 * Spec 2.6 update: every field optional, the nullable ones may be null; a date sent alone still
 * falls on the right side of the stored other one. At least one field is present, and a random
 * subset of them (often few): hours and hoursPerDay may be derived from the dates (see the
 * lifecycle's linked fields), so an update that names a date leaves them unchecked, and the
 * omitted-field rule needs updates that leave dates and other fields out.
 */
export function allocationUpdate(c: AllocationConstraints): fc.Arbitrary<AllocationUpdate> {
  const { notes, ...rest } = optionalFields(c);
  const all = { taskId: fc.constantFrom(...c.taskIds), startDate: earlyDate(), endDate: lateDate(), ...rest, notes: fc.option(notes, { nil: null, freq: 4 }) };
  return fc
    .tuple(fc.record(all), fc.subarray(Object.keys(all), { minLength: 1 }))
    .map(([body, keys]) => Object.fromEntries(keys.map((key) => [key, body[key as keyof typeof body]]))) as fc.Arbitrary<AllocationUpdate>;
}

const notString = fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a']), fc.constant({}));
const notBoolean = fc.constantFrom('true', 'false', 1, 0, 'yes');
const notNumber = fc.constantFrom('8', '7.5', 'eight', true, [1]);

/** Rules both create and update state the same way (spec 2, 2.6, 8). */
const SHARED_BREAKERS: readonly Breaker[] = [
  ...ALLOCATION_REFERENCE_FIELDS.map((field): Breaker => ({ rule: `${field} not a UUID`, requirementId: 'AL-IDS-UUID', field, value: nonUuid() })),
  { rule: 'startDate not a real date', requirementId: 'AL-DATES-REAL', field: 'startDate', value: impossibleDate() },
  { rule: 'endDate not a real date', requirementId: 'AL-DATES-REAL', field: 'endDate', value: impossibleDate() },
  { rule: 'hoursPerDay negative', requirementId: 'AL-HOURS', field: 'hoursPerDay', value: hoursBetween(-24, -0.01) },
  { rule: 'hoursPerDay above 24', requirementId: 'AL-HOURS', field: 'hoursPerDay', value: hoursBetween(24.01, 100) },
  { rule: 'hours negative', requirementId: 'AL-HOURS', field: 'hours', value: hoursBetween(-1_000, -0.01) },
  {
    rule: `constraintReason longer than ${CONSTRAINT_REASON_MAX} characters after trimming`,
    requirementId: 'AL-CONSTRAINT-REASON',
    field: 'constraintReason',
    value: fc.integer({ min: CONSTRAINT_REASON_MAX + 1, max: CONSTRAINT_REASON_MAX + 200 }).chain((n) => fc.oneof(paddedReason(n), fc.constant('r'.repeat(n)))),
  },
  { rule: 'hoursPerDay not a number', requirementId: 'AL-FIELD-TYPES', field: 'hoursPerDay', value: notNumber },
  { rule: 'hours not a number', requirementId: 'AL-FIELD-TYPES', field: 'hours', value: notNumber },
  { rule: 'notes not a string', requirementId: 'AL-FIELD-TYPES', field: 'notes', value: notString },
  { rule: 'constraintReason not a string', requirementId: 'AL-FIELD-TYPES', field: 'constraintReason', value: notString },
  { rule: 'constraintAcknowledged not a boolean', requirementId: 'AL-FIELD-TYPES', field: 'constraintAcknowledged', value: notBoolean },
  { rule: 'startDate not a string', requirementId: 'AL-FIELD-TYPES', field: 'startDate', value: fc.constantFrom(20240105, true, ['2024-01-05']) },
  ...ALLOCATION_NON_NULLABLE_FIELDS.map((field) => nulled(field, 'AL-FIELD-TYPES')),
];

const CREATE_BREAKERS: readonly Breaker[] = [
  missing('taskId', 'AL-CREATE-REQUIRED'),
  missing('startDate', 'AL-CREATE-REQUIRED'),
  missing('endDate', 'AL-CREATE-REQUIRED'),
  ...SHARED_BREAKERS,
];

/** Create bodies that each break exactly one rule of spec 2.6. */
export function allocationCreateViolations(c: AllocationConstraints): ViolationCase[] {
  return violations(allocationCreate(c), CREATE_BREAKERS);
}

/** Update bodies that each break exactly one rule of spec 2.6. */
export function allocationUpdateViolations(c: AllocationConstraints): ViolationCase[] {
  return violations(allocationUpdate(c), SHARED_BREAKERS);
}

export function allocationViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? CREATE_BREAKERS : SHARED_BREAKERS);
}
