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

export interface AllocationsRouteOptions {
  store: PartitionedStore<Allocation>;
  lookup: TaskLookup;
  faults: FaultSet;
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
  const { store, lookup, faults, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const rule = reasonRule(faults);
  const validateCreate = compileBody<AllocationCreateInput>(ajv, allocationCreateSchema(loose));
  const validateUpdate = compileBody<AllocationUpdateInput>(ajv, allocationUpdateSchema(loose));

  /** Schema issues and the constraintReason length issue, reported together. */
  function validated<T>(validate: BodyValidator<T>, body: unknown): T {
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
    const filter: AllocationFilter = {
      resourceId: query.uuid('resourceId'),
      taskId: query.uuid('taskId'),
      projectId: query.uuid('projectId'),
      // spec 4.6, 7: <date> filters, rejected unless real dates
      dateFrom: query.date('dateFrom'),
      dateTo: query.date('dateTo'),
    };
    const page = readPage(query, faults);
    query.finish();
    if (faults.has('al-filter-project-ignored')) delete filter.projectId;
    if (faults.has('al-filter-date-ignored')) {
      delete filter.dateFrom;
      delete filter.dateTo;
    }
    return paginate(filterAllocations(store.list(auth.organisationId), filter), page, faults);
  });

  app.post('/allocations', async (request, reply) => {
    const auth = requireAuth(request);
    const input = validated(validateCreate, request.body);
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
    const updated = patchAllocation(existing, input, projectId, now().toISOString(), { ignoreNull: faults.has('al-null-ignored') });
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: allocations are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/allocations/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const found = findScoped(store, auth.organisationId, request.params.id, faults.has('sec-allocation-cross-org-delete'));
    if (found === undefined) throw notFound('allocation');
    store.delete(found.organisationId, found.record.id);
    return reply.code(204).send();
  });
};
