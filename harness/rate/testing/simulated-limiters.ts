/**
 * Simulated limiters on a fake clock, for the rate harness's own tests:
 * every design spec 8 allows, each with either meaning of X-RateLimit-Reset, behind headers in
 * any unit.
 */
import type { RateProbe } from '../fresh.js';

/** A request's answer from a simulated limiter, before the headers are written. */
export interface Decision {
  readonly admitted: boolean;
  readonly remaining: number;
  /** The moment X-RateLimit-Reset names (its meaning is the limiter's). */
  readonly resetAt: number;
  /** The moment a refused request could be admitted (Retry-After). */
  readonly retryAt: number;
}

/** What the limiter's X-RateLimit-Reset names: the moment the whole budget is back, or the next request. */
export type Meaning = 'whole' | 'next';

export interface Limiter {
  hit(t: number): Decision;
  /** Requests still counted against the budget at `t`. */
  used(t: number): number;
}

export const LIMIT = 60;

/** Fixed window opened by the first request; both meanings name the window's end. */
export function fixedWindow(windowMs: number): Limiter {
  let window = { startedAt: -Infinity, count: 0 };
  const current = (t: number) => (t - window.startedAt >= windowMs ? (window = { startedAt: t, count: 0 }) : window);
  return {
    used: (t) => (t - window.startedAt >= windowMs ? 0 : Math.min(LIMIT, window.count)),
    hit(t) {
      const w = current(t);
      w.count += 1;
      const end = w.startedAt + windowMs;
      return { admitted: w.count <= LIMIT, remaining: Math.max(0, LIMIT - w.count), resetAt: end, retryAt: end };
    },
  };
}

/** Sliding log of admitted requests; Reset is when the oldest leaves (`next`) or the newest (`whole`). */
export function slidingLog(windowMs: number, meaning: Meaning): Limiter {
  let log: number[] = [];
  const live = (t: number): number[] => (log = log.filter((x) => x + windowMs > t));
  return {
    used: (t) => live(t).length,
    hit(t) {
      const admitted = live(t).length < LIMIT;
      if (admitted) log.push(t);
      const oldest = (log[0] ?? t) + windowMs;
      const newest = (log[log.length - 1] ?? t) + windowMs;
      return { admitted, remaining: LIMIT - log.length, resetAt: meaning === 'next' ? oldest : newest, retryAt: oldest };
    },
  };
}

/** Token bucket of LIMIT refilling LIMIT per window; Reset is the next whole request (`next`) or a full bucket (`whole`). */
export function bucket(windowMs: number, meaning: Meaning): Limiter {
  let tokens = LIMIT;
  let last = -Infinity;
  const perToken = windowMs / LIMIT;
  const refill = (t: number): void => {
    if (last !== -Infinity) tokens = Math.min(LIMIT, tokens + (t - last) / perToken);
    last = t;
  };
  return {
    used: (t) => (refill(t), LIMIT - tokens),
    hit(t) {
      refill(t);
      const admitted = tokens >= 1;
      if (admitted) tokens -= 1;
      const next = t + (tokens >= LIMIT ? 0 : (1 - (tokens % 1)) * perToken);
      const full = t + (LIMIT - tokens) * perToken;
      return { admitted, remaining: Math.floor(tokens), resetAt: meaning === 'next' ? next : full, retryAt: t + (1 - (tokens % 1)) * perToken };
    },
  };
}

export type Unit = 'delta-seconds' | 'epoch-milliseconds' | 'epoch-seconds';

/** A limiter on a fake clock behind headers in `unit` (delta rounded up, epoch seconds truncated); every probe is counted (5 ms round trip). */
export interface Simulated {
  now(): number;
  sleep(ms: number): Promise<void>;
  send(): Promise<RateProbe>;
  used(): number;
  /** Probes sent so far. */
  sent(): number;
}

export const START = Date.UTC(2026, 10, 22, 12, 0, 0, 400);

/**
 * One fake clock several simulated keys can share. Sleeps overlap as they do in real time: the
 * clock moves to the earliest pending wake-up once every waiter is asleep (a macrotask later,
 * when their promise chains have settled), wakes it, and so on.
 */
export class SimClock {
  t = START;
  readonly #timers: Array<{ at: number; wake: () => void }> = [];
  readonly now = (): number => this.t;
  readonly sleep = (ms: number): Promise<void> =>
    new Promise((wake) => {
      this.#timers.push({ at: this.t + Math.max(0, ms), wake });
      setImmediate(() => this.#advance());
    });

  #advance(): void {
    if (this.#timers.length === 0) return;
    this.#timers.sort((a, b) => a.at - b.at);
    const next = this.#timers.shift()!;
    this.t = Math.max(this.t, next.at);
    next.wake();
  }
}

export function simulate(limiter: Limiter, unit: Unit, history: readonly number[], clock: SimClock = new SimClock()): Simulated {
  for (const t of history) limiter.hit(t);
  let sent = 0;
  const reset = (at: number): string =>
    unit === 'delta-seconds'
      ? String(Math.max(1, Math.ceil((at - clock.t) / 1000)))
      : unit === 'epoch-milliseconds'
        ? String(Math.round(at))
        : String(Math.floor(at / 1000));
  return {
    now: clock.now,
    sleep: clock.sleep,
    used: () => limiter.used(clock.t),
    sent: () => sent,
    send: async () => {
      sent += 1;
      const d = limiter.hit(clock.t);
      clock.t += 5;
      const headers = { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': String(d.remaining), 'x-ratelimit-reset': reset(d.resetAt) };
      return d.admitted
        ? { status: 200, headers }
        : { status: 429, headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil((d.retryAt - clock.t) / 1000))) } };
    },
  };
}
