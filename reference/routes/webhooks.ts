import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth, type AuthContext } from '../auth.js';
import { forbidden, notFound, validationFailed } from '../errors.js';
import { findOwned, findScoped, type IdParams } from '../lookup.js';
import {
  attemptRows,
  createSubscription,
  deliveryRecord,
  filterDeliveries,
  filterSubscriptions,
  newSecret,
  patchSubscription,
  rotateSecret,
  subscriptionSummary,
  subscriptionView,
  type DeliveryFilter,
  type StoredSubscription,
  type SubscriptionFilter,
} from '../models/webhooks.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  webhookCreateSchema,
  webhookUpdateSchema,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '../schemas/webhooks.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { DeliveryEngine } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';
import type { SubscriptionChange } from './webhooks.faults.js';

import { StaleCopies } from '../stale-copies.js';

export interface WebhooksRouteOptions {
  store: PartitionedStore<StoredSubscription>;
  /** Sends test deliveries, keeps the deliveries, forgets them on delete. */
  engine: DeliveryEngine;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * spec 4.11: webhook subscriptions (a real delete), their deliveries, test and
 * rotate-secret, scoped to the key's organisation.
 *
 * Choices where the spec is silent:
 * - permission (spec 5.5): create, update and delete need an admin key, checked before the
 *   body and the id (403 FORBIDDEN). Everything else (reads, deliveries, test and
 *   rotate-secret) takes any key of the organisation: 4.11 marks only those three
 *   "Admin key required";
 * - the secret: in the create, read-by-id and update answers; never in list items;
 *   rotate-secret answers `{ data: { secret } }` only;
 * - test answers `{ data: { deliveryId } }`; the delivery is listed like any other;
 * - GET /webhooks/events answers `{ data: [16 names] }`, not paged;
 * - the deliveries log (spec 4.11: "Lists delivery attempts") has one row per attempt, each
 *   with its own id, the delivery's id (`deliveryId`, the X-Service-Delivery value), the
 *   attempt number and that attempt's status (earlier attempts of a delivery that went on
 *   stay `retrying`); a delivery not attempted yet shows one `pending` row. The status filter
 *   applies to the rows. The policy may list one record per delivery instead (its current
 *   status, `attempts[]` and `attemptCount`), filtered by the delivery's status;
 * - deliveries are listed oldest first, the attempts of one delivery in order.
 */
