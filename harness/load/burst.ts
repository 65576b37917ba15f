import type { Dispatcher } from 'undici';
import { DIRECT, targetDispatcher, type TargetNetwork } from '../http/network.js';
import { judgeAdmission } from '../rate/tolerance.js';
import { readRetryAfter } from '../rate/retry-after.js';
import type { BurstKeyRecord, LoadStatus } from './model.js';
import { bucketOutcomes, outcomeOf } from './timeline.js';

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

export function statusCounts(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) if (s.status !== null) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The findings every refusal must not produce: a status other than 429, a 429 without valid Retry-After. */
export function refusalFindings(samples: readonly Sample[]): { findings: string[]; invalidRetryAfter: number } {
  const findings: string[] = [];
  const others = samples.filter((s) => outcomeOf(s.status) === 'other');
  if (others.length > 0) {
    const byStatus = statusCounts(others);
    const list = Object.entries(byStatus).map(([status, n]) => `${n} × ${status}`).join(', ');
    findings.push(`${others.length} ${others.length === 1 ? 'answer was' : 'answers were'} neither 2xx nor 429 (${list}); spec 7: over the limit is 429`);
  }
  const rejected = samples.filter((s) => s.status === 429);
  const invalid = rejected
    .map((s) => readRetryAfter(s.headers['retry-after'], s.headers['date'], s.receivedAt))
    .filter((r): r is Extract<typeof r, { ok: false }> => !r.ok);
  if (invalid.length > 0) {
    findings.push(`${invalid.length} of ${rejected.length} 429 answers lack a valid Retry-After (first: ${invalid[0]!.problem}); spec 7`);
  }
  const errors = samples.filter((s) => s.status === null);
  if (errors.length > 0) findings.push(`${errors.length} ${errors.length === 1 ? 'request got' : 'requests got'} no answer (first: ${errors[0]!.error ?? 'unknown'})`);
  return { findings, invalidRetryAfter: invalid.length };
}

/**
 * Judges one key's burst: exactly the budget left after the fresh probe is admitted (plus the
 * refill a continuously refilling limiter could earn while the burst lasts), the rest refused
 * with 429 and a valid Retry-After. Requests without an answer make the count uncertain: an
 * error, unless the admissions already exceed the ceiling.
 */
export function judgeBurstKey(input: {
  readonly label: string;
  readonly fired: FiredBurst;
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
}): { record: BurstKeyRecord; findings: string[]; oneOver: boolean } {
  const { samples, elapsedMs } = input.fired;
  const outcomes = samples.map((s) => outcomeOf(s.status));
  const admitted = outcomes.filter((o) => o === 'admitted').length;
  const rejected = outcomes.filter((o) => o === 'rejected').length;
  const other = outcomes.filter((o) => o === 'other').length;
  const errors = outcomes.filter((o) => o === 'error').length;
  const verdict = judgeAdmission({
    sent: samples.length,
    admitted,
    expected: input.remaining,
    limit: input.limit,
    elapsedMs: elapsedMs + (input.sinceFreshMs ?? 0),
    windowMs: input.refillWindowMs,
  });
  const refusals = refusalFindings(samples);
  const findings = [...(verdict.ok ? [] : [`${input.label}: ${verdict.summary}`]), ...refusals.findings.map((f) => `${input.label}: ${f}`)];
  const overCeiling = admitted > Math.min(samples.length, verdict.expected + verdict.allowance);
  let status: LoadStatus;
  if (errors > 0 && !overCeiling) status = 'error';
  else status = verdict.ok && refusals.findings.length === 0 ? 'passed' : 'failed';
  return {
    record: {
      key: input.label,
      status,
      limit: input.limit,
      expected: verdict.expected,
      allowance: verdict.allowance,
      sent: samples.length,
      admitted,
      rejected,
      other,
      errors,
      elapsedMs: round(elapsedMs),
      waitedMs: round(input.waitedMs),
      invalidRetryAfter: refusals.invalidRetryAfter,
      summary: verdict.summary,
      statusCounts: statusCounts(samples),
      timeline: bucketOutcomes(samples.map((s, i) => ({ atMs: s.endMs, outcome: outcomes[i]! }))),
    },
    findings,
    // Only the count is off, by exactly one: a whole-request refill tick may explain it (see run.ts).
    oneOver: verdict.oneOver && errors === 0 && refusals.findings.length === 0,
  };
}

export function round(n: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}
