import { WINDOW_MS, type RateDecision, type RateLimiter } from './rate-limit.js';

/**
 * Smoothing limiter per key (variant limiter-smoothing, like nginx `limit_req` without a burst):
 * a key may send one request every window / limit ms (one a second at 60 a minute), and never
 * more than `limit` in the trailing window. A fast burst is refused from its second request on,
 * yet a key pacing itself at its rate is never refused. Remaining is the limit less the requests
 * admitted in the trailing window; resetAt is when the next request is allowed.
 */
export class SmoothingLimiter implements RateLimiter {
  readonly #keys = new Map<string, { next: number; log: number[] }>();
  readonly #now: () => number;
  readonly #windowMs: number;

  /** windowMs other than 60 s is for self-tests only: the spec's limit is per minute. */
  constructor(now: () => number = Date.now, windowMs: number = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.#now();
    const state = this.#state(key, now);
    // Decided and recorded synchronously: concurrent requests cannot both take the slot.
    const allowed = now >= state.next && state.log.length < limit;
    if (allowed) {
      state.next = now + this.#windowMs / limit;
      state.log.push(now);
    }
    return this.#decide(state, limit, allowed, now);
  }

  peek(key: string, limit: number): RateDecision {
    const now = this.#now();
    const state = this.#state(key, now);
    return this.#decide(state, limit, now >= state.next && state.log.length < limit, now);
  }

  #state(key: string, now: number): { next: number; log: number[] } {
    let state = this.#keys.get(key);
    if (state === undefined) {
      state = { next: now, log: [] };
      this.#keys.set(key, state);
    }
    while (state.log.length > 0 && state.log[0]! + this.#windowMs <= now) state.log.shift();
    return state;
  }

  #decide(state: { next: number; log: readonly number[] }, limit: number, allowed: boolean, now: number): RateDecision {
    const full = state.log.length >= limit ? state.log[0]! + this.#windowMs : now;
    const resetAt = Math.max(state.next, full, now);
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - state.log.length),
      resetSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
      resetAt,
    };
  }
}
