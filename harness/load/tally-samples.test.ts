import { describe, expect, it } from 'vitest';
import type { Sample } from './burst.js';
import { LatencyHistogram } from './histogram.js';
import { keyTallySchema, MAX_RETRY_AFTER_VALUES } from './tally.js';
import { emptyTally, KeyTallyBuilder, tallySamples } from './tally-samples.js';

const s = (status: number | null, startMs: number, endMs: number, headers: Record<string, string> = {}, receivedAt = 1_000 + endMs): Sample => ({
  startMs,
  endMs,
  receivedAt,
  status,
  headers,
  ...(status === null ? { error: 'socket hang up' } : {}),
});

describe('tallySamples', () => {
  it('counts statuses, errors, firsts and lasts, and buckets answers by answer time', () => {
    const tally = tallySamples(
      [s(200, 0, 4), s(200, 1, 9.99), s(429, 2, 10, { 'retry-after': '42' }), s(429, 1.5, 12, { 'retry-after': '42' }), s(503, 3, 35), s(null, 3, 35)],
      { keyIndex: 2, bucketMs: 10, maxLagMs: 1.25 },
    );
    expect(keyTallySchema.parse(tally)).toEqual(tally);
    expect(tally).toMatchObject({
      keyIndex: 2,
      sent: 6,
      statusCounts: { '200': 2, '429': 2, '503': 1 },
      errors: 1,
      firstError: 'socket hang up',
      firstSentMs: 0,
      lastAnswerMs: 35,
      first429Ms: 10,
      first429SentMs: 1.5,
      maxLagMs: 1.25,
      buckets: [
        { startMs: 0, admitted: 2, rejected: 0, other: 0, error: 0 },
        { startMs: 10, admitted: 0, rejected: 2, other: 0, error: 0 },
        { startMs: 30, admitted: 0, rejected: 0, other: 1, error: 1 },
      ],
    });
    expect(Object.keys(tally.statusCounts)).toEqual(['200', '429', '503']);
    expect(tally.retryAfter).toEqual({
      values: [{ value: '42', date: null, receivedAt: 1_010, count: 2 }],
      overflow: { count: 0, minDelta: null, maxDelta: null, nonNumeric: 0, firstNonNumeric: null },
    });
    // Latency over the answers with a status only.
    expect(tally.latency.count).toBe(5);
    expect(LatencyHistogram.fromSparse(tally.latency).summary().max).toBe(32);
  });

  it('keeps distinct Retry-After pairs in order of first answer, and summarises the rest past the cap', () => {
    const samples: Sample[] = [];
    for (let i = 0; i < MAX_RETRY_AFTER_VALUES + 10; i++) samples.push(s(429, 0, i, { 'retry-after': String(i + 1) }));
    samples.push(s(429, 0, 900, {}), s(429, 0, 901, { 'retry-after': 'later' }), s(429, 0, 2, { 'retry-after': '3' }));
    const tally = tallySamples(samples, { keyIndex: 0, bucketMs: 1 });
    expect(tally.retryAfter.values).toHaveLength(MAX_RETRY_AFTER_VALUES);
    expect(tally.retryAfter.values[2]).toEqual({ value: '3', date: null, receivedAt: 1_002, count: 2 });
    expect(tally.retryAfter.overflow).toEqual({
      count: 12,
      minDelta: MAX_RETRY_AFTER_VALUES + 1,
      maxDelta: MAX_RETRY_AFTER_VALUES + 10,
      nonNumeric: 2,
      firstNonNumeric: { value: null, date: null, receivedAt: 1_900 },
    });
    expect(keyTallySchema.safeParse(tally).success).toBe(true);
  });

  it('gives an empty, valid tally for a key without traffic', () => {
    const tally = emptyTally(1, 5);
    expect(keyTallySchema.parse(tally)).toMatchObject({
      keyIndex: 1,
      sent: 0,
      firstSentMs: null,
      lastAnswerMs: null,
      buckets: [],
      latency: { count: 0, buckets: [] },
    });
  });

  it('counts errors a load generator reports without samples, and created ids', () => {
    const builder = new KeyTallyBuilder(0, 1000);
    builder.add({ startMs: 0, endMs: 1500, receivedAt: 0, status: 201, headers: {} });
    builder.addErrors(3, 2500, 'timeout');
    builder.created('c-1');
    expect(builder.build()).toMatchObject({
      sent: 4,
      errors: 3,
      firstError: 'timeout',
      lastAnswerMs: 2500,
      createdIds: ['c-1'],
      buckets: [
        { startMs: 1000, admitted: 1 },
        { startMs: 2000, error: 3 },
      ],
    });
  });
});
