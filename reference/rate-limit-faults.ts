/**
 * The rate-limit faults (reference/faults.ts, `rl-*`) and the choice, once per app, between
 * them and the clean limiter. Limiter faults wrap FixedWindowLimiter; answer faults are a
 * RatePolicy; rl-headers-missing-on-errors adds an onSend hook. With no fault the app gets
 * the plain FixedWindowLimiter, SPEC_POLICY and no onSend hook.
 */
import type { FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import { requireAuth } from './auth.js';
import type { FaultSet } from './faults.js';
import { ReferenceServerError } from './reference-error.js';
import type { VariantSet } from './variants.js';
import { SmoothingLimiter } from './smoothing-limiter.js';
import {
  answerRate,
  DEFAULT_LIMIT_PER_MINUTE,
  epochMillisecondsReset,
  FixedWindowLimiter,
  httpDateRetryAfter,
  keyLimit,
  rateLimitHook,
  RefillingBucketLimiter,
  SlidingWindowLimiter,
  SPEC_POLICY,
  type RateDecision,
  type RateLimiter,
  type RatePolicy,
  WINDOW_MS,
} from './rate-limit.js';

/** The counter every key shares under rl-shared-counter (no seeded key can be spelt so). */
const SHARED_KEY = '*';

/** rl-one-too-many: the window admits limit + 1; the headers still report the limit. */
function oneTooMany(inner: RateLimiter): RateLimiter {
  const report = (decision: RateDecision, limit: number): RateDecision => ({ ...decision, limit, remaining: Math.max(0, decision.remaining - 1) });
  return {
    hit: (key, limit) => report(inner.hit(key, limit + 1), limit),
    peek: (key, limit) => report(inner.peek(key, limit + 1), limit),
  };
}

/**
 * rl-shared-counter-own-limits: one window and counter for all keys, each request judged by its
 * own key's limit, and nothing else. A key with a high limit (an admin) is never refused, so
 * only the counters show it: another key's Remaining falls with the limited key's requests.
 */
function sharedCounterOwnLimits(inner: RateLimiter): RateLimiter {
  return {
    hit: (_key, limit) => inner.hit(SHARED_KEY, limit),
    peek: (_key, limit) => inner.peek(SHARED_KEY, limit),
  };
}

/**
 * rl-shared-counter: rl-shared-counter-own-limits, and the first refusal blocks the window for
 * everyone, so that keys with a high limit (admins) are refused too.
 */
function sharedCounter(inner: RateLimiter): RateLimiter {
  const shared = sharedCounterOwnLimits(inner);
  let blockedWindow: number | undefined;
  return {
    hit(key, limit) {
      const decision = shared.hit(key, limit);
      if (decision.resetAt === blockedWindow) return { ...decision, allowed: false, remaining: 0 };
      if (!decision.allowed) blockedWindow = decision.resetAt;
      return decision;
    },
    peek: (key, limit) => shared.peek(key, limit),
  };
}

/** rl-remaining-stuck: admission is right, X-RateLimit-Remaining never falls. */
function remainingStuck(inner: RateLimiter): RateLimiter {
  return {
    hit: (key, limit) => ({ ...inner.hit(key, limit), remaining: limit }),
    peek: (key, limit) => ({ ...inner.peek(key, limit), remaining: limit }),
  };
}

/** rl-never-recovers: a key refused once is refused in every later window too. */
function neverRecovers(inner: RateLimiter): RateLimiter {
  const refused = new Set<string>();
  return {
    hit(key, limit) {
      const decision = inner.hit(key, limit);
      if (!decision.allowed) refused.add(key);
      return refused.has(key) ? { ...decision, allowed: false, remaining: 0 } : decision;
    },
    peek: (key, limit) => inner.peek(key, limit),
  };
}

/**
 * rl-concurrent-over-admission: read the count, yield to the event loop, write count + 1.
 * Requests that arrive together all read the same count (lost updates); one at a time
 * they are counted exactly.
 */
function racyHook(windows: FixedWindowLimiter, policy: RatePolicy): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const auth = requireAuth(request);
    const limit = policy.limitOf(auth);
    if (policy.exempt !== undefined && policy.exempt(request)) {
      answerRate(reply, { ...windows.peek(auth.key, limit), allowed: true }, policy);
      return;
    }
    const window = windows.current(auth.key);
    const seen = window.count;
    await new Promise((resolve) => setImmediate(resolve));
    window.count = seen + 1;
    answerRate(reply, windows.decide(window, limit), policy);
  };
}

/** rl-endpoint-exempt: the one route the limiter skips. */
function webhookEventsRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.routeOptions.url ?? '').endsWith('/webhooks/events');
}

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** rl-headers-missing-on-errors: the rate headers survive on 2xx answers only. */
const dropRateHeadersOnErrors: onSendAsyncHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 200 || reply.statusCode >= 300) for (const name of RATE_HEADERS) reply.removeHeader(name);
  return payload;
};

/**
 * X-RateLimit-Reset: the spec (8) shows no form, so each variant picks another a server may use;
 * the two faults send what no form reads, or an instant already past.
 */
