import { retryAfterMs } from '../http/retry-after.js';
import { SPEC_WINDOW_MS } from '../spec/rate-limit.js';

/**
 * spec 7, 8: Retry-After on every 429. A limit per minute needs at most a minute's wait, yet the
 * spec sets no bound: a server may add jitter or a short penalty beyond the window, so up to two
 * windows pass (a value in another unit, milliseconds say, is still far beyond).
 */
export const MAX_RETRY_AFTER_S = 120;
/** The window of spec 8: a wait beyond it is allowed (MAX_RETRY_AFTER_S) and recorded. */
export const WINDOW_S = SPEC_WINDOW_MS / 1000;
/** Clock skew allowed when Retry-After is an HTTP date and the response has no Date header. */
const SKEW_MS = 2000;
/**
 * An HTTP date and the Date header have whole-second precision (RFC 9110 5.6.7): each stands for an
 * instant up to (not quite) a second away, whichever way the server rounded it. Two such values
 * differ from the true wait by less than 2 s, and their difference is a whole number of seconds,
 * so a wait of at most 60 s shows as at most 61 s (a date rounded up, a Date truncated down).
 */
const WHOLE_SECOND_MS = 1000;

/**
 * The two forms RFC 9110 10.2.3 allows, and a fractional delay (`1.5`): not RFC 9110's
 * delta-seconds, but it tells a client when to come back as well, so it is tolerated and
 * observed. Also the values of the `retry-after-format` observation.
 */
export type RetryAfterForm = 'delta-seconds' | 'delta-seconds-fractional' | 'http-date';

export type RetryAfterReading =
  | {
      readonly ok: true;
      readonly form: RetryAfterForm;
      /** The wait it asks for: delta-seconds, or the date less the response's Date (this client's clock without one). */
      readonly ms: number;
      /**
       * How much later than `ms` the server may mean: a delta or a date it truncated, and a Date
       * header truncated down, each hide up to a second. A wait that must be sure to have passed
       * (a fresh window) adds it; RL-RECOVERY waits exactly what was asked.
       */
      readonly precisionMs: number;
    }
  | { readonly ok: false; readonly problem: string };

const seconds = (ms: number): string => `${Number.isInteger(ms / 1000) ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/**
 * Checks one Retry-After value: delta-seconds or an HTTP date (RFC 9110 10.2.3), positive and at
 * most `maxMs` (two minutes). A date is measured from the response's own Date header when it has one, allowing
 * for the whole-second precision of both; without one, from this client's clock, allowing also
 * for clock skew. Problems show the arithmetic.
 */
export interface RetryAfterOptions {
  /**
   * The response itself shows its window ends within a second or so (X-RateLimit-Reset): then a
   * wait of 0 (delta `0`, or a date equal to Date) is a wait under a second truncated, not a
   * refusal that asks for no wait.
   */
  readonly windowEndingNow?: boolean;
  /** The longest wait allowed; default MAX_RETRY_AFTER_S (a self-test's shortened window scales it). */
  readonly maxMs?: number;
}

export function readRetryAfter(
  value: string | undefined,
  dateHeader: string | undefined,
  nowMs: number = Date.now(),
  options: RetryAfterOptions = {},
): RetryAfterReading {
  if (value === undefined) return { ok: false, problem: 'Retry-After missing' };
  const trimmed = value.trim();
  const fractional = /^[0-9]+\.[0-9]+$/.test(trimmed);
  const delta = fractional || /^[0-9]+$/.test(trimmed);
  const deltaForm: RetryAfterForm = fractional ? 'delta-seconds-fractional' : 'delta-seconds';
  const serverNow = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader);
  const hasDate = !Number.isNaN(serverNow);
  const reference = hasDate ? serverNow : nowMs;
  const ms = retryAfterMs(trimmed, reference);
  if (ms === undefined) return { ok: false, problem: `Retry-After ${JSON.stringify(value.slice(0, 60))} is neither delta-seconds nor an HTTP date` };
  const maxMs = options.maxMs ?? MAX_RETRY_AFTER_S * 1000;
  if (delta) {
    // A delta is one whole-second value: a wait of at most the bound rounded either way is at most the bound.
    if (ms <= 0 && options.windowEndingNow === true) return { ok: true, form: deltaForm, ms: 0, precisionMs: WHOLE_SECOND_MS };
    if (ms <= 0)
      return {
        ok: false,
        problem: `Retry-After ${JSON.stringify(trimmed)} is not positive (and X-RateLimit-Reset does not show the window ending within a second)`,
      };
    if (ms > maxMs) return { ok: false, problem: `Retry-After ${JSON.stringify(trimmed)} asks for ${seconds(ms)}, more than ${seconds(maxMs)}` };
    // A fraction says the delay to the millisecond it gives; whole seconds may hide one more.
    return { ok: true, form: deltaForm, ms, precisionMs: fractional ? 1 : WHOLE_SECOND_MS };
  }
  // retryAfterMs clamps a date in the past to 0; the signed difference is what the message shows.
  const signed = Date.parse(trimmed) - reference;
  const against = hasDate ? `Date ${dateHeader!.trim()}` : "this client's clock (the response has no Date header)";
  if (signed === 0 && options.windowEndingNow === true) return { ok: true, form: 'http-date', ms: 0, precisionMs: WHOLE_SECOND_MS };
  if (signed <= 0) {
    return {
      ok: false,
      problem: `Retry-After ${trimmed} is ${signed === 0 ? 'the same instant as' : `${seconds(-signed)} before`} ${against}: it asks for no wait`,
    };
  }
  const allowance = hasDate ? WHOLE_SECOND_MS : WHOLE_SECOND_MS + SKEW_MS;
  const allowed = maxMs + allowance;
  if (signed > allowed) {
    const why = hasDate
      ? `${seconds(maxMs)} + 1 s for the whole-second precision of the two values`
      : `${seconds(maxMs)} + 1 s for the date's whole-second precision + ${SKEW_MS / 1000} s for clock skew`;
    return { ok: false, problem: `Retry-After ${trimmed} is ${seconds(signed)} after ${against}; allowed at most ${seconds(allowed)} (${why})` };
  }
  // Date truncated down and a date truncated too: the server may mean up to a second more.
  return { ok: true, form: 'http-date', ms, precisionMs: hasDate ? WHOLE_SECOND_MS : WHOLE_SECOND_MS + SKEW_MS };
}
