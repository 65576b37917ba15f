import type { FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import type { RequestTest } from './auth.faults.js';
import { requireAuth, type AuthContext } from './auth.js';
import { defineFaults } from './policy/declaration.js';
import {
  answerRate,
  DEFAULT_LIMIT_PER_MINUTE,
  keyLimit,
  SPEC_POLICY,
  type FixedWindowLimiter,
  type RateDecision,
  type RateLimiter,
  type RatePolicy,
} from './rate-limit.js';

/** Wraps the limiter so that it counts or decides otherwise. */
export type LimiterWrapper = (inner: RateLimiter) => RateLimiter;

/** A hook that counts on a fixed window in place of the limiter, answering with the app's answer policy. */
export type CountingHook = (windows: FixedWindowLimiter, answer: RatePolicy) => onRequestAsyncHookHandler;

/** X-RateLimit-Reset's value for a decision at this moment (epoch milliseconds). */
export type ResetWriter = (decision: RateDecision, now: number) => string;

/** Retry-After's value for a refusal at this moment (epoch milliseconds); undefined sends none. */
export type RetryAfterWriter = (decision: RateDecision, now: number) => string | undefined;

/** What may bend in the rate limiter and its headers (spec 8): each field is one behaviour a fault can change. */
export interface RateLimitPolicy {
  /** The per-minute limit of the caller's key (spec 5.6, 8: its own, else 60). */
  readonly limitOf: (auth: AuthContext) => number;
  /** The status of a request over the limit (spec 7: 429). */
  readonly refusedStatus: number;
  /** Wrappers around the limiter, innermost first (spec 8: none, each key counted exactly). */
  readonly limiterWrappers: readonly LimiterWrapper[];
  /** A hook that counts in place of the limiter (spec 8: none, the limiter counts each request in one step). */
  readonly countingHook: CountingHook | null;
  /** Requests that neither count nor can be refused (spec 8: none, every endpoint counts). */
  readonly exempt: readonly RequestTest[];
  /** The counter a request draws from (null, spec 5.1 and 8: the key's one counter, whatever the endpoint or the header that carried it). */
  readonly counterOf: ((auth: AuthContext, request: FastifyRequest) => string) | null;
  /** X-RateLimit-Reset written so, whatever form is chosen (null: the spec's delta seconds, or a variant's form). */
  readonly reset: ResetWriter | null;
  /** Retry-After written so, whatever form is chosen (null: the spec's delta seconds, or a variant's form). */
  readonly retryAfter: RetryAfterWriter | null;
  /** Hooks run on every answer after the limiter set its headers (spec 8: none, the headers stay). */
  readonly onSend: readonly onSendAsyncHookHandler[];
}

/** The spec's behaviour. */
export const RATE_LIMIT_POLICY: RateLimitPolicy = {
  limitOf: keyLimit,
  refusedStatus: SPEC_POLICY.refusedStatus,
  limiterWrappers: [],
  countingHook: null,
  exempt: [],
  counterOf: null,
  reset: null,
  retryAfter: null,
  onSend: [],
};

/** The counter every key shares under rl-shared-counter (no seeded key can be spelt so). */
const SHARED_KEY = '*';

/** rl-one-too-many: the window admits limit + 1; the headers still report the limit. */
const oneTooMany: LimiterWrapper = (inner) => {
  const report = (decision: RateDecision, limit: number): RateDecision => ({ ...decision, limit, remaining: Math.max(0, decision.remaining - 1) });
  return {
    hit: (key, limit) => report(inner.hit(key, limit + 1), limit),
    peek: (key, limit) => report(inner.peek(key, limit + 1), limit),
  };
};

/**
 * rl-shared-counter-own-limits: one window and counter for all keys, each request judged by its
 * own key's limit, and nothing else. A key with a high limit (an admin) is never refused, so
 * only the counters show it: another key's Remaining falls with the limited key's requests.
 */
const sharedCounterOwnLimits: LimiterWrapper = (inner) => ({
  hit: (_key, limit) => inner.hit(SHARED_KEY, limit),
  peek: (_key, limit) => inner.peek(SHARED_KEY, limit),
});

/**
 * rl-shared-counter: rl-shared-counter-own-limits, and the first refusal blocks the window for
 * everyone, so that keys with a high limit (admins) are refused too.
 */
const sharedCounter: LimiterWrapper = (inner) => {
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
};

/** rl-remaining-stuck: admission is right, X-RateLimit-Remaining never falls. */
const remainingStuck: LimiterWrapper = (inner) => ({
  hit: (key, limit) => ({ ...inner.hit(key, limit), remaining: limit }),
  peek: (key, limit) => ({ ...inner.peek(key, limit), remaining: limit }),
});

/** rl-never-recovers: a key refused once is refused in every later window too. */
const neverRecovers: LimiterWrapper = (inner) => {
  const refused = new Set<string>();
  return {
    hit(key, limit) {
      const decision = inner.hit(key, limit);
      if (!decision.allowed) refused.add(key);
      return refused.has(key) ? { ...decision, allowed: false, remaining: 0 } : decision;
    },
    peek: (key, limit) => inner.peek(key, limit),
  };
};

/**
 * rl-concurrent-over-admission: read the count, wait as for a remote counter store, write count + 1.
 * Requests that arrive within that wait of each other all read the same count (lost updates); one
 * at a time they are counted exactly. The wait is a store's round trip, not one event-loop turn, so
 * that a burst overlaps on a loaded machine too.
 */
const STORE_ROUND_TRIP_MS = 20;

const racyCount: CountingHook = (windows, policy) => async (request, reply) => {
  const auth = requireAuth(request);
  const limit = policy.limitOf(auth);
  if (policy.exempt !== undefined && policy.exempt(request)) {
    answerRate(reply, { ...windows.peek(auth.key, limit), allowed: true }, policy);
    return;
  }
  const window = windows.current(auth.key);
  const seen = window.count;
  await new Promise((resolve) => setTimeout(resolve, STORE_ROUND_TRIP_MS));
  window.count = seen + 1;
  answerRate(reply, windows.decide(window, limit), policy);
};

/** rl-endpoint-exempt: the one route the limiter skips. */
const webhookEventsRoute: RequestTest = (request) => request.method === 'GET' && (request.routeOptions.url ?? '').endsWith('/webhooks/events');

/** rl-counter-per-route: one counter per key and method + path template (`GET /contacts/:id`), each with the key's whole limit. */
const perRoute = (auth: AuthContext, request: FastifyRequest): string => `${auth.key} ${request.method} ${request.routeOptions.url ?? request.url}`;

/** rl-counter-per-credential: the key sent as `Authorization: Bearer` counts apart from the same key sent as X-API-Key (which wins when both are sent). */
const perCredential = (auth: AuthContext, request: FastifyRequest): string =>
  `${auth.key} ${request.headers['x-api-key'] === undefined ? 'bearer' : 'x-api-key'}`;

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** rl-headers-missing-on-errors: the rate headers survive on 2xx answers only. */
const dropRateHeadersOnErrors: onSendAsyncHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode < 200 || reply.statusCode >= 300) for (const name of RATE_HEADERS) reply.removeHeader(name);
  return payload;
};

