import type { Dispatcher } from 'undici';
import { DIRECT, targetDispatcher, type TargetNetwork } from '../http/network.js';
import { admittedTooFew } from '../rate/smoothing.js';
import { judgeAdmission } from '../rate/tolerance.js';
import { readRetryAfter } from '../rate/retry-after.js';
import type { BurstKeyRecord, LoadStatus } from './model.js';
import type { KeyTally, RetryAfterTally } from './tally.js';
import { workerRowOf, type WorkerRow } from './tally-merge.js';
import { outcomeOf, timelineOf } from './timeline.js';

/** One request of a burst or a sustained run, as far as judging needs it. */
export interface Sample {
  /** Since the scenario's first request, in ms. */
  readonly startMs: number;
  readonly endMs: number;
  /** Wall clock at the answer, for Retry-After given as an HTTP date. */
  readonly receivedAt: number;
  /** null: no answer (timeout, connection error). */
  readonly status: number | null;
  /** Lower-case names; only the ones judging reads (rate headers, Retry-After, Date). */
  readonly headers: Readonly<Record<string, string>>;
  readonly error?: string;
}

const KEPT_HEADERS = ['retry-after', 'date', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

export function keptHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = raw[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export interface SendTarget {
  /** `http://host:port` */
  readonly origin: string;
  /** Base path plus the request's path and query, e.g. `/api/v1/contacts?limit=1`. */
  readonly path: string;
  /** The CA file and proxies of the run (harness/http/network.ts); unset: direct, Node's CAs. */
  readonly network?: TargetNetwork | undefined;
}

export function splitUrl(baseUrl: string, path: string, network?: TargetNetwork): SendTarget {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  return { origin: url.origin, path: `${url.pathname}${url.search}`, ...(network ? { network } : {}) };
}

/**
 * One GET through `dispatcher` with a precise deadline (undici's own timers fire late, see
 * TOOLCHAIN.md); never throws: a failure is a sample without status.
 */
export async function sendOne(
  pool: Dispatcher,
  target: SendTarget,
  key: string,
  options: { readonly timeoutMs: number; readonly t0: number; readonly signal?: AbortSignal },
): Promise<Sample> {
  const startMs = performance.now() - options.t0;
  // Read again below so it stays referenced until the request ends: Node 20 may garbage-collect a
  // timeout signal that only AbortSignal.any() refers to, and it then never fires (nodejs/node#57736).
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signals = [timeout, ...(options.signal ? [options.signal] : [])];
  try {
    const res = await pool.request({
      origin: target.origin,
      method: 'GET',
      path: target.path,
      headers: { 'x-api-key': key, accept: 'application/json' },
      signal: AbortSignal.any(signals),
    });
    await res.body.dump();
    return { startMs, endMs: performance.now() - options.t0, receivedAt: Date.now(), status: res.statusCode, headers: keptHeaders(res.headers) };
  } catch (cause) {
    const error = timeout.aborted || (cause as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : (cause as Error).message;
    return { startMs, endMs: performance.now() - options.t0, receivedAt: Date.now(), status: null, headers: {}, error };
  }
}

export interface FiredBurst {
  readonly samples: readonly Sample[];
  /** From the first request sent to the last answer. */
  readonly elapsedMs: number;
}

/**
 * Fires `requests` GETs at once over a pool of `connections` (undici queues the rest, so at most
 * `connections` are in flight). undici rather than autocannon: the judge needs every response's
 * Retry-After and timing, and 150 requests need no load generator.
 */
export async function fireBurst(
  target: SendTarget,
  key: string,
  options: { readonly requests: number; readonly connections: number; readonly timeoutMs: number; readonly signal?: AbortSignal },
): Promise<FiredBurst> {
  // Its own connections to the target, through the run's CA file and proxy.
  const pool = targetDispatcher(target.network ?? DIRECT, { connections: options.connections });
  try {
    const t0 = performance.now();
    const samples = await Promise.all(
      Array.from({ length: options.requests }, () =>
        sendOne(pool, target, key, { timeoutMs: options.timeoutMs, t0, ...(options.signal ? { signal: options.signal } : {}) }),
      ),
    );
    return { samples, elapsedMs: samples.reduce((max, s) => Math.max(max, s.endMs), 0) };
  } finally {
    await pool.close();
  }
}

/** A tally's answers that are neither 2xx nor 429, per status. */
function otherCounts(statusCounts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(statusCounts).filter(([status]) => outcomeOf(Number(status)) === 'other'));
}

/** Answers per status in numeric order (a tally's `statusCounts`, summed over workers, is one). */
export function sortedStatusCounts(statusCounts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(statusCounts).sort(([a], [b]) => Number(a) - Number(b)));
}

const sum = (counts: Readonly<Record<string, number>>): number => Object.values(counts).reduce((n, c) => n + c, 0);

type Invalid = { readonly count: number; readonly problem: string; readonly atLeast: boolean };

/**
 * The 429s of a tally whose Retry-After is missing or invalid. Each distinct (Retry-After, Date)
 * pair is read once, at the instant its first answer came (on the harness's clock), and counts as
 * many answers as carried it. Past the tally's cap only a summary is left: numeric deltas are valid
 * if their smallest and largest are (every value between is), and the first other value stands
 * for the rest; an invalid edge or example counts once, so the count is then a lower bound.
 */
function invalidRetryAfter(retryAfter: RetryAfterTally): Invalid[] {
  const invalid: Invalid[] = [];
  const read = (value: string | null, date: string | null, receivedAt: number): string | undefined => {
    const reading = readRetryAfter(value ?? undefined, date ?? undefined, receivedAt);
    return reading.ok ? undefined : reading.problem;
  };
  for (const v of retryAfter.values) {
    const problem = read(v.value, v.date, v.receivedAt);
    if (problem !== undefined) invalid.push({ count: v.count, problem, atLeast: false });
  }
  const o = retryAfter.overflow;
  const edges = [...new Set([o.minDelta, o.maxDelta].filter((d): d is number => d !== null))];
  for (const delta of edges) {
    const problem = read(String(delta), null, 0);
    if (problem !== undefined) invalid.push({ count: 1, problem, atLeast: true });
  }
  if (o.firstNonNumeric !== null) {
    const problem = read(o.firstNonNumeric.value, o.firstNonNumeric.date, o.firstNonNumeric.receivedAt);
    if (problem !== undefined) invalid.push({ count: 1, problem, atLeast: o.nonNumeric > 1 });
  }
  return invalid;
}

/** What of a tally the refusal rules read. */
export type RefusalTally = Pick<KeyTally, 'statusCounts' | 'errors' | 'firstError' | 'retryAfter'>;

/** The findings every refusal must not produce: a status other than 429, a 429 without valid Retry-After. */
export function refusalFindings(tally: RefusalTally): { findings: string[]; invalidRetryAfter: number } {
  const findings: string[] = [];
  const byStatus = sortedStatusCounts(otherCounts(tally.statusCounts));
  const others = sum(byStatus);
  if (others > 0) {
    const list = Object.entries(byStatus)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    findings.push(`${others} ${others === 1 ? 'answer was' : 'answers were'} neither 2xx nor 429 (${list}); spec 7: over the limit is 429`);
  }
  const rejected = tally.statusCounts['429'] ?? 0;
  const invalid = invalidRetryAfter(tally.retryAfter);
  const invalidCount = invalid.reduce((n, i) => n + i.count, 0);
  if (invalidCount > 0) {
    const atLeast = invalid.some((i) => i.atLeast) ? 'at least ' : '';
    findings.push(`${atLeast}${invalidCount} of ${rejected} 429 answers lack a valid Retry-After (first: ${invalid[0]!.problem}); spec 7`);
  }
  if (tally.errors > 0)
    findings.push(`${tally.errors} ${tally.errors === 1 ? 'request got' : 'requests got'} no answer (first: ${tally.firstError ?? 'unknown'})`);
  return { findings, invalidRetryAfter: invalidCount };
}

/**
 * Judges one key's burst from its tally (every worker's, merged): exactly the budget left after
 * the fresh probe is admitted (plus the refill a continuously refilling limiter could earn while
 * the burst lasts), the rest refused with 429 and a valid Retry-After. Requests without an answer
 * make the count uncertain: an error, unless the admissions already exceed the ceiling. Fewer
 * than the budget fails here; `tooFew` says a paced run may still show a smoothing limiter (run.ts).
 */
export function judgeBurstKey(input: {
  readonly label: string;
  /** The key's traffic, merged over the engine's workers (tally-merge.ts). */
  readonly tally: KeyTally;
  /** Each worker's share, for the report (tally-merge.ts tallyOfKey). */
  readonly workers?: readonly WorkerRow[] | undefined;
  readonly limit: number;
  readonly remaining: number;
  readonly waitedMs: number;
  /**
   * For a limiter whose X-RateLimit-Reset names a refill (a bucket): the time from the fresh
   * probe to the burst's first request, which it earned requests back in too. 0 otherwise: a
   * fixed window or a sliding log earns nothing back on a fresh window.
   */
  readonly sinceFreshMs?: number | undefined;
  /** The window the limit refills over (tolerance.ts refillWindowMs); the spec's minute by default. */
  readonly refillWindowMs?: number | undefined;
  /**
   * For a limiter whose X-RateLimit-Reset names the end of a window (fixed, or a sliding log): ms
   * after the burst's go before which every answer surely came inside the fresh window (its Reset
   * read low, from the latest moment go can have been). Answers from then on may belong to the next
   * window, which admits again. Unset: not known (no Reset header, or a limiter that refills).
   */
  readonly windowEndsMs?: number | undefined;
}): { record: BurstKeyRecord; findings: string[]; oneOver: boolean; tooFew: boolean; crossed: boolean } {
  const { tally } = input;
  const elapsedMs = tally.lastAnswerMs ?? 0;
  const { admitted, rejected, other, errors } = workerRowOf(0, tally);
  const verdict = judgeAdmission({
    sent: tally.sent,
    admitted,
    expected: input.remaining,
    limit: input.limit,
    elapsedMs: elapsedMs + (input.sinceFreshMs ?? 0),
    windowMs: input.refillWindowMs,
  });
  const ceiling = Math.min(tally.sent, verdict.expected + verdict.allowance);
  const overCeiling = admitted > ceiling;
  const window = overCeiling ? windowCrossing(tally, input.windowEndsMs) : undefined;
  // Over the ceiling only counting the next window's admissions too: no evidence, one repeat (run.ts).
  const crossed = window !== undefined && window.surelyInside <= ceiling;
  const summary =
    window === undefined
      ? verdict.summary
      : crossed
        ? `${verdict.summary}; the burst outlasted its window (announced to end ${Math.round(window.endsMs)} ms after the first request, last answer at ${Math.round(elapsedMs)} ms): only ${window.surelyInside} admissions surely fall inside it, too few to judge`
        : `${verdict.summary}; ${window.surelyInside} of them answered before the window's announced end`;
  const refusals = refusalFindings(tally);
  const overFinding = verdict.ok || crossed ? [] : [`${input.label}: ${summary}`];
  const findings = [...overFinding, ...refusals.findings.map((f) => `${input.label}: ${f}`)];
  let status: LoadStatus;
  if ((errors > 0 && !overCeiling) || (crossed && refusals.findings.length === 0)) status = 'error';
  else status = (verdict.ok || crossed) && refusals.findings.length === 0 ? 'passed' : 'failed';
  return {
    record: {
      key: input.label,
      status,
      limit: input.limit,
      expected: verdict.expected,
      allowance: verdict.allowance,
      sent: tally.sent,
      admitted,
      rejected,
      other,
      errors,
      elapsedMs: round(elapsedMs),
      waitedMs: round(input.waitedMs),
      invalidRetryAfter: refusals.invalidRetryAfter,
      summary,
      statusCounts: sortedStatusCounts(tally.statusCounts),
      timeline: timelineOf(tally),
      workers: [...(input.workers ?? [workerRowOf(0, tally)])],
    },
    findings,
    // Only the count is off, by exactly one: a whole-request refill tick may explain it (see run.ts).
    oneOver: verdict.oneOver && !crossed && errors === 0 && refusals.findings.length === 0,
    crossed: crossed && errors === 0 && refusals.findings.length === 0,
    // Fewer than the budget, every refusal a 429 with a valid Retry-After: a smoothing limiter's
    // burst, or an under-admission; run.ts tells them apart by a paced run (smoothing.ts).
    tooFew: admittedTooFew(verdict) && errors === 0 && refusals.findings.length === 0,
  };
}

/**
 * A burst that lasted past its window's announced end (`endsMs` after go): how many admissions
 * surely came inside the window, those of the tally's buckets that ended before it. undefined
 * when the end is unknown or the last answer came before it (every admission is then inside).
 */
function windowCrossing(tally: KeyTally, endsMs: number | undefined): { endsMs: number; surelyInside: number } | undefined {
  if (endsMs === undefined || !Number.isFinite(endsMs) || tally.lastAnswerMs === null || tally.lastAnswerMs < endsMs) return undefined;
  const surelyInside = tally.buckets.filter((b) => b.startMs + tally.bucketMs <= endsMs).reduce((n, b) => n + b.admitted, 0);
  return { endsMs, surelyInside };
}

export function round(n: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}
