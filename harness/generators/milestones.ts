import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { MILESTONE_NON_NULLABLE_FIELDS, type MilestoneCreate, type MilestoneUpdate } from '../spec/milestones.js';
import { identifier, impossibleDate, nonUuid, realDate, text } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

/** Projects that exist on the target: a milestone's projectId only ever names one of them. */
export interface MilestoneConstraints {
  readonly projectIds: readonly string[];
  /** Ends every generated name, so that a repeated seed on a later run sends names of its own. */
  readonly runTag?: string;
}

/**
 * A milestone name (spec 2.8: at least 1 character) no other generated body shares, ending with
 * the run tag when there is one: a server may keep milestone names unique (the spec does not
 * say), and milestones of earlier runs may remain in the project.
 */
export function milestoneName(runTag?: string): fc.Arbitrary<string> {
  return identifier(40).map((name) => (runTag === undefined ? name : `${name} ${runTag}`));
}

/**
 * Spec 2.8: the completion criterion item shape is not shown. The suite sends only objects with
 * one string field, the plainest item any reading could hold, and never requires a shape back.
 */
export function completionCriteria(): fc.Arbitrary<Array<{ description: string }>> {
  return fc.array(fc.record({ description: text(60) }), { maxLength: 3 });
}

/** typeId: no API creates milestone types (spec 4), so valid bodies only ever send null ("may be null"). */
const typeId = fc.constant(null);

function optionalFields() {
  return { description: text(80), triggersInvoice: fc.boolean(), completionCriteria: completionCriteria(), typeId };
}

/** Spec 2.8 create: projectId, name and targetDate (a real date) required; `full` sets every field. */
export function milestoneCreate(c: MilestoneConstraints, options: { full?: boolean } = {}): fc.Arbitrary<MilestoneCreate> {
  return fc.record(
    { projectId: fc.constantFrom(...c.projectIds), name: milestoneName(c.runTag), targetDate: realDate(), ...optionalFields() },
    options.full ? {} : { requiredKeys: ['projectId', 'name', 'targetDate'] },
  );
}

/**
 * Spec 2.8 update: every field optional, projectId never (it is "not accepted"); description and
 * typeId may be null. At least one field is present. Never a status or a completedDate: those
 * are not update fields, and complete is the only transition spec 3.3 shows.
 */
export function milestoneUpdate(c: Pick<MilestoneConstraints, 'runTag'> = {}): fc.Arbitrary<MilestoneUpdate> {
  const { description, ...rest } = optionalFields();
  return fc
    .record(
      { name: milestoneName(c.runTag), targetDate: realDate(), description: fc.option(description, { nil: null, freq: 4 }), ...rest },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0);
}

const notString = fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a']), fc.constant({}));
const notBoolean = fc.constantFrom('true', 'false', 1, 0, 'yes');

/** Rules both create and update state the same way (spec 2, 2.8). */
const SHARED_BREAKERS: readonly Breaker[] = [
  { rule: 'typeId not a UUID', requirementId: 'MS-IDS-UUID', field: 'typeId', value: nonUuid() },
  { rule: 'empty name', requirementId: 'MS-FIELD-RULES', field: 'name', value: fc.constant('') },
  { rule: 'name not a string', requirementId: 'MS-FIELD-RULES', field: 'name', value: notString },
  { rule: 'targetDate not a real date', requirementId: 'MS-FIELD-RULES', field: 'targetDate', value: impossibleDate() },
  { rule: 'triggersInvoice not a boolean', requirementId: 'MS-FIELD-RULES', field: 'triggersInvoice', value: notBoolean },
  {
    rule: 'completionCriteria not an array',
    requirementId: 'MS-FIELD-RULES',
    field: 'completionCriteria',
    value: fc.oneof(fc.constant('all tasks done'), fc.integer(), fc.record({ description: text(20) })),
  },
  { rule: 'description not a string', requirementId: 'MS-FIELD-RULES', field: 'description', value: notString },
  ...MILESTONE_NON_NULLABLE_FIELDS.map((field) => nulled(field, 'MS-FIELD-RULES')),
];

const CREATE_BREAKERS: readonly Breaker[] = [
  ...['projectId', 'name', 'targetDate'].map((field) => missing(field, 'MS-CREATE-REQUIRED')),
  { rule: 'projectId not a UUID', requirementId: 'MS-IDS-UUID', field: 'projectId', value: nonUuid() },
  nulled('projectId', 'MS-IDS-UUID'),
  ...SHARED_BREAKERS,
];

/** Create bodies that each break exactly one rule of spec 2.8. */
export function milestoneCreateViolations(c: MilestoneConstraints): ViolationCase[] {
  return violations(milestoneCreate(c), CREATE_BREAKERS);
}

/** Update bodies that each break exactly one rule of spec 2.8. */
export function milestoneUpdateViolations(c: Pick<MilestoneConstraints, 'runTag'> = {}): ViolationCase[] {
  return violations(milestoneUpdate(c), SHARED_BREAKERS);
}

export function milestoneViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? CREATE_BREAKERS : SHARED_BREAKERS);
}
