import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectEachBreaksOneField } from './expect-violations.js';
import {
  ALLOCATION_NON_NULLABLE_FIELDS,
  CONSTRAINT_REASON_MAX,
  allocationCreateSchema,
  allocationUpdateSchema,
  constraintReasonSchema,
} from '../spec/allocations.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import {
  allocationCreate,
  allocationCreateViolations,
  allocationUpdate,
  allocationUpdateViolations,
  allocationViolationRequirements,
  constraintReason,
  paddedReason,
  type AllocationConstraints,
} from './allocations.js';

const TASK = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const RESOURCE = '0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d';
const REFS: AllocationConstraints = { taskIds: [TASK], resourceIds: [RESOURCE] };
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 424242): T[] => fc.sample(arb, { seed, numRuns });

const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('allocation generators are reproducible', () => {
  it.each([
    ['allocationCreate', () => allocationCreate(REFS)],
    ['allocationCreate full', () => allocationCreate(REFS, { full: true })],
    ['allocationUpdate', () => allocationUpdate(REFS)],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = sample(make() as fc.Arbitrary<unknown>, 50, 99);
    expect(sample(make() as fc.Arbitrary<unknown>, 50, 99)).toEqual(a);
    expect(sample(make() as fc.Arbitrary<unknown>, 50, 100)).not.toEqual(a);
  });

  it('violation cases give the same bodies for the same seed', () => {
    const first = allocationCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5));
    expect(allocationCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5))).toEqual(first);
  });
});

describe('valid allocation bodies', () => {
  it('every allocationCreate() value passes allocationCreateSchema and keeps startDate <= endDate', () => {
    for (const body of [...sample(allocationCreate(REFS)), ...sample(allocationCreate({ taskIds: [TASK] }))]) {
      const result = allocationCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(body.startDate <= body.endDate, JSON.stringify(body)).toBe(true);
    }
  });

  it('a full create body sets every field, groupId only ever null', () => {
    for (const body of sample(allocationCreate(REFS, { full: true }))) {
      expect(Object.keys(body).sort()).toEqual(Object.keys(allocationCreateSchema.shape).sort());
      expect(body.groupId).toBeNull();
    }
  });

  it('points references only at the ids it was given', () => {
    for (const body of [...sample(allocationCreate(REFS, { full: true })), ...sample(allocationUpdate(REFS))] as Array<Record<string, unknown>>) {
      if (body['taskId'] !== undefined) expect(body['taskId']).toBe(TASK);
      if (body['resourceId'] !== undefined && body['resourceId'] !== null) expect(body['resourceId']).toBe(RESOURCE);
    }
    for (const body of sample(allocationCreate({ taskIds: [TASK] }, { full: true }))) expect(body.resourceId).toBeNull();
  });

  it('never sends a constraintReason a trimming server would change', () => {
    for (const reason of sample(constraintReason())) expect(reason.trim()).toBe(reason);
  });

  it('every allocationUpdate() value passes allocationUpdateSchema and has a field; any start comes before any end', () => {
    const bodies = sample(allocationUpdate(REFS), 300);
    const starts = [...bodies, ...sample(allocationCreate(REFS))].flatMap((b) => (b.startDate === undefined ? [] : [b.startDate]));
    const ends = [...bodies, ...sample(allocationCreate(REFS))].flatMap((b) => (b.endDate === undefined ? [] : [b.endDate]));
    expect(starts.reduce((a, b) => (a > b ? a : b)) < ends.reduce((a, b) => (a < b ? a : b))).toBe(true);
    for (const body of bodies) {
      const result = allocationUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
    expect(bodies.some((b) => Object.values(b).includes(null))).toBe(true);
    for (const body of bodies) for (const field of ALLOCATION_NON_NULLABLE_FIELDS) expect(body[field]).not.toBeNull();
  });
});

describe('constraintReason length (spec 2.6, 8)', () => {
  it('counts the length after trimming: 1000 characters between spaces pass, 1001 fail', () => {
    for (const reason of sample(paddedReason(CONSTRAINT_REASON_MAX), 20)) {
      expect(reason.length).toBeGreaterThan(CONSTRAINT_REASON_MAX);
      expect(constraintReasonSchema.safeParse(reason).success).toBe(true);
    }
    for (const reason of sample(paddedReason(CONSTRAINT_REASON_MAX + 1), 20)) expect(constraintReasonSchema.safeParse(reason).success).toBe(false);
  });
});

describe('invalid allocation bodies', () => {
  it.each([
    ['create', () => allocationCreateViolations(REFS), allocationCreateSchema],
    ['update', () => allocationUpdateViolations(REFS), allocationUpdateSchema],
  ] as const)('every %s violation fails the schema on the broken field only', (_kind, make, schema) => {
    const cases = make();
    expect(cases.length).toBeGreaterThan(15);
    expectEachBreaksOneField(cases, schema, { samples: 30, seed: 424242 });
  });

  it('each case names its rule once and a catalogued allocation requirement', () => {
    for (const cases of [allocationCreateViolations(REFS), allocationUpdateViolations(REFS)]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
        expect(c.requirementId.startsWith('AL-')).toBe(true);
      }
    }
  });

  it('lists each requirement once, AL-CREATE-REQUIRED for create only', () => {
    for (const kind of ['create', 'update'] as const) {
      const ids = allocationViolationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(allocationViolationRequirements('create')).toContain('AL-CREATE-REQUIRED');
    expect(allocationViolationRequirements('update')).not.toContain('AL-CREATE-REQUIRED');
  });
});
