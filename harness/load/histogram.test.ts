import { describe, expect, it } from 'vitest';
import { HistogramFormatError } from '../errors.js';
import { LatencyHistogram } from './histogram.js';

describe('LatencyHistogram', () => {
  it('is exact below 128 µs and reports zeros when empty', () => {
    const h = new LatencyHistogram();
    expect(h.summary()).toEqual({ count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 });
    for (const ms of [0.01, 0.02, 0.03, 0.1]) h.record(ms);
    expect(h.percentile(50)).toBe(0.02);
    expect(h.percentile(100)).toBe(0.1);
    expect(h.summary().max).toBe(0.1);
  });

  it('keeps every percentile within 1.6 % above the true value, never below', () => {
    const h = new LatencyHistogram();
    const values = Array.from({ length: 10_000 }, (_, i) => 0.05 + ((i * 7919) % 10_000) / 37); // 0.05 to 270 ms
    for (const v of values) h.record(v);
    const sorted = [...values].sort((a, b) => a - b);
    for (const p of [50, 90, 95, 99, 99.9]) {
      const truth = sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
      const got = h.percentile(p);
      expect(got).toBeGreaterThanOrEqual(Math.round(truth * 1000) / 1000);
      expect(got).toBeLessThanOrEqual(truth * 1.016 + 0.001);
    }
  });

  it('keeps sub-millisecond resolution that whole-millisecond histograms lose', () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 99; i++) h.record(0.31);
    h.record(4.2);
    const s = h.summary();
    expect(s.p50).toBeCloseTo(0.31, 2);
    expect(s.p99).toBeCloseTo(0.31, 2);
    expect(s.max).toBe(4.2);
    expect(s.mean).toBeCloseTo((99 * 0.31 + 4.2) / 100, 6);
  });

  it('ignores values that are not latencies', () => {
    const h = new LatencyHistogram();
    h.record(Number.NaN);
    h.record(-1);
    h.record(Number.POSITIVE_INFINITY);
    expect(h.count).toBe(0);
  });

  it('clamps huge values instead of overflowing', () => {
    const h = new LatencyHistogram();
    h.record(10 * 3600 * 1000);
    expect(h.count).toBe(1);
    expect(h.percentile(50)).toBeGreaterThan(2_000_000);
  });
});

describe('LatencyHistogram sparse form', () => {
  it('round-trips, and adding two gives the histogram of all their values', () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    const all = new LatencyHistogram();
    for (let i = 0; i < 500; i++) {
      const v = 0.05 + ((i * 7919) % 1000) / 13;
      (i % 2 === 0 ? a : b).record(v);
      all.record(v);
    }
    expect(LatencyHistogram.fromSparse(a.toSparse()).summary()).toEqual(a.summary());
    expect(LatencyHistogram.fromSparse(a.toSparse()).addSparse(b.toSparse()).summary()).toEqual(all.summary());
    expect(a.toSparse().buckets.every(([, n]) => n > 0)).toBe(true);
  });

  it('refuses buckets it does not have and counts that do not add up', () => {
    expect(() => LatencyHistogram.fromSparse({ count: 1, sumMicros: 1, maxMicros: 1, buckets: [[-1, 1]] })).toThrow(HistogramFormatError);
    expect(() => LatencyHistogram.fromSparse({ count: 2, sumMicros: 1, maxMicros: 1, buckets: [[1, 1]] })).toThrow(/hold 1 values/);
  });
});
