import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { fireBurst, judgeBurstKey, refusalFindings, splitUrl, type FiredBurst, type Sample } from './burst.js';
import { tallySamples } from './tally-samples.js';

const tallied = (samples: readonly Sample[]) => tallySamples(samples, { keyIndex: 0, bucketMs: 1 });

const LIMITED = 'wmk_1c92cffb5b45f3227219789a041be7d8';

function sample(status: number | null, atMs: number, headers: Record<string, string> = {}): Sample {
  return { startMs: 0, endMs: atMs, receivedAt: 1_700_000_000_000, status, headers, ...(status === null ? { error: 'socket hang up' } : {}) };
}

/** `admitted` 200s, then 429s with a valid Retry-After, spread over `elapsedMs`. */
function burst(sent: number, admitted: number, elapsedMs = 200, refusal: (i: number) => Sample | undefined = () => undefined): FiredBurst {
  const samples = Array.from({ length: sent }, (_, i) => {
    const at = (elapsedMs * (i + 1)) / sent;
    if (i < admitted) return sample(200, at);
    return refusal(i) ?? sample(429, at, { 'retry-after': '42' });
  });
  return { samples, elapsedMs };
}

describe('judgeBurstKey', () => {
  const judge = (fired: FiredBurst, remaining = 59) =>
    judgeBurstKey({ label: 'limited key 1 of 1', tally: tallied(fired.samples), limit: 60, remaining, waitedMs: 10 });

  it('passes when exactly the budget left after the probe is admitted and the rest refused with 429', () => {
    const { record, findings } = judge(burst(150, 59));
    expect(findings).toEqual([]);
    expect(record).toMatchObject({
      status: 'passed',
      sent: 150,
      admitted: 59,
      rejected: 91,
      other: 0,
      errors: 0,
      expected: 59,
      allowance: 0,
      statusCounts: { '200': 59, '429': 91 },
    });
    expect(record.timeline.buckets.reduce((n, b) => n + b.admitted + b.rejected, 0)).toBe(150);
  });

  it('fails one admission too many, and one too few', () => {
    expect(judge(burst(150, 60))).toMatchObject({ record: { status: 'failed' }, findings: [expect.stringMatching(/admitted 60 of 150; expected 59/)] });
    expect(judge(burst(150, 58)).record.status).toBe('failed');
  });

  it('tolerates what a refilling limiter earns back during a long burst (harness/rate/tolerance.ts)', () => {
    // 3 s at 60/min: up to 3 more.
    expect(judge(burst(150, 62, 3000))).toMatchObject({ record: { status: 'passed', allowance: 3 } });
    expect(judge(burst(150, 63, 3000)).record.status).toBe('failed');
  });

  it('counts, for a limiter whose Reset names a refill, what it earned from its fresh probe on, at the window it refills over', () => {
    // 100 ms of burst, 400 ms between the probe and the burst, a self-test's 4 s window: 60 × 0.5 / 4 = 7 more.
    const refilling = judgeBurstKey({
      label: 'k',
      tally: tallied(burst(150, 66, 100).samples),
      limit: 60,
      remaining: 59,
      waitedMs: 10,
      sinceFreshMs: 400,
      refillWindowMs: 4000,
    });
    expect(refilling.record).toMatchObject({ status: 'passed', allowance: 7 });
    expect(refilling.record.summary).toBe('admitted 66 of 150; expected 59 (tolerance +7 for 500 ms at 60/4 s)');
    // At the spec's minute none of that is a request yet: one over a fixed window still fails (then repeats once).
    expect(judgeBurstKey({ label: 'k', tally: tallied(burst(150, 60, 100).samples), limit: 60, remaining: 59, waitedMs: 10 })).toMatchObject({
      record: { status: 'failed', allowance: 0 },
      oneOver: true,
    });
  });

  it('leaves undecided a burst that outlasted its window with too few admissions surely inside it, and fails one with enough', () => {
    // 150 requests over 4 s, the window announced to end 2 s in: 82 admitted, 59 of them before its end.
    const twoWindows = burst(150, 82, 4000);
    twoWindows.samples.forEach((s, i) => {
      const admitted = i < 59 || (i >= 123 && i < 146);
      Object.assign(s, {
        endMs: i < 59 ? 1000 + i : i < 123 ? 1500 + i : 2500 + i,
        status: admitted ? 200 : 429,
        headers: admitted ? {} : { 'retry-after': '1' },
      });
    });
    const crossing = judgeBurstKey({ label: 'k', tally: tallied(twoWindows.samples), limit: 60, remaining: 59, waitedMs: 10, windowEndsMs: 2000 });
    expect(crossing).toMatchObject({ record: { status: 'error', admitted: 82 }, findings: [], crossed: true, oneOver: false });
    expect(crossing.record.summary).toMatch(/outlasted its window .* only 59 admissions surely fall inside it/);
    // The same answers with the window announced to end after the last one: the 82 are one window's.
    expect(judgeBurstKey({ label: 'k', tally: tallied(twoWindows.samples), limit: 60, remaining: 59, waitedMs: 10, windowEndsMs: 5000 })).toMatchObject({
      record: { status: 'failed' },
      crossed: false,
    });
    // Announced to end after the last admission, before the last answer: 82 admitted inside it is evidence.
    const decided = judgeBurstKey({ label: 'k', tally: tallied(twoWindows.samples), limit: 60, remaining: 59, waitedMs: 10, windowEndsMs: 2647 });
    expect(decided).toMatchObject({ record: { status: 'failed' }, crossed: false });
    expect(decided.findings[0]).toMatch(/admitted 82 of 150; expected 59 .*; 82 of them answered before the window's announced end/);
    // A crossing with nothing over the ceiling is judged as any burst.
    expect(
      judgeBurstKey({ label: 'k', tally: tallied(burst(150, 59, 4000).samples), limit: 60, remaining: 59, waitedMs: 10, windowEndsMs: 2000 }),
    ).toMatchObject({
      record: { status: 'passed' },
      crossed: false,
    });
  });

  it('fails a refusal that is not 429, naming the statuses', () => {
    const { record, findings } = judge(burst(150, 59, 200, (i) => (i % 2 === 0 ? sample(503, 100) : undefined)));
    expect(record.status).toBe('failed');
    expect(record.other).toBeGreaterThan(0);
    expect(findings.join('\n')).toMatch(/neither 2xx nor 429 \(\d+ × 503\)/);
  });

  it('fails a 429 without a valid Retry-After and counts them', () => {
    const { record, findings } = judge(
      burst(150, 59, 200, (i) => (i === 100 ? sample(429, 100) : i === 101 ? sample(429, 100, { 'retry-after': '57000' }) : undefined)),
    );
    expect(record).toMatchObject({ status: 'failed', invalidRetryAfter: 2 });
    expect(findings.join('\n')).toMatch(/2 of 91 429 answers lack a valid Retry-After \(first: Retry-After missing\)/);
  });

  it('is an error, not a pass, when requests got no answer and the count is uncertain', () => {
    const { record, findings } = judge(burst(150, 58, 200, (i) => (i === 149 ? sample(null, 200) : undefined)));
    expect(record).toMatchObject({ status: 'error', errors: 1 });
    expect(findings.join('\n')).toMatch(/1 request got no answer \(first: socket hang up\)/);
  });

  it('still fails over-admission when some requests got no answer', () => {
    expect(judge(burst(150, 70, 200, (i) => (i === 149 ? sample(null, 200) : undefined))).record.status).toBe('failed');
  });
});

describe('refusalFindings', () => {
  it('accepts an HTTP-date Retry-After measured from the response Date', () => {
    const s = sample(429, 1, { 'retry-after': 'Tue, 14 Nov 2023 22:14:00 GMT', date: 'Tue, 14 Nov 2023 22:13:20 GMT' });
    expect(refusalFindings(tallied([s]))).toEqual({ findings: [], invalidRetryAfter: 0 });
  });
});

describe('fireBurst against the reference server', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends exactly the requests asked for and admits exactly the limit of an unused key', async () => {
    const fired = await fireBurst(splitUrl(server.baseUrl, '/contacts?limit=1'), LIMITED, { requests: 90, connections: 30, timeoutMs: 5000 });
    expect(fired.samples).toHaveLength(90);
    expect(fired.samples.filter((s) => s.status === 200)).toHaveLength(60);
    expect(fired.samples.filter((s) => s.status === 429)).toHaveLength(30);
    expect(fired.samples.find((s) => s.status === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    expect(fired.elapsedMs).toBeGreaterThan(0);
    expect(refusalFindings(tallied(fired.samples)).findings).toEqual([]);
  });
});

