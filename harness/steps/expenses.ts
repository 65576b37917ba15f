import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus } from '../check/expect.js';
import { CheckSkipped } from '../check/outcomes.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { ExpenseConstraints } from '../generators/expenses.js';
import { createContact } from './contacts.js';
import { createResource, createTask } from './prerequisites.js';
import { CheckInconclusive } from '../check/outcomes.js';

/** A minimal valid expense (spec 2.2: expenseType, amount and date required). */
export const MINIMAL_EXPENSE = { expenseType: 'direct_cost', amount: 42.5, date: '2024-05-14' } as const;

/** Creates an expense with the admin key and returns its id; fails the check unless 201. */
export async function createExpense(t: CheckContext, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api.post('/expenses', { ...MINIMAL_EXPENSE, tags: [runTag(t.run)], ...body });
  expectStatus(res, 201, 'create an expense');
  return dataRecord(res).id;
}

/** A fresh supplier contact (spec 2.1): a supplierId no other run shares. */
export function createSupplier(t: CheckContext, name = 'Conformance supplier'): Promise<string> {
  return createContact(t, { contactType: 'company', name: `${name} ${randomBytes(3).toString('hex')}` });
}

/** A fresh resource, or undefined when the target will not create one (its own domain reports that). */
export async function optionalResource(t: CheckContext, name?: string): Promise<string | undefined> {
  try {
    return await createResource(t, name);
  } catch (error) {
    if (error instanceof CheckSkipped) return undefined;
    throw error;
  }
}

/**
 * A fresh task under the configured project, for taskId: a server may require taskId to name a
 * task under rootTaskId rather than the project (a root task) itself. The project when the target
 * will not create a task (its own domain reports that); undefined with no project configured.
 */
export async function expenseTask(t: CheckContext): Promise<string | undefined> {
  if (t.run.projectId === undefined) return undefined;
  try {
    return await createTask(t, 'Conformance expense task');
  } catch (error) {
    if (error instanceof CheckSkipped) return t.run.projectId;
    throw error;
  }
}

/**
 * Ids that exist for generated expense bodies: the configured project as rootTaskId, a task
 * under it as taskId, a fresh supplier contact and, when resources can be created, a fresh
 * claimant.
 */
export async function expenseReferences(t: CheckContext): Promise<ExpenseConstraints> {
  const projectIds = t.run.projectId !== undefined ? [t.run.projectId] : [];
  const task = await expenseTask(t);
  const supplier = await createSupplier(t, 'Conformance expense supplier');
  const resource = await optionalResource(t, 'Conformance expense claimant');
  return {
    projectIds,
    taskIds: task === undefined ? [] : [task],
    supplierIds: [supplier],
    resourceIds: resource === undefined ? [] : [resource],
    runTag: runTag(t.run),
  };
}

/**
 * A valid expense body with what an unstated rule could still refuse taken out, for a second try
 * (lifecycle ruleFree): no reimbursementStatus (a server may tie it to the status or to staff
 * claims) and a referenceNumber of its own (a server may refuse a supplier's repeated reference).
 */
export function expenseRuleFree(body: Record<string, unknown>): Record<string, unknown> {
  const { reimbursementStatus: _reimbursement, ...rest } = body;
  return typeof rest['referenceNumber'] === 'string' ? { ...rest, referenceNumber: `Conformance ${randomBytes(4).toString('hex')}` } : rest;
}

/** The expenses collection as the cross-cutting checks see it (spec 2.2, 4.2). */
export const expensesCollection: Collection = {
  path: '/expenses',
  noun: 'expense',
  createBody: (t) => ({ ...MINIMAL_EXPENSE, description: `Conformance ${t.run.runId}`, tags: [runTag(t.run)] }),
  updateBody: () => ({ description: 'updated by the conformance suite' }),
  // Expenses of a fresh supplier: only this run can have created them.
  scope: async (t, count) => {
    const supplierId = await createSupplier(t, 'Conformance paging supplier');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await createExpense(t, { supplierId, description: `Conformance paging ${i}` }));
    return { query: { supplierId }, ids };
  },
};

