import { SPEC_WINDOW_MS } from '../spec/rate-limit.js';

/** spec 8: limits are per minute (declared in harness/spec/rate-limit.ts). */
export { SPEC_WINDOW_MS };

/**
 * How many requests beyond the budget a limiter that refills continuously (token bucket, GCRA,
 * sliding window) could legitimately admit while a burst lasts `elapsedMs`: the budget earned back
 * at `limit` per minute. A fixed window admits none; neither does a sliding log within a minute.
 */
export function refillAllowance(limit: number, elapsedMs: number, windowMs: number = SPEC_WINDOW_MS): number {
  if (limit <= 0 || elapsedMs <= 0) return 0;
  return Math.floor((limit * elapsedMs) / windowMs);
}

export interface AdmissionVerdict {
  readonly expected: number;
  readonly allowance: number;
  readonly admitted: number;
  readonly ok: boolean;
  /**
   * Exactly one over the ceiling: what a limiter that refills whole requests on a clock tick could
   * admit when a tick lands inside the burst. Worth one repeat before it counts as a failure.
   */
  readonly oneOver: boolean;
  /** e.g. `admitted 61 of 150; expected 60 (tolerance +0 for 212 ms at 60/min)`. */
  readonly summary: string;
}

/**
 * A burst of `sent` requests against a budget of `expected`: exactly `expected` may pass, plus the
 * refill allowance for the burst's elapsed time (but never more than were sent). `windowMs` is
 * the window the limit refills over: spec 8's minute, or a self-test's shortened window for a
 * limiter seen to refill (refillWindowMs below).
 */
export function judgeAdmission(options: {
  sent: number;
  admitted: number;
  expected: number;
  limit: number;
  elapsedMs: number;
  windowMs?: number | undefined;
  /**
   * Answers that are neither admitted nor the limit's refusal (a 503 of a server shedding load):
   * each may have spared the budget a request, so the floor falls by as many; the ceiling stays.
   */
  shed?: number | undefined;
}): AdmissionVerdict {
  const { sent, admitted, expected, limit, elapsedMs } = options;
  const shed = options.shed ?? 0;
  const windowMs = options.windowMs ?? SPEC_WINDOW_MS;
  const allowance = refillAllowance(limit, elapsedMs, windowMs);
  const ceiling = Math.min(sent, expected + allowance);
  const floor = Math.max(0, Math.min(sent, expected) - shed);
  const ok = admitted >= floor && admitted <= ceiling;
  const oneOver = admitted === ceiling + 1;
  const multiple = ok ? undefined : budgetMultiple({ sent, admitted, expected: floor, allowance });
  const summary =
    `admitted ${admitted} of ${sent}; expected ${floor}` +
    ` (tolerance +${allowance} for ${Math.round(elapsedMs)} ms at ${limit}/${windowMs === SPEC_WINDOW_MS ? 'min' : `${windowMs / 1000} s`})` +
    (shed > 0 ? `; ${shed} answered 503 (load shed), each taken as sparing the budget` : '') +
    (multiple === undefined ? '' : `; ${perReplicaHint(multiple)}`);
  return { expected: floor, allowance, admitted, ok, oneOver, summary };
}

/** Below this many times the budget an over-admission is a miscount, not a budget granted again. */
const MULTIPLE_FROM = 1.8;

/**
 * How many whole budgets a burst was admitted, when that is what it looks like: at least 1.8 times
 * the budget, within k times the refill allowance and a slack of k requests or a tenth of k budgets
 * of k × budget (the harness's own probes land on one replica or another, so each replica's share
 * may be short by a few), and some requests refused, so the admissions did stop somewhere. That is
 * what k replicas behind a load balancer admit when each counts on its own. undefined otherwise.
 */
export function budgetMultiple(options: { sent: number; admitted: number; expected: number; allowance: number }): number | undefined {
  const { sent, admitted, expected, allowance } = options;
  // Everything admitted: the admissions never stopped, so they show no multiple, only a missing limit.
  if (expected <= 0 || admitted >= sent || admitted < MULTIPLE_FROM * expected) return undefined;
  const k = Math.round(admitted / expected);
  const slack = k * allowance + Math.max(k, Math.ceil(0.1 * k * expected));
  return Math.abs(admitted - k * expected) <= slack ? k : undefined;
}

/** The likely cause of a burst admitted `k` budgets, in the words a finding gives it. */
export function perReplicaHint(k: number): string {
  return `about ${k}x the limit admitted: per-replica counters? (each replica behind a load balancer counting on its own)`;
}

/**
 * The window a key's limit refills over, for the tolerances above: spec 8's minute, unless the
 * key's X-RateLimit-Reset was seen to name a refill (a bucket, harness/rate/fresh.ts) on a
 * self-test server whose window is shortened (CONFORMANCE_REFERENCE_RATE_WINDOW_S). A fixed
 * window or a sliding log earns nothing back inside a burst on a fresh window, so their
 * tolerance stays the spec's, which keeps an over-admitting server from hiding in it.
 */
export function refillWindowMs(refills: boolean, selfTestWindowMs: number | undefined): number {
  return refills && selfTestWindowMs !== undefined && selfTestWindowMs > 0 ? Math.min(selfTestWindowMs, SPEC_WINDOW_MS) : SPEC_WINDOW_MS;
}
