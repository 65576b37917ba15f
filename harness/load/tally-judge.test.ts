import { describe, expect, it } from 'vitest';
import { judgeBurstKey, type Sample } from './burst.js';
import { judgeSustained } from './sustained.js';
import { tallySamples } from './tally-samples.js';
import { judgeBurstKeyOfSamples, judgeSustainedSamples } from './testing/judge-samples.js';

/*
 * The judge reads tallies now; on the same samples it must say what it said when it read every
 * sample (testing/judge-samples.ts keeps that judge): same records, findings and repeat decision.
 */

const T0 = 1_700_000_000_000;
const DATE = new Date(T0).toUTCString();

/** A fixed, irregular burst: answers out of request order, some statuses replaced. */
function burstSamples(sent: number, admitted: number, replace: (i: number) => Partial<Sample> | undefined = () => undefined): Sample[] {
  return Array.from({ length: sent }, (_, i) => {
    const startMs = (i * 0.37) % 11;
    const endMs = startMs + 3 + ((i * 7919) % 173) / 1.7;
    const base: Sample =
      i < admitted
        ? { startMs, endMs, receivedAt: T0 + endMs, status: 200, headers: {} }
        : { startMs, endMs, receivedAt: T0 + endMs, status: 429, headers: { 'retry-after': String(40 + (i % 3)), date: DATE } };
    return { ...base, ...replace(i) };
  });
}

const tallyOf = (samples: readonly Sample[], maxLagMs = 0) => tallySamples(samples, { keyIndex: 0, bucketMs: 1, maxLagMs });

describe('the judge on tallies gives the verdicts it gave on samples', () => {
  const cases: [string, Sample[], { sinceFreshMs?: number; refillWindowMs?: number }][] = [
    ['exactly the budget', burstSamples(150, 59), {}],
    ['one over', burstSamples(150, 60), {}],
    ['far over (per-replica counters)', burstSamples(150, 118), {}],
    ['too few', burstSamples(150, 50), {}],
    ['a refilling limiter inside its tolerance', burstSamples(150, 64), { sinceFreshMs: 400, refillWindowMs: 4000 }],
    ['503s among the refusals', burstSamples(150, 59, (i) => (i % 5 === 0 && i > 59 ? { status: 503, headers: {} } : undefined)), {}],
    [
      'missing and invalid Retry-After',
      burstSamples(150, 59, (i): Partial<Sample> | undefined =>
        i === 90 ? { headers: {} } : i === 91 ? { headers: { 'retry-after': '57000' } } : i === 92 ? { headers: { 'retry-after': 'soon' } } : undefined,
      ),
      {},
    ],
    [
      'HTTP-date Retry-After against Date',
      burstSamples(150, 59, (i) => (i > 100 ? { headers: { 'retry-after': new Date(T0 + 30_000).toUTCString(), date: DATE } } : undefined)),
      {},
    ],
    [
      'requests without an answer',
      burstSamples(150, 58, (i) => (i === 149 || i === 3 ? { status: null, headers: {}, error: `socket hang up ${i}` } : undefined)),
      {},
    ],
  ];
  it('names as the first invalid Retry-After the one answered first', () => {
    const samples = burstSamples(150, 59, (i): Partial<Sample> | undefined =>
      i === 90 ? { headers: {} } : i === 91 ? { headers: { 'retry-after': 'soon' } } : undefined,
    );
    const firstAnswered = samples[90]!.receivedAt < samples[91]!.receivedAt ? 'Retry-After missing' : 'Retry-After "soon" is neither';
    const { findings } = judgeBurstKey({ label: 'k', limit: 60, remaining: 59, waitedMs: 0, tally: tallyOf(samples) });
    expect(findings).toEqual([expect.stringContaining(`2 of 91 429 answers lack a valid Retry-After (first: ${firstAnswered}`)]);
  });

  for (const [name, samples, extra] of cases) {
    it(`burst: ${name}`, () => {
      const input = { label: 'limited key 1 of 2', limit: 60, remaining: 59, waitedMs: 12.5, ...extra };
      const elapsedMs = samples.reduce((max, s) => Math.max(max, s.endMs), 0);
      const before = judgeBurstKeyOfSamples({ ...input, fired: { samples, elapsedMs } });
      const after = judgeBurstKey({ ...input, tally: tallyOf(samples) });
      const { workers, ...record } = after.record;
      expect(record).toEqual(before.record);
      // "first" is the first in answer order now (a tally keeps no request order); all else is equal.
      const withoutFirst = (findings: readonly string[]) => findings.map((f) => f.replace(/\(first: [^)]*\)/, '(first: …)'));
      expect(withoutFirst(after.findings)).toEqual(withoutFirst(before.findings));
      expect(after.oneOver).toBe(before.oneOver);
      expect(workers).toEqual([
        {
          worker: 0,
          sent: before.record.sent,
          admitted: before.record.admitted,
          rejected: before.record.rejected,
          other: before.record.other,
          errors: before.record.errors,
        },
      ]);
    });
  }

  const at = (status: number | null, i: number): Sample => ({
    startMs: i * 1090.9 + (i % 4) * 0.3,
    endMs: i * 1090.9 + 2 + (i % 7),
    receivedAt: T0 + i * 1090.9,
    status,
    headers: status === 429 ? { 'retry-after': '5', date: DATE } : {},
    ...(status === null ? { error: 'no answer within 10000 ms' } : {}),
  });
  const sustainedCases: [string, number, Sample[]][] = [
    ['all admitted', 110, Array.from({ length: 110 }, (_, i) => at(200, i))],
    ['429s under the limit', 110, Array.from({ length: 110 }, (_, i) => at(i >= 70 && i % 2 === 0 ? 429 : 200, i))],
    ['a 500', 110, Array.from({ length: 110 }, (_, i) => at(i === 30 ? 500 : 200, i))],
    ['no answer', 110, Array.from({ length: 110 }, (_, i) => at(i === 30 ? null : 200, i))],
    ['stopped early', 110, Array.from({ length: 80 }, (_, i) => at(200, i))],
  ];
  for (const [name, planned, samples] of sustainedCases) {
    it(`sustained: ${name}`, () => {
      const before = judgeSustainedSamples({ planned, samples, maxLagMs: 2.25 }, 'limited key 2 of 2');
      const { maxLagMs, workers, ...after } = judgeSustained({ planned, tally: tallyOf(samples, 2.25) }, 'limited key 2 of 2');
      expect(after).toEqual(before);
      expect(maxLagMs).toBe(2.25);
      expect(workers).toHaveLength(1);
    });
  }
});
