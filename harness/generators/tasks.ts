import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { TASK_TYPES, type TaskCreate, type TaskStatus, type TaskUpdate } from '../spec/tasks.js';
import { earlyDate, lateDate } from './date-span.js';
import { identifier, nonUuid, text } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

export interface TaskConstraints {
  /** Parents that exist: the configured project and/or live tasks (spec 2.7: "a project or another task"). */
  readonly parentTaskIds: readonly string[];
  /** Versions that exist (CONFORMANCE_VERSION_ID). */
  readonly versionIds: readonly string[];
  /** Tasks have no tags: the run tag goes into the name. */
  readonly runTag?: string;
}

/**
 * A task name (spec 2.7: at least 1 character) no other generated body shares (a server may keep
 * names unique: the spec does not say), ending with the run tag when there is one.
 */
export function taskName(runTag?: string): fc.Arbitrary<string> {
  return identifier(40).map((name) => (runTag === undefined ? name : `${name} ${runTag}`));
}

/**
 * `#` and 6 hex digits (spec 2.7), digits only: a server may store hex letters in either case
 * (the spec does not say), so generated colours compare exactly on a round trip. Letters are
 * exercised by the suite's TK-COLOR-FORMAT check, which only requires acceptance.
 */
export function digitColor(): fc.Arbitrary<string> {
  return fc.integer({ min: 0, max: 999_999 }).map((n) => `#${String(n).padStart(6, '0')}`);
}

/** Strings that are not `#` followed by exactly 6 hex digits. */
export function badColor(): fc.Arbitrary<string> {
  const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length });
  return fc.oneof(
    fc.constantFrom('#12345', '#1234567', '123456', '#GGGGGG', 'red', '#12345g', '##12345', '#12 345', 'rgb(1,2,3)', '#abc', ''),
    hex(6), // no `#`
    fc
      .integer({ min: 0, max: 5 })
      .chain(hex)
      .map((h) => `#${h}`), // too short
    fc
      .integer({ min: 7, max: 9 })
      .chain(hex)
      .map((h) => `#${h}`), // too long
  );
}

function createFields(c: TaskConstraints) {
  return {
    parentTaskId: fc.constantFrom(...c.parentTaskIds),
    versionId: fc.constantFrom(...c.versionIds),
    name: taskName(c.runTag),
    // The API has no endpoint for task types, so no existing id is known: null ("optional, nullable").
    taskTypeId: fc.constant(null),
    taskType: fc.constantFrom(...TASK_TYPES),
    startDate: earlyDate(),
    endDate: lateDate(),
    description: text(80),
    position: fc.integer({ min: 0, max: 10_000 }),
  };
}

/**
 * Spec 2.7 create: parentTaskId, versionId and name required; status and color never sent. A
 * body names the task's type one way only, the legacy taskType or taskTypeId (null): a server
 * may map the legacy taskType onto a taskTypeId, so a null taskTypeId beside it may not stay null.
 */
export function taskCreate(c: TaskConstraints): fc.Arbitrary<TaskCreate> {
  return fc.record(createFields(c), { requiredKeys: ['parentTaskId', 'versionId', 'name'] }).map((body) => {
    if (body.taskType === undefined) return body;
    const { taskTypeId: _typeId, ...rest } = body;
    return rest;
  });
}

/**
 * A create body with every field set but the legacy taskType: the base against which updates
 * are compared. A server may derive taskTypeId from a legacy taskType (and derive it again when
 * taskTypeId is cleared), so a body that also named taskType could not judge taskTypeId null;
 * taskType itself is judged by TK-FIELD-RULES.
 */
export function taskCreateFull(c: TaskConstraints): fc.Arbitrary<TaskCreate> {
  const { taskType: _taskType, ...fields } = createFields(c);
  return fc.record(fields);
}

/**
 * Spec 2.7 update: name, taskTypeId, dates, description, status and color; the nullable ones
 * sometimes null. Never a field the update column marks "not accepted". At least one field.
 *
 * The status is never changed: spec 3.2 shows no transitions, so a server may refuse any move,
 * even one from a new task's own status. `status` appears only when `current` gives the task's
 * status, and then with that value (no transition). Status changes have their own checks
 * (TK-STATUS-ENUM, TRANSITION-REFUSED-UNCHANGED), which accept a refusal.
 */
