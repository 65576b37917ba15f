import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectEachBreaksOneField } from './expect-violations.js';
import {
  EXPENSE_NON_NULLABLE_FIELDS,
  EXPENSE_REFERENCE_FIELDS,
  EXPENSE_STATUSES,
  expenseCreateSchema,
  expenseUpdateSchema,
  financialModifierSchema,
} from '../spec/expenses.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import {
  EXPENSE_STATE_FIELDS,
  expenseCreate,
  expenseCreateFull,
  expenseCreateViolations,
  expenseEditable,
  expenseUpdate,
  expenseUpdateViolations,
  expenseViolationRequirements,
  financialModifier,
  type ExpenseConstraints,
} from './expenses.js';

const SEED = 424242;
const RUN_TAG = 'conformance-run-abc123';
const PROJECT = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const SUPPLIER = '0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d';
const RESOURCE = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const ALL: ExpenseConstraints = {
  projectIds: [PROJECT],
  taskIds: [PROJECT],
  supplierIds: [SUPPLIER],
  resourceIds: [RESOURCE],
  runTag: RUN_TAG,
};
const KNOWN_IDS = [PROJECT, SUPPLIER, RESOURCE];
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200): T[] => fc.sample(arb, { seed: SEED, numRuns });

const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('expense generators are reproducible', () => {
  it.each([
    ['expenseCreate', () => expenseCreate(ALL)],
    ['expenseCreateFull', () => expenseCreateFull(ALL)],
    ['expenseUpdate', () => expenseUpdate(ALL)],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    const b = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    expect(a).toEqual(b);
    expect(fc.sample(make() as fc.Arbitrary<unknown>, { seed: 100, numRuns: 50 })).not.toEqual(a);
  });

  it('violation cases give the same bodies for the same seed', () => {
    const first = expenseCreateViolations(ALL).map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
    const second = expenseCreateViolations(ALL).map((c) => fc.sample(c.bodies, { seed: 5, numRuns: 10 }));
    expect(first).toEqual(second);
  });
});

