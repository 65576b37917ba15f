import { describe, expect, it } from 'vitest';
import { judgeBurstKey, type Sample } from './burst.js';
import { judgePaced, longestRetryAfterMs, pacedAnswer, pacedPlan } from './smoothing.js';
import { tallySamples } from './tally-samples.js';

const T0 = 1_700_000_000_000;
const tallied = (samples: readonly Sample[]) => tallySamples(samples, { keyIndex: 0, bucketMs: 1 });
const answer = (status: number | null, headers: Record<string, string> = {}): Sample => ({
  startMs: 0,
  endMs: 5,
  receivedAt: T0,
  status,
  headers,
  ...(status === null ? { error: 'socket hang up' } : {}),
});

/** A burst of 150: `admitted` 200s, the rest 429 asking `retryAfter`. */
function burst(admitted: number, retryAfter = '1') {
  return tallied(Array.from({ length: 150 }, (_, i) => (i < admitted ? answer(200) : answer(429, { 'retry-after': retryAfter }))));
}

const judge = (tally: ReturnType<typeof burst>) => judgeBurstKey({ label: 'limited key 1 of 1', tally, limit: 60, remaining: 59, waitedMs: 0 });

describe('a burst that admitted too few', () => {
  it('is flagged only below the budget, with clean refusals and every request answered', () => {
    expect(judge(burst(5))).toMatchObject({ record: { status: 'failed' }, tooFew: true });
    expect(judge(burst(59)).tooFew).toBe(false);
    // Over the ceiling: a failure under every limiter, never a paced run.
    expect(judge(burst(70)).tooFew).toBe(false);
    expect(judge(burst(5, 'soon')).tooFew).toBe(false);
    const unanswered = tallied([
      ...Array.from({ length: 5 }, () => answer(200)),
      answer(null),
      ...Array.from({ length: 144 }, () => answer(429, { 'retry-after': '1' })),
    ]);
    expect(judge(unanswered).tooFew).toBe(false);
  });

  it("calls for a paced run when its refusals asked for about one request's share of the window", () => {
    expect(pacedPlan(burst(5, '1').retryAfter, 60, 60_000)).toEqual({ smoothing: true, waitMs: 1000, intervalMs: 1250, requests: 10 });
    // A fixed window's refusal asks for the rest of the window: a real under-admission, no paced run.
    expect(pacedPlan(burst(5, '58').retryAfter, 60, 60_000)).toMatchObject({
      smoothing: false,
      summary: "the refusal asked for 58000 ms, more than a smoothing limiter's 3000 ms",
    });
  });

  it('reads the longest wait over every Retry-After value, past the cap too', () => {
    const mixed = tallied([answer(429, { 'retry-after': '1' }), answer(429, { 'retry-after': '2' }), answer(429, { 'retry-after': '1' })]);
    expect(longestRetryAfterMs(mixed.retryAfter)).toBe(2000);
    const overflow = { count: 600, minDelta: 1, maxDelta: 45, nonNumeric: 0, firstNonNumeric: null };
    expect(longestRetryAfterMs({ ...mixed.retryAfter, overflow })).toBe(45_000);
    expect(
      longestRetryAfterMs({ ...mixed.retryAfter, overflow: { ...overflow, nonNumeric: 2, firstNonNumeric: { value: 'x', date: null, receivedAt: 0 } } }),
    ).toBeUndefined();
    expect(longestRetryAfterMs(tallied([answer(429)]).retryAfter)).toBeUndefined();
  });
});

describe('pacedAnswer', () => {
  it("reads a one-request job's tally: admitted, refused with its status, or no answer", () => {
    expect(pacedAnswer(tallied([answer(200)]))).toEqual({ admitted: true, status: 200 });
    expect(pacedAnswer(tallied([answer(429, { 'retry-after': '1' })]))).toEqual({ admitted: false, status: 429 });
    expect(pacedAnswer(tallied([answer(null)]))).toEqual({ admitted: false, error: 'socket hang up' });
    expect(pacedAnswer(tallied([]))).toEqual({ admitted: false, error: 'not sent (stopped)' });
  });
});

describe('judgePaced', () => {
  const plan = { smoothing: true, waitMs: 1000, intervalMs: 1250, requests: 10 } as const;

  it('passes a smoothing limiter whose paced run was all admitted, and says so', () => {
    const judged = judgePaced(judge(burst(5)), plan, { sent: 10, admitted: 10 });
    expect(judged).toMatchObject({ record: { status: 'passed', admitted: 5, expected: 59 }, findings: [] });
    expect(judged.record.summary).toBe(
      'smoothing limiter: admitted 5 of 150 at once (budget 59), its refusals asking for 1000 ms at most; paced at one request every 1250 ms, all 10 were admitted',
    );
  });

  it('fails an under-admission: too few at once, and the paced run refused too', () => {
    const judged = judgePaced(judge(burst(5)), plan, { sent: 3, admitted: 2, refusedStatus: 429 });
    expect(judged.record.status).toBe('failed');
    expect(judged.findings).toEqual([
      'limited key 1 of 1: admitted 5 of 150; expected 59 (tolerance +0 for 5 ms at 60/min), and the key does not keep its rate when paced either (paced at one request every 1250 ms, request 3 was refused (429)): it admits fewer than its limit (spec 8)',
    ]);
  });

  it('is an error when a paced request got no answer, or the run stopped early', () => {
    const judged = judgePaced(judge(burst(5)), plan, { sent: 2, admitted: 1, error: 'socket hang up' });
    expect(judged).toMatchObject({ record: { status: 'error' }, findings: [] });
    expect(judged.record.summary).toMatch(/a smoothing limiter\? paced at one request every 1250 ms, request 2 got no answer \(socket hang up\)$/);
    expect(judgePaced(judge(burst(5)), plan, { sent: 4, admitted: 4 }).record.summary).toMatch(/4 of 10 were sent and admitted \(stopped early\)$/);
  });
});
