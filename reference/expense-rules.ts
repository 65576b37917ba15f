import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from './auth.js';
import { conflict } from './errors.js';
import type { Expense } from './models/expenses.js';
import type { ProjectDirectory } from './models/projects.js';
import type { TaskLookup } from './models/tasks.js';
import { expenseCreateSchema, expenseUpdateSchema } from './schemas/expenses.js';
import type { PartitionedStore } from './store.js';
import { compileBody } from './validation.js';

/*
 * Variant expense-rules: rules about expenses the spec neither states nor forbids (spec 2.2, 3.1),
 * as a real expense module may add. Each refusal is a 409, before anything is written, and only
 * for a body the schema accepts (an invalid body is still answered 400 by the route).
 * - An approved, rejected or paid expense is locked: PATCH and DELETE are refused.
 * - A staff_claim names its claimant, a supplier_invoice its supplier; only a staff claim has a
 *   reimbursementStatus.
 * - No expense is dated after today; amounts in a currency with no minor unit (JPY) are whole.
 * - taskId names a task, not a project (a root task); a supplier's referenceNumber is not repeated.
 * - rootTaskId is derived from taskId when a body names taskId and not rootTaskId.
 * Answers show an unset billableAmount computed from amount and markupPercentage, and financial
 * modifiers with their keys in another order, an added `appliesTo` and values with two decimals.
 */

const LOCKED = new Set(['approved', 'rejected', 'paid']);
const ZERO_DECIMAL = new Set(['JPY']);

type Body = Record<string, unknown>;

interface Stores {
  readonly expenses: PartitionedStore<Expense>;
  readonly projects: ProjectDirectory;
  readonly lookup: TaskLookup;
  readonly ajv: Ajv;
  readonly now: () => Date;
}

const set = (value: unknown): boolean => value !== undefined && value !== null;

/** Refuses an expense whose fields, once written, would break one of the variant's rules. */
function checkRules(stores: Stores, organisationId: string, merged: Body, id: string | undefined): void {
  const type = merged['expenseType'];
  if (type === 'staff_claim' && !set(merged['claimedByResourceId'])) throw conflict('a staff_claim needs claimedByResourceId');
  if (type === 'supplier_invoice' && !set(merged['supplierId'])) throw conflict('a supplier_invoice needs supplierId');
  if (set(merged['reimbursementStatus']) && type !== 'staff_claim') throw conflict('only a staff_claim has a reimbursementStatus');
  const today = stores.now().toISOString().slice(0, 10);
  if (typeof merged['date'] === 'string' && merged['date'].slice(0, 10) > today) throw conflict('an expense cannot be dated in the future');
  if (ZERO_DECIMAL.has(String(merged['currency']).toUpperCase())) {
    for (const field of ['amount', 'billableAmount']) {
      const value = merged[field];
      if (typeof value === 'number' && !Number.isInteger(value)) throw conflict(`${field} in ${String(merged['currency'])} has no minor unit`);
    }
  }
  const taskId = merged['taskId'];
  if (typeof taskId === 'string' && stores.projects.get(organisationId, taskId) !== undefined) throw conflict('taskId names a task, not a project');
  const reference = merged['referenceNumber'];
  if (typeof reference === 'string' && set(merged['supplierId'])) {
    const repeated = stores.expenses
      .list(organisationId)
      .some(
        (e) =>
          e.id !== id && e.referenceNumber === reference && e.supplierId !== null && e.supplierId.toLowerCase() === String(merged['supplierId']).toLowerCase(),
      );
    if (repeated) throw conflict(`referenceNumber ${reference} is already used for this supplier`);
  }
}

/** A body naming taskId and not rootTaskId, with rootTaskId derived (the project of the task). */
function withDerivedRoot(stores: Stores, organisationId: string, body: Body): Body {
  if (!('taskId' in body) || 'rootTaskId' in body) return body;
  const taskId = body['taskId'];
  return { ...body, rootTaskId: typeof taskId === 'string' ? stores.lookup.projectIdOf(organisationId, taskId) : null };
}