function resetFor(faults: FaultSet, variants: VariantSet, now: () => number): RatePolicy['reset'] {
  if (faults.has('rl-reset-garbage')) return () => 'soon';
  if (faults.has('rl-reset-past')) return () => String(Math.floor(now() / 1000) - 120);
  if (variants.has('reset-fractional-seconds')) return (decision) => ((decision.resetAt - now()) / 1000).toFixed(3);
  if (variants.has('reset-epoch-seconds')) return (decision) => String(Math.ceil(decision.resetAt / 1000));
  if (variants.has('reset-epoch-milliseconds') || variants.has('limiter-sliding-window')) return epochMillisecondsReset;
  if (variants.has('reset-http-date')) return (decision) => new Date(Math.ceil(decision.resetAt / 1000) * 1000).toUTCString();
  if (variants.has('reset-iso8601')) return isoWithOffset;
  return SPEC_POLICY.reset;
}

/** RFC 3339 with milliseconds at UTC+01:00 (any offset names the same instant). */
function isoWithOffset(decision: RateDecision): string {
  const shifted = new Date(decision.resetAt + 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+01:00`;
}

function policyFor(faults: FaultSet, variants: VariantSet, now: () => number, windowMs: number): RatePolicy {
  return {
    limitOf: faults.has('rl-custom-limit-ignored')
      ? () => DEFAULT_LIMIT_PER_MINUTE
      : faults.has('rl-default-limit-100')
        ? (auth) => auth.limitPerMinute ?? 100
        : keyLimit,
    refusedStatus: faults.has('rl-503') ? 503 : SPEC_POLICY.refusedStatus,
    reset: resetFor(faults, variants, now),
    retryAfter: faults.has('rl-no-retry-after')
      ? () => undefined
      : faults.has('rl-retry-after-ms')
        ? (decision) => String(decision.resetSeconds * 1000)
        : variants.has('retry-after-http-date')
          ? httpDateRetryAfter
          : variants.has('retry-after-fractional')
            ? (decision) => Math.max(0.001, (decision.resetAt - now()) / 1000).toFixed(3)
            : variants.has('retry-after-penalty')
              ? (decision) => String(decision.resetSeconds + Math.ceil(windowMs / 2000))
              : variants.has('retry-after-rounded-down')
                ? (decision) => String(Math.max(1, Math.floor((decision.resetAt - now()) / 1000)))
                : SPEC_POLICY.retryAfter,
    ...(faults.has('rl-endpoint-exempt') ? { exempt: webhookEventsRoute } : {}),
  };
}

function limiterFor(faults: FaultSet, base: RateLimiter): RateLimiter {
  let limiter: RateLimiter = base;
  if (faults.has('rl-one-too-many')) limiter = oneTooMany(limiter);
  if (faults.has('rl-shared-counter')) limiter = sharedCounter(limiter);
  else if (faults.has('rl-shared-counter-own-limits')) limiter = sharedCounterOwnLimits(limiter);
  if (faults.has('rl-remaining-stuck')) limiter = remainingStuck(limiter);
  if (faults.has('rl-never-recovers')) limiter = neverRecovers(limiter);
  return limiter;
}

export interface RateLimitHooks {
  /** After the auth hook: counts, sets the X-RateLimit-* headers, refuses over the limit. */
  onRequest: onRequestAsyncHookHandler;
  /** Only under rl-headers-missing-on-errors. */
  onSend: onSendAsyncHookHandler | undefined;
}

export interface RateLimitOptions {
  now: () => number;
  /** Anything but 60 s is for self-tests only (spec 8). */
  windowMs?: number | undefined;
  /** Legitimate alternative limiters and answers (reference/variants.ts). */
  variants?: VariantSet | undefined;
}

/** The clean limiter of the variants: a sliding-window log, a refilling bucket, else a fixed window. */
function baseLimiter(variants: VariantSet, options: RateLimitOptions, windows: FixedWindowLimiter): RateLimiter {
  if (variants.has('limiter-sliding-window') && variants.has('limiter-refilling-bucket')) {
    throw new ReferenceServerError('CONFLICTING_VARIANTS', 'limiter-sliding-window and limiter-refilling-bucket each replace the limiter: switch on one of them');
  }
  if (variants.has('limiter-sliding-window')) return new SlidingWindowLimiter(options.now, options.windowMs);
  if (variants.has('limiter-refilling-bucket')) return new RefillingBucketLimiter(options.now, options.windowMs);
  if (variants.has('limiter-smoothing')) return new SmoothingLimiter(options.now, options.windowMs);
  return windows;
}

/**
 * The limiter hooks for an app with these faults and variants. rl-concurrent-over-admission
 * replaces the counting itself (on a fixed window), so the other limiter faults and the
 * limiter-* variants do not combine with it (the policy ones do).
 */
export function rateLimitHooks(faults: FaultSet, options: RateLimitOptions): RateLimitHooks {
  const variants: VariantSet = options.variants ?? new Set();
  const windows = new FixedWindowLimiter(options.now, options.windowMs);
  const base = baseLimiter(variants, options, windows);
  const policy = policyFor(faults, variants, options.now, options.windowMs ?? WINDOW_MS);
  return {
    onRequest: faults.has('rl-concurrent-over-admission') ? racyHook(windows, policy) : rateLimitHook(limiterFor(faults, base), policy),
    onSend: faults.has('rl-headers-missing-on-errors') ? dropRateHeadersOnErrors : undefined,
  };
}