describe('valid expense bodies', () => {
  it('every expenseCreate() value passes expenseCreateSchema', () => {
    for (const constraints of [{}, ALL]) {
      for (const body of sample(expenseCreate(constraints), 150)) {
        const result = expenseCreateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
      }
    }
  });

  it('every financialModifier() value has the four fields and passes the modifier schema', () => {
    for (const modifier of sample(financialModifier())) {
      expect(Object.keys(modifier)).toEqual(['id', 'name', 'type', 'value']);
      expect(financialModifierSchema.safeParse(modifier).success).toBe(true);
    }
  });

  it('sends real dates although the spec states no format', () => {
    for (const body of sample(expenseCreate())) expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('every expenseCreateFull() value passes expenseCreateSchema and sets every field it can', () => {
    const fields = Object.keys(expenseCreateSchema.shape).filter((f) => f !== 'purchaseOrderId' && f !== 'purchaseOrderLineId');
    for (const body of sample(expenseCreateFull(ALL))) {
      const result = expenseCreateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      // reimbursementStatus only on a staff claim (a server may refuse it on other types)
      const expected = body.expenseType === 'staff_claim' ? fields : fields.filter((f) => f !== 'reimbursementStatus');
      expect(Object.keys(body).sort()).toEqual(expected.sort());
    }
  });

  it('fits bodies to rules a server may tie to the type: claimant, supplier, reimbursement, whole yen, no future date', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const constraints of [{}, ALL]) {
      for (const body of sample(expenseCreate(constraints), 300) as Array<Record<string, unknown>>) {
        if (body['expenseType'] === 'staff_claim') expect(body['claimedByResourceId'], JSON.stringify(body)).toBeTypeOf('string');
        if (body['expenseType'] === 'supplier_invoice') expect(body['supplierId'], JSON.stringify(body)).toBeTypeOf('string');
        if (body['expenseType'] !== 'staff_claim') expect(body).not.toHaveProperty('reimbursementStatus');
        if (body['currency'] === 'JPY') expect(Number.isInteger(body['amount']), JSON.stringify(body)).toBe(true);
        expect(String(body['date']) <= today).toBe(true);
      }
    }
  });

  it('bases updates on a draft or pending direct cost, and keeps the type rules on the merged expense', () => {
    const pairs = expenseEditable(ALL).chain((created) => expenseUpdate(ALL, created, created).map((changes) => [created, changes] as const));
    for (const [created, changes] of sample(pairs, 300) as Array<readonly [Record<string, unknown>, Record<string, unknown>]>) {
      expect(['draft', 'pending']).toContain(created['status']);
      expect(created['expenseType']).toBe('direct_cost');
      const merged = { ...created, ...changes };
      if (merged['expenseType'] === 'staff_claim') expect(merged['claimedByResourceId'], JSON.stringify(changes)).toBeTypeOf('string');
      if (merged['expenseType'] === 'supplier_invoice') expect(merged['supplierId'], JSON.stringify(changes)).toBeTypeOf('string');
      if (merged['currency'] === 'JPY') expect(Number.isInteger(merged['amount']), JSON.stringify(merged)).toBe(true);
      expect(changes['billableAmount']).not.toBeNull();
    }
  });

  it('points references only at the ids it was given, and leaves out the others', () => {
    for (const body of [...sample(expenseCreateFull(ALL)), ...sample(expenseUpdate(ALL))] as Array<Record<string, unknown>>) {
      for (const field of EXPENSE_REFERENCE_FIELDS) {
        if (body[field] !== undefined && body[field] !== null) expect(KNOWN_IDS).toContain(body[field]);
      }
      expect(body).not.toHaveProperty('purchaseOrderId');
      expect(body).not.toHaveProperty('purchaseOrderLineId');
    }
    for (const body of [...sample(expenseCreateFull()), ...sample(expenseUpdate())] as Array<Record<string, unknown>>) {
      for (const field of EXPENSE_REFERENCE_FIELDS) expect(body).not.toHaveProperty(field);
    }
  });

  it('every expenseUpdate() value passes expenseUpdateSchema and has at least one field', () => {
    for (const constraints of [{}, ALL]) {
      for (const body of sample(expenseUpdate(constraints), 150)) {
        const result = expenseUpdateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
        expect(Object.keys(body).length).toBeGreaterThan(0);
      }
    }
  });

  it('expenseUpdate() sometimes clears nullable fields, never the others', () => {
    const bodies = sample(expenseUpdate(ALL), 300);
    expect(bodies.some((b) => Object.values(b).includes(null))).toBe(true);
    for (const body of bodies) {
      for (const field of EXPENSE_NON_NULLABLE_FIELDS) expect(body[field]).not.toBeNull();
    }
  });
});

