import type { CheckContext } from '../check/check.js';
import type { RunContext } from '../check/run-context.js';
import { fail } from '../check/expect.js';
import { RAW_429, type ApiClient, type ApiResponse } from '../http/client.js';
import { judgeOwnCounter, type CounterVerdict } from '../rate/counters.js';
import type { BudgetReturn, FreshWindow } from '../rate/fresh.js';
import { readRateHeaders } from '../rate/headers.js';
import { WINDOW_S } from '../rate/retry-after.js';
import { admittedTooFew } from '../rate/smoothing.js';
import { judgeAdmission, refillAllowance, type AdmissionVerdict } from '../rate/tolerance.js';
import {
  isAdmitted,
  pacedRun,
  rawClient,
  type Bystander,
  type BystanderReading,
  type ConcurrentBurst,
  type SequentialBurst,
  type Timed,
} from './rate-limit.js';

/*
 * How the rate-limit checks judge what a burst saw (spec 5.6, 7, 8): whether it ran in a fresh
 * window, whether it admitted exactly the budget (one over is repeated once), a smoothing limiter,
 * the headers of each answer, and another key's counter across the burst.
 */

/** A key of CONFORMANCE_LIMITED_KEYS that no other role uses: nothing else sends with it during the run. */
export function secondLimitedKey(run: Pick<RunContext, 'keys' | 'limitedKeys'>): string | undefined {
  const { keys, limitedKeys } = run;
  const shared = new Set([keys.admin, keys.member, keys.otherOrg, keys.limited].filter((k): k is string => k !== undefined));
  return limitedKeys.find((k) => !shared.has(k));
}

/**
 * Whether the custom-limit key's burst (RL-LIMIT-CUSTOM) runs beside the limited key's (issue 32):
 * when a second limited key is there to be read around the limited burst, the custom key need not
 * be, so its burst needs no window of its own after the limited one: 94 round trips that would end
 * the run 5 s past the window 50 ms away happen inside the minute the file waits anyway.
 */
export function customBurstBeside(run: Pick<RunContext, 'keys' | 'limitedKeys'>): boolean {
  const second = secondLimitedKey(run);
  return second !== undefined && run.keys.customLimit !== undefined && run.keys.customLimit !== second;
}

/**
 * The keys read around the limited key's burst (RL-PER-KEY-COUNTERS). A second key of
 * CONFORMANCE_LIMITED_KEYS and the custom-limit key are used by nothing else during the run, so
 * their counters must move by their own requests exactly; the custom-limit key only without a
 * second limited key (otherwise its own burst runs meanwhile, customBurstBeside). The admin key is
 * shared with every other suite running meanwhile, so it is only observed.
 */
export function bystanders(t: CheckContext): Bystander[] {
  const { keys } = t.run;
  const shared = new Set([keys.admin, keys.member, keys.otherOrg, keys.limited].filter((k): k is string => k !== undefined));
  const list: Bystander[] = [];
  const second = secondLimitedKey(t.run);
  if (second !== undefined)
    list.push({ name: 'second limited key (CONFORMANCE_LIMITED_KEYS)', client: t.withKey(second).with({ throttle: RAW_429 }), exclusive: true });
  if (keys.customLimit !== undefined && !shared.has(keys.customLimit) && !customBurstBeside(t.run) && keys.customLimit !== second) {
    list.push({ name: 'custom-limit key (CONFORMANCE_CUSTOM_LIMIT_KEY)', client: rawClient(t, 'customLimit'), exclusive: true });
  }
  if (keys.admin !== undefined) list.push({ name: 'admin key (CONFORMANCE_ADMIN_KEY)', client: t.api.with({ throttle: RAW_429 }), exclusive: false });
  return list;
}

export const RETURNS: Record<BudgetReturn, string> = {
  'at-reset': 'all of it when the headers said (a fixed window)',
  gradually: 'part by part (a sliding window or log, or a refilling bucket)',
  unknown: 'not seen (the first probe found the window fresh)',
};

/** How long the wait for a fresh window took and why, when there was one (spec 8 leaves the limiter's design open). */
export function observeWait(t: CheckContext, what: string, fresh: FreshWindow): void {
  if (!fresh.fresh || fresh.waits.length === 0) return;
  const refill = fresh.refills ? '; X-RateLimit-Reset names the next refill, not the end of a window' : '';
  t.observe(
    'rate limit',
    `fresh-window wait before the ${what}`,
    `${fresh.waits.join('; ')} (${fresh.probes} probes); the budget came back ${RETURNS[fresh.returns]}${refill}`,
  );
}

