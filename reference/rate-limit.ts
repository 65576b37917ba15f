import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { requireAuth, type AuthContext } from './auth.js';
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
  /** Epoch milliseconds at which the window resets; it also names the window. */
  resetAt: number;
}

/** Counts requests per key; the clean server uses FixedWindowLimiter, faults wrap or replace it. */
export interface RateLimiter {
  /** Counts one request of `key` and decides whether it is admitted. */
  hit(key: string, limit: number): RateDecision;
  /** The key's current state without counting (`allowed`: the window is not yet exceeded). */
  peek(key: string, limit: number): RateDecision;
}

/** One key's window. Mutable on purpose: a hit costs no allocation beyond the decision. */
export interface RateWindow {
  startedAt: number;
  count: number;
}

/**
 * Fixed 60-second window per key, opened by the key's first request. The counter is
 * incremented synchronously, so concurrent requests cannot both take the last slot.
 */
export class FixedWindowLimiter implements RateLimiter {
  readonly #windows = new Map<string, RateWindow>();
  readonly #now: () => number;
  readonly #windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  hit(key: string, limit: number): RateDecision {
    const window = this.current(key);
    window.count += 1;
    return this.decide(window, limit);
  }

  peek(key: string, limit: number): RateDecision {
    const window = this.#windows.get(key);
    const now = this.#now();
    if (window === undefined || now - window.startedAt >= this.#windowMs) return this.decide({ startedAt: now, count: 0 }, limit);
    return this.decide(window, limit);
  }

  /** The key's open window, or a fresh one if there is none or it has run out. */
  current(key: string): RateWindow {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (window === undefined || now - window.startedAt >= this.#windowMs) {
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    return window;
  }

  /** The decision for a window whose count already includes the request. */
  decide(window: RateWindow, limit: number): RateDecision {
    const resetAt = window.startedAt + this.#windowMs;
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((resetAt - this.#now()) / 1000)),
      resetAt,
    };
  }
}

/** How the hook turns a decision into an answer; SPEC_POLICY on the clean server, other policies are faults. */
export interface RatePolicy {
  /** The per-minute limit of the caller's key (spec 5.6, 8). */
  limitOf(auth: AuthContext): number;
  /** Status of a refused request (spec 7: 429). */
  refusedStatus: number;
  /** Value of X-RateLimit-Reset. */
  reset(decision: RateDecision): string;
  /** Value of Retry-After on a refused request; undefined sends none. */
  retryAfter(decision: RateDecision): string | undefined;
  /** Requests that neither count nor can be refused (a fault); undefined on the clean server. */
  exempt?: (request: FastifyRequest) => boolean;
}

export const keyLimit = (auth: AuthContext): number => auth.limitPerMinute ?? DEFAULT_LIMIT_PER_MINUTE;

const wholeSeconds = (decision: RateDecision): string => String(decision.resetSeconds);

/** spec 7, 8: the key's own limit, integer delta seconds in Reset and Retry-After, 429 over the limit. */
export const SPEC_POLICY: RatePolicy = { limitOf: keyLimit, refusedStatus: 429, reset: wholeSeconds, retryAfter: wholeSeconds };

/** Sets the X-RateLimit-* headers (spec 8) and, over the limit, throws the refusal (spec 7). */
export function answerRate(reply: FastifyReply, decision: RateDecision, policy: RatePolicy): void {
  reply.header('X-RateLimit-Limit', String(decision.limit));
  reply.header('X-RateLimit-Remaining', String(decision.remaining));
  reply.header('X-RateLimit-Reset', policy.reset(decision));
  if (decision.allowed) return;
  const retryAfter = policy.retryAfter(decision);
  if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
  throw new ApiError(
    policy.refusedStatus,
    'RATE_LIMITED',
    `request limit of ${decision.limit} per minute exceeded; retry in ${decision.resetSeconds} s`,
  );
}

/** onRequest hook, after auth: sets the X-RateLimit-* headers on every answer and refuses with 429. */
export function rateLimitHook(limiter: RateLimiter, policy: RatePolicy = SPEC_POLICY): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const auth = requireAuth(request);
    const limit = policy.limitOf(auth);
    if (policy.exempt !== undefined && policy.exempt(request)) {
      answerRate(reply, { ...limiter.peek(auth.key, limit), allowed: true }, policy);
      return;
    }
    answerRate(reply, limiter.hit(auth.key, limit), policy);
  };
}
