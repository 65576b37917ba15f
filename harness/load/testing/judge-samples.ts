import { readRetryAfter } from '../../rate/retry-after.js';
import { judgeAdmission } from '../../rate/tolerance.js';
import { round, type FiredBurst, type Sample } from '../burst.js';
import type { BurstKeyRecord, LoadStatus } from '../model.js';
import { bucketOutcomes, outcomeOf } from '../timeline.js';

/*
 * The judge as it was before it read tallies: burst and sustained verdicts straight from every
 * request's sample. Kept for the test that the same samples, tallied, give the same verdicts.
 */

export function statusCounts(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) if (s.status !== null) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The findings every refusal must not produce: a status other than 429, a 429 without valid Retry-After. */
export function refusalFindingsOfSamples(samples: readonly Sample[]): { findings: string[]; invalidRetryAfter: number } {
  const findings: string[] = [];
  const others = samples.filter((s) => outcomeOf(s.status) === 'other');
  if (others.length > 0) {
    const byStatus = statusCounts(others);
    const list = Object.entries(byStatus)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
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
  if (errors.length > 0)
    findings.push(`${errors.length} ${errors.length === 1 ? 'request got' : 'requests got'} no answer (first: ${errors[0]!.error ?? 'unknown'})`);
  return { findings, invalidRetryAfter: invalid.length };
}

/**
 * Judges one key's burst: exactly the budget left after the fresh probe is admitted (plus the
 * refill a continuously refilling limiter could earn while the burst lasts), the rest refused
 * with 429 and a valid Retry-After. Requests without an answer make the count uncertain: an
 * error, unless the admissions already exceed the ceiling.
 */
export function judgeBurstKeyOfSamples(input: {
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
}): { record: Omit<BurstKeyRecord, 'workers'>; findings: string[]; oneOver: boolean } {
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
  const refusals = refusalFindingsOfSamples(samples);
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

/** Any 429 fails the scenario: the offered rate stays under the key's limit in every minute. */
export function judgeSustainedSamples(run: { readonly planned: number; readonly samples: readonly Sample[]; readonly maxLagMs: number }, label: string) {
  const outcomes = run.samples.map((s) => outcomeOf(s.status));
  const counts = {
    sent: run.samples.length,
    admitted: outcomes.filter((o) => o === 'admitted').length,
    rejected: outcomes.filter((o) => o === 'rejected').length,
    other: outcomes.filter((o) => o === 'other').length,
    errors: outcomes.filter((o) => o === 'error').length,
  };
  const findings: string[] = [];
  if (counts.rejected > 0) {
    const first = run.samples.find((s) => s.status === 429)!;
    findings.push(
      `${label}: ${counts.rejected} of ${counts.sent} requests were refused with 429 under the limit (first after ${round(first.startMs / 1000, 1)} s)`,
    );
  }
  // A 429 here is already the failure; its Retry-After is not what this scenario is about.
  findings.push(
    ...refusalFindingsOfSamples(run.samples)
      .findings.filter((f) => !f.includes('Retry-After'))
      .map((f) => `${label}: ${f}`),
  );
  let status: LoadStatus = findings.length === 0 ? 'passed' : 'failed';
  if (status === 'failed' && counts.rejected === 0 && counts.other === 0) status = 'error';
  if (run.samples.length < run.planned) {
    findings.push(`${label}: stopped after ${run.samples.length} of ${run.planned} planned requests`);
    if (status === 'passed') status = 'error';
  }
  const message =
    status === 'passed'
      ? `${counts.admitted} of ${counts.sent} requests admitted, none refused (latest start ${round(run.maxLagMs, 1)} ms after its slot)`
      : findings[0]!;
  return {
    status,
    message,
    findings,
    counts,
    statusCounts: statusCounts(run.samples),
    timeline: bucketOutcomes(run.samples.map((s, i) => ({ atMs: s.endMs, outcome: outcomes[i]! }))),
  };
}
