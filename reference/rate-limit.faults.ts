import { defineFaults } from './policy/declaration.js';

/** What may bend in the rate limiter and its headers (spec 8): each field is one behaviour a fault can change. */
export interface RateLimitPolicy {}

/** The spec's behaviour. */
export const RATE_LIMIT_POLICY: RateLimitPolicy = {};

/** The faults of the rate limiter and its headers (spec 8) (policy slot `rateLimit`). */
export const RATE_LIMIT_FAULTS = defineFaults({
  'rl-no-retry-after': {
    changes: 'a 429 carries no Retry-After header',
    suite: 'rate-limit',
    breaks: 'RL-RETRY-AFTER',
  },
  'rl-retry-after-ms': {
    changes: 'Retry-After is given in milliseconds (e.g. 57000) instead of seconds',
    suite: 'rate-limit',
    breaks: 'RL-RETRY-AFTER',
  },
  'rl-one-too-many': {
    changes: 'each window admits limit + 1 requests (Remaining still clamps at 0)',
    suite: 'rate-limit',
    breaks: 'RL-EXACT-SEQUENTIAL',
    also: ['RL-EXACT-CONCURRENT'],
  },
  'rl-shared-counter': {
    changes: 'one window and counter for all keys, each request judged by its own limit; the first refusal blocks every key until the window resets',
    suite: 'rate-limit',
    breaks: 'RL-PER-KEY',
  },
  'rl-shared-counter-own-limits': {
    changes: "one window and counter for all keys, each request judged by its own limit, nothing blocked: a key with a high limit is never refused, but its X-RateLimit-Remaining falls with every key's requests",
    suite: 'rate-limit',
    breaks: 'RL-PER-KEY-COUNTERS',
  },
  'rl-headers-missing-on-errors': {
    changes: 'the X-RateLimit-* headers are sent on 2xx only, not on 4xx (429 included)',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-ERROR',
    also: ['RL-HEADERS-429'],
  },
  'rl-concurrent-over-admission': {
    changes: 'the limiter reads the count, yields to the event loop, then writes count + 1: concurrent requests are over-admitted',
    suite: 'rate-limit',
    breaks: 'RL-EXACT-CONCURRENT',
  },
  'rl-custom-limit-ignored': {
    changes: 'every key gets the default 60 per minute, whatever its own limit',
    suite: 'rate-limit',
    breaks: 'RL-LIMIT-CUSTOM',
  },
  'rl-503': {
    changes: 'a request over the limit answers 503 (with Retry-After and the rate headers) instead of 429',
    suite: 'rate-limit',
    breaks: 'RL-OVER-429',
  },
  'rl-remaining-stuck': {
    changes: 'X-RateLimit-Remaining always equals the limit; admission is correct',
    suite: 'rate-limit',
    breaks: 'RL-REMAINING',
  },
  'rl-never-recovers': {
    changes: 'a key once refused stays refused in every later window',
    suite: 'rate-limit',
    breaks: 'RL-RECOVERY',
  },
  'rl-endpoint-exempt': {
    changes: 'GET /webhooks/events neither counts nor is refused (headers show the current, undecremented values)',
    suite: 'rate-limit',
    breaks: 'RL-ALL-ENDPOINTS',
  },
  'rl-default-limit-100': {
    changes: 'keys without their own limit get 100 per minute instead of 60',
    suite: 'rate-limit',
    breaks: 'RL-LIMIT-DEFAULT',
    also: ['RL-EXACT-SEQUENTIAL'],
  },
  'rl-reset-garbage': {
    changes: 'X-RateLimit-Reset is "soon": no delay or instant in any form',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-SUCCESS',
    also: ['RL-HEADERS-ERROR'],
  },
  'rl-reset-past': {
    changes: 'X-RateLimit-Reset names an instant two minutes in the past (epoch seconds)',
    suite: 'rate-limit',
    breaks: 'RL-HEADERS-SUCCESS',
    also: ['RL-HEADERS-ERROR'],
  },
});
