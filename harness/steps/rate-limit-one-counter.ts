import type { ApiResponse } from '../http/client.js';
import { readRateHeaders } from '../rate/headers.js';
import { readReset } from '../rate/reset.js';
import { refillAllowance } from '../rate/tolerance.js';
import { KEY_FORM_HEADER, type KeyForm } from '../http/key-forms.js';
import { isAdmitted, type SequentialBurst, type Timed } from './rate-limit.js';
import { remainingOf } from './rate-limit-verdicts.js';

/*
 * RL-ONE-COUNTER (spec 5.1, 8): a key has one per-minute budget over all endpoints, whichever of
 * the two headers carries it. Judged on the limited key's sequential burst, which alternates the
 * routes and the two forms request by request (sequentialBurst with BurstOptions.forms).
 */

export interface OneCounterVerdict {
  /** Evidence that the key's requests draw from more than one counter; empty when none was seen. */
  readonly problems: readonly string[];
  /** The answer that shows it best (the first problem's). */
  readonly evidence?: ApiResponse | undefined;
  /** What this burst could not decide (a form the target did not take, headers it does not send). */
  readonly undecided: readonly string[];
  /** The burst's answers in order: route, form, status, Remaining (for the failure message). */
  readonly sequence: string;
}

const formName = (form: KeyForm | undefined): string => (form === undefined ? 'the run’s form' : KEY_FORM_HEADER[form]);

/** `GET /contacts [Bearer] 200 r=57`: one answer, as the sequence shows it. */
export function describeAnswer(answer: Timed): string {
  const remaining = remainingOf(answer.res);
  const form = answer.form === undefined ? '' : ` [${answer.form === 'bearer' ? 'Bearer' : 'X-API-Key'}]`;
  return `${answer.route}${form} ${answer.res.status}${remaining === undefined ? '' : ` r=${remaining}`}`;
}

/** The answers in order, numbered, for a failure message; long bursts keep their first and last answers. */
export function renderSequence(answers: readonly Timed[], keep = 24): string {
  const lines = answers.map((a, i) => `${i + 1}. ${describeAnswer(a)}`);
  if (lines.length <= keep) return lines.join('; ');
  const head = lines.slice(0, keep / 2);
  const tail = lines.slice(-keep / 2);
  return `${head.join('; ')}; … ${lines.length - keep} more …; ${tail.join('; ')}`;
}

/**
 * The earliest moment (performance.now()) the key's window can end, by the first admitted
 * answer's X-RateLimit-Reset: a fixed window or a sliding log gives its budget back then, which is
 * no second counter. A counter apart shows within it: its Remaining runs apart from the first
 * request on. A limiter seen to refill is bounded by the refill allowance instead, and a Reset that
 * cannot be read bounds nothing (RL-HEADERS-SUCCESS judges it): the whole burst is judged.
 */
export function windowEndMs(
  burst: Pick<SequentialBurst, 'admitted' | 'refills'>,
  clock: { nowMs: number; perfMs: number } = { nowMs: Date.now(), perfMs: performance.now() },
): number {
  const first = burst.admitted[0];
  if (first === undefined || burst.refills) return Number.POSITIVE_INFINITY;
  const raw = readRateHeaders(first.res.headers).values.reset;
  // An epoch Reset is read against this client's clock when the answer arrived.
  const reading = raw === undefined ? undefined : readReset(raw, clock.nowMs - (clock.perfMs - first.endMs));
  if (reading === undefined) return Number.POSITIVE_INFINITY;
  return first.startMs + reading.msUntilReset - reading.precisionMs;
}

/**
 * Where the admitted answers' Remaining stayed higher than one budget allows: after k more
 * admitted requests it may be at most the first answer's less k, plus what a refilling limiter
 * earned back since the first request (refillAllowance over the time from its send) and one for a
 * limiter that reports whole requests (RL-REMAINING's bound). A counter per route or per form
 * stays far above that: each of n counters falls by about 1/n per request.
 */
function remainingTooHigh(burst: SequentialBurst, endMs: number): { problem: string; res: ApiResponse } | undefined {
  const [first, ...rest] = burst.admitted;
  const start = first === undefined ? undefined : remainingOf(first.res);
  if (first === undefined || start === undefined) return undefined;
  for (const [index, answer] of rest.entries()) {
    if (answer.endMs > endMs) break;
    const remaining = remainingOf(answer.res);
    if (remaining === undefined) continue;
    const n = index + 1;
    const high = start - n + refillAllowance(burst.limit, answer.endMs - first.startMs, burst.refillWindowMs) + 1;
    if (remaining > high) {
      return {
        problem:
          `X-RateLimit-Remaining does not go down across routes and forms: ${describeAnswer(first)} first, then after ${n} more admitted request(s) ` +
          `${describeAnswer(answer)}, where one budget leaves at most ${high}${byGroup(burst.admitted)}`,
        res: answer.res,
      };
    }
  }
  return undefined;
}

/** Remaining of each route and form, first to last, where they run apart (`; per route: GET /contacts 59→50, ...`). */
function byGroup(admitted: readonly Timed[]): string {
  const groups = (key: (a: Timed) => string): string => {
    const spans = new Map<string, number[]>();
    for (const answer of admitted) {
      const remaining = remainingOf(answer.res);
      if (remaining === undefined) continue;
      const list = spans.get(key(answer)) ?? [];
      list.push(remaining);
      spans.set(key(answer), list);
    }
    return [...spans.entries()].map(([name, r]) => `${name} ${r[0]}→${r[r.length - 1]} over ${r.length}`).join(', ');
  };
  return `; Remaining per route: ${groups((a) => a.route)}; per form: ${groups((a) => formName(a.form))}`;
}

