import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

/*
 * Variant read-only-keys (spec 5.7: "Key permission levels other than admin ... not shown"): keys
 * of the seed's `limited` role may read but not write. A POST, PATCH or DELETE with one is refused
 * with 403 once the key is known and counted by the limiter, before anything is written.
 */
export async function readOnlyKeysHook(request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || request.auth?.role !== 'limited') return;
  throw forbidden('this key may read only');
}