/** The burst, or inconclusive when the key's window never became fresh. */
export function judged(t: CheckContext, burst: SequentialBurst): SequentialBurst {
  if (!burst.fresh.fresh) t.inconclusive(`the key's rate window did not become fresh: ${burst.fresh.reason}`);
  return burst;
}

/** spec 8: the limit is per minute (a self-test shortens the reference server's window). */
export const windowMs = (t: CheckContext): number => t.run.rateWindowMs ?? WINDOW_S * 1000;

export const remainingOf = (res: ApiResponse): number | undefined => readRateHeaders(res.headers).values.remaining;

/**
 * A fixed window that ends inside the burst makes Remaining jump back up; such a burst says
 * nothing about exactness. Returns a description of the jump, if any.
 */
export function windowResetInside(burst: SequentialBurst): string | undefined {
  const { admitted, limit } = burst;
  for (let i = 1; i < admitted.length; i++) {
    const before = remainingOf(admitted[i - 1]!.res);
    const after = remainingOf(admitted[i]!.res);
    if (before === undefined || after === undefined) continue;
    // The server may have counted the two as far apart as the first's send and the second's answer.
    const gap = admitted[i]!.endMs - admitted[i - 1]!.startMs;
    if (after - before > refillAllowance(limit, gap, burst.refillWindowMs) + 1) return `X-RateLimit-Remaining rose from ${before} to ${after} during the burst`;
  }
  return undefined;
}

/**
 * Whether `route`'s admitted requests failed to lower Remaining (RL-ALL-ENDPOINTS): each step from
 * the answer before one of them to its own should fall by one. A refilling limiter gives a request
 * back once per share of the window whichever route is in flight, so what it may give back is
 * bounded by the time from the route's first step to its last, plus one share begun before, not
 * by the steps' own gaps (a busy CI machine once saw 3 refills land in 16 short gaps).
 * Returns e.g. `16 admitted GET /contacts/{id} requests lowered X-RateLimit-Remaining by 0 in all`.
 */
export function uncountedRoute(burst: Pick<SequentialBurst, 'admitted' | 'limit' | 'refillWindowMs'>, route: string): string | undefined {
  const { admitted, limit } = burst;
  let steps = 0;
  let drops = 0;
  let firstMs = Number.POSITIVE_INFINITY;
  let lastMs = 0;
  for (let i = 1; i < admitted.length; i++) {
    if (admitted[i]!.route !== route) continue;
    const before = remainingOf(admitted[i - 1]!.res);
    const after = remainingOf(admitted[i]!.res);
    if (before === undefined || after === undefined) continue;
    steps += 1;
    drops += before - after;
    firstMs = Math.min(firstMs, admitted[i - 1]!.startMs);
    lastMs = admitted[i]!.endMs;
  }
  if (steps === 0 || drops >= steps - 1 - refillAllowance(limit, lastMs - firstMs, burst.refillWindowMs)) return undefined;
  return `${steps} admitted ${route} requests lowered X-RateLimit-Remaining by ${drops} in all`;
}

export function exactBurst(t: CheckContext, burst: SequentialBurst): SequentialBurst {
  const reset = windowResetInside(judged(t, burst));
  if (reset !== undefined) t.inconclusive(`the key's window reset during the burst (${reset}); run again`);
  return burst;
}

/** Every answer of a sequential burst counted: the budget is the limit (the fresh probe included). */
export function judgeSequential(burst: SequentialBurst): AdmissionVerdict {
  const answers = [...burst.admitted, ...burst.refused];
  // A route the key may not use (403, 404) spent budget where the limiter counted it.
  const unusable = [...burst.unusable, ...burst.unusableForms];
  return judgeAdmission({
    sent: answers.length + unusable.length,
    admitted: answers.filter((a) => isAdmitted(a.res)).length + unusable.filter((u) => u.counted).length,
    expected: burst.limit,
    limit: burst.limit,
    elapsedMs: answers[answers.length - 1]!.endMs - burst.admitted[0]!.startMs,
    windowMs: burst.refillWindowMs,
  });
}

