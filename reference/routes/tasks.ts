import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { findOwned, recordKey, type IdParams } from '../lookup.js';
import { createTask, filterTasks, patchTask, softDeleteTask, type Task, type TaskFilter, type TaskLookup } from '../models/tasks.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  LIFECYCLE_SCOPES,
  TASK_UPDATE_NULLABLE_FIELDS,
  taskCreateSchema,
  taskUpdateSchema,
  type TaskCreateInput,
  type TaskSchemaLoosening,
  type TaskUpdateInput,
} from '../schemas/tasks.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { VariantSet } from '../variants.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';

export interface TasksRouteOptions {
  store: PartitionedStore<Task>;
  lookup: TaskLookup;
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

/** Variant transitions-terminal-409 (spec 3.2 shows no transitions): a finished task keeps its status. */
const TERMINAL_TASK_STATUSES: ReadonlySet<string> = new Set(['completed', 'cancelled']);

function loosening(faults: FaultSet): TaskSchemaLoosening {
  return {
    statusOnCreate: faults.has('tk-status-on-create'),
    colorUnchecked: faults.has('tk-color-unchecked'),
    statusUnchecked: faults.has('tk-status-enum-unchecked'),
    negativePosition: faults.has('tk-negative-position'),
    versionNotRequired: faults.has('tk-version-not-required'),
    parentOnUpdate: faults.has('tk-parent-on-update'),
    typeIdUnchecked: faults.has('tk-type-id-uuid-unchecked'),
  };
}

/**
 * spec 4.7 lifecycleScope (default `all`); the tk-lifecycle-scope-unchecked fault takes any value, reading all but
 * `active` as `all`; the tk-lifecycle-default-active fault defaults to `active`; the
 * tk-lifecycle-active-lists-deleted fault reads `active` as `all`.
 */
function readLifecycleScope(query: QueryReader, faults: FaultSet): 'active' | 'all' {
  const scope = faults.has('tk-lifecycle-scope-unchecked')
    ? query.string('lifecycleScope') === 'active' ? 'active' : 'all'
    : query.oneOf('lifecycleScope', LIFECYCLE_SCOPES) ?? (faults.has('tk-lifecycle-default-active') ? 'active' : 'all');
  return faults.has('tk-lifecycle-active-lists-deleted') ? 'all' : scope;
}

/**
 * spec 4.7: tasks CRUD (soft delete), scoped to the key's organisation. Seeded projects
 * are the root tasks: GET /tasks/{projectId} reads one, but they are not listed by
 * GET /tasks and cannot be patched or deleted here (404), since the reference does not
 * manage projects (spec 4.12 leaves their endpoints out).
 */
export const tasksRoutes: FastifyPluginAsync<TasksRouteOptions> = async (app, options) => {
  const { store, lookup, events, faults, policy, variants, ajv } = options;
  const terminal = variants.has('transitions-terminal-409');
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const validateCreate = compileBody<TaskCreateInput>(ajv, taskCreateSchema(loose));
  const validateUpdate = compileBody<TaskUpdateInput>(ajv, taskUpdateSchema(loose));

  /** tk-patch-resets-omitted: the update starts from a record whose nullable fields are cleared. */
  const faultyBase = (existing: Task): Task =>
    faults.has('tk-patch-resets-omitted') ? { ...existing, ...Object.fromEntries(TASK_UPDATE_NULLABLE_FIELDS.map((f) => [f, null])) } : existing;
  /** tk-null-ignored drops the nulls; tk-update-description-ignored drops description. */
  const faultyChanges = (input: TaskUpdateInput): TaskUpdateInput => {
    if (faults.has('tk-update-description-ignored')) return { ...input, description: undefined };
    if (faults.has('tk-null-ignored')) return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)) as TaskUpdateInput;
    return input;
  };

  app.get('/tasks', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: TaskFilter = {
      projectId: query.uuid('projectId'),
      parentTaskId: query.uuid('parentTaskId'),
      search: query.string('search'),
      lifecycleScope: readLifecycleScope(query, faults),
    };
    const page = readPage(query, policy.lists);
    query.finish();
    if (faults.has('tk-filter-parent-ignored')) delete filter.parentTaskId;
    if (faults.has('tk-filter-project-ignored')) delete filter.projectId;
    if (faults.has('tk-search-ignored')) delete filter.search;
    // sec-task-list-leak: a projectId filter searches every organisation's tasks
    const source = faults.has('sec-task-list-leak') && filter.projectId !== undefined ? store.listAll() : store.listed(auth.organisationId);
    return paginate(filterTasks(source, filter), page, policy.lists);
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
    if (faults.has('tk-parent-task-refused') && parent.id !== parent.projectId) {
      throw validationFailed([{ path: 'parentTaskId', message: 'must name a project' }]);
    }
    const task = createTask(result.value, parent, randomUUID(), now().toISOString(), { applyStatus: faults.has('tk-status-on-create') });
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
    // Refused before anything is written: a 409 leaves the task as it was.
    const sent = result.value.status;
    const halfApply = faults.has('tk-refused-status-half-applied');
    if ((terminal || halfApply) && TERMINAL_TASK_STATUSES.has(existing.status) && sent !== undefined && sent !== existing.status) {
      // tk-refused-status-half-applied: the rest of the body is written before the refusal
      if (halfApply) store.replace(auth.organisationId, patchTask(existing, { ...result.value, status: undefined }, now().toISOString()));
      throw conflict(`the status of a ${existing.status} task cannot be changed`);
    }
    if (faults.has('tk-status-blocked-refused') && sent === 'blocked') throw conflict('a task cannot be blocked');
    // The variant's workflow: work is completed only once it was in progress.
    if (terminal && sent === 'completed' && existing.status !== 'completed' && existing.status !== 'in_progress') {
      throw conflict(`a ${existing.status} task cannot be completed: move it to in_progress first`);
    }
    const updated = patchTask(faultyBase(existing), faultyChanges(result.value), now().toISOString(), { applyParent: faults.has('tk-parent-on-update') });
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
    if (faults.has('tk-delete-returns-200')) return { data: deleted };
    return reply.code(204).send();
  });
};
