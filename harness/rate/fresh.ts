import { readRateHeaders } from './headers.js';
import { interpretReset, type ResetReading, type ResetUnit } from './reset.js';
import { readRetryAfter } from './retry-after.js';
import { SPEC_WINDOW_MS } from './tolerance.js';

/** What a probe request answered; enough to judge the key's window. */
export interface RateProbe {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface FreshWindowOptions {
  /** Give up rather than start a wait that would end after this long in total. */
  readonly maxWaitMs: number;
  /** The window must have at least this long left by X-RateLimit-Reset, so a burst fits in it. */
  readonly minResetMs: number;
  /**
   * The key's window as far as the caller has seen it (WindowEstimate): the first wait for "a full
   * window after the key's last use" lasts this long, a second one the spec's minute. Unset: a minute.
   */
  readonly windowMs?: number | undefined;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

/**
 * How the limiter gave its budget back, as far as the wait saw: all of it when X-RateLimit-Reset
 * or Retry-After said (a fixed window), or part by part (a sliding window or log, a refilling
 * bucket); `unknown` when the first probe found the window fresh.
 */
export type BudgetReturn = 'at-reset' | 'gradually' | 'unknown';

export type FreshWindow =
  | {
      readonly fresh: true;
      /** The probe that found the window fresh: it used one request of the budget. */
      readonly probe: RateProbe;
      readonly limit: number;
      readonly resetUnit: ResetUnit | undefined;
      readonly waitedMs: number;
      readonly probes: number;
      readonly returns: BudgetReturn;
      /** Each wait and why, e.g. `31.3 s: until X-RateLimit-Reset 30 says the window ends (+1 s precision)`. */
      readonly waits: readonly string[];
    }
  | {
      readonly fresh: false;
      readonly last: RateProbe;
      readonly waitedMs: number;
      readonly probes: number;
      readonly reason: string;
      readonly waits: readonly string[];
    };

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Sent after the moment a header names, so the server's clock has surely passed it. */
const MARGIN_MS = 250;
/** Shortest wait between probes: each probe is a request the key's budget counts. */
const MIN_SLEEP_MS = 1000;
/** When a probe names no moment at all (no Retry-After, no X-RateLimit-Reset). */
const BLIND_WAIT_MS = 5000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const precision = (reading: { precisionMs: number }): string => (reading.precisionMs >= 1000 ? ` (+${reading.precisionMs / 1000} s precision)` : '');

/**
 * The wait a probe names for the budget to come back: Retry-After on a refusal and
 * X-RateLimit-Reset, the later of the two, each plus its precision (a whole-second value may be
 * truncated). A fixed window returns the whole budget then; a sliding window or a bucket may
 * return only part of it, which the next probe shows. Never more than a minute (spec 8).
 */
function namedWait(probe: RateProbe, admitted: boolean, rawReset: number | undefined, reset: ResetReading | undefined, at: number): { ms: number; basis: string } {
  const candidates: Array<{ ms: number; basis: string }> = [];
  if (!admitted) {
    const retry = readRetryAfter(probe.headers['retry-after'], probe.headers['date'], at);
    if (retry.ok) candidates.push({ ms: retry.ms + retry.precisionMs, basis: `Retry-After ${probe.headers['retry-after']!.trim()}${precision(retry)}` });
  }
  if (reset !== undefined) candidates.push({ ms: reset.msUntilReset + reset.precisionMs, basis: `X-RateLimit-Reset ${rawReset} (${reset.unit})${precision(reset)}` });
  if (candidates.length === 0) return { ms: BLIND_WAIT_MS, basis: 'no Retry-After or X-RateLimit-Reset names a moment' };
  const longest = candidates.reduce((a, b) => (b.ms > a.ms ? b : a));
  return { ms: Math.min(longest.ms, SPEC_WINDOW_MS + 1000), basis: `until ${longest.basis}` };
}

/**
 * Waits until the key's window is fresh: a probe is admitted and `X-RateLimit-Remaining` is one
 * below `X-RateLimit-Limit` (or equal to it), with enough of the window left. Back-to-back runs
 * against the same key work because the second run waits here.
 *
 * Works whatever the limiter's design and whatever X-RateLimit-Reset means (spec 8 does not say),
 * probing sparingly because every probe is itself a request the key's budget counts:
 * 1. It waits as long as Retry-After or X-RateLimit-Reset says, plus their precision. A fixed
 *    window is then fresh.
 * 2. If that brought back only part of the budget, the limiter returns it gradually (a sliding
 *    window or log, a refilling bucket) and the probes themselves stay counted for a window: it
 *    waits a full window after the last probe (`windowMs`, then the spec's minute), when any
 *    per-minute limiter has its whole budget back.
 * A full budget with the reset near waits for the reset once; if the next probe shows the same,
 * Reset names a refill rather than the end of the window, and the budget is taken as fresh.
 */
export async function waitForFreshWindow(send: () => Promise<RateProbe>, options: FreshWindowOptions): Promise<FreshWindow> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const started = now();
  const waits: string[] = [];
  let probes = 0;
  let waitedAsNamed = false;
  let gradual = false;
  let fullButEnding = false;
  let waitedWindow = false;
  let waitedMinute = false;
  for (;;) {
    const probe = await send();
    probes += 1;
    const at = now();
    const { values } = readRateHeaders(probe.headers);
    const reset = values.reset === undefined ? undefined : interpretReset(values.reset, at);
    const admitted = probe.status >= 200 && probe.status < 300;
    const notFresh = (reason: string): FreshWindow => ({ fresh: false, last: probe, waitedMs: now() - started, probes, reason, waits });
    // Refused with another status but a Retry-After (503, say): still a wait, not a broken probe.
    if (!admitted && probe.status !== 429 && probe.headers['retry-after'] === undefined) return notFresh(`the probe request answered ${probe.status}`);
    if (admitted && (values.limit === undefined || values.remaining === undefined)) {
      return notFresh('the probe response has no readable X-RateLimit-Limit and X-RateLimit-Remaining');
    }
    // Limit - 1 after counting this probe; a server that reports the count before it shows Limit.
    const full = admitted && (values.remaining === values.limit! - 1 || values.remaining === values.limit);
    let reason: string;
    let wait: { ms: number; basis: string };
    if (full) {
      const longEnough = reset === undefined || reset.msUntilReset >= options.minResetMs;
      if (longEnough || gradual || fullButEnding) {
        const returns: BudgetReturn = gradual || !longEnough ? 'gradually' : probes === 1 ? 'unknown' : 'at-reset';
        return { fresh: true, probe, limit: values.limit!, resetUnit: reset?.unit, waitedMs: now() - started, probes, returns, waits };
      }
      fullButEnding = true;
      reason = `only ${reset.msUntilReset} ms of the window are left`;
      wait = { ms: reset.msUntilReset + reset.precisionMs, basis: `until X-RateLimit-Reset ${values.reset} (${reset.unit}) says the window ends${precision(reset)}` };
    } else {
      fullButEnding = false;
      reason = admitted ? `${values.remaining} of ${values.limit} requests remain` : 'the key is over its limit';
      if (!waitedAsNamed) {
        waitedAsNamed = true;
        wait = namedWait(probe, admitted, values.reset, reset, at);
      } else {
        // Every per-minute limiter (spec 8) has its whole budget back a minute after the key's last use.
        if (waitedMinute) {
          return notFresh(`not fresh a full minute after the key's last use (${reason}): something else uses the key, or its window is longer than spec 8's minute`);
        }
        const windowMs = !waitedWindow && options.windowMs !== undefined ? Math.min(options.windowMs, SPEC_WINDOW_MS) : SPEC_WINDOW_MS;
        gradual = true;
        waitedWindow = true;
        waitedMinute = windowMs >= SPEC_WINDOW_MS;
        wait = {
          ms: windowMs,
          basis: `a full window (${seconds(windowMs)}) after the key's last use: the wait the headers named brought back only part of the budget`,
        };
      }
    }
    const elapsed = now() - started;
    const sleepMs = Math.max(wait.ms + MARGIN_MS, MIN_SLEEP_MS);
    if (elapsed + sleepMs > options.maxWaitMs) {
      return notFresh(`not fresh after ${seconds(elapsed)}: ${reason}; the next wait (${seconds(sleepMs)}, ${wait.basis}) would end after the ${seconds(options.maxWaitMs)} limit`);
    }
    waits.push(`${seconds(sleepMs)}: ${wait.basis}`);
    await sleep(sleepMs);
  }
}
