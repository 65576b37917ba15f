import { retryAfterMs } from '../http/retry-after.js';

/** spec 7, 8: Retry-After on every 429; a limit per minute never needs more than a minute's wait. */
export const MAX_RETRY_AFTER_S = 60;
/** Clock skew allowed when Retry-After is an HTTP date and the response has no Date header. */
const SKEW_MS = 2000;

export type RetryAfterReading =
  | { readonly ok: true; readonly form: 'delta-seconds' | 'http-date'; readonly ms: number }
  | { readonly ok: false; readonly problem: string };

/**
 * Checks one Retry-After value: delta-seconds or an HTTP date (RFC 9110 10.2.3), positive and at
 * most 60 s. A date is measured from the response's own Date header when it has one.
 */
export function readRetryAfter(value: string | undefined, dateHeader: string | undefined, nowMs: number = Date.now()): RetryAfterReading {
  if (value === undefined) return { ok: false, problem: 'Retry-After missing' };
  const trimmed = value.trim();
  const delta = /^[0-9]+$/.test(trimmed);
  const serverNow = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader);
  const reference = Number.isNaN(serverNow) ? nowMs : serverNow;
  const ms = retryAfterMs(trimmed, reference);
  if (ms === undefined) return { ok: false, problem: `Retry-After ${JSON.stringify(value.slice(0, 60))} is neither delta-seconds nor an HTTP date` };
  const form = delta ? 'delta-seconds' : 'http-date';
  const slack = form === 'http-date' && Number.isNaN(serverNow) ? SKEW_MS : 0;
  if (ms <= 0) return { ok: false, problem: `Retry-After ${JSON.stringify(trimmed)} is not positive` };
  if (ms > MAX_RETRY_AFTER_S * 1000 + slack) return { ok: false, problem: `Retry-After ${JSON.stringify(trimmed)} asks for more than ${MAX_RETRY_AFTER_S} s` };
  return { ok: true, form, ms };
}
