import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import { withoutFields } from '../models/fields.js';
import { completeMilestone, createMilestone, filterMilestones, patchMilestone, type Milestone, type MilestoneFilter } from '../models/milestones.js';
import { lastDayOf, paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  MILESTONE_STATUSES,
  milestoneCompleteSchema,
  milestoneCreateSchema,
  milestoneUpdateSchema,
  type MilestoneCompleteInput,
  type MilestoneCreateInput,
  type MilestoneUpdateInput,
} from '../schemas/milestones.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, utcDate } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';
import { StaleCopies } from '../stale-copies.js';

export interface MilestonesRouteOptions {
  store: PartitionedStore<Milestone>;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  /** Also decides "today" (UTC), the completedDate of a complete without one. */
  now?: () => Date;
}

/**
 * spec 4.8: milestones CRUD (a real delete) plus complete, scoped to the key's organisation.
 * projectId and typeId need only be UUIDs: the reference does not require them to name
 * existing records (any UUID is accepted as projectId).
 */
export const milestonesRoutes: FastifyPluginAsync<MilestonesRouteOptions> = async (app, options) => {
  const { store, events, ajv } = options;
  const policy = options.policy.milestones;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<MilestoneCreateInput>(ajv, milestoneCreateSchema(policy.loosened));
  const validateUpdate = compileBody<MilestoneUpdateInput>(ajv, milestoneUpdateSchema(policy.loosened));
  const validateComplete = compileBody<MilestoneCompleteInput>(ajv, milestoneCompleteSchema(policy.loosened));
  /** Ids deleted but only hidden from lists: still readable by id (always empty when DELETE removes). */
  const hidden = new Set<string>();
  // What create and PATCH wrote last, which complete does not refresh (only under an interaction fault).
  const writes = new StaleCopies<Milestone>();
  // Copies of the milestones GET /milestones?status=completed listed, which GET by id answers from until a DELETE (an interaction fault).
  const completedCopies = new StaleCopies<Milestone>();

  app.get('/milestones', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: MilestoneFilter = {
      projectId: query.uuid('projectId'),
      status: query.oneOf('status', MILESTONE_STATUSES),
      // spec 4.8, 7: <date> filters, rejected unless real dates
      dateFrom: query.date('dateFrom', policy.uncheckedFilters.includes('dateFrom')),
      dateTo: lastDayOf(query.date('dateTo', policy.uncheckedFilters.includes('dateTo')), lists),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const all = store.listed(auth.organisationId);
    const listed = hidden.size === 0 ? all : all.filter((m) => !hidden.has(m.id));
    const found = filterMilestones(listed, filter);
    if (policy.interactions.completedListCache === true && filter.status === 'completed')
      for (const m of found) completedCopies.keepFirst(auth.organisationId, m);
    return paginate(found, page, lists);
  });

  app.post('/milestones', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = withoutFields(result.value, policy.droppedOnCreate);
    const milestone = store.insert(auth.organisationId, createMilestone(input, randomUUID(), now().toISOString()));
    if (policy.interactions.updateFromCopy === true) writes.refresh(auth.organisationId, milestone);
    return reply.code(201).send({ data: milestone });
  });

  app.get<{ Params: IdParams }>('/milestones/:id', async (request) => {
    const milestone = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (milestone === undefined) throw notFound('milestone');
    return { data: completedCopies.get(milestone.id) ?? milestone };
  });

  app.patch<{ Params: IdParams }>('/milestones/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const stored = findOwned(store, auth.organisationId, request.params.id);
    if (stored === undefined) throw notFound('milestone');
    // The copy of the last create or PATCH, where complete left no trace (an interaction fault).
    const copy = policy.interactions.updateFromCopy === true ? writes.get(stored.id) : undefined;
    const existing = copy === undefined ? stored : { ...stored, status: copy.status, completedDate: copy.completedDate };
    const updated = patchMilestone(existing, result.value, now().toISOString(), { applyProject: policy.loosened.projectOnUpdate === true });
    store.replace(auth.organisationId, updated);
    if (policy.interactions.updateFromCopy === true) writes.refresh(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: milestones are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/milestones/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('milestone');
    if (policy.deleteEffect === 'hidden-from-lists') hidden.add(existing.id);
    else store.delete(auth.organisationId, existing.id);
    completedCopies.drop(existing.id);
    return reply.code(204).send();
  });

  // spec 3.3, 4.8: optional body `{completedDate?: <date>}`; no body at all is the same as {}.
  // Without a completedDate the milestone is completed today (UTC).
  app.post<{ Params: IdParams }>('/milestones/:id/complete', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    const rules = policy.complete;
    const result = validateComplete(request.body ?? {});
    if (!result.ok) throw validationFailed(result.issues);
    const found = findScoped(store, auth.organisationId, request.params.id, rules.scope === 'everywhere');
    if (found === undefined) throw notFound('milestone');
    const { status } = found.record;
    if (rules.finalAfterWrite.includes(status)) {
      // the completedDate sent is stored, then the request is refused anyway
      if (result.value.completedDate !== undefined) store.replace(found.organisationId, { ...found.record, completedDate: result.value.completedDate });
      throw conflict(`a ${status} milestone cannot be completed`);
    }
    // which states may be completed is not shown (spec 3.3): a final state refuses, edits stay allowed
    if (rules.final.includes(status)) throw conflict(`a ${status} milestone cannot be completed`);
    const at = now();
    const completedDate = rules.date === 'today' ? utcDate(at) : (result.value.completedDate ?? utcDate(at));
    const completed = completeMilestone(found.record, completedDate, at.toISOString(), { keepStatus: !rules.setsStatus });
    store.replace(found.organisationId, completed);
    // spec 3.3, 6: every successful complete fires milestone.completed (a completed milestone
    // completed again too), to the subscribers of the milestone's organisation
    events.publish(found.organisationId, 'milestone.completed', completed);
    return { data: completed };
  });
};
