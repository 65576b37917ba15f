import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import type { TaskLookup } from '../models/tasks.js';
import { createTimeEntry, filterTimeEntries, patchTimeEntry, type TimeEntry, type TimeEntryFilter } from '../models/time-entries.js';
import { lastDayOf, paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  MIN_HOURS,
  minimumHoursIssue,
  timeEntryCreateSchema,
  timeEntryUpdateSchema,
  type TimeEntryCreateInput,
  type TimeEntryUpdateInput,
} from '../schemas/time-entries.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import { bent } from '../policy/bends.js';
import type { Policy } from '../policy/policy.js';
import { forgetFirstPages, sharedCopies, sharedPages, StaleCopies } from '../stale-copies.js';

export interface TimeEntriesRouteOptions {
  store: PartitionedStore<TimeEntry>;
  lookup: TaskLookup;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * spec 4.3: time entries CRUD (a real delete), scoped to the key's organisation.
 * taskId and resourceId need only be UUIDs: the reference does not require them to
 * name existing records (dangling ids are accepted; projectId is then null).
 */
export const timeEntriesRoutes: FastifyPluginAsync<TimeEntriesRouteOptions> = async (app, options) => {
  const { store, lookup, events, ajv } = options;
  const policy = options.policy.timeEntries;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<TimeEntryCreateInput>(ajv, timeEntryCreateSchema(policy.loosened));
  const validateUpdate = compileBody<TimeEntryUpdateInput>(ajv, timeEntryUpdateSchema(policy.loosened));
  // Deleted entries a total still counts (only under an interaction fault).
  const deleted = new StaleCopies<TimeEntry>();
  // A read cache and the entries a batch deleted, shared with the batch routes (only under an interaction fault).
  const batchFaults = options.policy.batch.interactions;
  const readCache = sharedCopies<TimeEntry>(store, 'read-cache');
  const batchDeleted = sharedCopies<TimeEntry>(store, 'batch-deleted');
  // List pages cached by query (only under an interaction fault): a write empties the first pages only.
  const pages = policy.interactions.pageCache === true ? sharedPages(store) : undefined;
  app.addHook('onRequest', async (request) => {
    if (pages !== undefined && request.method !== 'GET') forgetFirstPages(pages);
  });

  app.get('/time-entries', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = lists.lenientBooleans;
    const shapeOnly = policy.queryDatesShapeOnly;
    const filter: TimeEntryFilter = {
      taskId: query.uuid('taskId'),
      resourceId: query.uuid('resourceId'),
      projectId: query.uuid('projectId'),
      dateFrom: query.date('dateFrom', shapeOnly),
      dateTo: lastDayOf(query.date('dateTo', shapeOnly), lists),
      isBillable: query.boolean('isBillable', lenient),
      isInvoiced: query.boolean('isInvoiced', lenient),
    };
    const page = readPage(query, lists);
    query.finish();
    const pageKey = `${auth.organisationId} ${request.url}`;
    const cached = pages?.get(pageKey);
    if (cached !== undefined) return cached.body;

    for (const name of policy.ignoredFilters) delete filter[name];
    const source = policy.taskFilterScope === 'everywhere' && filter.taskId !== undefined ? store.listAll() : store.listed(auth.organisationId);
    const body = paginate(filterTimeEntries(source, filter), page, lists);
    if (policy.interactions.totalCountsDeleted === true && body.pagination?.total !== undefined) {
      body.pagination.total += filterTimeEntries(deleted.ownedBy(auth.organisationId), filter).length;
    }
    if (batchFaults.totalCountsBatchDeleted === true && body.pagination?.total !== undefined) {
      body.pagination.total += filterTimeEntries(batchDeleted.ownedBy(auth.organisationId), filter).length;
    }
    pages?.set(pageKey, { offset: page.offset, body });
    return body;
  });

  app.post('/time-entries', async (request, reply) => {
    const auth = requireAuth(request);
    const body = bent(request.body, policy.bends.create);
    const result = validateCreate(body);
    const issues = result.ok ? [] : [...result.issues];
    // spec 2.3 cross-field rule, reported with the schema issues unless hours already has one
    if (policy.minimumHoursOn !== 'none' && !issues.some((i) => i.path === 'hours')) {
      const issue = minimumHoursIssue(body, policy.minimumHoursOn === 'every-source');
      if (issue !== undefined) issues.push(policy.minimumHoursIssue(issue));
    }
    if (!result.ok || issues.length > 0) throw validationFailed(issues);
    const input = result.value;
    // only a loosened schema (dateNotRequired) lets date be missing here: the entry is dated today
    if (input.date === undefined) input.date = now().toISOString().slice(0, 10);
    const entry = createTimeEntry(input, lookup.projectIdOf(auth.organisationId, input.taskId), randomUUID(), now().toISOString(), {
      applyMarkedBilled: policy.loosened.markedBilledOnCreate === true,
    });
    store.insert(auth.organisationId, entry);
    events.publish(auth.organisationId, 'time_entry.created', entry);
    // spec 5.4: the answer never embeds a referenced record (an embedded task is looked up anywhere)
    const task = policy.embeddedTask.create ? lookup.nodeAnywhere(input.taskId) : undefined;
    return reply.code(201).send({ data: task === undefined ? entry : { ...entry, task: { id: task.id, name: task.name } } });
  });

  app.get<{ Params: IdParams }>('/time-entries/:id', async (request) => {
    const entry = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (entry === undefined) throw notFound('time entry');
    if (batchFaults.singleReadCache !== true) return { data: entry };
    readCache.keepFirst('', entry);
    return { data: readCache.get(entry.id) ?? entry };
  });

  app.patch<{ Params: IdParams }>('/time-entries/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(bent(request.body, policy.bends.update));
    if (!result.ok) throw validationFailed(result.issues);
    const found = findScoped(store, auth.organisationId, request.params.id, policy.updateScope === 'everywhere');
    if (found === undefined) throw notFound('time entry');
    const { organisationId: owner, record: existing } = found;
    const input = result.value;
    // only a loosened schema (updateHoursTimerLenient) lets 0 < hours < 0.25 through
    if (input.hours !== undefined && input.hours < MIN_HOURS && existing.entrySource !== 'timer') {
      throw validationFailed([{ path: 'hours', message: `must be >= ${MIN_HOURS}` }]);
    }
    const projectId = input.taskId === undefined ? existing.projectId : lookup.projectIdOf(owner, input.taskId);
    const updated = patchTimeEntry(existing, input, projectId, now().toISOString(), {
      ...policy.patch,
      applyEntrySource: policy.loosened.entrySourceOnUpdate === true,
    });
    store.replace(owner, updated);
    if (batchFaults.singleReadCache === true) readCache.refresh('', updated);
    // spec 5.4: the answer never embeds a referenced record (an embedded task is looked up anywhere)
    const task = policy.embeddedTask.update && input.taskId !== undefined ? lookup.nodeAnywhere(input.taskId) : undefined;
    return { data: task === undefined ? updated : { ...updated, task: { id: task.id, name: task.name } } };
  });

  // spec 2: time entries are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/time-entries/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('time entry');
    if (policy.deleteRemoves) store.delete(auth.organisationId, existing.id);
    if (policy.interactions.totalCountsDeleted === true) deleted.keepFirst(auth.organisationId, existing);
    readCache.drop(existing.id);
    return reply.code(204).send();
  });
};
