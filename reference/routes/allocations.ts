import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import { withoutFields } from '../models/fields.js';
import { createAllocation, filterAllocations, patchAllocation, type Allocation, type AllocationFilter } from '../models/allocations.js';
import type { TaskLookup } from '../models/tasks.js';
import { lastDayOf, paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  allocationCreateSchema,
  allocationUpdateSchema,
  constraintReasonIssue,
  type AllocationCreateInput,
  type AllocationUpdateInput,
} from '../schemas/allocations.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, type BodyValidator } from '../validation.js';
import { bent } from '../policy/bends.js';
import { StaleCopies } from '../stale-copies.js';
import type { Policy } from '../policy/policy.js';

export interface AllocationsRouteOptions {
  store: PartitionedStore<Allocation>;
  lookup: TaskLookup;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * A PATCH that resets omitted fields starts from these instead of the stored values:
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

/**
 * spec 4.6: allocations CRUD (a real delete), scoped to the key's organisation. taskId,
 * resourceId and groupId need only be UUIDs: the reference does not require them to name
 * existing records (dangling ids are accepted; projectId is then null).
 */
export const allocationsRoutes: FastifyPluginAsync<AllocationsRouteOptions> = async (app, options) => {
  const { store, lookup, ajv } = options;
  const policy = options.policy.allocations;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<AllocationCreateInput>(ajv, allocationCreateSchema(policy.loosened));
  const validateUpdate = compileBody<AllocationUpdateInput>(ajv, allocationUpdateSchema(policy.loosened));
  /** Ids deleted but only hidden from lists (always empty when DELETE removes). */
  const hidden = new Set<string>();
  // A resource index that create fills and PATCH does not refresh (only under an interaction fault).
  const resourceIndex = new StaleCopies<Allocation>();

  /** Schema issues and the constraintReason length issue, reported together. */
  function validated<T>(validate: BodyValidator<T>, raw: unknown): T {
    const body = bent(raw, policy.bends);
    const result = validate(body);
    const issues = result.ok ? [] : [...result.issues];
    const reason = constraintReasonIssue(body, policy.reasonLength);
    if (reason !== undefined) issues.push(reason);
    if (!result.ok || issues.length > 0) throw validationFailed(issues);
    return result.value;
  }

  app.get('/allocations', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    // an unchecked id filter takes any string (a non-UUID matches nothing)
    const id = (name: keyof AllocationFilter): string | undefined => (policy.uncheckedFilters.includes(name) ? query.string(name) : query.uuid(name));
    const filter: AllocationFilter = {
      resourceId: id('resourceId'),
      taskId: id('taskId'),
      projectId: id('projectId'),
      // spec 4.6, 7: <date> filters, rejected unless real dates
      dateFrom: query.date('dateFrom'),
      dateTo: lastDayOf(query.date('dateTo'), lists),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const all = store.listed(auth.organisationId);
    // a hidden allocation stays stored but leaves the lists
    const listed = hidden.size === 0 ? all : all.filter((a) => !hidden.has(a.id));
    const indexed: Array<keyof Allocation> = policy.interactions.resourceIndex === true && filter.resourceId !== undefined ? ['resourceId'] : [];
    return paginate(
      resourceIndex.filterIndexed(listed, indexed, (records) => filterAllocations(records, filter)),
      page,
      lists,
    );
  });

  app.post('/allocations', async (request, reply) => {
    const auth = requireAuth(request);
    const input = withoutFields(validated(validateCreate, request.body), policy.droppedOnCreate);
    const allocation = createAllocation(input, lookup.projectIdOf(auth.organisationId, input.taskId), randomUUID(), now().toISOString());
    store.insert(auth.organisationId, allocation);
    if (policy.interactions.resourceIndex === true) resourceIndex.keepFirst(auth.organisationId, allocation);
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
    const base = policy.patch.resetOmitted ? { ...existing, ...RESET_ON_PATCH } : existing;
    const updated = patchAllocation(base, input, projectId, now().toISOString(), { ignoreNull: policy.patch.ignoreNull });
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: allocations are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/allocations/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const found = findScoped(store, auth.organisationId, request.params.id, policy.deleteScope === 'everywhere');
    if (found === undefined) throw notFound('allocation');
    if (policy.deleteEffect === 'hidden-from-lists') hidden.add(found.record.id);
    else store.delete(found.organisationId, found.record.id);
    return reply.code(204).send();
  });
};
