import type { FastifyRequest } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from './auth.js';
import { conflict } from './errors.js';
import type { Allocation } from './models/allocations.js';
import type { TimeEntry } from './models/time-entries.js';
import { batchUpdateSchema } from './schemas/batch.js';
import { timeEntryCreateSchema, timeEntryUpdateSchema } from './schemas/time-entries.js';
import type { PartitionedStore } from './store.js';
import { compileBody } from './validation.js';

/*
 * Variant time-entry-rules: rules about time entries the spec neither states nor forbids (spec
 * 2.3, 4.10), as a real timesheet module may add. Each refusal is a 409, before anything is
 * written, and only for a body the schema accepts (an invalid body is still answered 400).
 * - hours and durationSeconds sent together must agree (to within a second).
 * - An entry marked billed is locked: a change to it, single or in a batch, is refused; only
 *   { markedBilled: false } alone (taking it off the bill) is let through.
 */

type Body = Record<string, unknown>;

function checkAgreement(body: Body): void {
  const { hours, durationSeconds } = body;
  if (typeof hours === 'number' && typeof durationSeconds === 'number' && Math.abs(hours * 3600 - durationSeconds) > 1) {
    throw conflict(`durationSeconds ${durationSeconds} does not agree with hours ${hours}`);
  }
}

function checkUnlocked(entry: TimeEntry | undefined, body: Body): void {
  if (entry === undefined || !entry.markedBilled) return;
  const unbilling = Object.keys(body).length === 1 && body['markedBilled'] === false;
  if (!unbilling) throw conflict(`time entry ${entry.id} is billed and locked`);
}

/** A preHandler for the variant's rules on time entry creates and updates, single and batch. */
export function timeEntryRulesHook(stores: { readonly timeEntries: PartitionedStore<TimeEntry>; readonly ajv: Ajv }) {
  const validCreate = compileBody<Body>(stores.ajv, timeEntryCreateSchema());
  const validUpdate = compileBody<Body>(stores.ajv, timeEntryUpdateSchema());
  const validBatchUpdate = compileBody<{ updates: Array<Body & { id: string }> }>(stores.ajv, batchUpdateSchema());
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null) return;
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    const organisationId = requireAuth(request).organisationId;
    const body = (request.body ?? {}) as Body;
    const find = (id: string) => stores.timeEntries.list(organisationId).find((e) => e.id.toLowerCase() === id.toLowerCase());
    if (request.method === 'POST' && /\/time-entries$/.test(path) && !path.includes('/batch/')) {
      if (validCreate(body).ok) checkAgreement(body);
    } else if (request.method === 'PATCH' && /\/batch\/time-entries$/.test(path)) {
      const result = validBatchUpdate(body);
      if (!result.ok) return;
      for (const { id, ...changes } of result.value.updates) {
        checkUnlocked(find(id), changes);
        checkAgreement(changes);
      }
    } else if (request.method === 'PATCH' && /\/time-entries\/[^/]+$/.test(path) && !path.includes('/batch/')) {
      if (!validUpdate(body).ok) return;
      checkUnlocked(find(path.slice(path.lastIndexOf('/') + 1)), body);
      checkAgreement(body);
    }
  };
}

/**
 * Variant time-entry-assignment: a resource logs time (POST /time-entries) only on a task it is
 * assigned to by an allocation (spec 2.3 and 2.6 neither state nor forbid it); another valid
 * entry is refused with 409. Batch items are not checked.
 */
export function timeEntryAssignmentHook(stores: { readonly allocations: PartitionedStore<Allocation>; readonly ajv: Ajv }) {
  const validCreate = compileBody<Body>(stores.ajv, timeEntryCreateSchema());
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null || request.method !== 'POST') return;
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    if (!/\/time-entries$/.test(path) || path.includes('/batch/')) return;
    const body = (request.body ?? {}) as Body;
    if (!validCreate(body).ok) return;
    const { taskId, resourceId } = body as { taskId: string; resourceId: string };
    const assigned = stores.allocations
      .list(requireAuth(request).organisationId)
      .some((a) => a.resourceId?.toLowerCase() === resourceId.toLowerCase() && a.taskId.toLowerCase() === taskId.toLowerCase());
    if (!assigned) throw conflict(`resource ${resourceId} is not assigned to task ${taskId}`);
  };
}
