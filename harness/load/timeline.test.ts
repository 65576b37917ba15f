import { describe, expect, it } from 'vitest';
import { bucketOutcomes, chooseBucketMs, outcomeOf, timelineOf } from './timeline.js';

describe('chooseBucketMs', () => {
  it('picks 1, 2 or 5 times a power of ten for at most 20 buckets', () => {
    expect(chooseBucketMs(0)).toBe(1);
    expect(chooseBucketMs(20)).toBe(1);
    expect(chooseBucketMs(212)).toBe(20);
    expect(chooseBucketMs(1000)).toBe(50);
    expect(chooseBucketMs(120_000)).toBe(10_000);
    for (const span of [1, 7, 99, 333, 4321, 98_765]) expect(span / chooseBucketMs(span)).toBeLessThanOrEqual(20);
  });
});

describe('bucketOutcomes', () => {
  it('counts each outcome in its bucket, keeps empty buckets, and puts a boundary in the later bucket', () => {
    const timeline = bucketOutcomes(
      [
        { atMs: 1, outcome: 'admitted' },
        { atMs: 9.99, outcome: 'admitted' },
        { atMs: 10, outcome: 'rejected' },
        { atMs: 35, outcome: 'other' },
        { atMs: 35, outcome: 'error' },
      ],
      10,
    );
    expect(timeline).toEqual({
      bucketMs: 10,
      buckets: [
        { startMs: 0, admitted: 2, rejected: 0, other: 0, error: 0 },
        { startMs: 10, admitted: 0, rejected: 1, other: 0, error: 0 },
        { startMs: 20, admitted: 0, rejected: 0, other: 0, error: 0 },
        { startMs: 30, admitted: 0, rejected: 0, other: 1, error: 1 },
      ],
    });
  });

  it('loses no sample, whatever the bucket width', () => {
    const samples = Array.from({ length: 150 }, (_, i) => ({ atMs: (i * 37) % 211, outcome: i < 59 ? ('admitted' as const) : ('rejected' as const) }));
    const { buckets } = bucketOutcomes(samples);
    expect(buckets.reduce((n, b) => n + b.admitted, 0)).toBe(59);
    expect(buckets.reduce((n, b) => n + b.rejected, 0)).toBe(91);
  });

  it('has no buckets without samples', () => {
    expect(bucketOutcomes([]).buckets).toEqual([]);
  });
});

describe('outcomeOf', () => {
  it('maps 2xx to admitted, 429 to rejected (spec 7), other statuses to other and no answer to error', () => {
    expect([200, 201, 204, 429, 503, 401, null].map(outcomeOf)).toEqual(['admitted', 'admitted', 'admitted', 'rejected', 'other', 'other', 'error']);
  });
});

describe('timelineOf', () => {
  const outcomes = Array.from({ length: 150 }, (_, i) => ({
    atMs: 3 + ((i * 37) % 211) + (i % 3) / 3,
    outcome: (['admitted', 'rejected', 'other', 'error'] as const)[i % 4]!,
  }));
  /** The same outcomes counted in tally buckets of `bucketMs` (tally-samples.ts does this from samples). */
  const tallied = (bucketMs: number) => {
    const buckets = new Map<number, { startMs: number; admitted: number; rejected: number; other: number; error: number }>();
    for (const o of outcomes) {
      const i = Math.floor(o.atMs / bucketMs);
      const b = buckets.get(i) ?? { startMs: i * bucketMs, admitted: 0, rejected: 0, other: 0, error: 0 };
      b[o.outcome] += 1;
      buckets.set(i, b);
    }
    return { bucketMs, lastAnswerMs: Math.max(...outcomes.map((o) => o.atMs)), buckets: [...buckets.values()] };
  };

  it('gives, from 1 ms tally buckets, the chart the samples themselves give', () => {
    expect(timelineOf(tallied(1))).toEqual(bucketOutcomes(outcomes));
  });

  it('is never finer than the tally, and a whole number of its buckets', () => {
    const coarse = timelineOf(tallied(50));
    expect(coarse.bucketMs).toBe(50);
    const odd = timelineOf(tallied(3));
    expect(odd.bucketMs % 3).toBe(0);
    expect(odd.bucketMs).toBeGreaterThanOrEqual(chooseBucketMs(214));
    for (const t of [coarse, odd]) {
      expect(t.buckets.reduce((n, b) => n + b.admitted + b.rejected + b.other + b.error, 0)).toBe(150);
      expect(t.buckets.every((b, i) => b.startMs === i * t.bucketMs)).toBe(true);
    }
  });

  it('keeps a long run to about 20 chart buckets', () => {
    const t = timelineOf({
      bucketMs: 1000,
      lastAnswerMs: 600_000,
      buckets: [
        { startMs: 0, admitted: 1, rejected: 0, other: 0, error: 0 },
        { startMs: 599_000, admitted: 0, rejected: 1, other: 0, error: 0 },
      ],
    });
    expect(t.bucketMs).toBe(50_000);
    expect(t.buckets).toHaveLength(13);
    expect(t.buckets[11]).toMatchObject({ startMs: 550_000, rejected: 1 });
  });

  it('has no buckets without answers', () => {
    expect(timelineOf({ bucketMs: 1, lastAnswerMs: null, buckets: [] }).buckets).toEqual([]);
  });
});
