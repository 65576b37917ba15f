import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import {
  addRateVersion,
  createRate,
  currentVersion,
  deactivateRate,
  filterRates,
  patchRate,
  rateVersion,
  rateView,
  type RateFilter,
  type StoredRate,
} from '../models/rates.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  RATE_TYPES,
  rateCreateSchema,
  rateUpdateSchema,
  rateVersionSchema,
  type RateCreateInput,
  type RateUpdateInput,
  type RateVersionInput,
} from '../schemas/rates.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, utcDate } from '../validation.js';
import type { Policy } from '../policy/policy.js';
import { StaleCopies } from '../stale-copies.js';

export interface RatesRouteOptions {
  store: PartitionedStore<StoredRate>;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  /** Also decides "today" (UTC) for initial versions and the current version. */
  now?: () => Date;
}

/** spec 4.5: rates and their versions, scoped to the key's organisation; DELETE deactivates. */
export const ratesRoutes: FastifyPluginAsync<RatesRouteOptions> = async (app, options) => {
  const { store, ajv } = options;
  const policy = options.policy.rates;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<RateCreateInput>(ajv, rateCreateSchema(policy.loosened));
  const validateUpdate = compileBody<RateUpdateInput>(ajv, rateUpdateSchema(policy.loosened));
  const validateVersion = compileBody<RateVersionInput>(ajv, rateVersionSchema(policy.loosened));
  const versionsAnywhere = policy.versionsScope === 'everywhere';
  // The versions of each rate as its first GET /versions found them (only under an interaction fault).
  const versionsCache = new StaleCopies<StoredRate>();

  app.get('/rates', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = lists.lenientBooleans;
    const filter: RateFilter = {
      rateType: policy.typeFilterChecked ? query.oneOf('rateType', RATE_TYPES) : query.string('rateType'),
      isActive: query.boolean('isActive', lenient),
      isDefault: query.boolean('isDefault', lenient),
      search: query.string('search'),
      tags: query.commaList('tags'),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const today = utcDate(now());
    const body = paginate(filterRates(store.listed(auth.organisationId), filter), page, lists);
    return { ...body, data: body.data.map((rate) => rateView(rate, today)) };
  });

  app.post('/rates', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const at = now();
    const input = policy.createBends.reduce((bent, bend) => bend(bent), result.value);
    const rate = createRate(input, { rate: randomUUID(), version: randomUUID() }, at.toISOString(), utcDate(at));
    store.insert(auth.organisationId, rate);
    return reply.code(201).send({ data: rateView(rate, utcDate(at)) });
  });

  app.get<{ Params: IdParams }>('/rates/:id', async (request) => {
    const rate = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (rate === undefined) throw notFound('rate');
    if (!policy.readShowsVersion) {
      const { versions: _versions, ...bare } = rate;
      return { data: bare };
    }
    return { data: rateView(rate, utcDate(now())) };
  });

  app.patch<{ Params: IdParams }>('/rates/:id', async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('rate');
    const at = now();
    const changes = policy.updateBends.reduce((bent, bend) => bend(bent), result.value);
    let updated = patchRate(existing, changes, at.toISOString());
    // amount gets through only a validator loosened to take it (spec 4.5: a new amount is a new version)
    if (result.value.amount !== undefined) {
      updated = addRateVersion(updated, rateVersion({ amount: result.value.amount, effectiveFrom: utcDate(at) }, randomUUID(), at.toISOString()));
    }
    store.replace(auth.organisationId, updated);
    return { data: rateView(updated, utcDate(at)) };
  });

  app.delete<{ Params: IdParams }>('/rates/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = findOwned(store, auth.organisationId, request.params.id);
    if (existing === undefined) throw notFound('rate');
    if (policy.deleteAction === 'remove') store.delete(auth.organisationId, existing.id);
    else store.replace(auth.organisationId, deactivateRate(existing, now().toISOString()));
    return reply.code(204).send();
  });

  // spec 4.5: "Lists all versions": every version, in creation order, not paged.
  app.get<{ Params: IdParams }>('/rates/:id/versions', async (request) => {
    const found = findScoped(store, requireAuth(request).organisationId, request.params.id, versionsAnywhere);
    if (found === undefined) throw notFound('rate');
    if (policy.interactions.versionsCache === true) versionsCache.keepFirst(found.organisationId, found.record);
    const rate = versionsCache.get(found.record.id) ?? found.record;
    const versions = policy.versionsListed === 'current' ? [currentVersion(rate.versions, utcDate(now()))] : rate.versions;
    return { data: versions.map((v) => ({ ...v })) };
  });

  app.post<{ Params: IdParams }>('/rates/:id/versions', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateVersion(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const found = findScoped(store, auth.organisationId, request.params.id, versionsAnywhere);
    if (found === undefined) throw notFound('rate');
    const version = rateVersion(result.value, randomUUID(), now().toISOString());
    store.replace(found.organisationId, addRateVersion(found.record, version));
    return reply.code(201).send({ data: version });
  });
};
