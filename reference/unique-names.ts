import type { FastifyRequest } from 'fastify';
import { requireAuth } from './auth.js';
import { conflict } from './errors.js';
import type { PartitionedStore, StoredRecord } from './store.js';

/*
 * Variant unique-names (spec 2 does not forbid it): a server may keep names unique in some scope.
 * This one keeps the `name` of contacts, resources, rates, tasks, milestones and webhook
 * subscriptions unique in the organisation's collection (case and surrounding spaces ignored):
 * a create or rename to a taken name answers 409, before anything is written.
 */

type Named = StoredRecord & { name?: unknown };

const key = (name: unknown): string | undefined => (typeof name === 'string' ? name.trim().toLowerCase() : undefined);

/** `/api/v1/contacts` or `/api/v1/contacts/<id>` → the collection and the id. */
const ROUTE = /\/(contacts|resources|rates|tasks|milestones|webhooks)(?:\/([^/?]+))?\/?(?:\?.*)?$/;

/** A preHandler: refuses a POST or PATCH whose body takes a name another record of the collection has. */
export function uniqueNamesHook(stores: Readonly<Record<string, PartitionedStore<Named>>>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    const match = ROUTE.exec(request.url);
    if (match === null) return;
    const [, collection, id] = match;
    if ((request.method === 'POST') !== (id === undefined)) return;
    const wanted = key((request.body as { name?: unknown } | null | undefined)?.name);
    const store = stores[collection!];
    if (wanted === undefined || store === undefined || request.auth === null) return;
    const organisationId = requireAuth(request).organisationId;
    const taken = store.list(organisationId).some((r) => r.id !== id && key(r.name) === wanted);
    if (taken) throw conflict(`a ${collection!.replace(/s$/, '')} named "${String((request.body as { name: unknown }).name)}" exists already`);
  };
}
