import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../spec/requirements.js';
import { RESOURCE_NON_NULLABLE_FIELDS, RESOURCE_NULLABLE_FIELDS, resourceCreateSchema, resourceUpdateSchema } from '../spec/resources.js';
import {
  resourceCreate,
  resourceCreateFull,
  resourceCreateViolations,
  resourceRuleFree,
  resourceUpdate,
  resourceUpdateViolations,
  resourceViolationRequirements,
} from './resources.js';

const RUN_TAG = 'conformance-run-test';
const REFS = {
  roleIds: ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'],
  homeOfficeIds: ['0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d'],
  runTag: RUN_TAG,
};
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 31): T[] => fc.sample(arb, { seed, numRuns });
const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('resource generators', () => {
  it.each([
    ['resourceCreate', () => resourceCreate(REFS)],
    ['resourceCreateFull', () => resourceCreateFull(REFS)],
    ['resourceUpdate', () => resourceUpdate(REFS)],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const arb = () => make() as fc.Arbitrary<unknown>;
    expect(sample(arb(), 40)).toEqual(sample(arb(), 40));
    expect(sample(arb(), 40, 32)).not.toEqual(sample(arb(), 40));
  });

  it('rarely repeat a name or externalUserId (a server may keep them unique)', () => {
    const bodies = sample(resourceCreateFull(REFS), 500);
    expect(new Set(bodies.map((b) => b.name)).size).toBe(bodies.length);
    expect(new Set(bodies.map((b) => b.externalUserId)).size).toBe(bodies.length);
  });

  it('violation cases give the same bodies for the same seed', () => {
    const first = resourceCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5));
    expect(resourceCreateViolations(REFS).map((c) => sample(c.bodies, 10, 5))).toEqual(first);
  });

  it('only produce create bodies that follow spec 2.4, without isActive and with the run tag', () => {
    for (const constraints of [{}, REFS]) {
      for (const body of [...sample(resourceCreate(constraints)), ...sample(resourceCreateFull(constraints))]) {
        const result = resourceCreateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
        expect(body).not.toHaveProperty('isActive');
        if (constraints === REFS) expect(body.tags?.at(-1)).toBe(RUN_TAG);
      }
    }
  });

  it('set every create field in a full body, references only when ids are given', () => {
    const allFields = Object.keys(resourceCreateSchema.shape).sort();
    for (const body of sample(resourceCreateFull(REFS))) expect(Object.keys(body).sort()).toEqual(allFields);
    for (const body of sample(resourceCreateFull())) {
      expect(body).not.toHaveProperty('roleId');
      expect(body).not.toHaveProperty('homeOfficeId');
    }
  });

  it('keep every startDate before every endDate', () => {
    const starts = sample(resourceUpdate(REFS), 300)
      .map((b) => b.startDate)
      .filter((d): d is string => typeof d === 'string');
    const ends = sample(resourceCreateFull(REFS), 300).map((b) => b.endDate!);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((s) => ends.every((e) => s < e))).toBe(true);
  });

  it('only produce update bodies that follow spec 2.4, isActive and nulls included', () => {
    const bodies = sample(resourceUpdate(REFS), 300);
    for (const body of bodies) {
      const result = resourceUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      for (const field of RESOURCE_NON_NULLABLE_FIELDS) expect(body[field]).not.toBeNull();
      if (body.tags !== undefined) expect(body.tags.at(-1)).toBe(RUN_TAG);
    }
    expect(bodies.some((b) => typeof b.isActive === 'boolean')).toBe(true);
    expect(bodies.some((b) => RESOURCE_NULLABLE_FIELDS.some((f) => b[f] === null))).toBe(true);
  });

  it.each([
    ['create', resourceCreateViolations, resourceCreateSchema],
    ['update', resourceUpdateViolations, resourceUpdateSchema],
  ] as const)('break a %s rule in every violation case', (_kind, make, schema) => {
    for (const constraints of [{}, REFS]) {
      for (const violation of make(constraints)) {
        for (const body of sample(violation.bodies, 40)) {
          expect(schema.safeParse(body).success, `${violation.rule}: ${JSON.stringify(body)}`).toBe(false);
        }
      }
    }
  });

  it('name each rule once, with a catalogued requirement', () => {
    for (const cases of [resourceCreateViolations(), resourceUpdateViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
    }
    expect(resourceViolationRequirements('create')).toContain('RS-CREATE-REQUIRED');
    expect(resourceViolationRequirements('update')).not.toContain('RS-CREATE-REQUIRED');
    for (const kind of ['create', 'update'] as const) {
      const ids = resourceViolationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('never breaks isActive on create, where the field is not accepted', () => {
    expect(resourceCreateViolations().some((c) => c.rule.startsWith('isActive'))).toBe(false);
    expect(resourceUpdateViolations().filter((c) => c.rule.startsWith('isActive'))).toHaveLength(2);
  });
});

describe('resourceRuleFree', () => {
  it('gives a region its country and a salary its period', () => {
    expect(resourceRuleFree({ countryCode: 'US', regionCode: 'IDF' })).toEqual({ countryCode: 'US', regionCode: 'CA' });
    expect(resourceRuleFree({ regionCode: 'IDF' })).toEqual({ countryCode: 'DE', regionCode: 'BY' });
    expect(resourceRuleFree({ salary: 10 })).toEqual({ salary: 10, salaryPeriod: 'year' });
    expect(resourceRuleFree({ salaryPeriod: 'day' })).toEqual({ salaryPeriod: 'day', salary: 1000 });
  });

  it('clears both of a pair when one is cleared, and leaves other fields alone', () => {
    expect(resourceRuleFree({ countryCode: null, name: 'x' })).toEqual({ countryCode: null, regionCode: null, name: 'x' });
    expect(resourceRuleFree({ salaryPeriod: null })).toEqual({ salary: null, salaryPeriod: null });
    expect(resourceRuleFree({ name: 'x' })).toEqual({ name: 'x' });
  });

  it('keeps every generated body valid', () => {
    for (const body of sample(resourceUpdate(REFS))) {
      const result = resourceUpdateSchema.safeParse(resourceRuleFree(body as Record<string, unknown>));
      expect(result.success, why(result, body)).toBe(true);
    }
  });
});
