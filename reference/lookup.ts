import type { FastifyRequest } from 'fastify';
import type { Scope } from './policy/kinds.js';
import type { PartitionedStore, StoredRecord } from './store.js';
import { isUuid } from './validation.js';

/** Path parameters of the `/{collection}/{id}` routes (spec 4: `id` is a plain string). */
export interface IdParams {
  id: string;
}

/** The stored (lower-case) form of an id, or undefined when it cannot name a record (not a UUID). */
export function recordKey(id: string): string | undefined {
  return isUuid(id) ? id.toLowerCase() : undefined;
}

/** A non-UUID, unknown or other-organisation id finds nothing: all three are the same 404. */
export function findOwned<T extends StoredRecord>(store: PartitionedStore<T>, organisationId: string, id: string): T | undefined {
  const key = recordKey(id);
  return key === undefined ? undefined : store.get(organisationId, key);
}

/** Whether a read in `scope` looks in every organisation for this request (kinds.ts Scope). */
export function readsEverywhere(scope: Scope, request: FastifyRequest): boolean {
  return scope === 'everywhere' || (scope === 'everywhere-as-bearer' && request.headers['x-api-key'] === undefined);
}

/** A record together with the organisation that owns it. */
export interface Owned<T> {
  organisationId: string;
  record: T;
}

/**
 * findOwned with the owner; `anyOrganisation` (only the sec-*-cross-org-* faults ask for it)
 * finds the record in whichever organisation holds it.
 */
export function findScoped<T extends StoredRecord>(
  store: PartitionedStore<T>,
  organisationId: string,
  id: string,
  anyOrganisation = false,
): Owned<T> | undefined {
  const key = recordKey(id);
  if (key === undefined) return undefined;
  if (anyOrganisation) return store.findAnywhere(key);
  const record = store.get(organisationId, key);
  return record === undefined ? undefined : { organisationId, record };
}
