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

/**
 * What every limiter shares, set up once: the clock, the window, one state per key, and the
 * decision built from a state. A limiter says how a key starts, how its state catches up with
 * the clock (requests leave the window, a bucket refills), whether it admits a request and what
 * an admitted one takes, and what it shows (remaining, resetAt). `hit` decides and records
 * synchronously: concurrent requests cannot both take the last slot. A refused request takes
 * nothing, unless the limiter says otherwise (the fixed window counts it).
 */
export abstract class KeyedLimiter<S> implements RateLimiter {
  readonly #states = new Map<string, S>();
  protected readonly now: () => number;
  protected readonly windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.now = now;
    this.windowMs = windowMs;
  }

  /** A key's state before its first request. */
  protected abstract fresh(now: number, limit: number): S;
  /** Brings the state up to `now`. */
  protected abstract settle(state: S, now: number, limit: number): void;
  protected abstract admits(state: S, now: number, limit: number): boolean;
  /** What an admitted request takes. */
  protected abstract take(state: S, now: number, limit: number): void;
  /** Requests left and when the next frees up, as the headers show them. */
  protected abstract shown(state: S, now: number, limit: number): { remaining: number; resetAt: number };

  hit(key: string, limit: number): RateDecision {
    const now = this.now();
    const state = this.stateOf(key, now, limit);
    const allowed = this.admits(state, now, limit);
    if (allowed) this.take(state, now, limit);
    return this.decision(allowed, limit, this.shown(state, now, limit), now);
  }

  peek(key: string, limit: number): RateDecision {
    const now = this.now();
    const state = this.stateOf(key, now, limit);
    return this.decision(this.admits(state, now, limit), limit, this.shown(state, now, limit), now);
  }

  /** The key's state, caught up with `now` (a new key's stored). */
  protected stateOf(key: string, now: number, limit: number): S {
    let state = this.#states.get(key);
    if (state === undefined) {
      state = this.fresh(now, limit);
      this.#states.set(key, state);
    }
    this.settle(state, now, limit);
    return state;
  }

  /** The key's state as it was left, untouched. */
  protected stored(key: string): S | undefined {
    return this.#states.get(key);
  }

  /** spec 8: Remaining never negative, Reset in whole seconds and at least 1. */
  protected decision(allowed: boolean, limit: number, { remaining, resetAt }: { remaining: number; resetAt: number }, now: number): RateDecision {
    return { allowed, limit, remaining: Math.max(0, remaining), resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)), resetAt };
  }
}

/** One key's window. Mutable on purpose: a hit costs no allocation beyond the decision. */
export interface RateWindow {
  startedAt: number;
  count: number;
}

/**
 * Fixed 60-second window per key, opened by the key's first request. Every request counts, a
 * refused one too; the counter is incremented synchronously, so concurrent requests cannot both
 * take the last slot.
 */
export class FixedWindowLimiter extends KeyedLimiter<RateWindow> {
  protected fresh(now: number): RateWindow {
    return { startedAt: now, count: 0 };
  }

  protected settle(window: RateWindow, now: number): void {
    if (now - window.startedAt < this.windowMs) return;
    window.startedAt = now;
    window.count = 0;
  }

  protected admits(window: RateWindow, _now: number, limit: number): boolean {
    return window.count <= limit;
  }

  protected take(): void {}

  protected shown(window: RateWindow, _now: number, limit: number): { remaining: number; resetAt: number } {
    return { remaining: limit - window.count, resetAt: window.startedAt + this.windowMs };
  }

  override hit(key: string, limit: number): RateDecision {
    const window = this.current(key);
    window.count += 1;
    return this.decide(window, limit);
  }

  /** Peeking opens no window: a key's window starts with its first counted request. */
  override peek(key: string, limit: number): RateDecision {
    const window = this.stored(key);
    const now = this.now();
    return this.decide(window === undefined || now - window.startedAt >= this.windowMs ? this.fresh(now) : window, limit);
  }

  /** The key's open window, or a fresh one if there is none or it has run out. */
  current(key: string): RateWindow {
    return this.stateOf(key, this.now(), 0);
  }

  /** The decision for a window whose count already includes the request. */
  decide(window: RateWindow, limit: number): RateDecision {
    const now = this.now();
    return this.decision(this.admits(window, now, limit), limit, this.shown(window, now, limit), now);
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
export class SlidingWindowLimiter extends KeyedLimiter<number[]> {
  /** Admission times, oldest first. */
  protected fresh(): number[] {
    return [];
  }

  /** Drops the requests that have left the window (t + window <= now). */
  protected settle(log: number[], now: number): void {
    let gone = 0;
    while (gone < log.length && log[gone]! + this.windowMs <= now) gone += 1;
    if (gone > 0) log.splice(0, gone);
  }

  protected admits(log: readonly number[], _now: number, limit: number): boolean {
    return log.length < limit;
  }

  protected take(log: number[], now: number): void {
    log.push(now);
  }

  protected shown(log: readonly number[], now: number, limit: number): { remaining: number; resetAt: number } {
    return { remaining: limit - log.length, resetAt: (log[0] ?? now) + this.windowMs };
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
export class RefillingBucketLimiter extends KeyedLimiter<{ level: number; at: number }> {
  /** A new key's bucket is full. */
  protected fresh(now: number, limit: number): { level: number; at: number } {
    return { level: limit * this.windowMs, at: now };
  }

  /** What the bucket earned since it was last seen. */
  protected settle(bucket: { level: number; at: number }, now: number, limit: number): void {
    bucket.level = Math.min(limit * this.windowMs, bucket.level + Math.max(0, now - bucket.at) * limit);
    bucket.at = now;
  }

  protected admits(bucket: { level: number }): boolean {
    return bucket.level >= this.windowMs;
  }

  protected take(bucket: { level: number }): void {
    bucket.level -= this.windowMs;
  }

  protected shown({ level }: { level: number }, now: number, limit: number): { remaining: number; resetAt: number } {
    const whole = Math.floor(level / this.windowMs);
    const resetAt = whole >= limit ? now : now + Math.ceil(((whole + 1) * this.windowMs - level) / limit);
    return { remaining: Math.min(limit, whole), resetAt };
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
  /** The counter a request draws from (a fault); undefined on the clean server: the key's one counter (spec 8). */
  counterOf?: (auth: AuthContext, request: FastifyRequest) => string;
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
    answerRate(reply, limiter.hit(policy.counterOf?.(auth, request) ?? auth.key, limit), policy);
  };
}
