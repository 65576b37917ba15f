import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, readsEverywhere, type IdParams } from '../lookup.js';
import { approveExpense, createExpense, filterExpenses, patchExpense, rejectExpense, type Expense, type ExpenseFilter } from '../models/expenses.js';
import { lastDayOf, paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  EXPENSE_STATUSES,
  EXPENSE_TYPES,
  expenseCreateSchema,
  expenseRejectSchema,
  expenseUpdateSchema,
  type ExpenseCreateInput,
  type ExpenseRejectInput,
  type ExpenseUpdateInput,
} from '../schemas/expenses.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';
import { StaleCopies } from '../stale-copies.js';

export interface ExpensesRouteOptions {
  store: PartitionedStore<Expense>;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * spec 4.2: expenses CRUD (a real delete) plus approve and reject, scoped to the key's
 * organisation. Reference ids (rootTaskId, taskId, supplierId, ...) need only be UUIDs:
 * the reference does not require them to name existing records.
 */
export const expensesRoutes: FastifyPluginAsync<ExpensesRouteOptions> = async (app, options) => {
  const { store, events, ajv } = options;
  const policy = options.policy.expenses;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const isFinal = (state: string | null): boolean => state !== null && policy.finalStates.includes(state);

  /** The state field an update would move out of a final value, if any (it is then refused whole). */
  function refusedStateChange(existing: Expense, input: ExpenseUpdateInput): 'status' | 'reimbursementStatus' | undefined {
    for (const field of ['status', 'reimbursementStatus'] as const) {
      const sent = input[field];
      if (sent !== undefined && isFinal(existing[field]) && sent !== existing[field]) return field;
    }
    return undefined;
  }

  /** An expense in a final status refuses approve and reject: either would move its status. */
  const refuseOperation = (existing: Expense, operation: string): void => {
    if (isFinal(existing.status)) throw conflict(`a ${existing.status} expense cannot be ${operation}`);
  };
  const validateCreate = compileBody<ExpenseCreateInput>(ajv, expenseCreateSchema(policy.loosened));
  const validateUpdate = compileBody<ExpenseUpdateInput>(ajv, expenseUpdateSchema(policy.loosened));
  const validateReject = compileBody<ExpenseRejectInput>(ajv, expenseRejectSchema());
  // A status index that create and PATCH refresh and the actions do not (only under an interaction fault).
  const statusIndex = new StaleCopies<Expense>();
  // Deleted expenses a PATCH writes back, as an upsert over tombstones would (an interaction fault).
  const tombstones = new StaleCopies<Expense>();
  const indexStatus = (owner: string, expense: Expense): void => {
    if (policy.interactions.statusIndex === true) statusIndex.refresh(owner, expense);
  };

  app.get('/expenses', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = lists.lenientBooleans;
    const filter: ExpenseFilter = {
      rootTaskId: query.uuid('rootTaskId'),
      taskId: query.uuid('taskId'),
      supplierId: query.uuid('supplierId'),
      claimedByResourceId: query.uuid('claimedByResourceId'),
      expenseType: policy.typeFilterChecked ? query.oneOf('expenseType', EXPENSE_TYPES) : query.string('expenseType'),
      category: query.string('category'),
      status: query.oneOf('status', EXPENSE_STATUSES),
      // spec 4.2: plain strings here (unlike the <date> filters of time entries)
      dateFrom: query.string('dateFrom'),
      dateTo: lastDayOf(query.string('dateTo'), lists),
      isBillable: query.boolean('isBillable', lenient),
      isInvoiced: query.boolean('isInvoiced', lenient),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const indexed: Array<keyof Expense> = policy.interactions.statusIndex === true && filter.status !== undefined ? ['status'] : [];
    return paginate(
      statusIndex.filterIndexed(store.listed(auth.organisationId), indexed, (records) => filterExpenses(records, filter)),
      page,
      lists,
    );
  });

  app.post('/expenses', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = policy.createBends.reduce((bent, bend) => bend(bent), result.value);
    const expense = store.insert(auth.organisationId, createExpense(input, randomUUID(), now().toISOString()));
    indexStatus(auth.organisationId, expense);
    events.publish(auth.organisationId, 'expense.created', expense);
    return reply.code(201).send({ data: expense });
  });

  app.get<{ Params: IdParams }>('/expenses/:id', async (request) => {
    const found = findScoped(store, requireAuth(request).organisationId, request.params.id, readsEverywhere(policy.readScope, request));
    if (found === undefined) throw notFound('expense');
    return { data: found.record };
  });

  app.patch<{ Params: IdParams }>('/expenses/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    let existing = findOwned(store, auth.organisationId, request.params.id);
    const tombstone = policy.interactions.patchUndeletes === true ? tombstones.get(request.params.id.toLowerCase()) : undefined;
    if (existing === undefined && tombstone !== undefined && tombstones.ownedBy(auth.organisationId).includes(tombstone)) {
      existing = store.insert(auth.organisationId, tombstone);
      tombstones.drop(tombstone.id);
    }
    if (existing === undefined) throw notFound('expense');
    // Refused before anything is written: a 409 leaves the expense as it was.
    const moved = refusedStateChange(existing, result.value);
    if (moved !== undefined) throw conflict(`${moved} of a ${existing[moved]} expense cannot be changed`);
    for (const check of policy.updateChecks) check(existing, result.value);
    const input = policy.updateBends.reduce((bent, bend) => bend(bent), result.value);
    const updated = patchExpense(existing, input, now().toISOString(), policy.patch);
    store.replace(auth.organisationId, updated);
    indexStatus(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: expenses are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/expenses/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    if (policy.delete.removes) store.delete(auth.organisationId, existing.id);
    if (policy.interactions.patchUndeletes === true) tombstones.refresh(auth.organisationId, existing);
    if (policy.delete.answer === 'record') return reply.code(200).send({ data: existing });
    return reply.code(204).send();
  });

  // spec 4.2: "No body". Whatever body arrives (none, empty, {}) is ignored.
  app.post<{ Params: IdParams }>('/expenses/:id/approve', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    if (policy.approveNeedsBody && request.body === undefined) {
      throw validationFailed([{ path: '', message: 'request body is required' }]);
    }
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    refuseOperation(existing, 'approved');
    const approved = policy.approveSetsStatus ? approveExpense(existing, now().toISOString()) : existing;
    store.replace(auth.organisationId, approved);
    // spec 6: every successful approve fires expense.approved (an already approved expense
    // too); setting status `approved` through create or update does not
    events.publish(auth.organisationId, 'expense.approved', approved);
    return { data: approved };
  });

  // spec 4.2: optional body `{reason?: string}`; no body at all is the same as {}.
  app.post<{ Params: IdParams }>('/expenses/:id/reject', { config: { bodyOptional: true } }, async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateReject(request.body ?? {});
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    refuseOperation(existing, 'rejected');
    const rejected = rejectExpense(existing, result.value.reason ?? null, now().toISOString());
    store.replace(auth.organisationId, rejected);
    if (policy.rejectAnswer === 'no-content') return reply.code(204).send();
    return { data: rejected };
  });
};
