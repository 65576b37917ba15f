import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onResponseAsyncHookHandler } from 'fastify';
import { extractKey, type KeyRegistry } from './auth.js';
import { ApiError } from './errors.js';

/*
 * Variant throttled-refusals (a brute-force guard, which spec 5 and 8 neither state nor forbid):
 * a client address that had REFUSALS_ALLOWED requests refused for their key (401) within
 * GUARD_WINDOW_MS is answered 429 with Retry-After, instead of 401, for any further request that
 * carries no known key until that window ends. Requests with a known key are never held back.
 */

/** Refused requests an address may make in one guard window before it is throttled. */
export const REFUSALS_ALLOWED = 5;
/** The guard's fixed window, opened by the address's first refusal. */
export const GUARD_WINDOW_MS = 5_000;

interface Guard {
  startedAt: number;
  refusals: number;
}

export function throttledRefusalsHooks(
  registry: KeyRegistry,
  now: () => number = Date.now,
): { onRequest: onRequestAsyncHookHandler; onResponse: onResponseAsyncHookHandler } {
  const guards = new Map<string, Guard>();
  const live = (address: string): Guard | undefined => {
    const guard = guards.get(address);
    if (guard !== undefined && now() - guard.startedAt >= GUARD_WINDOW_MS) {
      guards.delete(address);
      return undefined;
    }
    return guard;
  };
  return {
    // Before auth: a known key passes, whatever its address did before.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const guard = live(request.ip);
      if (guard === undefined || guard.refusals < REFUSALS_ALLOWED) return;
      const key = extractKey(request);
      if (key !== undefined && registry.lookup(key) !== undefined) return;
      const waitS = Math.max(1, Math.ceil((guard.startedAt + GUARD_WINDOW_MS - now()) / 1000));
      reply.header('Retry-After', String(waitS));
      throw new ApiError(429, 'RATE_LIMITED', `too many refused keys from this address; retry in ${waitS} s`);
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode !== 401) return;
      const guard = live(request.ip) ?? { startedAt: now(), refusals: 0 };
      guard.refusals += 1;
      guards.set(request.ip, guard);
    },
  };
}
