import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import type { TaskLookup } from '../models/tasks.js';
import { createTimeEntry, filterTimeEntries, patchTimeEntry, type TimeEntry, type TimeEntryFilter } from '../models/time-entries.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  lowerCaseEntrySource,
  MIN_HOURS,
  minimumHoursIssue,
  truthyIsBillable,
  timeEntryCreateSchema,
  timeEntryUpdateSchema,
  type TimeEntryCreateInput,
  type TimeEntrySchemaLoosening,
  type TimeEntryUpdateInput,
} from '../schemas/time-entries.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';

export interface TimeEntriesRouteOptions {
  store: PartitionedStore<TimeEntry>;
  lookup: TaskLookup;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

function loosening(faults: FaultSet): TimeEntrySchemaLoosening {
  return {
    dateShapeOnly: faults.has('te-date-unchecked'),
    hoursUpTo48: faults.has('te-hours-over-24'),
    durationUnbounded: faults.has('te-duration-unbounded'),
    startTimeLenient: faults.has('te-start-time-lenient'),
    markedBilledOnCreate: faults.has('te-marked-billed-on-create'),
    entrySourceOnUpdate: faults.has('te-entry-source-on-update'),
    updateHoursTimerLenient: faults.has('te-update-hours-timer-lenient'),
    dateNotRequired: faults.has('te-date-not-required'),
    resourceUuidUnchecked: faults.has('te-resource-uuid-unchecked'),
    entrySourceUnchecked: faults.has('te-entry-source-unchecked'),
  };
}

/**
 * Under te-patch-resets-omitted the update starts from these instead of the stored values:
 * the optional fields' create defaults (the required ones, and entrySource, stay).
 */
const RESET_ON_PATCH: Partial<TimeEntry> = {
  durationSeconds: null,
  startTime: null,
  description: null,
  isBillable: false,
  billableRate: null,
  markedBilled: false,
  tags: [],
};

/** The body as the faults that bend its values before validation see it; the body itself without them. */
function bentBody(body: unknown, faults: FaultSet, create: boolean): unknown {
  let bent = body;
  if (create && faults.has('te-entry-source-case-insensitive')) bent = lowerCaseEntrySource(bent);
  if (faults.has('te-billable-truthy')) bent = truthyIsBillable(bent);
  return bent;
}

/**
 * spec 4.3: time entries CRUD (a real delete), scoped to the key's organisation.
 * taskId and resourceId need only be UUIDs: the reference does not require them to
 * name existing records (dangling ids are accepted; projectId is then null).
 */
export const timeEntriesRoutes: FastifyPluginAsync<TimeEntriesRouteOptions> = async (app, options) => {
  const { store, lookup, events, faults, policy, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const validateCreate = compileBody<TimeEntryCreateInput>(ajv, timeEntryCreateSchema(loose));
  const validateUpdate = compileBody<TimeEntryUpdateInput>(ajv, timeEntryUpdateSchema(loose));

  app.get('/time-entries', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = policy.lists.lenientBooleans;
    const shapeOnly = faults.has('te-query-date-unchecked');
    const filter: TimeEntryFilter = {
      taskId: query.uuid('taskId'),
      resourceId: query.uuid('resourceId'),
      projectId: query.uuid('projectId'),
      dateFrom: query.date('dateFrom', shapeOnly),
      dateTo: query.date('dateTo', shapeOnly),
      isBillable: query.boolean('isBillable', lenient),
      isInvoiced: query.boolean('isInvoiced', lenient),
    };
    const page = readPage(query, policy.lists);
    query.finish();

    if (faults.has('te-filter-project-ignored')) delete filter.projectId;
    if (faults.has('te-filter-date-ignored')) {
      delete filter.dateFrom;
      delete filter.dateTo;
    }
    if (faults.has('te-filter-invoiced-ignored')) delete filter.isInvoiced;
    if (faults.has('te-filter-task-ignored')) delete filter.taskId;
    if (faults.has('te-filter-resource-ignored')) delete filter.resourceId;
    if (faults.has('te-filter-billable-ignored')) delete filter.isBillable;
    // sec-time-entry-list-leak: a taskId filter searches every organisation's entries
    const source = faults.has('sec-time-entry-list-leak') && filter.taskId !== undefined ? store.listAll() : store.listed(auth.organisationId);
    return paginate(filterTimeEntries(source, filter), page, policy.lists);
  });

  app.post('/time-entries', async (request, reply) => {
    const auth = requireAuth(request);
    const body = bentBody(request.body, faults, true);
    const result = validateCreate(body);
    const issues = result.ok ? [] : [...result.issues];
    // spec 2.3 cross-field rule, reported with the schema issues unless hours already has one
    if (!faults.has('te-min-hours-ignored') && !issues.some((i) => i.path === 'hours')) {
      const issue = minimumHoursIssue(body, faults.has('te-timer-min-enforced'));
      if (issue !== undefined) {
        // te-min-hours-issue-unnamed: the rule is reported about the whole body, naming no field
        issues.push(faults.has('te-min-hours-issue-unnamed') ? { path: '', message: 'an entry not from a timer must last at least 15 minutes' } : issue);
      }
    }
    if (!result.ok || issues.length > 0) throw validationFailed(issues);
    const input = result.value;
    // only under te-date-not-required can date be missing here: the entry is dated today
    if (input.date === undefined) input.date = now().toISOString().slice(0, 10);
    const entry = createTimeEntry(input, lookup.projectIdOf(auth.organisationId, input.taskId), randomUUID(), now().toISOString(), {
      applyMarkedBilled: faults.has('te-marked-billed-on-create'),
    });
    store.insert(auth.organisationId, entry);
    events.publish(auth.organisationId, 'time_entry.created', entry);
    // spec 5.4: the fault-free answer never embeds a referenced record; sec-reference-leak
    // names the task, whichever organisation owns it
    const task = faults.has('sec-reference-leak') ? lookup.nodeAnywhere(input.taskId) : undefined;
    return reply.code(201).send({ data: task === undefined ? entry : { ...entry, task: { id: task.id, name: task.name } } });
  });

  app.get<{ Params: IdParams }>('/time-entries/:id', async (request) => {
    const entry = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (entry === undefined) throw notFound('time entry');
    return { data: entry };
  });

  app.patch<{ Params: IdParams }>('/time-entries/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(bentBody(request.body, faults, false));
    if (!result.ok) throw validationFailed(result.issues);
    const found = findScoped(store, auth.organisationId, request.params.id, faults.has('sec-time-entry-cross-org-update'));
    if (found === undefined) throw notFound('time entry');
    const { organisationId: owner, record: stored } = found;
    const existing = faults.has('te-patch-resets-omitted') ? { ...stored, ...RESET_ON_PATCH } : stored;
    const input = result.value;
    // only under te-update-hours-timer-lenient does the schema let 0 < hours < 0.25 through
    if (input.hours !== undefined && input.hours < MIN_HOURS && existing.entrySource !== 'timer') {
      throw validationFailed([{ path: 'hours', message: `must be >= ${MIN_HOURS}` }]);
    }
    const projectId = input.taskId === undefined ? existing.projectId : lookup.projectIdOf(owner, input.taskId);
    const updated = patchTimeEntry(existing, input, projectId, now().toISOString(), {
      ignoreNull: faults.has('te-null-ignored'),
      applyEntrySource: faults.has('te-entry-source-on-update'),
    });
    store.replace(owner, updated);
    // sec-update-reference-leak: the answer names the task the entry moved to, whichever organisation owns it
    const task = faults.has('sec-update-reference-leak') && input.taskId !== undefined ? lookup.nodeAnywhere(input.taskId) : undefined;
    return { data: task === undefined ? updated : { ...updated, task: { id: task.id, name: task.name } } };
  });

  // spec 2: time entries are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/time-entries/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('time entry');
    if (!faults.has('te-delete-ignored')) store.delete(auth.organisationId, existing.id);
    return reply.code(204).send();
  });
};
