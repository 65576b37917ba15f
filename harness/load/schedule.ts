import type { Stage } from '../config/stages.js';

/**
 * The open model of the sustained scenario: request i starts at i × (60 s / rate) after the
 * first, whatever the earlier ones are doing, so a slow answer never lowers the offered rate
 * (no coordinated omission).
 */
export function arrivalOffsets(ratePerMin: number, durationS: number): number[] {
  if (!(ratePerMin > 0) || !(durationS > 0)) return [];
  const intervalMs = 60_000 / ratePerMin;
  const count = Math.floor((durationS * ratePerMin) / 60);
  return Array.from({ length: count }, (_, i) => Math.round(i * intervalMs * 1000) / 1000);
}

/**
 * The open model of a ramp (k6's ramping arrival rate): the rate moves in a straight line from
 * each stage's start (the previous target, 0 before the first) to its target, and request k
 * (1-based) starts when the expected count reaches k − ½, so a steady rate r spaces requests 1/r
 * apart with half a gap at either end. Within a stage of length D from rate a to b, the count
 * after t is a·t + (b − a)·t²/(2D); its inverse, written as 2n / (a + √(a² + 2(b − a)n/D)), stays
 * exact when a = b and when a = 0.
 */
export function rampOffsets(stages: readonly Stage[]): number[] {
  const offsets: number[] = [];
  let startS = 0;
  let from = 0;
  let before = 0;
  let k = 1;
  for (const { durationS, target } of stages) {
    const area = ((from + target) / 2) * durationS;
    while (k - 0.5 <= before + area + 1e-9) {
      const n = k - 0.5 - before;
      const root = Math.sqrt(Math.max(0, from * from + (2 * (target - from) * n) / durationS));
      const t = n <= 0 ? 0 : Math.min(durationS, (2 * n) / (from + root));
      offsets.push(Math.round((startS + t) * 1_000_000) / 1000);
      k += 1;
    }
    before += area;
    startS += durationS;
    from = target;
  }
  return offsets;
}

/**
 * The most requests of a schedule inside any window of `windowMs` (half-open, as a fixed window
 * counter sees them): at the default 55/min this is 55, under a 60/min limit with room for the
 * probe that opened the window.
 */
export function maxInWindow(offsets: readonly number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < offsets.length; end++) {
    while (offsets[end]! - offsets[start]! >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export interface Clock {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface ScheduledRun<T> {
  readonly results: readonly T[];
  /** How late each start was against its slot, in ms (timer and event-loop delay). */
  readonly lagsMs: readonly number[];
  /** False when `signal` stopped the schedule early. */
  readonly completed: boolean;
}

/**
 * Starts `fire(i)` at each offset without waiting for earlier calls to finish, then waits for
 * all of them. A late timer fires at once; the next slots keep their times.
 */
export async function runOpenModel<T>(
  offsets: readonly number[],
  fire: (index: number, lagMs: number) => Promise<T>,
  options: { readonly clock?: Clock; readonly signal?: AbortSignal } = {},
): Promise<ScheduledRun<T>> {
  const clock = options.clock ?? realClock;
  const started = clock.now();
  const pending: Promise<T>[] = [];
  const lagsMs: number[] = [];
  let completed = true;
  for (let i = 0; i < offsets.length; i++) {
    if (options.signal?.aborted) {
      completed = false;
      break;
    }
    const due = started + offsets[i]!;
    const wait = due - clock.now();
    if (wait > 0) await clock.sleep(wait);
    if (options.signal?.aborted) {
      completed = false;
      break;
    }
    const lag = Math.max(0, clock.now() - due);
    lagsMs.push(lag);
    pending.push(fire(i, lag));
  }
  return { results: await Promise.all(pending), lagsMs, completed };
}
