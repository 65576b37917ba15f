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
   * The key's window as far as the caller knows it (a WindowEstimate, or a self-test's shortened
   * window): the first wait for "a full window after the key's last use" lasts this long, a later
   * one the spec's minute. Unset: a minute.
   */
  readonly windowMs?: number | undefined;
  /**
   * Known from an earlier wait against the same target: X-RateLimit-Reset names the next refill
   * (a bucket), so a full budget whose reset is near is fresh at once.
   */
  readonly refills?: boolean | undefined;
  /** Told of each wait as it starts (`61.3 s: until Retry-After 60 (+1 s precision)`), for progress output. */
  readonly onWait?: ((step: string) => void) | undefined;
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
      /** When that probe was sent, on the clock of `now`. */
      readonly probeSentAt: number;
      readonly limit: number;
      readonly resetUnit: ResetUnit | undefined;
      readonly waitedMs: number;
      readonly probes: number;
      readonly returns: BudgetReturn;
      /**
       * X-RateLimit-Reset names the next refill, not the end of a window (a bucket: a full budget
       * whose reset stays near): the budget grows again from the fresh probe on.
       */
      readonly refills: boolean;
      /**
       * The first probe found part of the budget spent: the wait was for earlier requests to leave
       * the window. false when the budget was full and the wait (if any) only looked again at a
       * near reset.
       */
      readonly spent: boolean;
      /** Each wait and why, e.g. `31.3 s: until X-RateLimit-Reset 30 (delta-seconds) (+1 s precision)`. */
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
/** Waits computed from the pace the budget came back at, at most this many per wait. */
const MAX_PACE_TRIES = 2;
/**
 * Probes one wait sends at most: the first, the one at the moment the headers name, one to look
 * again at a full budget whose reset is near, two at the pace seen, one a full window after the
 * last probe (the window as known) and one a spec minute after it; one spare.
 */
export const FRESH_MAX_PROBES = 8;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const precision = (reading: { precisionMs: number }): string => (reading.precisionMs >= 1000 ? ` (+${reading.precisionMs / 1000} s precision)` : '');

/** One probe as the wait reads it. */
interface Reading {
  readonly sentAt: number;
  readonly at: number;
  readonly admitted: boolean;
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
}

/**
 * The wait a probe names for the budget to come back: Retry-After on a refusal and
 * X-RateLimit-Reset, the later of the two, each plus its precision (a whole-second value may be
 * truncated). A fixed window returns the whole budget then; a sliding window or a bucket may
 * return only part of it, which the next probe shows. Never more than a minute (spec 8).
 */
function namedWait(
  probe: RateProbe,
  admitted: boolean,
  rawReset: string | undefined,
  reset: ResetReading | undefined,
  at: number,
): { ms: number; basis: string } {
  const candidates: Array<{ ms: number; basis: string }> = [];
  if (!admitted) {
    const retry = readRetryAfter(probe.headers['retry-after'], probe.headers['date'], at);
    if (retry.ok) candidates.push({ ms: retry.ms + retry.precisionMs, basis: `Retry-After ${probe.headers['retry-after']!.trim()}${precision(retry)}` });
  }
  if (reset !== undefined)
    candidates.push({ ms: reset.msUntilReset + reset.precisionMs, basis: `X-RateLimit-Reset ${rawReset} (${reset.unit})${precision(reset)}` });
  if (candidates.length === 0) return { ms: BLIND_WAIT_MS, basis: 'no Retry-After or X-RateLimit-Reset names a moment' };
  const longest = candidates.reduce((a, b) => (b.ms > a.ms ? b : a));
  return { ms: Math.min(longest.ms, SPEC_WINDOW_MS + 1000), basis: `until ${longest.basis}` };
}

/**
 * How long the budget still missing takes to come back at the pace seen between two probes,
 * counted low: each whole-request reading may hide almost one request, the span is the longest
 * the server can have seen (from the earlier probe's send to the later one's answer), and the
 * later probe itself used one request. Exact for a refilling bucket; a sliding log returns its
 * budget as its old traffic came in, so a wait at this pace is only ever tried, never trusted.
 */
function paceWait(previous: Reading, current: Reading): { ms: number; basis: string } | undefined {
  if (previous.remaining === undefined || current.remaining === undefined || current.limit === undefined) return undefined;
  const returned = current.remaining - previous.remaining + (current.admitted ? 1 : 0);
  const surely = returned - 1;
  const spanMs = current.at - previous.sentAt;
  if (surely <= 0 || spanMs <= 0) return undefined;
  // Full before the next probe, so that it leaves Limit - 1.
  const missing = current.limit - current.remaining;
  const ms = Math.ceil((missing * spanMs) / surely);
  return { ms, basis: `${returned} request(s) came back in ${seconds(spanMs)}; at that pace the ${missing} still missing take ${seconds(ms)}` };
}

/** The lengths "a full window" may have, shortest first: the caller's window, then the spec's minute. */
function fullWindows(windowMs: number | undefined): number[] {
  const known = windowMs !== undefined && windowMs > 0 ? Math.min(windowMs, SPEC_WINDOW_MS) : SPEC_WINDOW_MS;
  return known < SPEC_WINDOW_MS ? [known, SPEC_WINDOW_MS] : [SPEC_WINDOW_MS];
}

