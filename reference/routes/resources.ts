import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import { findOwned, type IdParams } from '../lookup.js';
import { withoutFields } from '../models/fields.js';
import { createResource, filterResources, patchResource, softDeleteResource, type Resource, type ResourceFilter } from '../models/resources.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import { resourceCreateSchema, resourceUpdateSchema, type ResourceCreateInput, type ResourceUpdateInput } from '../schemas/resources.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { Policy } from '../policy/policy.js';

export interface ResourcesRouteOptions {
  store: PartitionedStore<Resource>;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/** spec 4.4: staff resources CRUD (soft delete), scoped to the key's organisation. */
export const resourcesRoutes: FastifyPluginAsync<ResourcesRouteOptions> = async (app, options) => {
  const { store, ajv } = options;
  const policy = options.policy.resources;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<ResourceCreateInput>(ajv, resourceCreateSchema(policy.loosened));
  const validateUpdate = compileBody<ResourceUpdateInput>(ajv, resourceUpdateSchema(policy.loosened));
  // Soft-deleted resources a PATCH brings back (only under an interaction fault).
  const softDeleted = new Set<string>();
  /** An id filter: a UUID (spec 4.4, 7), or any string where the policy leaves it unchecked. */
  const id = (query: QueryReader, name: keyof ResourceFilter): string | undefined =>
    policy.uncheckedFilters.includes(name) ? query.string(name) : query.uuid(name);

  app.get('/resources', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: ResourceFilter = {
      isActive: query.boolean('isActive', lists.lenientBooleans),
      roleId: id(query, 'roleId'),
      homeOfficeId: id(query, 'homeOfficeId'),
      search: query.string('search'),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    return paginate(filterResources(store.listed(auth.organisationId), filter), page, lists);
  });

  app.post('/resources', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = withoutFields(result.value, policy.droppedOnCreate);
    const resource = createResource(input, randomUUID(), now().toISOString(), { applyIsActive: policy.loosened.isActiveOnCreate === true });
    store.insert(auth.organisationId, resource);
    return reply.code(201).send({ data: resource });
  });

  app.get<{ Params: IdParams }>('/resources/:id', async (request) => {
    const resource = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (resource === undefined) throw notFound('resource');
    return { data: resource };
  });

  app.patch<{ Params: IdParams }>('/resources/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('resource');
    const changes = withoutFields(result.value, policy.ignoredOnUpdate);
    let updated = patchResource(existing, changes, now().toISOString(), policy.patch);
    if (policy.interactions.updateRevives === true && softDeleted.delete(existing.id)) updated = { ...updated, isActive: true };
    // A one-field PATCH taken as a quick edit, which writes the whole form back with its tag list empty (an interaction fault).
    const named = Object.keys(changes);
    if (policy.interactions.quickEditClearsTags === true && named.length === 1 && named[0] !== 'tags') updated = { ...updated, tags: [] };
    store.replace(auth.organisationId, updated);
    return { data: updated };
  });

  // Soft delete (spec 2, 4.4): the record stays, inactive. Deleting it again is another 204.
  app.delete<{ Params: IdParams }>('/resources/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('resource');
    const deleted = softDeleteResource(existing, now().toISOString());
    store.replace(auth.organisationId, deleted);
    if (policy.interactions.updateRevives === true) softDeleted.add(existing.id);
    if (policy.deleteAnswer === 'record') return { data: deleted };
    return reply.code(204).send();
  });
};