export function judgeConcurrent(burst: ConcurrentBurst): AdmissionVerdict {
  const admitted = burst.responses.filter((a) => isAdmitted(a.res)).length;
  // A server may shed load (503) at 50 connections: such an answer says nothing of the budget.
  const shed = burst.responses.filter((a) => a.res.status === 503).length;
  return judgeAdmission({
    sent: burst.responses.length,
    admitted,
    expected: burst.budget,
    limit: burst.limit,
    elapsedMs: burst.elapsedMs,
    windowMs: burst.refillWindowMs,
    shed,
  });
}

/**
 * One admission over the tolerance is what a limiter refilling whole requests on a clock tick
 * admits when a tick lands inside the burst; a counter that is off by one does it every time.
 * So a burst one over is repeated once in a fresh window, and fails only if it is over again.
 */
export async function confirmed(
  t: CheckContext,
  what: string,
  verdict: AdmissionVerdict,
  repeat: () => Promise<AdmissionVerdict | string>,
): Promise<AdmissionVerdict> {
  if (verdict.ok || !verdict.oneOver) return verdict;
  const again = await repeat();
  if (typeof again === 'string') return t.inconclusive(`${verdict.summary}: one over, and the repeat found no fresh window (${again})`);
  t.observe('rate limit', `${what}, repeated`, again.summary);
  return again.ok ? again : { ...again, summary: `${verdict.summary}; repeated: ${again.summary}` };
}

/**
 * A burst that admitted fewer than its budget, refused with a short wait: a smoothing limiter's
 * (pacedRun). It passes when a paced run keeps the key's rate; the finding is recorded.
 */
export async function smoothed(
  t: CheckContext,
  what: string,
  verdict: AdmissionVerdict,
  client: ApiClient,
  limit: number,
  refusal: ApiResponse | undefined,
): Promise<boolean> {
  if (!admittedTooFew(verdict) || refusal === undefined) return false;
  const paced = await pacedRun(client, limit, refusal, windowMs(t));
  t.observe('rate-limit-smoothing', what, `${verdict.summary}; ${paced.summary}`);
  return paced.smoothing && paced.admitted === paced.sent;
}

/** A sequential burst admitted exactly its limit (one over: repeated once with `again`); the summary is observed. */
export async function expectExactSequential(
  t: CheckContext,
  what: string,
  burst: SequentialBurst,
  again: () => Promise<SequentialBurst>,
  client: ApiClient,
): Promise<void> {
  const answers = [...burst.admitted, ...burst.refused];
  const last = answers[answers.length - 1]!;
  const first = judgeSequential(burst);
  t.observe('rate limit', what, first.summary);
  if (burst.refused.length === 0) fail(`no request was refused: ${first.summary}`, last.res);
  const verdict = await confirmed(t, what, first, async () => {
    const repeated = await again();
    return repeated.fresh.fresh ? judgeSequential(repeated) : repeated.fresh.reason;
  });
  if (verdict === first && (await smoothed(t, what, verdict, client, burst.limit, burst.refused[0]?.res))) return;
  if (!verdict.ok) fail(`${verdict.summary}; statuses: ${statusCounts(answers)}`, burst.refused[0]?.res ?? last.res);
}

export function expectHeaders(answers: readonly Timed[], what: string): void {
  for (const { route, res } of answers) {
    const { problems } = readRateHeaders(res.headers);
    if (problems.length > 0) fail(`${route} (${res.status}, ${what}): ${problems.join('; ')}`, res);
  }
}

export function statusCounts(answers: readonly Timed[]): string {
  const counts = new Map<number, number>();
  for (const { res } of answers) counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
}

/** One bystander's counter across the limited key's burst: its only own request in between is the after reading. */
export function counterVerdict(reading: BystanderReading, meanwhile: string, windowMs: number): CounterVerdict {
  const { before, after } = reading;
  return judgeOwnCounter({
    name: reading.name,
    before: { status: before.res.status, headers: before.res.headers, atMs: before.atMs },
    after: { status: after.res.status, headers: after.res.headers, atMs: after.atMs },
    ownRequests: 1,
    elapsedMs: after.endMs - before.startMs,
    meanwhile,
    // Every key of the target has the same limiter design: the limited key's refill window is theirs too.
    windowMs,
  });
}
