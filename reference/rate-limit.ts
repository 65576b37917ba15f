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

/**
 * Sliding-window log per key (variant limiter-sliding-window): a request is admitted when fewer
 * than `limit` requests were admitted in the trailing window; refused requests are not logged.
 * Remaining is the limit less the requests in the window; the decision's resetAt is when the
 * oldest of them leaves it (the answered request included), which gives one request back: the
 * moment the next request frees up, where a fixed window gives back all. Traffic spread over the
 * window therefore comes back spread out too, one request per departure.
 */
export class SlidingWindowLimiter implements RateLimiter {
  /** Admission times per key, oldest first. */
  readonly #logs = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.#now();
    const log = this.#live(key, now);
    // Decided and logged synchronously: concurrent requests cannot both take the last slot.
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    return this.#decide(log, limit, allowed, now);
  }

  peek(key: string, limit: number): RateDecision {
    const now = this.#now();
    const log = this.#live(key, now);
    return this.#decide(log, limit, log.length < limit, now);
  }

  /** The key's log without the requests that have left the window (t + window <= now). */
  #live(key: string, now: number): number[] {
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = [];
      this.#logs.set(key, log);
    }
    let gone = 0;
    while (gone < log.length && log[gone]! + this.#windowMs <= now) gone += 1;
    if (gone > 0) log.splice(0, gone);
    return log;
  }

  #decide(log: readonly number[], limit: number, allowed: boolean, now: number): RateDecision {
    const resetAt = (log[0] ?? now) + this.#windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.length),
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt,
    };
  }
}

/**
 * Refilling token bucket per key (variant limiter-refilling-bucket): a key holds at most `limit`
 * requests and earns them back continuously, `limit` per window (one every window / limit ms);
 * a request takes one and is refused when not one whole request is there (a refused request
 * takes nothing). Remaining is the whole requests held; the decision's resetAt is when the next
 * whole request is earned (the moment the next request frees up), or now when the bucket is full.
 * Levels are kept in integer units (a request is `windowMs` units, `limit` units are earned per
 * millisecond), so no rounding ever shows a request that is not there.
 */
export class RefillingBucketLimiter implements RateLimiter {
  readonly #buckets = new Map<string, { level: number; at: number }>();
  readonly #now: () => number;
  readonly #windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.#now();
    const bucket = this.#refilled(key, limit, now);
    // Decided and taken synchronously: concurrent requests cannot both take the last request.
    const allowed = bucket.level >= this.#windowMs;
    if (allowed) bucket.level -= this.#windowMs;
    return this.#decide(bucket.level, limit, allowed, now);
  }

  peek(key: string, limit: number): RateDecision {
    const now = this.#now();
    const bucket = this.#refilled(key, limit, now);
    return this.#decide(bucket.level, limit, bucket.level >= this.#windowMs, now);
  }

  /** The key's bucket with what it earned since it was last seen (a new key's is full). */
  #refilled(key: string, limit: number, now: number): { level: number; at: number } {
    const full = limit * this.#windowMs;
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = { level: full, at: now };
      this.#buckets.set(key, bucket);
    }
    bucket.level = Math.min(full, bucket.level + Math.max(0, now - bucket.at) * limit);
    bucket.at = now;
    return bucket;
  }

  #decide(level: number, limit: number, allowed: boolean, now: number): RateDecision {
    const whole = Math.floor(level / this.#windowMs);
    const resetAt = whole >= limit ? now : now + Math.ceil(((whole + 1) * this.#windowMs - level) / limit);
    return {
      allowed,
      limit,
      remaining: Math.max(0, Math.min(limit, whole)),
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
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

/**
 * Variant retry-after-http-date: Retry-After as an HTTP date (RFC 9110 10.2.3), the reset moment
 * rounded up to the next whole second. Node's Date header is truncated to the second, so for a
 * 60 s wait the two can be 61 s apart.
 */
export const httpDateRetryAfter = (decision: RateDecision): string => new Date(Math.ceil(decision.resetAt / 1000) * 1000).toUTCString();

/** Variant limiter-sliding-window: X-RateLimit-Reset as the epoch milliseconds of resetAt (spec 8 gives no unit). */
export const epochMillisecondsReset = (decision: RateDecision): string => String(decision.resetAt);

/** Sets the X-RateLimit-* headers (spec 8) and, over the limit, throws the refusal (spec 7). */
export function answerRate(reply: FastifyReply, decision: RateDecision, policy: RatePolicy): void {
  reply.header('X-RateLimit-Limit', String(decision.limit));
  reply.header('X-RateLimit-Remaining', String(decision.remaining));
  reply.header('X-RateLimit-Reset', policy.reset(decision));
  if (decision.allowed) return;
  const retryAfter = policy.retryAfter(decision);
  if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
  throw new ApiError(policy.refusedStatus, 'RATE_LIMITED', `request limit of ${decision.limit} per minute exceeded; retry in ${decision.resetSeconds} s`);
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
