import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_NON_NULLABLE_FIELDS, contactCreateSchema, contactUpdateSchema } from '../spec/contacts.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { contactCreate, contactCreateFull, contactCreateViolations, contactUpdate, contactUpdateViolations, violationRequirements } from './contacts.js';

const SEED = 424242;
const RUN_TAG = 'conformance-run-abc123';
const PARENTS = ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', '0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d'];
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200): T[] => fc.sample(arb, { seed: SEED, numRuns });

/** zod's first complaint, for a readable assertion message. */
const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('contact generators are reproducible', () => {
  it.each([
    ['contactCreate', () => contactCreate({ runTag: RUN_TAG })],
    ['contactCreateFull', () => contactCreateFull({ parentContactIds: PARENTS })],
    ['contactUpdate', () => contactUpdate({ runTag: RUN_TAG })],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    const b = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    expect(a).toEqual(b);
    expect(fc.sample(make() as fc.Arbitrary<unknown>, { seed: 100, numRuns: 50 })).not.toEqual(a);
  });

  it('violation cases give the same bodies for the same seed', () => {
    const first = contactCreateViolations().map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
    const second = contactCreateViolations().map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
    expect(first).toEqual(second);
  });
});

describe('valid contact bodies', () => {
  it('rarely repeat a name or tax number (a server may keep them unique)', () => {
    const bodies = sample(contactCreateFull({ runTag: RUN_TAG }), 500);
    expect(new Set(bodies.map((b) => b.name)).size).toBe(bodies.length);
    expect(new Set(bodies.map((b) => b.taxNumber)).size).toBe(bodies.length);
  });

  it('every contactCreate() value passes contactCreateSchema', () => {
    for (const constraints of [{}, { runTag: RUN_TAG, parentContactIds: PARENTS }]) {
      for (const body of sample(contactCreate(constraints), 150)) {
        const result = contactCreateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
      }
    }
  });

  it('contactCreate() varies the optional fields', () => {
    const bodies = sample(contactCreate(), 300);
    expect(bodies.some((b) => b.email === undefined)).toBe(true);
    expect(bodies.some((b) => b.email !== undefined)).toBe(true);
    expect(new Set(bodies.map((b) => b.contactType))).toEqual(new Set(['company', 'individual']));
  });

  it('every contactCreateFull() value passes contactCreateSchema and sets every field', () => {
    const allFields = Object.keys(contactCreateSchema.shape).sort();
    for (const body of sample(contactCreateFull({ parentContactIds: PARENTS }))) {
      const result = contactCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).sort()).toEqual(allFields);
      expect(PARENTS).toContain(body.parentContactId);
    }
  });

  it('leaves parentContactId out when no parent exists, so it cannot dangle', () => {
    for (const body of sample(contactCreateFull())) expect(body).not.toHaveProperty('parentContactId');
    for (const body of sample(contactUpdate())) expect(body).not.toHaveProperty('parentContactId');
  });

  it('every contactUpdate() value passes contactUpdateSchema and has at least one field', () => {
    for (const constraints of [{}, { runTag: RUN_TAG, parentContactIds: PARENTS }]) {
      for (const body of sample(contactUpdate(constraints), 150)) {
        const result = contactUpdateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
        expect(Object.keys(body).length).toBeGreaterThan(0);
      }
    }
  });

  it('contactUpdate() sometimes clears nullable fields with null', () => {
    const bodies = sample(contactUpdate(), 300);
    expect(bodies.some((b) => Object.values(b).includes(null))).toBe(true);
    for (const body of bodies) {
      for (const field of CONTACT_NON_NULLABLE_FIELDS) expect(body[field]).not.toBeNull();
    }
  });
});

describe('run tags', () => {
  it('are appended to every created contact', () => {
    for (const arb of [contactCreate({ runTag: RUN_TAG }), contactCreateFull({ runTag: RUN_TAG })]) {
      for (const body of sample(arb)) {
        expect(body.tags?.at(-1)).toBe(RUN_TAG);
        expect(body.tags?.filter((t) => t === RUN_TAG)).toHaveLength(1);
      }
    }
  });

  it('are absent without a runTag', () => {
    for (const body of sample(contactCreateFull())) expect(body.tags ?? []).not.toContain(RUN_TAG);
  });

  it('are kept whenever an update sets tags, and an update without tags leaves them alone', () => {
    const bodies = sample(contactUpdate({ runTag: RUN_TAG }), 300);
    expect(bodies.some((b) => b.tags !== undefined)).toBe(true);
    expect(bodies.some((b) => b.tags === undefined)).toBe(true);
    for (const body of bodies) {
      if (body.tags !== undefined) expect(body.tags.at(-1)).toBe(RUN_TAG);
    }
  });
});

describe('invalid contact bodies', () => {
  it('every contactCreateViolations() case fails contactCreateSchema', () => {
    const cases = contactCreateViolations({ runTag: RUN_TAG, parentContactIds: PARENTS });
    expect(cases.length).toBeGreaterThan(10);
    for (const c of cases) {
      for (const body of sample(c.bodies, 40)) {
        expect(contactCreateSchema.safeParse(body).success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('every contactUpdateViolations() case fails contactUpdateSchema', () => {
    const cases = contactUpdateViolations({ runTag: RUN_TAG, parentContactIds: PARENTS });
    expect(cases.length).toBeGreaterThan(10);
    for (const c of cases) {
      for (const body of sample(c.bodies, 40)) {
        expect(contactUpdateSchema.safeParse(body).success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('each case names its rule once and a catalogued requirement', () => {
    for (const cases of [contactCreateViolations(), contactUpdateViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(c.rule).not.toBe('');
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
      }
    }
  });

  it('a "missing" case drops the field rather than setting it to undefined', () => {
    const missing = contactCreateViolations().filter((c) => c.requirementId === 'CT-CREATE-REQUIRED');
    expect(missing.map((c) => c.rule).sort()).toEqual(['contactType missing', 'name missing']);
    for (const c of missing) {
      const field = c.rule.split(' ')[0]!;
      for (const body of sample(c.bodies, 30)) expect(Object.hasOwn(body, field)).toBe(false);
    }
  });
});

describe('violationRequirements', () => {
  it('lists CT-CREATE-REQUIRED for create only', () => {
    expect(violationRequirements('create')).toContain('CT-CREATE-REQUIRED');
    expect(violationRequirements('update')).not.toContain('CT-CREATE-REQUIRED');
  });

  it('lists each requirement once, matching the cases', () => {
    for (const [kind, cases] of [
      ['create', contactCreateViolations()],
      ['update', contactUpdateViolations()],
    ] as const) {
      const ids = violationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(cases.map((c) => c.requirementId)));
    }
  });
});
