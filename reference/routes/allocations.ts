import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import { createAllocation, filterAllocations, patchAllocation, type Allocation, type AllocationFilter } from '../models/allocations.js';
import type { TaskLookup } from '../models/tasks.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  allocationCreateSchema,
  allocationUpdateSchema,
  constraintReasonIssue,
  type AllocationCreateInput,
  type AllocationSchemaLoosening,
  type AllocationUpdateInput,
  type ReasonLengthRule,
} from '../schemas/allocations.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, type BodyValidator } from '../validation.js';
import type { Policy } from '../policy/policy.js';

export interface AllocationsRouteOptions {
  store: PartitionedStore<Allocation>;
  lookup: TaskLookup;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

function loosening(faults: FaultSet): AllocationSchemaLoosening {
  return {
    dateShapeOnly: faults.has('al-date-unchecked'),
    hoursPerDayUnbounded: faults.has('al-hours-per-day-unbounded'),
    endDateNotRequired: faults.has('al-end-date-not-required'),
    resourceUuidUnchecked: faults.has('al-resource-uuid-unchecked'),
  };
}

/**
 * Under al-patch-resets-omitted the update starts from these instead of the stored values:
 * the optional fields' create defaults (taskId and the dates, required on create, stay).
 */
const RESET_ON_PATCH: Partial<Allocation> = {
  resourceId: null,
  groupId: null,
  hoursPerDay: null,
  hours: null,
  notes: null,
  constraintAcknowledged: false,
  constraintReason: null,
};

/** Fault al-notes-stringified: a non-null, non-string notes value becomes String(value) before validation. */
function stringifiedNotes(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { notes } = body as { notes?: unknown };
  return notes === undefined || notes === null || typeof notes === 'string' ? body : { ...body, notes: String(notes) };
}

function reasonRule(faults: FaultSet): ReasonLengthRule {
  if (faults.has('al-reason-unbounded')) return 'unbounded';
  return faults.has('al-reason-untrimmed') ? 'untrimmed' : 'trimmed';
}

/**
 * spec 4.6: allocations CRUD (a real delete), scoped to the key's organisation. taskId,
 * resourceId and groupId need only be UUIDs: the reference does not require them to name
 * existing records (dangling ids are accepted; projectId is then null).
 */
export const allocationsRoutes: FastifyPluginAsync<AllocationsRouteOptions> = async (app, options) => {
  const { store, lookup, faults, policy, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const rule = reasonRule(faults);
  const validateCreate = compileBody<AllocationCreateInput>(ajv, allocationCreateSchema(loose));
  const validateUpdate = compileBody<AllocationUpdateInput>(ajv, allocationUpdateSchema(loose));
  /** Ids deleted under the al-delete-list-only fault (always empty without it). */
  const listOnlyDeleted = new Set<string>();

  /** Schema issues and the constraintReason length issue, reported together. */
  function validated<T>(validate: BodyValidator<T>, raw: unknown): T {
    const body = faults.has('al-notes-stringified') ? stringifiedNotes(raw) : raw;
    const result = validate(body);
    const issues = result.ok ? [] : [...result.issues];
    const reason = constraintReasonIssue(body, rule);
    if (reason !== undefined) issues.push(reason);
    if (!result.ok || issues.length > 0) throw validationFailed(issues);
    return result.value;
  }

  app.get('/allocations', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    // al-query-uuid-unchecked: the id filters take any string (a non-UUID matches nothing)
    const id = faults.has('al-query-uuid-unchecked') ? (name: string) => query.string(name) : (name: string) => query.uuid(name);
    const filter: AllocationFilter = {
      resourceId: id('resourceId'),
      taskId: id('taskId'),
      projectId: id('projectId'),
      // spec 4.6, 7: <date> filters, rejected unless real dates
      dateFrom: query.date('dateFrom'),
      dateTo: query.date('dateTo'),
    };
    const page = readPage(query, policy.lists);
    query.finish();
    if (faults.has('al-filter-project-ignored')) delete filter.projectId;
    if (faults.has('al-filter-date-ignored')) {
      delete filter.dateFrom;
      delete filter.dateTo;
    }
    const all = store.listed(auth.organisationId);
    // al-delete-list-only: a deleted allocation stays stored but leaves the lists
    const listed = faults.has('al-delete-list-only') ? all.filter((a) => !listOnlyDeleted.has(a.id)) : all;
    return paginate(filterAllocations(listed, filter), page, policy.lists);
  });

  app.post('/allocations', async (request, reply) => {
    const auth = requireAuth(request);
    const validInput = validated(validateCreate, request.body);
    // al-notes-dropped-on-create: the notes sent are not stored (undefined counts as absent)
    const input = faults.has('al-notes-dropped-on-create') ? { ...validInput, notes: undefined } : validInput;
    const allocation = createAllocation(input, lookup.projectIdOf(auth.organisationId, input.taskId), randomUUID(), now().toISOString());
    store.insert(auth.organisationId, allocation);
    return reply.code(201).send({ data: allocation });
  });

  app.get<{ Params: IdParams }>('/allocations/:id', async (request) => {
    const allocation = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (allocation === undefined) throw notFound('allocation');
    return { data: allocation };
  });

  app.patch<{ Params: IdParams }>('/allocations/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const input = validated(validateUpdate, request.body);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('allocation');
    const projectId = input.taskId === undefined ? existing.projectId : lookup.projectIdOf(auth.organisationId, input.taskId);
    const base = faults.has('al-patch-resets-omitted') ? { ...existing, ...RESET_ON_PATCH } : existing;
    const updated = patchAllocation(base, input, projectId, now().toISOString(), { ignoreNull: faults.has('al-null-ignored') });
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: allocations are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/allocations/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const found = findScoped(store, auth.organisationId, request.params.id, faults.has('sec-allocation-cross-org-delete'));
    if (found === undefined) throw notFound('allocation');
    if (faults.has('al-delete-list-only')) listOnlyDeleted.add(found.record.id);
    else store.delete(found.organisationId, found.record.id);
    return reply.code(204).send();
  });
};