/** Expenses with known values under one fresh supplier, for the filter checks (spec 4.2). */
export interface ExpenseFilterFixture {
  readonly supplier: string;
  /** Another fresh supplier's expense: outside the scope. */
  readonly outsider: string;
  readonly categoryA: string;
  readonly categoryB: string;
  /** Every fixture expense under `supplier`, by key. */
  readonly expenses: Readonly<Record<FixtureKey, { id: string; body: FixtureExpense }>>;
}

type FixtureKey = 'a' | 'b' | 'c' | 'd' | 'e';

export interface FixtureExpense {
  readonly expenseType: 'supplier_invoice' | 'staff_claim' | 'direct_cost';
  readonly category?: 'A' | 'B';
  readonly status: 'draft' | 'pending' | 'approved' | 'rejected' | 'paid';
  readonly date: string;
  readonly isBillable: boolean;
}

/** Every status, every type, two categories (and none), five dates, both billable flags. */
export const FIXTURE_EXPENSES: Readonly<Record<FixtureKey, FixtureExpense>> = {
  a: { expenseType: 'supplier_invoice', category: 'A', status: 'draft', date: '2021-03-10', isBillable: true },
  b: { expenseType: 'staff_claim', category: 'B', status: 'pending', date: '2021-03-15', isBillable: false },
  c: { expenseType: 'direct_cost', category: 'A', status: 'approved', date: '2021-03-20', isBillable: true },
  d: { expenseType: 'staff_claim', status: 'rejected', date: '2021-03-12', isBillable: false },
  e: { expenseType: 'supplier_invoice', category: 'B', status: 'paid', date: '2021-03-18', isBillable: true },
};

/**
 * A fixture expense: a setup step, so a refusal (a rule the spec neither states nor forbids, such
 * as a supplier on a staff claim) leaves the check inconclusive rather than failed.
 */
async function createFixtureExpense(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  const res = await t.api.post('/expenses', { ...MINIMAL_EXPENSE, tags: [runTag(t.run)], ...body });
  if (res.status >= 400 && res.status < 500) {
    throw new CheckInconclusive(`a filter fixture expense ${JSON.stringify(body)} was refused with ${res.status}: the filter cannot be judged`, res.exchange);
  }
  expectStatus(res, 201, 'create a filter fixture expense');
  return dataRecord(res).id;
}

export async function createExpenseFilterFixture(t: CheckContext): Promise<ExpenseFilterFixture> {
  const token = randomBytes(4).toString('hex');
  // Neither category is a prefix or a substring of the other, so any matching rule separates them.
  const categoryA = `travel-${token}`;
  const categoryB = `lodging-${token}`;
  const supplier = await createSupplier(t, 'Conformance filter supplier');
  // A server may require a claimant on a staff claim (the spec does not say): they name one.
  const claimant = await optionalResource(t, 'Conformance filter claimant');
  const expenses = {} as Record<FixtureKey, { id: string; body: FixtureExpense }>;
  for (const [key, body] of Object.entries(FIXTURE_EXPENSES) as Array<[FixtureKey, FixtureExpense]>) {
    const { category, ...rest } = body;
    const sent = {
      ...rest,
      supplierId: supplier,
      ...(category ? { category: category === 'A' ? categoryA : categoryB } : {}),
      ...(body.expenseType === 'staff_claim' && claimant !== undefined ? { claimedByResourceId: claimant } : {}),
    };
    expenses[key] = { id: await createFixtureExpense(t, sent), body };
  }
  const outsider = await createFixtureExpense(t, {
    supplierId: await createSupplier(t, 'Conformance filter outsider'),
    expenseType: 'supplier_invoice',
    category: categoryA,
    status: 'draft',
    date: '2021-03-15',
    isBillable: true,
  });
  return { supplier, outsider, categoryA, categoryB, expenses };
}

/** The ids of the fixture expenses that satisfy `predicate`, and of those that do not. */
export function split(fixture: ExpenseFilterFixture, predicate: (body: FixtureExpense) => boolean): { includes: string[]; excludes: string[] } {
  const all = Object.values(fixture.expenses);
  return {
    includes: all.filter((e) => predicate(e.body)).map((e) => e.id),
    excludes: all.filter((e) => !predicate(e.body)).map((e) => e.id),
  };
}