export const webhooksRoutes: FastifyPluginAsync<WebhooksRouteOptions> = async (app, options) => {
  const { store, engine, ajv } = options;
  const policy = options.policy.webhooks;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<WebhookCreateInput>(ajv, webhookCreateSchema(policy.loosened));
  const validateUpdate = compileBody<WebhookUpdateInput>(ajv, webhookUpdateSchema(policy.loosened));
  // A read cache and an isActive index (only under an interaction fault).
  const interactions = policy.interactions;
  const cache = new StaleCopies<StoredSubscription>();
  const index = new StaleCopies<StoredSubscription>();
  // What the test sender keeps of a subscription as it was created (only under testUrlCopy or testSecretCopy).
  const testCopies = new StaleCopies<StoredSubscription>();
  // How many times each subscription's url, events, isActive and secret were changed (only under dispatchKeepsFirstChange).
  const changeCounts = new Map<string, Map<SubscriptionChange, number>>();
  /** Counts a change; answers whether the dispatcher ignores it (a later change of a field it takes once). */
  function ignoredByDispatcher(id: string, field: SubscriptionChange): boolean {
    if (!policy.dispatchKeepsFirstChange.includes(field)) return false;
    const counts = changeCounts.get(id) ?? new Map<SubscriptionChange, number>();
    changeCounts.set(id, counts);
    const n = (counts.get(field) ?? 0) + 1;
    counts.set(field, n);
    return n > 1;
  }

  /** spec 4.11, 5.5: writes need an admin key (unless the policy lets any key write). */
  function requireAdmin(request: FastifyRequest): AuthContext {
    const auth = requireAuth(request);
    if (!auth.admin && policy.adminWrites) {
      throw forbidden('an admin key is required to create, update or delete webhook subscriptions');
    }
    return auth;
  }

  function findSubscription(request: FastifyRequest<{ Params: IdParams }>): StoredSubscription {
    const subscription = findOwned(store, requireAuth(request).organisationId, request.params.id);
    if (subscription === undefined) throw notFound('webhook subscription');
    return subscription;
  }

  app.get('/webhooks', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: SubscriptionFilter = { isActive: query.boolean('isActive', lists.lenientBooleans) };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const indexed: Array<keyof StoredSubscription> = interactions.activeIndex === true && filter.isActive !== undefined ? ['isActive'] : [];
    const matching = index.filterIndexed(store.listed(auth.organisationId), indexed, (records) => filterSubscriptions(records, filter));
    const body = paginate(matching, page, lists);
    return { ...body, data: body.data.map(subscriptionSummary) };
  });

  app.post('/webhooks', async (request, reply) => {
    const auth = requireAdmin(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const input = !policy.activeByDefault && result.value.isActive === undefined ? { ...result.value, isActive: false } : result.value;
    const subscription = createSubscription(input, randomUUID(), newSecret(), now().toISOString());
    store.insert(auth.organisationId, subscription);
    if (interactions.activeIndex === true) index.keepFirst(auth.organisationId, subscription);
    if (interactions.eventsCopy === true) engine.eventCopies.keepFirst(auth.organisationId, subscription);
    if (interactions.testUrlCopy === true || interactions.testSecretCopy === true) testCopies.keepFirst(auth.organisationId, subscription);
    return reply.code(201).send({ data: subscriptionView(subscription) });
  });

  // spec 4.11: the fixed path coexists with /webhooks/{id}; the router prefers the static segment.
  app.get('/webhooks/events', async (request) => {
    requireAuth(request);
    const events = WEBHOOK_EVENTS.filter((e) => !policy.unlistedEvents.includes(e));
    return { data: events };
  });

  app.get<{ Params: IdParams }>('/webhooks/:id', async (request) => {
    const found = findSubscription(request);
    if (interactions.readCache === true) cache.keepFirst('', found);
    const subscription = interactions.readCache === true ? (cache.get(found.id) ?? found) : found;
    return { data: policy.secretOnRead ? subscriptionView(subscription) : subscriptionSummary(subscription) };
  });

  app.patch<{ Params: IdParams }>('/webhooks/:id', async (request) => {
    const auth = requireAdmin(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const existing = findSubscription(request);
    const { events } = result.value;
    const input =
      policy.updatedEvents === 'merge' && events !== undefined ? { ...result.value, events: [...new Set([...existing.events, ...events])] } : result.value;
    const updated = patchSubscription(existing, input, now().toISOString());
    store.replace(auth.organisationId, updated);
    for (const field of ['events', 'url', 'isActive'] as const) {
      if (input[field] === undefined) continue;
      // the first change of the field is pinned for the dispatcher; a later one leaves the pin
      if (!ignoredByDispatcher(updated.id, field) && policy.dispatchKeepsFirstChange.includes(field))
        engine.dispatchPins.set(updated.id, { ...engine.dispatchPins.get(updated.id), [field]: updated[field] });
    }
    if (interactions.readCache === true) cache.refresh('', updated);
    if (existing.isActive && !updated.isActive) engine.choices?.deactivated(updated.id);
    return { data: subscriptionView(updated) };
  });

  // spec 2: subscriptions are deleted outright; their deliveries and pending retries go too.
  app.delete<{ Params: IdParams }>('/webhooks/:id', async (request, reply) => {
    const auth = requireAdmin(request);
    const existing = findSubscription(request);
    if (policy.deleteAction === 'deactivate') {
      // a soft delete that only deactivates (GET still answers 200)
      store.replace(auth.organisationId, patchSubscription(existing, { isActive: false }, now().toISOString()));
      return reply.code(204).send();
    }
    store.delete(auth.organisationId, existing.id);
    if (interactions.deleteKeepsDispatch === true) engine.deletedCopies.keepFirst(auth.organisationId, existing);
    cache.drop(existing.id);
    testCopies.drop(existing.id);
    engine.eventCopies.drop(existing.id);
    engine.forget(auth.organisationId, existing.id);
    return reply.code(204).send();
  });

  app.get<{ Params: IdParams }>('/webhooks/:id/deliveries', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: DeliveryFilter = { status: query.oneOf('status', DELIVERY_STATUSES) };
    const page = readPage(query, lists);
    query.finish();
    const subscription = findSubscription(request);
    for (const name of policy.ignoredDeliveryFilters) delete filter[name];
    const deliveries =
      policy.deliveriesOf === 'organisation' ? engine.organisationDeliveries(auth.organisationId) : engine.deliveries(auth.organisationId, subscription.id);
    if (policy.deliveriesLog === 'per-delivery') return paginate(filterDeliveries(deliveries.map(deliveryRecord), filter), page, lists);
    const retried = policy.retriedAttemptStatus;
    const rows = deliveries.flatMap(attemptRows).map((row) => (row.status === 'retrying' ? { ...row, status: retried } : row));
    return paginate(filterDeliveries(rows, filter), page, lists);
  });

  // spec 4.11: "No body"; whatever body arrives is ignored. The old secret stops signing at once.
  app.post<{ Params: IdParams }>('/webhooks/:id/rotate-secret', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    const found = findScoped(store, auth.organisationId, request.params.id, policy.rotateScope === 'everywhere');
    if (found === undefined) throw notFound('webhook subscription');
    const keepSigning = policy.rotationKeepsOldSecret || ignoredByDispatcher(found.record.id, 'secret');
    const rotated = rotateSecret(found.record, newSecret(), now().toISOString(), keepSigning);
    store.replace(found.organisationId, rotated);
    engine.choices?.rotated(rotated.id, found.record.signingSecret);
    return { data: { secret: rotated.secret } };
  });

  // spec 4.11: "No body"; whatever body arrives is ignored.
  app.post<{ Params: IdParams }>('/webhooks/:id/test', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    const subscription = findSubscription(request);
    const copy = testCopies.get(subscription.id);
    const pinned =
      copy === undefined
        ? undefined
        : {
            ...(interactions.testUrlCopy === true ? { url: copy.url } : {}),
            ...(interactions.testSecretCopy === true ? { signingSecret: copy.signingSecret } : {}),
          };
    const delivery = engine.sendTest(auth.organisationId, subscription, pinned);
    return { data: { deliveryId: delivery.id } };
  });
};
