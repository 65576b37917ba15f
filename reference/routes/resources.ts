import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { findOwned, type IdParams } from '../lookup.js';
import {
  createResource,
  filterResources,
  patchResource,
  softDeleteResource,
  type Resource,
  type ResourceFilter,
} from '../models/resources.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  resourceCreateSchema,
  resourceUpdateSchema,
  type ResourceCreateInput,
  type ResourceSchemaLoosening,
  type ResourceUpdateInput,
} from '../schemas/resources.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { Policy } from '../policy/policy.js';

export interface ResourcesRouteOptions {
  store: PartitionedStore<Resource>;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

function loosening(faults: FaultSet): ResourceSchemaLoosening {
  return {
    emailUnchecked: faults.has('rs-email-unchecked'),
    negativeSalary: faults.has('rs-negative-salary'),
    isActiveOnCreate: faults.has('rs-is-active-on-create'),
    employmentTypeNullable: faults.has('rs-employment-type-nullable'),
    nameNotRequired: faults.has('rs-name-not-required'),
    emptyName: faults.has('rs-empty-name'),
    roleIdUnchecked: faults.has('rs-role-uuid-unchecked'),
  };
}

/** spec 4.4: staff resources CRUD (soft delete), scoped to the key's organisation. */
export const resourcesRoutes: FastifyPluginAsync<ResourcesRouteOptions> = async (app, options) => {
  const { store, faults, policy, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const validateCreate = compileBody<ResourceCreateInput>(ajv, resourceCreateSchema(loose));
  const validateUpdate = compileBody<ResourceUpdateInput>(ajv, resourceUpdateSchema(loose));

  app.get('/resources', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: ResourceFilter = {
      isActive: query.boolean('isActive', policy.lists.lenientBooleans),
      roleId: query.uuid('roleId'),
      homeOfficeId: faults.has('rs-query-office-unchecked') ? query.string('homeOfficeId') : query.uuid('homeOfficeId'),
      search: query.string('search'),
    };
    const page = readPage(query, policy.lists);
    query.finish();
    if (faults.has('rs-filter-role-ignored')) delete filter.roleId;
    if (faults.has('rs-filter-active-ignored')) delete filter.isActive;
    if (faults.has('rs-search-ignored')) delete filter.search;
    return paginate(filterResources(store.listed(auth.organisationId), filter), page, policy.lists);
  });

  app.post('/resources', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = faults.has('rs-create-phone-dropped') ? { ...result.value, phone: undefined } : result.value;
    const resource = createResource(input, randomUUID(), now().toISOString(), { applyIsActive: faults.has('rs-is-active-on-create') });
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
    const changes = faults.has('rs-update-active-ignored') ? { ...result.value, isActive: undefined } : result.value;
    const updated = patchResource(existing, changes, now().toISOString(), {
      resetOmitted: faults.has('rs-patch-resets-omitted'),
      ignoreNull: faults.has('rs-null-ignored'),
    });
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
    if (faults.has('rs-delete-returns-200')) return { data: deleted };
    return reply.code(204).send();
  });
};
