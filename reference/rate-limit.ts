import type { onRequestAsyncHookHandler } from 'fastify';
import { requireAuth } from './auth.js';
import { ApiError } from './errors.js';

/** spec 8: 60 requests per minute per key unless the key carries its own limit. */
export const DEFAULT_LIMIT_PER_MINUTE = 60;
export const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Never negative. */
  remaining: number;
  /** Whole seconds until the window resets, >= 1. */
  resetSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed 60-second window per key, opened by the key's first request. The counter is
 * incremented synchronously, so concurrent requests cannot both take the last slot.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  readonly #windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (window === undefined || now - window.startedAt >= this.#windowMs) {
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.startedAt + this.#windowMs - now) / 1000));
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds,
    };
  }
}

/** onRequest hook, after auth: sets the X-RateLimit-* headers on every answer and refuses with 429. */
export function rateLimitHook(limiter: FixedWindowLimiter): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const auth = requireAuth(request);
    const decision = limiter.hit(auth.key, auth.limitPerMinute ?? DEFAULT_LIMIT_PER_MINUTE);
    reply.header('X-RateLimit-Limit', String(decision.limit));
    reply.header('X-RateLimit-Remaining', String(decision.remaining));
    reply.header('X-RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.resetSeconds));
      throw new ApiError(429, 'RATE_LIMITED', `request limit of ${decision.limit} per minute exceeded; retry in ${decision.resetSeconds} s`);
    }
  };
}