/**
 * Waits until the key's window is fresh: a probe is admitted and `X-RateLimit-Remaining` is one
 * below `X-RateLimit-Limit` (or equal to it), with enough of the window left. Back-to-back runs
 * against the same key work because the second run waits here.
 *
 * Works whatever the limiter's design (a fixed window, a sliding window or log, a refilling
 * bucket) and whatever X-RateLimit-Reset means (the end of the whole window, or the moment the
 * next request frees up; spec 8 does not say). Every probe is itself a request the key's budget
 * counts, and on a sliding log it stays counted for a window, so the wait probes sparingly and
 * never on the rhythm of a header that names one request coming back:
 * 1. It waits as long as Retry-After or X-RateLimit-Reset says, plus their precision. A fixed
 *    window (or a bucket whose Reset names it full) is then fresh.
 * 2. If that brought back only part of the budget, the limiter gives it back gradually. It then
 *    computes how long the rest takes to come back: at the pace seen between the last two probes
 *    (exact for a bucket), tried only while a full window after that probe still fits the bound;
 *    and, whatever the pace, a full window after the last probe (the key's last use), when any
 *    per-minute limiter has its whole budget back: the window as known, then the spec's minute.
 *    It waits the shorter of the two.
 * A full budget with the reset near waits for the reset once; if the next probe shows the same
 * (or the budget came back part by part before), Reset names a refill rather than the end of the
 * window, and the budget is taken as fresh.
 * At most FRESH_MAX_PROBES probes, and no wait that would end after `maxWaitMs`.
 */
export async function waitForFreshWindow(send: () => Promise<RateProbe>, options: FreshWindowOptions): Promise<FreshWindow> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const started = now();
  const windows = fullWindows(options.windowMs);
  const waits: string[] = [];
  const readings: Reading[] = [];
  let waitedAsNamed = false;
  let gradual = false;
  let endingSeen = false;
  let paceTries = 0;
  let windowIndex = 0;
  for (;;) {
    const sentAt = now();
    const probe = await send();
    const at = now();
    const { values } = readRateHeaders(probe.headers, at);
    const reset = values.reset === undefined ? undefined : interpretReset(values.reset, at);
    const admitted = probe.status >= 200 && probe.status < 300;
    const reading: Reading = { sentAt, at, admitted, limit: values.limit, remaining: values.remaining };
    readings.push(reading);
    const probes = readings.length;
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
      const ending = reset !== undefined && reset.msUntilReset < options.minResetMs;
      // A near reset after the budget came back part by part, or again after waiting for it, names a refill.
      if (!ending || options.refills === true || endingSeen || gradual) {
        const refills = ending;
        const returns: BudgetReturn = gradual || refills ? 'gradually' : probes === 1 ? 'unknown' : 'at-reset';
        return {
          fresh: true,
          probe,
          probeSentAt: sentAt,
          limit: values.limit!,
          resetUnit: reset?.unit,
          waitedMs: now() - started,
          probes,
          returns,
          refills,
          spent: waitedAsNamed,
          waits,
        };
      }
      endingSeen = true;
      reason = `only ${reset.msUntilReset} ms of the window are left`;
      wait = {
        ms: reset.msUntilReset + reset.precisionMs,
        basis: `a full budget, but X-RateLimit-Reset ${values.reset} (${reset.unit}) is near: until then${precision(reset)}, to see whether it ends the window or names a refill`,
      };
    } else {
      endingSeen = false;
      reason = admitted ? `${values.remaining} of ${values.limit} requests remain` : 'the key is over its limit';
      if (!waitedAsNamed) {
        waitedAsNamed = true;
        wait = namedWait(probe, admitted, values.reset, reset, at);
      } else {
        // The wait the headers named brought back only part of the budget.
        gradual = true;
        if (windowIndex >= windows.length) {
          return notFresh(
            `not fresh a full minute after the key's last use (${reason}): something else uses the key, or its window is longer than spec 8's minute`,
          );
        }
        const windowMs = windows[windowIndex]!;
        const afterWindow = {
          ms: windowMs,
          basis: `a full window (${seconds(windowMs)}) after the key's last use (this probe): the budget comes back part by part`,
        };
        const pace = paceTries < MAX_PACE_TRIES ? paceWait(readings[probes - 2]!, reading) : undefined;
        const roomAfter = options.maxWaitMs - (at - started) - 2 * MARGIN_MS;
        // At the pace seen when that is sooner, and only while a full window after that probe still fits the bound.
        if (pace !== undefined && pace.ms < afterWindow.ms && Math.max(pace.ms, MIN_SLEEP_MS) + afterWindow.ms <= roomAfter) {
          paceTries += 1;
          wait = pace;
        } else {
          windowIndex += 1;
          wait = afterWindow;
        }
      }
    }
    if (probes >= FRESH_MAX_PROBES) return notFresh(`not fresh after ${probes} probes (${reason}); no more are sent, each would use the budget it waits for`);
    const elapsed = now() - started;
    const sleepMs = Math.max(wait.ms + MARGIN_MS, MIN_SLEEP_MS);
    if (elapsed + sleepMs > options.maxWaitMs) {
      return notFresh(
        `not fresh after ${seconds(elapsed)}: ${reason}; the next wait (${seconds(sleepMs)}, ${wait.basis}) would end after the ${seconds(options.maxWaitMs)} limit`,
      );
    }
    const step = `${seconds(sleepMs)}: ${wait.basis}`;
    waits.push(step);
    options.onWait?.(step);
    await sleep(sleepMs);
  }
}
