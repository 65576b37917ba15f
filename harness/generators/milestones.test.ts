import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectEachBreaksOneField } from './expect-violations.js';
import { MILESTONE_NON_NULLABLE_FIELDS, milestoneCreateSchema, milestoneUpdateSchema } from '../spec/milestones.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { milestoneCreate, milestoneCreateViolations, milestoneUpdate, milestoneUpdateViolations, milestoneViolationRequirements } from './milestones.js';

const PROJECT = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const REFS = { projectIds: [PROJECT] };
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 424242): T[] => fc.sample(arb, { seed, numRuns });

const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('milestone generators are reproducible', () => {
  it.each([
    ['milestoneCreate', () => milestoneCreate(REFS)],
    ['milestoneCreate full', () => milestoneCreate(REFS, { full: true })],
    ['milestoneUpdate', () => milestoneUpdate()],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = sample(make() as fc.Arbitrary<unknown>, 50, 99);
    expect(sample(make() as fc.Arbitrary<unknown>, 50, 99)).toEqual(a);
    expect(sample(make() as fc.Arbitrary<unknown>, 50, 100)).not.toEqual(a);
  });
});

describe('valid milestone bodies', () => {
  it('every milestoneCreate() value passes milestoneCreateSchema on the configured project', () => {
    for (const body of [...sample(milestoneCreate(REFS)), ...sample(milestoneCreate(REFS, { full: true }))]) {
      const result = milestoneCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(body.projectId).toBe(PROJECT);
    }
  });

  it('a full create body sets every field; typeId is only ever null and criteria are objects with a string', () => {
    for (const body of sample(milestoneCreate(REFS, { full: true }))) {
      expect(Object.keys(body).sort()).toEqual(Object.keys(milestoneCreateSchema.shape).sort());
      expect(body.typeId).toBeNull();
      for (const item of body.completionCriteria ?? []) expect(typeof (item as { description: unknown }).description).toBe('string');
    }
  });

  it('end every generated name with the run tag when one is given, on create and update', () => {
    const runTag = 'conformance-run-20261125t000000z-0001';
    for (const body of sample(milestoneCreate({ ...REFS, runTag }))) expect(body.name.endsWith(` ${runTag}`)).toBe(true);
    for (const body of sample(milestoneUpdate({ runTag }))) if (body.name !== undefined) expect(body.name.endsWith(` ${runTag}`)).toBe(true);
  });

  it('every milestoneUpdate() value passes milestoneUpdateSchema, has a field and never names projectId', () => {
    const bodies = sample(milestoneUpdate(), 300);
    for (const body of bodies) {
      const result = milestoneUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      expect(body).not.toHaveProperty('projectId');
      // spec 3.3: the status moves by complete only; an update body names no state.
      expect(body).not.toHaveProperty('status');
      expect(body).not.toHaveProperty('completedDate');
      for (const field of MILESTONE_NON_NULLABLE_FIELDS) expect(body[field]).not.toBeNull();
    }
    expect(bodies.some((b) => b.description === null)).toBe(true);
  });
});

describe('invalid milestone bodies', () => {
  it.each([
    ['create', () => milestoneCreateViolations(REFS), milestoneCreateSchema],
    ['update', () => milestoneUpdateViolations(), milestoneUpdateSchema],
  ] as const)('every %s violation fails the schema on the broken field only', (_kind, make, schema) => {
    const cases = make();
    expect(cases.length).toBeGreaterThan(10);
    expectEachBreaksOneField(cases, schema, { samples: 30, seed: 424242 });
  });

  it('each case names its rule once and a catalogued milestone requirement', () => {
    for (const cases of [milestoneCreateViolations(REFS), milestoneUpdateViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
        expect(c.requirementId.startsWith('MS-')).toBe(true);
      }
    }
    expect(milestoneViolationRequirements('create')).toContain('MS-CREATE-REQUIRED');
    expect(milestoneViolationRequirements('update')).not.toContain('MS-CREATE-REQUIRED');
  });
});