/** The faults of the rate limiter and its headers (spec 8) (policy slot `rateLimit`). */
export const RATE_LIMIT_FAULTS = defineFaults({
  'rl-no-retry-after': {
    changes: 'a 429 carries no Retry-After header',
    suite: 'rate-limit',
    breaks: 'RL-RETRY-AFTER',
    policy: { rateLimit: { retryAfter: () => undefined } },
  },
  'rl-retry-after-ms': {
    changes: 'Retry-After is given in milliseconds (e.g. 57000) instead of seconds',
    suite: 'rate-limit',
    breaks: 'RL-RETRY-AFTER',
    policy: { rateLimit: { retryAfter: (decision) => String(decision.resetSeconds * 1000) } },
  },
  'rl-one-too-many': {
    changes: 'each window admits limit + 1 requests (Remaining still clamps at 0)',
    suite: 'rate-limit',
    breaks: 'RL-EXACT-SEQUENTIAL',
    also: ['RL-EXACT-CONCURRENT'],
    policy: { rateLimit: { limiterWrappers: [oneTooMany] } },
  },
  'rl-shared-counter': {
    changes: 'one window and counter for all keys, each request judged by its own limit; the first refusal blocks every key until the window resets',
    suite: 'rate-limit',
    breaks: 'RL-PER-KEY',
    policy: { rateLimit: { limiterWrappers: [sharedCounter] } },
  },
  'rl-shared-counter-own-limits': {
    changes:
      "one window and counter for all keys, each request judged by its own limit, nothing blocked: a key with a high limit is never refused, but its X-RateLimit-Remaining falls with every key's requests",
    suite: 'rate-limit',
    breaks: 'RL-PER-KEY-COUNTERS',
    policy: { rateLimit: { limiterWrappers: [sharedCounterOwnLimits] } },
  },
  'rl-headers-missing-on-errors': {
    changes: 'the X-RateLimit-* headers are sent on 2xx only, not on 4xx (429 included)',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-ERROR',
    also: ['RL-HEADERS-429'],
    policy: { rateLimit: { onSend: [dropRateHeadersOnErrors] } },
  },
  'rl-concurrent-over-admission': {
    changes: 'the limiter reads the count, yields to the event loop, then writes count + 1: concurrent requests are over-admitted',
    suite: 'rate-limit',
    breaks: 'RL-EXACT-CONCURRENT',
    policy: { rateLimit: { countingHook: racyCount } },
  },
  'rl-custom-limit-ignored': {
    changes: 'every key gets the default 60 per minute, whatever its own limit',
    suite: 'rate-limit',
    breaks: 'RL-LIMIT-CUSTOM',
    policy: { rateLimit: { limitOf: () => DEFAULT_LIMIT_PER_MINUTE } },
  },
  'rl-503': {
    changes: 'a request over the limit answers 503 (with Retry-After and the rate headers) instead of 429',
    suite: 'rate-limit',
    breaks: 'RL-OVER-429',
    policy: { rateLimit: { refusedStatus: 503 } },
  },
  'rl-remaining-stuck': {
    changes: 'X-RateLimit-Remaining always equals the limit; admission is correct',
    suite: 'rate-limit',
    breaks: 'RL-REMAINING',
    policy: { rateLimit: { limiterWrappers: [remainingStuck] } },
  },
  'rl-never-recovers': {
    changes: 'a key once refused stays refused in every later window',
    suite: 'rate-limit',
    breaks: 'RL-RECOVERY',
    policy: { rateLimit: { limiterWrappers: [neverRecovers] } },
  },
  'rl-endpoint-exempt': {
    changes: 'GET /webhooks/events neither counts nor is refused (headers show the current, undecremented values)',
    suite: 'rate-limit',
    breaks: 'RL-ALL-ENDPOINTS',
    policy: { rateLimit: { exempt: [webhookEventsRoute] } },
  },
  'rl-default-limit-100': {
    changes: 'keys without their own limit get 100 per minute instead of 60',
    suite: 'rate-limit',
    breaks: 'RL-LIMIT-DEFAULT',
    also: ['RL-EXACT-SEQUENTIAL'],
    policy: { rateLimit: { limitOf: (auth) => auth.limitPerMinute ?? 100 } },
  },
  'rl-reset-garbage': {
    changes: 'X-RateLimit-Reset is "soon": no delay or instant in any form',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-SUCCESS',
    also: ['RL-HEADERS-ERROR'],
    policy: { rateLimit: { reset: () => 'soon' } },
  },
  'rl-reset-past': {
    changes: 'X-RateLimit-Reset names an instant two minutes in the past (epoch seconds)',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-SUCCESS',
    also: ['RL-HEADERS-ERROR'],
    policy: { rateLimit: { reset: (_decision, now) => String(Math.floor(now / 1000) - 120) } },
  },
  'rl-counter-per-route': {
    changes: "each method and path template has a counter of its own with the key's whole limit (GET /contacts and GET /contacts/{id} count apart)",
    suite: 'rate-limit',
    breaks: 'RL-ONE-COUNTER',
    policy: { rateLimit: { counterOf: perRoute } },
  },
  'rl-counter-per-credential': {
    changes: "the key sent as Authorization: Bearer has a counter of its own, apart from the same key sent as X-API-Key: twice the key's limit in all",
    suite: 'rate-limit',
    breaks: 'RL-ONE-COUNTER',
    policy: { rateLimit: { counterOf: perCredential } },
  },
});
