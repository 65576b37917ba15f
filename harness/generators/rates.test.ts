import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectEachBreaksOneField } from './expect-violations.js';
import { RATE_CREATE_FIELDS, RATE_UPDATE_NOT_ACCEPTED, rateCreateSchema, rateUpdateSchema, rateVersionCreateSchema } from '../spec/rates.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import {
  rateCreate,
  rateCreateFull,
  rateCreateViolations,
  rateUpdate,
  rateUpdateViolations,
  rateVersionCreate,
  rateVersionViolations,
  rateViolationRequirements,
  UNLISTED_PROPERTIES,
} from './rates.js';

const SEED = 424242;
const RUN_TAG = 'conformance-run-abc123';
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200): T[] => fc.sample(arb, { seed: SEED, numRuns });

const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('rate generators are reproducible', () => {
  it.each([
    ['rateCreate', () => rateCreate({ runTag: RUN_TAG })],
    ['rateCreateFull', () => rateCreateFull()],
    ['rateUpdate', () => rateUpdate({ runTag: RUN_TAG })],
    ['rateVersionCreate', () => rateVersionCreate()],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    const b = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    expect(a).toEqual(b);
    expect(fc.sample(make() as fc.Arbitrary<unknown>, { seed: 100, numRuns: 50 })).not.toEqual(a);
  });

  it('rarely repeat a rate name (a server may keep them unique)', () => {
    for (const arb of [rateCreate({ runTag: RUN_TAG }), rateCreateFull()]) {
      const names = sample(arb, 500).map((b) => b.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('keep amounts at or above minAmount', () => {
    const amounts = sample(rateCreate({ minAmount: 0.01 }), 500).map((b) => b.amount);
    expect(Math.min(...amounts)).toBeGreaterThanOrEqual(0.01);
    expect(sample(rateCreate(), 2000).some((b) => b.amount === 0)).toBe(true);
  });

  it('violation cases give the same bodies for the same seed', () => {
    for (const make of [() => rateCreateViolations(), () => rateUpdateViolations(), () => rateVersionViolations()]) {
      const first = make().map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
      const second = make().map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
      expect(first).toEqual(second);
    }
  });
});

describe('valid rate bodies', () => {
  it('every rateCreate() value passes the strict rateCreateSchema', () => {
    for (const constraints of [{}, { runTag: RUN_TAG }]) {
      for (const body of sample(rateCreate(constraints), 150)) {
        const result = rateCreateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
      }
    }
  });

  it('every rateCreateFull() value sets every listed field', () => {
    for (const body of sample(rateCreateFull({ runTag: RUN_TAG }))) {
      expect(rateCreateSchema.safeParse(body).success).toBe(true);
      expect(Object.keys(body).sort()).toEqual([...RATE_CREATE_FIELDS].sort());
    }
  });

  it('every rateUpdate() value passes the strict rateUpdateSchema, has a field and no not-accepted one', () => {
    for (const body of sample(rateUpdate({ runTag: RUN_TAG }), 300)) {
      const result = rateUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      for (const field of RATE_UPDATE_NOT_ACCEPTED) expect(body).not.toHaveProperty(field);
    }
  });

  it('every rateVersionCreate() value passes rateVersionCreateSchema, with and without changeReason', () => {
    const bodies = sample(rateVersionCreate(), 300);
    for (const body of bodies) {
      const result = rateVersionCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
    }
    expect(bodies.some((b) => b.changeReason === undefined)).toBe(true);
    expect(bodies.some((b) => b.changeReason !== undefined)).toBe(true);
  });

  it('appends the run tag to created rates and keeps it in updates that set tags', () => {
    for (const body of sample(rateCreate({ runTag: RUN_TAG }))) expect(body.tags?.at(-1)).toBe(RUN_TAG);
    for (const body of sample(rateUpdate({ runTag: RUN_TAG }))) if (body.tags !== undefined) expect(body.tags.at(-1)).toBe(RUN_TAG);
  });
});

describe('strict rate bodies', () => {
  it('reject the unlisted properties the suite sends', () => {
    const [create] = sample(rateCreate(), 1);
    const [update] = sample(rateUpdate(), 1);
    const [version] = sample(rateVersionCreate(), 1);
    for (const [name, value] of UNLISTED_PROPERTIES) {
      expect(rateCreateSchema.safeParse({ ...create, [name]: value }).success).toBe(false);
      expect(rateUpdateSchema.safeParse({ ...update, [name]: value }).success).toBe(false);
      expect(rateVersionCreateSchema.safeParse({ ...version, [name]: value }).success).toBe(false);
    }
    for (const field of RATE_UPDATE_NOT_ACCEPTED) {
      expect(rateUpdateSchema.safeParse({ ...update, [field]: field === 'period' ? 'day' : 5 }).success).toBe(false);
    }
  });
});

describe('invalid rate bodies', () => {
  it.each([
    ['create', () => rateCreateViolations({ runTag: RUN_TAG }), rateCreateSchema],
    ['update', () => rateUpdateViolations({ runTag: RUN_TAG }), rateUpdateSchema],
    ['version', () => rateVersionViolations(), rateVersionCreateSchema],
  ] as const)('every %s violation fails its schema on the broken field only', (_kind, make, schema) => {
    const cases = make();
    expect(cases.length).toBeGreaterThan(3);
    expectEachBreaksOneField(cases, schema as typeof rateCreateSchema, { samples: 40, seed: 424242 });
  });

  it('each case names its rule once and a catalogued rate requirement', () => {
    for (const cases of [rateCreateViolations(), rateUpdateViolations(), rateVersionViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
        expect(c.requirementId.startsWith('RT-')).toBe(true);
      }
    }
  });

  it('lists each requirement once, matching the cases', () => {
    for (const [kind, cases] of [
      ['create', rateCreateViolations()],
      ['update', rateUpdateViolations()],
      ['version', rateVersionViolations()],
    ] as const) {
      const ids = rateViolationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(cases.map((c) => c.requirementId)));
    }
    expect(rateViolationRequirements('create')).toContain('RT-CREATE-REQUIRED');
    expect(rateViolationRequirements('update')).toEqual(['RT-FIELD-RULES']);
    expect(rateViolationRequirements('version')).toEqual(['RT-VERSION-INVALID']);
  });
});
