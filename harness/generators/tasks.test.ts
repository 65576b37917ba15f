import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../spec/requirements.js';
import {
  COLOR_PATTERN,
  TASK_CREATE_NOT_ACCEPTED,
  TASK_NULLABLE_FIELDS,
  TASK_STATUSES,
  TASK_UPDATE_NOT_ACCEPTED,
  taskCreateSchema,
  taskUpdateSchema,
} from '../spec/tasks.js';
import {
  badColor,
  digitColor,
  taskCreate,
  taskCreateFull,
  taskCreateViolations,
  taskUpdate,
  taskUpdateViolations,
  taskViolationRequirements,
} from './tasks.js';

const RUN_TAG = 'conformance-run-test';
const REFS = {
  parentTaskIds: ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b'],
  versionIds: ['0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d'],
  runTag: RUN_TAG,
};
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 53): T[] => fc.sample(arb, { seed, numRuns });
const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('task generators', () => {
  it.each([
    ['taskCreate', () => taskCreate(REFS)],
    ['taskCreateFull', () => taskCreateFull(REFS)],
    ['taskUpdate', () => taskUpdate(REFS)],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const arb = () => make() as fc.Arbitrary<unknown>;
    expect(sample(arb(), 40)).toEqual(sample(arb(), 40));
    expect(sample(arb(), 40, 54)).not.toEqual(sample(arb(), 40));
  });

  it('violation cases give the same bodies for the same seed', () => {
    const first = taskCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5));
    expect(taskCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5))).toEqual(first);
  });

  it('only produce create bodies that follow spec 2.7, under every given parent, with the run tag in the name', () => {
    const bodies = [...sample(taskCreate(REFS)), ...sample(taskCreateFull(REFS))];
    for (const body of bodies) {
      const result = taskCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(body.name.endsWith(RUN_TAG)).toBe(true);
      for (const field of TASK_CREATE_NOT_ACCEPTED) expect(body).not.toHaveProperty(field);
    }
    expect(new Set(bodies.map((b) => b.parentTaskId))).toEqual(new Set(REFS.parentTaskIds));
  });

  it('set every create field but the legacy taskType in a full body', () => {
    const allFields = Object.keys(taskCreateSchema.shape)
      .filter((field) => field !== 'taskType')
      .sort();
    for (const body of sample(taskCreateFull(REFS))) expect(Object.keys(body).sort()).toEqual(allFields);
  });

  it('only produce update bodies that follow spec 2.7 and never a field update does not accept', () => {
    const bodies = sample(taskUpdate(REFS), 300);
    for (const body of bodies) {
      const result = taskUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      for (const field of TASK_UPDATE_NOT_ACCEPTED) expect(body).not.toHaveProperty(field);
      expect(body.status).not.toBeNull();
      expect(body.name).not.toBeNull();
    }
    expect(bodies.some((b) => TASK_NULLABLE_FIELDS.some((f) => b[f] === null))).toBe(true);
    expect(bodies.some((b) => typeof b.color === 'string')).toBe(true);
  });

  it("never change the status (spec 3.2: transitions are not shown): left out, or the task's own status", () => {
    for (const body of sample(taskUpdate(REFS), 300)) expect(body, JSON.stringify(body)).not.toHaveProperty('status');
    for (const status of TASK_STATUSES) {
      const bodies = sample(taskUpdate(REFS, { status }), 300);
      expect(
        bodies.some((b) => b.status === status),
        `${status} is sometimes sent unchanged`,
      ).toBe(true);
      for (const body of bodies) {
        if (body.status !== undefined) expect(body.status).toBe(status);
        expect(taskUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      }
    }
  });

  it('name status in an invalid update body only when status is the broken field', () => {
    for (const violation of taskUpdateViolations(REFS)) {
      const broken = violation.rule.startsWith('status ');
      for (const body of sample(violation.bodies, 40)) expect(Object.hasOwn(body, 'status'), `${violation.rule}: ${JSON.stringify(body)}`).toBe(broken);
    }
  });

  it('keep every startDate before every endDate', () => {
    const starts = sample(taskUpdate(REFS), 300)
      .map((b) => b.startDate)
      .filter((d): d is string => typeof d === 'string');
    const ends = sample(taskCreateFull(REFS), 300).map((b) => b.endDate!);
    expect(starts.every((s) => ends.every((e) => s < e))).toBe(true);
  });

  it('colours: valid ones match the pattern, bad ones never do', () => {
    for (const color of sample(digitColor())) expect(COLOR_PATTERN.test(color), color).toBe(true);
    for (const color of sample(badColor(), 300)) expect(COLOR_PATTERN.test(color), color).toBe(false);
  });

  it.each([
    ['create', () => taskCreateViolations(REFS), taskCreateSchema],
    ['update', () => taskUpdateViolations(REFS), taskUpdateSchema],
  ] as const)('break a %s rule in every violation case', (_kind, make, schema) => {
    for (const violation of make()) {
      for (const body of sample(violation.bodies, 40)) {
        expect(schema.safeParse(body).success, `${violation.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('name each rule once, with a catalogued requirement', () => {
    for (const cases of [taskCreateViolations(REFS), taskUpdateViolations(REFS)]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
    }
    expect(taskViolationRequirements('create')).toContain('TK-CREATE-REQUIRED');
    expect(taskViolationRequirements('update')).toEqual(expect.arrayContaining(['TK-STATUS-ENUM', 'TK-COLOR-FORMAT']));
    expect(taskViolationRequirements('update')).not.toContain('TK-CREATE-REQUIRED');
  });
});
