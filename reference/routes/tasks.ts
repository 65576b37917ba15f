import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import { findOwned, recordKey, type IdParams } from '../lookup.js';
import { createTask, filterTasks, patchTask, softDeleteTask, type Task, type TaskFilter, type TaskLookup } from '../models/tasks.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import { LIFECYCLE_SCOPES, taskCreateSchema, taskUpdateSchema, type TaskCreateInput, type TaskUpdateInput } from '../schemas/tasks.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';
import type { TasksPolicy } from './tasks.faults.js';

export interface TasksRouteOptions {
  store: PartitionedStore<Task>;
  lookup: TaskLookup;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/** spec 4.7 lifecycleScope: active or all, all when absent (as the policy reads it). */
function readLifecycleScope(query: QueryReader, lifecycle: TasksPolicy['lifecycle']): 'active' | 'all' {
  const scope = lifecycle.checked
    ? (query.oneOf('lifecycleScope', LIFECYCLE_SCOPES) ?? lifecycle.absent)
    : query.string('lifecycleScope') === 'active'
      ? 'active'
      : 'all';
  return lifecycle.activeApplied ? scope : 'all';
}

/** The update without the fields the policy leaves unapplied (none in the spec). */
function applied(input: TaskUpdateInput, unapplied: TasksPolicy['unappliedUpdates']): TaskUpdateInput {
  if (unapplied.length === 0) return input;
  return { ...input, ...Object.fromEntries(unapplied.map((field) => [field, undefined])) };
}

/**
 * spec 4.7: tasks CRUD (soft delete), scoped to the key's organisation. Seeded projects
 * are the root tasks: GET /tasks/{projectId} reads one, but they are not listed by
 * GET /tasks and cannot be patched or deleted here (404), since the reference does not
 * manage projects (spec 4.12 leaves their endpoints out).
 */
export const tasksRoutes: FastifyPluginAsync<TasksRouteOptions> = async (app, options) => {
  const { store, lookup, events, ajv } = options;
  const policy = options.policy.tasks;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<TaskCreateInput>(ajv, taskCreateSchema(policy.loosened));
  const validateUpdate = compileBody<TaskUpdateInput>(ajv, taskUpdateSchema(policy.loosened));

  app.get('/tasks', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: TaskFilter = {
      projectId: query.uuid('projectId'),
      parentTaskId: query.uuid('parentTaskId'),
      search: query.string('search'),
      lifecycleScope: readLifecycleScope(query, policy.lifecycle),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const everywhere = policy.projectFilterScope === 'everywhere' && filter.projectId !== undefined;
    const source = everywhere ? store.listAll() : store.listed(auth.organisationId);
    return paginate(filterTasks(source, filter), page, lists);
  });

  app.post('/tasks', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    // spec 2.7: the parent is "a project or another task". An unknown (or soft-deleted)
    // parent makes the body invalid: 400 with an issue on parentTaskId, not a 404.
    const parent = lookup.node(auth.organisationId, result.value.parentTaskId);
    if (parent === undefined || parent.deletedAt !== null) {
      throw validationFailed([{ path: 'parentTaskId', message: 'must name a project or a live task of this organisation' }]);
    }
    // a project is its own root task (projectId === id)
    if (policy.parents === 'project' && parent.id !== parent.projectId) {
      throw validationFailed([{ path: 'parentTaskId', message: 'must name a project' }]);
    }
    const task = createTask(result.value, parent, randomUUID(), now().toISOString(), { applyStatus: policy.loosened.statusOnCreate === true });
    store.insert(auth.organisationId, task);
    events.publish(auth.organisationId, 'task.created', task);
    return reply.code(201).send({ data: task });
  });

  app.get<{ Params: IdParams }>('/tasks/:id', async (request) => {
    const key = recordKey(request.params.id);
    const task = key === undefined ? undefined : lookup.node(requireAuth(request).organisationId, key);
    if (task === undefined) throw notFound('task');
    return { data: task };
  });

  // A soft-deleted task can still be patched: it is a record that GET reads.
  app.patch<{ Params: IdParams }>('/tasks/:id', async (request) => {
    const auth = requireAuth(request);
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('task');
    // Refused before anything is written: a 409 leaves the task as it was (unless the policy writes the rest first).
    const sent = result.value.status;
    const final = (policy.finalStatuses as readonly string[]).includes(existing.status);
    if (final && sent !== undefined && sent !== existing.status) {
      if (policy.refusalWritesRest) store.replace(auth.organisationId, patchTask(existing, { ...result.value, status: undefined }, now().toISOString()));
      throw conflict(`the status of a ${existing.status} task cannot be changed`);
    }
    if (sent !== undefined && policy.refusedStatuses.includes(sent)) throw conflict(`a task cannot be ${sent}`);
    const from = policy.completableFrom;
    if (from !== 'any' && sent === 'completed' && existing.status !== 'completed' && !(from as readonly string[]).includes(existing.status)) {
      throw conflict(`a ${existing.status} task cannot be completed: move it to ${from.join(' or ')} first`);
    }
    const behaviour = { applyParent: policy.loosened.parentOnUpdate === true, ...policy.patch };
    const updated = patchTask(existing, applied(result.value, policy.unappliedUpdates), now().toISOString(), behaviour);
    store.replace(auth.organisationId, updated);
    // spec 6: task.completed when an update moves the status to `completed` from another one
    // (setting `completed` again is no new completion)
    if (updated.status === 'completed' && existing.status !== 'completed') events.publish(auth.organisationId, 'task.completed', updated);
    return { data: updated };
  });

  // Soft delete: deletedAt is set, children are left alone, a second delete is another 204.
  app.delete<{ Params: IdParams }>('/tasks/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('task');
    const deleted = softDeleteTask(existing, now().toISOString());
    store.replace(auth.organisationId, deleted);
    if (policy.deleteAnswer === 'record') return { data: deleted };
    return reply.code(204).send();
  });
};
