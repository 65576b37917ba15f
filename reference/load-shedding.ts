import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/*
 * Variant load-shedding (spec 8 says nothing of concurrency): like a proxy in front of the
 * service, a request arriving while MAX_IN_FLIGHT others are being answered is refused with 503
 * and Retry-After 1, before authentication and the rate limiter see it (it costs no budget).
 */

/** Requests answered at once before more are shed. */
export const MAX_IN_FLIGHT = 8;
/** Each admitted request is held this long, so that a concurrent burst meets the bound. */
const HOLD_MS = 20;

export function loadSheddingHooks(): {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  onResponse: (request: FastifyRequest) => Promise<void>;
} {
  let inFlight = 0;
  const admitted = new WeakSet<FastifyRequest>();
  return {
    onRequest: async (request, reply) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        reply.header('Retry-After', '1');
        throw new ApiError(503, 'INTERNAL_ERROR', 'too many requests in flight: retry in 1 s');
      }
      inFlight += 1;
      admitted.add(request);
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    },
    onResponse: async (request) => {
      if (admitted.has(request)) inFlight -= 1;
    },
  };
}
