import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { ApiError, conflict, notFound, validationFailed } from '../errors.js';
import type { FaultName, FaultSet } from '../faults.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import {
  approveExpense,
  createExpense,
  filterExpenses,
  patchExpense,
  rejectExpense,
  type Expense,
  type ExpenseFilter,
} from '../models/expenses.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  EXPENSE_STATUSES,
  EXPENSE_TYPES,
  expenseCreateSchema,
  expenseRejectSchema,
  expenseUpdateSchema,
  type ExpenseCreateInput,
  type ExpenseRejectInput,
  type ExpenseSchemaLoosening,
  type ExpenseUpdateInput,
} from '../schemas/expenses.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { VariantSet } from '../variants.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';

export interface ExpensesRouteOptions {
  store: PartitionedStore<Expense>;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  /** Legitimate alternative choices (reference/variants.ts). */
  variants: VariantSet;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * Variant transitions-terminal-409 (spec 3.1 shows no transitions): these statuses are final.
 * The plain reference lets every status move anywhere.
 */
const TERMINAL_EXPENSE_STATUSES: ReadonlySet<string | null> = new Set(['paid', 'rejected']);

/** The state field an update would move out of a final value, if any (it is then refused whole). */
function refusedStateChange(existing: Expense, input: ExpenseUpdateInput): 'status' | 'reimbursementStatus' | undefined {
  for (const field of ['status', 'reimbursementStatus'] as const) {
    const sent = input[field];
    if (sent !== undefined && TERMINAL_EXPENSE_STATUSES.has(existing[field]) && sent !== existing[field]) return field;
  }
  return undefined;
}

function loosening(faults: FaultSet): ExpenseSchemaLoosening {
  return {
    negativeAmount: faults.has('ex-negative-amount'),
    currencyUnchecked: faults.has('ex-currency-length-unchecked'),
    modifierTypeUnchecked: faults.has('ex-modifier-type-unchecked'),
    statusUnchecked: faults.has('ex-status-enum-unchecked'),
    dateNotRequired: faults.has('ex-date-not-required'),
    typeUnchecked: faults.has('ex-type-enum-unchecked'),
    dateTypeUnchecked: faults.has('ex-date-type-unchecked'),
    purchaseOrderLineIdUnchecked: faults.has('ex-po-line-uuid-unchecked'),
    tagsNullable: faults.has('ex-tags-nullable'),
  };
}

/** Faults that drop list filters after they were read (and validated). */
const IGNORED_FILTERS: ReadonlyArray<readonly [FaultName, ReadonlyArray<keyof ExpenseFilter>]> = [
  ['ex-filter-status-ignored', ['status']],
  ['ex-filter-claimant-ignored', ['claimedByResourceId']],
  ['ex-filter-type-ignored', ['expenseType']],
  ['ex-filter-category-ignored', ['category']],
  ['ex-filter-date-to-ignored', ['dateTo']],
  ['ex-filter-billable-ignored', ['isBillable']],
  ['ex-filter-invoiced-ignored', ['isInvoiced']],
];

/**
 * spec 4.2: expenses CRUD (a real delete) plus approve and reject, scoped to the key's
 * organisation. Reference ids (rootTaskId, taskId, supplierId, ...) need only be UUIDs:
 * the reference does not require them to name existing records.
 */
export const expensesRoutes: FastifyPluginAsync<ExpensesRouteOptions> = async (app, options) => {
  const { store, events, faults, policy, variants, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const terminal = variants.has('transitions-terminal-409');
  /** Under the variant a paid or rejected expense refuses approve and reject: either would move its status. */
  const refuseOperation = (existing: Expense, operation: string): void => {
    if (terminal && TERMINAL_EXPENSE_STATUSES.has(existing.status)) throw conflict(`a ${existing.status} expense cannot be ${operation}`);
  };
  const validateCreate = compileBody<ExpenseCreateInput>(ajv, expenseCreateSchema(loose));
  const validateUpdate = compileBody<ExpenseUpdateInput>(ajv, expenseUpdateSchema(loose));
  const validateReject = compileBody<ExpenseRejectInput>(ajv, expenseRejectSchema());

  app.get('/expenses', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = policy.lists.lenientBooleans;
    const filter: ExpenseFilter = {
      rootTaskId: query.uuid('rootTaskId'),
      taskId: query.uuid('taskId'),
      supplierId: query.uuid('supplierId'),
      claimedByResourceId: query.uuid('claimedByResourceId'),
      expenseType: faults.has('ex-query-type-unchecked') ? query.string('expenseType') : query.oneOf('expenseType', EXPENSE_TYPES),
      category: query.string('category'),
      status: query.oneOf('status', EXPENSE_STATUSES),
      // spec 4.2: plain strings here (unlike the <date> filters of time entries)
      dateFrom: query.string('dateFrom'),
      dateTo: query.string('dateTo'),
      isBillable: query.boolean('isBillable', lenient),
      isInvoiced: query.boolean('isInvoiced', lenient),
    };
    const page = readPage(query, policy.lists);
    query.finish();
    for (const [fault, keys] of IGNORED_FILTERS) if (faults.has(fault)) for (const key of keys) delete filter[key];
    return paginate(filterExpenses(store.listed(auth.organisationId), filter), page, policy.lists);
  });

  app.post('/expenses', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = faults.has('ex-create-amount-rounded') ? { ...result.value, amount: Math.round(result.value.amount) } : result.value;
    const expense = store.insert(auth.organisationId, createExpense(input, randomUUID(), now().toISOString()));
    events.publish(auth.organisationId, 'expense.created', expense);
    return reply.code(201).send({ data: expense });
  });

  app.get<{ Params: IdParams }>('/expenses/:id', async (request) => {
    const found = findScoped(store, requireAuth(request).organisationId, request.params.id, faults.has('sec-expense-cross-org-read'));
    if (found === undefined) throw notFound('expense');
    return { data: found.record };
  });

  app.patch<{ Params: IdParams }>('/expenses/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    // Refused before anything is written: a 409 leaves the expense as it was.
    const moved = terminal ? refusedStateChange(existing, result.value) : undefined;
    if (moved !== undefined) throw conflict(`${moved} of a ${existing[moved]} expense cannot be changed`);
    // ex-paid-status-change-500: the server breaks (nothing written) on a status change out of paid
    if (faults.has('ex-paid-status-change-500') && existing.status === 'paid' && result.value.status !== undefined && result.value.status !== 'paid') {
      throw new ApiError(500, 'INTERNAL_ERROR', 'internal error');
    }
    const input = faults.has('ex-update-amount-ignored') ? { ...result.value, amount: undefined } : result.value;
    const updated = patchExpense(existing, input, now().toISOString(), {
      resetOmitted: faults.has('ex-patch-resets-omitted'),
      ignoreNull: faults.has('ex-null-ignored'),
    });
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: expenses are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/expenses/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    if (!faults.has('ex-delete-ignored')) store.delete(auth.organisationId, existing.id);
    return reply.code(204).send();
  });

  // spec 4.2: "No body". Whatever body arrives (none, empty, {}) is ignored.
  app.post<{ Params: IdParams }>('/expenses/:id/approve', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    if (faults.has('ex-approve-body-required') && request.body === undefined) {
      throw validationFailed([{ path: '', message: 'request body is required' }]);
    }
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('expense');
    refuseOperation(existing, 'approved');
    const approved = faults.has('ex-approve-status-unchanged') ? existing : approveExpense(existing, now().toISOString());
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
    if (faults.has('ex-reject-returns-204')) return reply.code(204).send();
    return { data: rejected };
  });
};
