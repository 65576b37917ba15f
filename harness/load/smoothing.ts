import { readRetryAfter } from '../rate/retry-after.js';
import { pacedSummary, smoothingRefusal, type SmoothingRefusal } from '../rate/smoothing.js';
import type { BurstKeyRecord } from './model.js';
import type { KeyTally, RetryAfterTally } from './tally.js';

/*
 * A burst key that admitted fewer than its budget may be a smoothing limiter's (harness/rate/smoothing.ts):
 * correct by spec 8, which says how many requests a minute, not how fast. The burst then decides
 * whether its refusals look like one (every refusal 429 with a valid Retry-After of about one
 * request's share of the window), run.ts sends a short paced run on the key through the engine, and
 * `judgePaced` reads its tally: all admitted passes the key, any refusal is an under-admission. The
 * ceiling is never touched: a burst over its budget fails before any of this, whatever the limiter.
 */

/**
 * The longest wait the key's 429s asked for, ms; undefined when one asked for none readable, or
 * when more than one value past the tally's cap was not a number of seconds (only the first of
 * those is kept, so the longest is unknown).
 */
export function longestRetryAfterMs(retryAfter: RetryAfterTally): number | undefined {
  const waits: (number | undefined)[] = [];
  const read = (value: string | null, date: string | null, receivedAt: number): number | undefined => {
    const reading = readRetryAfter(value ?? undefined, date ?? undefined, receivedAt);
    return reading.ok ? reading.ms : undefined;
  };
  for (const v of retryAfter.values) waits.push(read(v.value, v.date, v.receivedAt));
  const o = retryAfter.overflow;
  if (o.maxDelta !== null) waits.push(read(String(o.maxDelta), null, 0));
  if (o.nonNumeric > 1) return undefined;
  if (o.firstNonNumeric !== null) waits.push(read(o.firstNonNumeric.value, o.firstNonNumeric.date, o.firstNonNumeric.receivedAt));
  if (waits.length === 0 || waits.some((w) => w === undefined)) return undefined;
  return Math.max(...(waits as number[]));
}

/**
 * The paced run a burst that admitted too few (judgeBurstKey's `tooFew`) calls for, when its
 * refusals asked for a smoothing limiter's short wait; `limit` is the key's X-RateLimit-Limit,
 * `windowMs` the target's window (the spec's minute, a self-test's shorter one).
 */
export function pacedPlan(retryAfter: RetryAfterTally, limit: number, windowMs: number): SmoothingRefusal {
  return smoothingRefusal(longestRetryAfterMs(retryAfter), limit, windowMs);
}

/** What judgeBurstKey hands back, as far as the paced run changes it. */
export interface JudgedKey {
  readonly record: BurstKeyRecord;
  readonly findings: string[];
  readonly oneOver: boolean;
}

/**
 * A paced run as run.ts sends it: one request at a time, the next `intervalMs` after the answer
 * (so a late request never brings the next one closer), stopping at the first not admitted.
 */
export interface PacedOutcome {
  readonly sent: number;
  readonly admitted: number;
  /** The status of the request that was not admitted (the last one sent), if one was. */
  readonly refusedStatus?: number | undefined;
  /** Why the last request got no answer, if it got none. */
  readonly error?: string | undefined;
}

/** One answer of a paced run, from the tally of its one-request job: admitted, refused with a status, or no answer. */
export function pacedAnswer(tally: Pick<KeyTally, 'sent' | 'statusCounts' | 'errors' | 'firstError'>): { admitted: boolean; status?: number; error?: string } {
  if (tally.errors > 0 || tally.sent === 0) return { admitted: false, error: tally.firstError ?? (tally.sent === 0 ? 'not sent (stopped)' : 'unknown') };
  const status = Number(Object.keys(tally.statusCounts)[0]);
  return { admitted: status >= 200 && status < 300, status };
}

/**
 * The burst key once its paced run is back: passed when every paced request was admitted (the
 * summary says it was a smoothing limiter, what the burst admitted and the pace), failed when one
 * was refused (admitting fewer than the budget and refusing the key's own rate is an
 * under-admission), an error when a paced request got no answer.
 */
export function judgePaced<J extends JudgedKey>(judged: J, plan: Extract<SmoothingRefusal, { smoothing: true }>, paced: PacedOutcome): J {
  const { record } = judged;
  const burst = `admitted ${record.admitted} of ${record.sent} at once (budget ${record.expected}), its refusals asking for ${Math.round(plan.waitMs)} ms at most`;
  if (paced.refusedStatus === undefined && paced.error === undefined && paced.admitted === plan.requests) {
    return {
      ...judged,
      record: { ...record, status: 'passed', summary: `smoothing limiter: ${burst}; ${pacedSummary(plan.intervalMs, paced.admitted)}` },
      findings: [],
    };
  }
  const outcome =
    paced.refusedStatus !== undefined
      ? `request ${paced.sent} was refused (${paced.refusedStatus})`
      : paced.error !== undefined
        ? `request ${paced.sent} got no answer (${paced.error})`
        : `${paced.admitted} of ${plan.requests} were sent and admitted (stopped early)`;
  const pace = pacedSummary(plan.intervalMs, paced.admitted, outcome);
  if (paced.refusedStatus === undefined) {
    return { ...judged, record: { ...record, status: 'error', summary: `${record.summary}; a smoothing limiter? ${pace}` }, findings: [] };
  }
  const finding = `${record.key}: ${record.summary}, and the key does not keep its rate when paced either (${pace}): it admits fewer than its limit (spec 8)`;
  return { ...judged, record: { ...record, status: 'failed', summary: `${record.summary}; not a smoothing limiter: ${pace}` }, findings: [finding] };
}