/** A preHandler for the variant's rules on POST, PATCH and DELETE of expenses. */
export function expenseRulesHook(stores: Stores) {
  const validCreate = compileBody<Body>(stores.ajv, expenseCreateSchema());
  const validUpdate = compileBody<Body>(stores.ajv, expenseUpdateSchema());
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null) return;
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    const organisationId = requireAuth(request).organisationId;
    const body = (request.body ?? {}) as Body;
    if (request.method === 'POST' && path.endsWith('/expenses')) {
      if (!validCreate(body).ok) return;
      const derived = withDerivedRoot(stores, organisationId, body);
      checkRules(stores, organisationId, derived, undefined);
      request.body = derived;
      return;
    }
    const match = /\/expenses\/([^/]+)$/.exec(path);
    if (match === null || (request.method !== 'PATCH' && request.method !== 'DELETE')) return;
    const stored = stores.expenses.list(organisationId).find((e) => e.id.toLowerCase() === match[1]!.toLowerCase());
    if (stored === undefined) return;
    if (request.method === 'PATCH' && !validUpdate(body).ok) return;
    if (LOCKED.has(stored.status)) throw conflict(`a ${stored.status} expense is locked`);
    if (request.method === 'DELETE') return;
    const derived = withDerivedRoot(stores, organisationId, body);
    checkRules(stores, organisationId, { ...stored, ...derived }, stored.id);
    request.body = derived;
  };
}

function twoDecimals(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value).toFixed(2) : value;
}

function shown(expense: Body): Body {
  const out = { ...expense };
  if (out['billableAmount'] === null && typeof out['amount'] === 'number') {
    const markup = typeof out['markupPercentage'] === 'number' ? out['markupPercentage'] : 0;
    out['billableAmount'] = Math.round(out['amount'] * (100 + markup)) / 100;
  }
  if (Array.isArray(out['billableModifiers'])) {
    out['billableModifiers'] = (out['billableModifiers'] as Body[]).map((m) => ({
      value: twoDecimals(m['value']),
      type: m['type'],
      name: m['name'],
      id: m['id'],
      appliesTo: 'amount',
    }));
  }
  return out;
}

/** An onSend hook: expenses answered with a computed billableAmount and modifiers in the server's form. */
export async function expenseRulesOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !/\/expenses(\/|\?|$)/.test(request.url) || !String(reply.getHeader('content-type') ?? '').includes('json'))
    return payload;
  try {
    const body = JSON.parse(payload) as Body;
    const data = body['data'];
    if (Array.isArray(data))
      return JSON.stringify({ ...body, data: data.map((e) => (e !== null && typeof e === 'object' && 'expenseType' in e ? shown(e as Body) : e)) });
    if (data !== null && typeof data === 'object' && 'expenseType' in data) return JSON.stringify({ ...body, data: shown(data as Body) });
    return payload;
  } catch {
    return payload;
  }
}

/**
 * Variant expense-self-review: an expense is approved or rejected only with another key than the
 * one that created it (spec 4.2 and 3.1 neither state nor forbid it); the creating key is refused
 * with 409. The creating key of each expense is remembered when its create is answered 201.
 */
export function expenseSelfReviewHooks() {
  const creators = new Map<string, string>();
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (request.auth === null || request.method !== 'POST' || reply.statusCode !== 201 || typeof payload !== 'string') return payload;
    if (!/\/expenses$/.test(request.url.split('?')[0]!.replace(/\/+$/, ''))) return payload;
    try {
      const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
      if (typeof id === 'string') creators.set(id.toLowerCase(), requireAuth(request).key);
    } catch {
      // not JSON: nothing to remember
    }
    return payload;
  };
  const preHandler = async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null || request.method !== 'POST') return;
    const match = /\/expenses\/([^/]+)\/(approve|reject)$/.exec(request.url.split('?')[0]!.replace(/\/+$/, ''));
    if (match === null) return;
    if (creators.get(match[1]!.toLowerCase()) === requireAuth(request).key) throw conflict(`an expense is not ${match[2]}d by the key that created it`);
  };
  return { onSend, preHandler };
}