/**
 * After the first refusal, the requests on another route or in the other form must be refused
 * too, less what a refilling limiter earned back meanwhile (refillAllowance over the tail's span,
 * and one for a limiter seen to refill: the part of a request it held at the refusal), as
 * RL-ALL-ENDPOINTS bounds it. Returns the problem, or what could not be tried.
 */
function admittedAfterRefusal(burst: SequentialBurst, endMs: number): { problem?: { problem: string; res: ApiResponse }; undecided?: string } {
  const [refusal, ...tail] = burst.refused;
  if (refusal === undefined) return {};
  const elsewhere = tail.filter((a) => (a.route !== refusal.route || a.form !== refusal.form) && a.endMs <= endMs);
  const across = elsewhere.filter((a) => a.route !== refusal.route && a.form !== refusal.form);
  const undecided =
    across.length === 0
      ? `no request on another route in the other form followed the refusal of ${describeAnswer(refusal)} inside its window (one route or one form in use, or the window ended)`
      : undefined;
  if (elsewhere.length === 0) return undecided === undefined ? {} : { undecided };
  const span = elsewhere[elsewhere.length - 1]!.endMs - refusal.startMs;
  const admitted = elsewhere.filter((a) => isAdmitted(a.res));
  if (admitted.length <= refillAllowance(burst.limit, span, burst.refillWindowMs) + (burst.refills ? 1 : 0))
    return undecided === undefined ? {} : { undecided };
  return {
    problem: {
      problem: `refused on one route or form but admitted on another: ${describeAnswer(refusal)}, then ${admitted.map(describeAnswer).join(', ')}`,
      res: admitted[0]!.res,
    },
    ...(undecided === undefined ? {} : { undecided }),
  };
}

/**
 * All admitted requests together, inside the key's window (windowEndMs), within one limit: at
 * most the limit plus the refill allowance since the first request (judgeAdmission's ceiling),
 * plus one: one over is a clock tick's (RL-EXACT-SEQUENTIAL repeats it), not a second counter's,
 * which admits a whole budget more. A route's or a form's answer the limiter counted though it
 * was not admitted (403, 404, 401 at its first use, Remaining fell) spent budget too.
 */
function overOneBudget(burst: SequentialBurst, endMs: number): { problem: string; res: ApiResponse } | undefined {
  const first = burst.admitted[0];
  if (first === undefined) return undefined;
  const inside = [...burst.admitted, ...burst.refused].filter((a) => a.endMs <= endMs);
  const counted = [...burst.unusable, ...burst.unusableForms].filter((u) => u.counted && u.endMs <= endMs).length;
  const admitted = inside.filter((a) => isAdmitted(a.res)).length + counted;
  const lastMs = Math.max(...inside.map((a) => a.endMs));
  const allowance = refillAllowance(burst.limit, lastMs - first.startMs, burst.refillWindowMs);
  if (admitted <= burst.limit + allowance + 1) return undefined;
  const refused = inside.filter((a) => !isAdmitted(a.res)).length;
  return {
    problem:
      `the routes and forms together were admitted more than one budget: ${admitted} admitted in ${Math.round(lastMs - first.startMs)} ms, ` +
      `where the key's limit is ${burst.limit} (tolerance +${allowance}, and one)${refused === 0 ? ', none refused' : ''}`,
    res: (burst.refused[0] ?? inside[inside.length - 1]!).res,
  };
}

/**
 * Whether the burst drew from one budget: (i) Remaining goes down across routes and forms,
 * (ii) a refusal on one route and form is a refusal on the others, (iii) all admitted requests
 * together fit the one limit; each inside the window the first answer named (windowEndMs). A
 * target without rate headers is judged by (ii) and (iii) alone.
 */
export function judgeOneCounter(burst: SequentialBurst, endMs: number = windowEndMs(burst)): OneCounterVerdict {
  const answers = [...burst.admitted, ...burst.refused];
  const problems: Array<{ problem: string; res: ApiResponse }> = [];
  const undecided: string[] = [];
  const high = remainingTooHigh(burst, endMs);
  if (high !== undefined) problems.push(high);
  const after = admittedAfterRefusal(burst, endMs);
  if (after.problem !== undefined) problems.push(after.problem);
  if (after.undecided !== undefined) undecided.push(after.undecided);
  const over = overOneBudget(burst, endMs);
  if (over !== undefined) problems.push(over);
  const last = answers[answers.length - 1];
  if (last !== undefined && last.endMs > endMs)
    undecided.push(
      `the key's window, by the first answer's X-RateLimit-Reset, may have ended during the burst (${Math.round(last.endMs - burst.admitted[0]!.startMs)} ms)`,
    );
  const forms = new Set(answers.map((a) => a.form));
  if (forms.size < 2) {
    const refusedForm = burst.unusableForms[0];
    undecided.push(
      refusedForm === undefined
        ? 'the burst used one form of the key'
        : `${formName(refusedForm.form)} was refused ${refusedForm.res.status} at its first use (AUTH-BEARER, AUTH-X-API-KEY), so only one form was tried`,
    );
  }
  if (new Set(answers.map((a) => a.route)).size < 2) undecided.push('the key could use only one route');
  return { problems: problems.map((p) => p.problem), evidence: problems[0]?.res, undecided, sequence: renderSequence(answers) };
}