describe('refusalFindings past the Retry-After cap', () => {
  const overflowed = (overflow: Partial<ReturnType<typeof tallied>['retryAfter']['overflow']>) => {
    const t = tallied([sample(429, 1, { 'retry-after': '42' })]);
    return { ...t, statusCounts: { '429': 600 }, retryAfter: { ...t.retryAfter, overflow: { ...t.retryAfter.overflow, count: 599, ...overflow } } };
  };

  it('accepts numeric deltas whose smallest and largest are valid', () => {
    expect(refusalFindings(overflowed({ minDelta: 1, maxDelta: 60 }))).toEqual({ findings: [], invalidRetryAfter: 0 });
  });

  it('counts an invalid edge or a non-numeric example once, as a lower bound', () => {
    const r = refusalFindings(overflowed({ minDelta: 0, maxDelta: 500, nonNumeric: 0 }));
    expect(r.invalidRetryAfter).toBe(2);
    expect(r.findings).toEqual([expect.stringMatching(/^at least 2 of 600 429 answers lack a valid Retry-After \(first: Retry-After "0" is not positive/)]);
    const n = refusalFindings(overflowed({ minDelta: null, maxDelta: null, nonNumeric: 599, firstNonNumeric: { value: 'soon', date: null, receivedAt: 0 } }));
    expect(n.findings[0]).toMatch(/^at least 1 of 600 .*"soon" is neither delta-seconds nor an HTTP date/);
  });
});
