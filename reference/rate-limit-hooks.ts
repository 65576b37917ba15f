/**
 * The limiter hooks of an app, built once from its rate-limit policy (rate-limit.faults.ts) and
 * its variants: the clean limiter a variant picks (fixed window by default), the forms of
 * X-RateLimit-Reset and Retry-After the variants choose, and whatever the policy bends (limiter
 * wrappers, a counting hook, an answer, onSend hooks). With the default policy and no variant the
 * app gets the plain FixedWindowLimiter, SPEC_POLICY and no onSend hook.
 */
import type { onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import type { RateLimitPolicy } from './rate-limit.faults.js';
import { ReferenceServerError } from './reference-error.js';
import type { VariantName, VariantSet } from './variants.js';
import { SmoothingLimiter } from './smoothing-limiter.js';
import {
  epochMillisecondsReset,
  FixedWindowLimiter,
  httpDateRetryAfter,
  rateLimitHook,
  RefillingBucketLimiter,
  SlidingWindowLimiter,
  SPEC_POLICY,
  type RateDecision,
  type RateLimiter,
  type RatePolicy,
  WINDOW_MS,
} from './rate-limit.js';

/**
 * X-RateLimit-Reset: the spec (8) shows no form, so each variant picks another a server may use;
 * the policy may write one no reader can use.
 */
function resetFor(policy: RateLimitPolicy, variants: VariantSet, now: () => number): RatePolicy['reset'] {
  const bent = policy.reset;
  if (bent !== null) return (decision) => bent(decision, now());
  if (variants.has('reset-fractional-seconds')) return (decision) => ((decision.resetAt - now()) / 1000).toFixed(3);
  if (variants.has('reset-epoch-seconds')) return (decision) => String(Math.ceil(decision.resetAt / 1000));
  if (variants.has('reset-epoch-milliseconds') || variants.has('limiter-sliding-window')) return epochMillisecondsReset;
  if (variants.has('reset-http-date')) return (decision) => new Date(Math.ceil(decision.resetAt / 1000) * 1000).toUTCString();
  if (variants.has('reset-iso8601')) return isoWithOffset;
  return SPEC_POLICY.reset;
}

/** Retry-After: whole delta seconds (spec 8), the form a variant picks, or what the policy writes. */
function retryAfterFor(policy: RateLimitPolicy, variants: VariantSet, now: () => number, windowMs: number): RatePolicy['retryAfter'] {
  const bent = policy.retryAfter;
  if (bent !== null) return (decision) => bent(decision, now());
  if (variants.has('retry-after-http-date')) return httpDateRetryAfter;
  if (variants.has('retry-after-fractional')) return (decision) => Math.max(0.001, (decision.resetAt - now()) / 1000).toFixed(3);
  if (variants.has('retry-after-penalty')) return (decision) => String(decision.resetSeconds + Math.ceil(windowMs / 2000));
  if (variants.has('retry-after-rounded-down')) return (decision) => String(Math.max(1, Math.floor((decision.resetAt - now()) / 1000)));
  return SPEC_POLICY.retryAfter;
}

/** RFC 3339 with milliseconds at UTC+01:00 (any offset names the same instant). */
function isoWithOffset(decision: RateDecision): string {
  const shifted = new Date(decision.resetAt + 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+01:00`;
}

/** How a decision becomes an answer: the policy's limit, status and exemptions, the variants' header forms. */
function answerFor(policy: RateLimitPolicy, variants: VariantSet, now: () => number, windowMs: number): RatePolicy {
  const exempt = policy.exempt;
  const counterOf = policy.counterOf;
  return {
    limitOf: policy.limitOf,
    refusedStatus: policy.refusedStatus,
    reset: resetFor(policy, variants, now),
    retryAfter: retryAfterFor(policy, variants, now, windowMs),
    ...(exempt.length > 0 ? { exempt: (request) => exempt.some((test) => test(request)) } : {}),
    ...(counterOf !== null ? { counterOf } : {}),
  };
}

export interface RateLimitHooks {
  /** After the auth hook: counts, sets the X-RateLimit-* headers, refuses over the limit. */
  onRequest: onRequestAsyncHookHandler;
  /** Only when the policy has onSend hooks. */
  onSend: onSendAsyncHookHandler | undefined;
}

export interface RateLimitOptions {
  now: () => number;
  /** Anything but 60 s is for self-tests only (spec 8). */
  windowMs?: number | undefined;
  /** Legitimate alternative limiters and answers (reference/variants.ts). */
  variants?: VariantSet | undefined;
}

/** The variants that replace the fixed window, each with its limiter: one table, so a new one is a line. */
const LIMITER_VARIANTS = {
  'limiter-sliding-window': SlidingWindowLimiter,
  'limiter-refilling-bucket': RefillingBucketLimiter,
  'limiter-smoothing': SmoothingLimiter,
} as const satisfies Partial<Record<VariantName, new (now: () => number, windowMs?: number) => RateLimiter>>;

/** The clean limiter of the variants: the one a limiter-* variant names, else the fixed window. */
function baseLimiter(variants: VariantSet, options: RateLimitOptions, windows: FixedWindowLimiter): RateLimiter {
  const chosen = (Object.keys(LIMITER_VARIANTS) as (keyof typeof LIMITER_VARIANTS)[]).filter((name) => variants.has(name));
  if (chosen.length > 1) {
    throw new ReferenceServerError('CONFLICTING_VARIANTS', `${chosen.join(' and ')} each replace the limiter: switch on one of them`);
  }
  const Limiter = chosen[0] === undefined ? undefined : LIMITER_VARIANTS[chosen[0]];
  return Limiter === undefined ? windows : new Limiter(options.now, options.windowMs);
}

/** The policy's onSend hooks, one after the other, as one hook. */
function chained(hooks: readonly onSendAsyncHookHandler[]): onSendAsyncHookHandler | undefined {
  if (hooks.length === 0) return undefined;
  if (hooks.length === 1) return hooks[0];
  return async function (request, reply, payload) {
    let out = payload;
    for (const hook of hooks) out = await hook.call(this, request, reply, out);
    return out;
  };
}

/**
 * The limiter hooks for an app with this policy and these variants. A counting hook replaces the
 * counting itself (on a fixed window), so the limiter wrappers and the limiter-* variants do not
 * combine with it (the answer does).
 */
export function rateLimitHooks(policy: RateLimitPolicy, options: RateLimitOptions): RateLimitHooks {
  const variants: VariantSet = options.variants ?? new Set();
  const windows = new FixedWindowLimiter(options.now, options.windowMs);
  const answer = answerFor(policy, variants, options.now, options.windowMs ?? WINDOW_MS);
  const limiter = policy.limiterWrappers.reduce((inner, wrap) => wrap(inner), baseLimiter(variants, options, windows));
  return {
    onRequest: policy.countingHook !== null ? policy.countingHook(windows, answer) : rateLimitHook(limiter, answer),
    onSend: chained(policy.onSend),
  };
}