describe('update bodies never change an expense state (spec 3.1: transitions are not shown)', () => {
  const statesOf = (body: Record<string, unknown>) => EXPENSE_STATE_FIELDS.filter((f) => Object.hasOwn(body, f));

  it('leave status and reimbursementStatus out when the current state is not known', () => {
    for (const constraints of [{}, ALL]) {
      for (const body of sample(expenseUpdate(constraints), 300)) expect(statesOf(body), JSON.stringify(body)).toEqual([]);
    }
  });

  it('name a state field only with the value the expense already has, and sometimes name it', () => {
    const currents = [{ status: 'paid', reimbursementStatus: 'rejected' }, { status: 'draft', reimbursementStatus: null }, { status: 'approved' }] as const;
    for (const current of currents) {
      const bodies = sample(expenseUpdate(ALL, current), 300) as Array<Record<string, unknown>>;
      for (const field of EXPENSE_STATE_FIELDS) {
        const sent = bodies.filter((b) => Object.hasOwn(b, field)).map((b) => b[field]);
        if (!Object.hasOwn(current, field)) {
          expect(sent, field).toEqual([]);
          continue;
        }
        expect(sent.length, `${field} is sometimes sent unchanged`).toBeGreaterThan(0);
        expect(new Set(sent), field).toEqual(new Set([current[field as keyof typeof current]]));
      }
      for (const body of bodies) expect(expenseUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });

  it('never change the state of the expense an update is generated for', () => {
    const pairs = expenseCreateFull(ALL).chain((created) => expenseUpdate(ALL, created).map((changes) => [created, changes] as const));
    const samples = sample(pairs, 300);
    const statuses = new Set(samples.map(([created]) => created.status));
    expect(statuses).toEqual(new Set(EXPENSE_STATUSES));
    for (const [created, changes] of samples) {
      for (const field of EXPENSE_STATE_FIELDS) {
        if (Object.hasOwn(changes, field)) expect(changes[field], `${field} of ${JSON.stringify(created)}`).toBe(created[field]);
      }
    }
  });

  it('invalid update bodies name a state field only when it is the broken one', () => {
    for (const c of expenseUpdateViolations(ALL)) {
      const broken = EXPENSE_STATE_FIELDS.find((f) => c.rule.startsWith(`${f} `));
      for (const body of sample(c.bodies, 30)) {
        expect(statesOf(body), `${c.rule}: ${JSON.stringify(body)}`).toEqual(broken === undefined ? [] : [broken]);
      }
    }
  });
});

describe('run tags', () => {
  it('are appended to every created expense', () => {
    for (const arb of [expenseCreate({ runTag: RUN_TAG }), expenseCreateFull({ runTag: RUN_TAG })]) {
      for (const body of sample(arb)) {
        expect(body.tags?.at(-1)).toBe(RUN_TAG);
        expect(body.tags?.filter((t) => t === RUN_TAG)).toHaveLength(1);
      }
    }
  });

  it('are kept whenever an update sets tags', () => {
    const bodies = sample(expenseUpdate({ runTag: RUN_TAG }), 300);
    expect(bodies.some((b) => b.tags !== undefined)).toBe(true);
    for (const body of bodies) if (body.tags !== undefined) expect(body.tags.at(-1)).toBe(RUN_TAG);
  });
});

describe('invalid expense bodies', () => {
  it('every expenseCreateViolations() case fails expenseCreateSchema', () => {
    const cases = expenseCreateViolations(ALL);
    expect(cases.length).toBeGreaterThan(20);
    for (const c of cases) {
      for (const body of sample(c.bodies, 40)) {
        expect(expenseCreateSchema.safeParse(body).success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('every expenseUpdateViolations() case fails expenseUpdateSchema', () => {
    const cases = expenseUpdateViolations(ALL);
    expect(cases.length).toBeGreaterThan(20);
    for (const c of cases) {
      for (const body of sample(c.bodies, 40)) {
        expect(expenseUpdateSchema.safeParse(body).success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('each invalid body breaks one rule: zod reports issues on the broken field only', () => {
    for (const [cases, schema] of [
      [expenseCreateViolations(ALL), expenseCreateSchema],
      [expenseUpdateViolations(ALL), expenseUpdateSchema],
    ] as const) {
      expectEachBreaksOneField(cases, schema, { samples: 20, seed: 424242 });
    }
  });

  it('each case names its rule once and a catalogued expense requirement', () => {
    for (const cases of [expenseCreateViolations(), expenseUpdateViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
        expect(c.requirementId.startsWith('EX-')).toBe(true);
      }
    }
  });

  it('a "missing" case drops the field rather than setting it to undefined', () => {
    const missing = expenseCreateViolations().filter((c) => c.requirementId === 'EX-CREATE-REQUIRED');
    expect(missing.map((c) => c.rule).sort()).toEqual(['amount missing', 'date missing', 'expenseType missing']);
    for (const c of missing) {
      const field = c.rule.split(' ')[0]!;
      for (const body of sample(c.bodies, 30)) expect(Object.hasOwn(body, field)).toBe(false);
    }
  });

  it('uses non-UUID purchase order ids only in invalid bodies', () => {
    const cases = expenseCreateViolations().filter((c) => c.rule.startsWith('purchaseOrder'));
    expect(cases.map((c) => c.rule).sort()).toEqual(['purchaseOrderId not a UUID', 'purchaseOrderLineId not a UUID']);
  });
});

describe('expenseViolationRequirements', () => {
  it('lists EX-CREATE-REQUIRED for create only', () => {
    expect(expenseViolationRequirements('create')).toContain('EX-CREATE-REQUIRED');
    expect(expenseViolationRequirements('update')).not.toContain('EX-CREATE-REQUIRED');
  });

  it('lists each requirement once, matching the cases', () => {
    for (const [kind, cases] of [
      ['create', expenseCreateViolations()],
      ['update', expenseUpdateViolations()],
    ] as const) {
      const ids = expenseViolationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(cases.map((c) => c.requirementId)));
    }
  });
});
