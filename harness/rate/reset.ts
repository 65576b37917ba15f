/**
 * `X-RateLimit-Reset` has no unit in the spec (8). These are the readings servers use; the suite
 * records which one fits as an observation and never fails a target for its choice.
 */
export type ResetUnit = 'delta-seconds' | 'delta-milliseconds' | 'epoch-seconds' | 'epoch-milliseconds';

export interface ResetReading {
  readonly unit: ResetUnit;
  /** Time until the window resets by that reading; never negative. */
  readonly msUntilReset: number;
  /**
   * How much later the reset may be than msUntilReset says: a value in whole seconds, truncated
   * by the server, hides up to a second (1 ms for milliseconds). A wait that must be sure the
   * reset has passed adds it.
   */
  readonly precisionMs: number;
}

const EPOCH_MS_FROM = 1e12;
const EPOCH_S_FROM = 1e9;
/** Deltas up to this many are read as seconds (a minute window has at most 60). */
const MAX_DELTA_SECONDS = 3600;

/** How long until the reset, by the most plausible unit of the value. */
export function interpretReset(reset: number, nowMs: number = Date.now()): ResetReading {
  if (reset >= EPOCH_MS_FROM) return { unit: 'epoch-milliseconds', msUntilReset: Math.max(0, reset - nowMs), precisionMs: 1 };
  if (reset >= EPOCH_S_FROM) return { unit: 'epoch-seconds', msUntilReset: Math.max(0, reset * 1000 - nowMs), precisionMs: 1000 };
  if (reset <= MAX_DELTA_SECONDS) return { unit: 'delta-seconds', msUntilReset: reset * 1000, precisionMs: 1000 };
  return { unit: 'delta-milliseconds', msUntilReset: reset, precisionMs: 1 };
}
