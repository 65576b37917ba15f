import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import {
  completeMilestone,
  createMilestone,
  filterMilestones,
  patchMilestone,
  type Milestone,
  type MilestoneFilter,
} from '../models/milestones.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  MILESTONE_STATUSES,
  milestoneCompleteSchema,
  milestoneCreateSchema,
  milestoneUpdateSchema,
  type MilestoneCompleteInput,
  type MilestoneCreateInput,
  type MilestoneSchemaLoosening,
  type MilestoneUpdateInput,
} from '../schemas/milestones.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, utcDate } from '../validation.js';
import type { VariantSet } from '../variants.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';

export interface MilestonesRouteOptions {
  store: PartitionedStore<Milestone>;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  /** Legitimate alternative choices (reference/variants.ts). */
  variants: VariantSet;
  ajv: Ajv;
  /** Also decides "today" (UTC), the completedDate of a complete without one. */
  now?: () => Date;
}

function loosening(faults: FaultSet): MilestoneSchemaLoosening {
  return {
    targetDateShapeOnly: faults.has('ms-target-date-unchecked'),
    projectOnUpdate: faults.has('ms-project-on-update'),
    typeIdNullRejected: faults.has('ms-type-id-null-rejected'),
    completedDateShapeOnly: faults.has('ms-complete-date-unchecked'),
    nameNotRequired: faults.has('ms-name-not-required'),
  };
}

/**
 * spec 4.8: milestones CRUD (a real delete) plus complete, scoped to the key's organisation.
 * projectId and typeId need only be UUIDs: the reference does not require them to name
 * existing records (any UUID is accepted as projectId).
 */
export const milestonesRoutes: FastifyPluginAsync<MilestonesRouteOptions> = async (app, options) => {
  const { store, events, faults, policy, variants, ajv } = options;
  /**
   * Variant transitions-terminal-409 (spec 3.3: which states may be completed, and every other
   * transition, are not shown): a completed or missed milestone is final. It refuses another
   * complete with 409; edits stay allowed (2.8 grants updates, and they carry no status).
   */
  const refuseIfFinal = (milestone: Milestone, what: string): void => {
    if (variants.has('transitions-terminal-409') && (milestone.status === 'completed' || milestone.status === 'missed')) {
      throw conflict(`a ${milestone.status} milestone cannot be ${what}`);
    }
  };
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const validateCreate = compileBody<MilestoneCreateInput>(ajv, milestoneCreateSchema(loose));
  const validateUpdate = compileBody<MilestoneUpdateInput>(ajv, milestoneUpdateSchema(loose));
  const validateComplete = compileBody<MilestoneCompleteInput>(ajv, milestoneCompleteSchema(loose));
  /** Ids "deleted" under the ms-delete-soft fault: left out of lists, still readable by id. */
  const softDeleted = new Set<string>();

  app.get('/milestones', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: MilestoneFilter = {
      projectId: query.uuid('projectId'),
      status: query.oneOf('status', MILESTONE_STATUSES),
      // spec 4.8, 7: <date> filters, rejected unless real dates
      dateFrom: query.date('dateFrom', faults.has('ms-query-date-unchecked')),
      dateTo: query.date('dateTo', faults.has('ms-query-date-unchecked')),
    };
    const page = readPage(query, policy.lists);
    query.finish();
    if (faults.has('ms-filter-status-ignored')) delete filter.status;
    if (faults.has('ms-filter-project-ignored')) delete filter.projectId;
    if (faults.has('ms-filter-date-ignored')) {
      delete filter.dateFrom;
      delete filter.dateTo;
    }
    const all = store.listed(auth.organisationId);
    const listed = faults.has('ms-delete-soft') ? all.filter((m) => !softDeleted.has(m.id)) : all;
    return paginate(filterMilestones(listed, filter), page, policy.lists);
  });

  app.post('/milestones', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = faults.has('ms-create-criteria-dropped') ? { ...result.value, completionCriteria: undefined } : result.value;
    const milestone = store.insert(auth.organisationId, createMilestone(input, randomUUID(), now().toISOString()));
    return reply.code(201).send({ data: milestone });
  });

  app.get<{ Params: IdParams }>('/milestones/:id', async (request) => {
    const milestone = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (milestone === undefined) throw notFound('milestone');
    return { data: milestone };
  });

  app.patch<{ Params: IdParams }>('/milestones/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('milestone');
    const updated = patchMilestone(existing, result.value, now().toISOString(), { applyProject: faults.has('ms-project-on-update') });
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // spec 2: milestones are deleted outright (not a soft delete): GET answers 404 after.
  app.delete<{ Params: IdParams }>('/milestones/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('milestone');
    if (faults.has('ms-delete-soft')) softDeleted.add(existing.id);
    else store.delete(auth.organisationId, existing.id);
    return reply.code(204).send();
  });

  // spec 3.3, 4.8: optional body `{completedDate?: <date>}`; no body at all is the same as {}.
  // Without a completedDate the milestone is completed today (UTC).
  app.post<{ Params: IdParams }>('/milestones/:id/complete', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    const result = validateComplete(request.body ?? {});
    if (!result.ok) throw validationFailed(result.issues);
    const found = findScoped(store, auth.organisationId, request.params.id, faults.has('sec-milestone-cross-org-complete'));
    if (found === undefined) throw notFound('milestone');
    if (faults.has('ms-refused-complete-keeps-date') && found.record.status === 'completed') {
      // the completedDate sent is stored, then the request is refused anyway
      if (result.value.completedDate !== undefined) store.replace(found.organisationId, { ...found.record, completedDate: result.value.completedDate });
      throw conflict('a completed milestone cannot be completed');
    }
    refuseIfFinal(found.record, 'completed');
    const at = now();
    // ms-complete-date-ignored: today whatever was sent
    const completedDate = faults.has('ms-complete-date-ignored') ? utcDate(at) : (result.value.completedDate ?? utcDate(at));
    const completed = completeMilestone(found.record, completedDate, at.toISOString(), {
      keepStatus: faults.has('ms-complete-no-status'),
    });
    store.replace(found.organisationId, completed);
    // spec 3.3, 6: every successful complete fires milestone.completed (a completed milestone
    // completed again too), to the subscribers of the milestone's organisation
    events.publish(found.organisationId, 'milestone.completed', completed);
    return { data: completed };
  });
};