export function taskUpdate(c: Pick<TaskConstraints, 'runTag'> = {}, current: { readonly status?: TaskStatus } = {}): fc.Arbitrary<TaskUpdate> {
  return fc
    .record(
      {
        name: taskName(c.runTag),
        taskTypeId: fc.constant(null),
        startDate: fc.option(earlyDate(), { nil: null, freq: 4 }),
        endDate: fc.option(lateDate(), { nil: null, freq: 4 }),
        description: fc.option(text(80), { nil: null, freq: 4 }),
        ...(current.status === undefined ? {} : { status: fc.constant(current.status) }),
        color: fc.option(digitColor(), { nil: null, freq: 4 }),
      },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0);
}

// Values outside the enums; another case of a value is INPUT-FORMAT-STRICT's (a SHOULD).
const badTaskType = fc.constantFrom('milestone', 'epic', 'subtask', '');
const badStatus = fc.constantFrom('done', 'open', 'active', 'in-progress', '');

const CREATE_BREAKERS: readonly Breaker[] = [
  ...['parentTaskId', 'versionId', 'name'].map((field) => missing(field, 'TK-CREATE-REQUIRED')),
  { rule: 'parentTaskId not a UUID', requirementId: 'TK-IDS-UUID', field: 'parentTaskId', value: nonUuid() },
  { rule: 'versionId not a UUID', requirementId: 'TK-IDS-UUID', field: 'versionId', value: nonUuid() },
  { rule: 'taskTypeId not a UUID', requirementId: 'TK-IDS-UUID', field: 'taskTypeId', value: nonUuid() },
  { rule: 'empty name', requirementId: 'TK-FIELD-RULES', field: 'name', value: fc.constant('') },
  { rule: 'taskType outside the legacy enum', requirementId: 'TK-FIELD-RULES', field: 'taskType', value: badTaskType },
  { rule: 'negative position', requirementId: 'TK-FIELD-RULES', field: 'position', value: fc.integer({ min: -10_000, max: -1 }) },
  { rule: 'fractional position', requirementId: 'TK-FIELD-RULES', field: 'position', value: fc.integer({ min: 0, max: 1000 }).map((n) => n + 0.5) },
  { rule: 'position not a number', requirementId: 'TK-FIELD-RULES', field: 'position', value: fc.constantFrom('3', 'first', true) },
  { rule: 'name not a string', requirementId: 'TK-FIELD-RULES', field: 'name', value: fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a'])) },
  { rule: 'description not a string', requirementId: 'TK-FIELD-RULES', field: 'description', value: fc.oneof(fc.integer(), fc.constant({})) },
  { rule: 'startDate not a string', requirementId: 'TK-FIELD-RULES', field: 'startDate', value: fc.constantFrom(20240101, true, ['2024-01-01']) },
  nulled('name', 'TK-FIELD-RULES'),
  nulled('taskType', 'TK-FIELD-RULES'),
  nulled('position', 'TK-FIELD-RULES'),
];

const UPDATE_BREAKERS: readonly Breaker[] = [
  { rule: 'status outside the enum', requirementId: 'TK-STATUS-ENUM', field: 'status', value: badStatus },
  // spec 2.7: status is "optional" on update, not nullable
  nulled('status', 'TK-STATUS-ENUM'),
  { rule: 'color not # and 6 hex digits', requirementId: 'TK-COLOR-FORMAT', field: 'color', value: badColor() },
  { rule: 'taskTypeId not a UUID', requirementId: 'TK-IDS-UUID', field: 'taskTypeId', value: nonUuid() },
  { rule: 'empty name', requirementId: 'TK-FIELD-RULES', field: 'name', value: fc.constant('') },
  { rule: 'name not a string', requirementId: 'TK-FIELD-RULES', field: 'name', value: fc.oneof(fc.integer(), fc.constant(true)) },
  { rule: 'description not a string', requirementId: 'TK-FIELD-RULES', field: 'description', value: fc.oneof(fc.integer(), fc.constant({})) },
  nulled('name', 'TK-FIELD-RULES'),
];

/** Create bodies that each break exactly one rule of spec 2.7. */
export function taskCreateViolations(c: TaskConstraints): ViolationCase[] {
  return violations(taskCreate(c), CREATE_BREAKERS);
}

/**
 * Update bodies that each break exactly one rule of spec 2.7. The valid rest never names status
 * (the target task's status is not known), so a transition refusal cannot stand in for a
 * validation failure.
 */
export function taskUpdateViolations(c: Pick<TaskConstraints, 'runTag'> = {}): ViolationCase[] {
  return violations(taskUpdate(c), UPDATE_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function taskViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? CREATE_BREAKERS : UPDATE_BREAKERS);
}
