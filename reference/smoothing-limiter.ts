import { KeyedLimiter } from './rate-limit.js';

interface Paced {
  /** When the key may send its next request. */
  next: number;
  /** Admission times in the trailing window, oldest first. */
  log: number[];
}

/**
 * Smoothing limiter per key (variant limiter-smoothing, like nginx `limit_req` without a burst):
 * a key may send one request every window / limit ms (one a second at 60 a minute), and never
 * more than `limit` in the trailing window. A fast burst is refused from its second request on,
 * yet a key pacing itself at its rate is never refused. Remaining is the limit less the requests
 * admitted in the trailing window; resetAt is when the next request is allowed.
 */
export class SmoothingLimiter extends KeyedLimiter<Paced> {
  protected fresh(now: number): Paced {
    return { next: now, log: [] };
  }

  protected settle(state: Paced, now: number): void {
    while (state.log.length > 0 && state.log[0]! + this.windowMs <= now) state.log.shift();
  }

  protected admits(state: Paced, now: number, limit: number): boolean {
    return now >= state.next && state.log.length < limit;
  }

  protected take(state: Paced, now: number, limit: number): void {
    state.next = now + this.windowMs / limit;
    state.log.push(now);
  }

  protected shown(state: Paced, now: number, limit: number): { remaining: number; resetAt: number } {
    const full = state.log.length >= limit ? state.log[0]! + this.windowMs : now;
    return { remaining: limit - state.log.length, resetAt: Math.max(state.next, full, now) };
  }
}
