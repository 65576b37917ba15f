import { describe, expect, it } from 'vitest';
import { refusalFindings, type Sample } from './burst.js';
import { HistogramFormatError, TallyMergeError } from '../errors.js';
import { LatencyHistogram } from './histogram.js';
import { keyTallySchema, type WorkerInfo } from './tally.js';
import { mergeTallies, tallyOfKey } from './tally-merge.js';
import { tallySamples } from './tally-samples.js';

const T0 = Date.parse('2026-05-14T09:13:00.000Z');

const worker = (index: number, clockOffsetMs: number): WorkerInfo => ({ index, host: `w${index}`, clockOffsetMs, clockRttMs: 0.4, goSpreadMs: index });

/** One worker's samples: its own clock is `offsetMs` ahead of the harness's. */
function side(
  offsetMs: number,
  from: number,
  statuses: readonly (number | null)[],
  retryAfter: (i: number) => Record<string, string> = () => ({ 'retry-after': '30' }),
): Sample[] {
  return statuses.map((status, i) => ({
    startMs: from + i,
    endMs: from + i + 2,
    receivedAt: T0 + from + i + 2 + offsetMs,
    status,
    headers: status === 429 ? retryAfter(i) : {},
    ...(status === null ? { error: `lost on ${offsetMs}` } : {}),
  }));
}

describe('mergeTallies', () => {
  it('sums counts, keeps the earliest firsts and the latest last, and merges buckets and histograms', () => {
    const a = tallySamples(side(800, 0, [200, 200, 429, 429]), { keyIndex: 3, bucketMs: 1, maxLagMs: 2 });
    const b = tallySamples(side(-900, 1, [200, 429, 503, null]), { keyIndex: 3, bucketMs: 1, maxLagMs: 5 });
    const merged = mergeTallies([
      { worker: worker(1, -900), tally: b },
      { worker: worker(0, 800), tally: a },
    ]);
    expect(keyTallySchema.parse(merged)).toEqual(merged);
    expect(merged).toMatchObject({
      keyIndex: 3,
      sent: 8,
      statusCounts: { '200': 3, '429': 3, '503': 1 },
      errors: 1,
      firstError: 'lost on -900',
      firstSentMs: 0,
      lastAnswerMs: 6,
      first429Ms: 4,
      first429SentMs: 2,
      maxLagMs: 5,
    });
    expect(merged.buckets.reduce((n, x) => n + x.admitted + x.rejected + x.other + x.error, 0)).toBe(8);
    expect(merged.buckets.find((x) => x.startMs === 4)).toEqual({ startMs: 4, admitted: 0, rejected: 2, other: 0, error: 0 });
    expect(merged.latency.count).toBe(7);
    expect(LatencyHistogram.fromSparse(merged.latency).summary().p50).toBe(2);
  });

  it("puts each worker's Retry-After instants on the harness's clock before merging the pairs", () => {
    // Worker 0 runs 800 ms fast, worker 1 900 ms slow: the same pair answered first, by the harness's clock, on worker 0.
    const a = tallySamples(side(800, 0, [429]), { keyIndex: 0, bucketMs: 1 });
    const b = tallySamples(side(-900, 1, [429]), { keyIndex: 0, bucketMs: 1 });
    const merged = mergeTallies([
      { worker: worker(0, 800), tally: a },
      { worker: worker(1, -900), tally: b },
    ]);
    expect(merged.retryAfter.values).toEqual([{ value: '30', date: null, receivedAt: T0 + 2, count: 2 }]);
  });

  it('judges an HTTP-date Retry-After without Date on corrected clocks: a worker 3 s slow does not turn a valid one invalid', () => {
    // 122 s after the harness's clock: allowed (120 s + 1 s precision + 2 s skew); by the slow worker's own clock 125 s.
    const date = new Date(T0 + 122_000).toUTCString();
    const slow = tallySamples(
      side(-3000, 0, [429], () => ({ 'retry-after': date })),
      { keyIndex: 0, bucketMs: 1 },
    );
    expect(refusalFindings(slow).invalidRetryAfter).toBe(1);
    const corrected = mergeTallies([{ worker: worker(0, -3000), tally: slow }]);
    expect(corrected.retryAfter.values[0]!.receivedAt).toBe(T0 + 2);
    expect(refusalFindings(corrected)).toEqual({ findings: [], invalidRetryAfter: 0 });
  });

  it('refuses tallies of different keys or bucket widths, and nothing at all', () => {
    const a = tallySamples(side(0, 0, [200]), { keyIndex: 0, bucketMs: 1 });
    expect(() => mergeTallies([])).toThrow(TallyMergeError);
    expect(() =>
      mergeTallies([
        { worker: worker(0, 0), tally: a },
        { worker: worker(1, 0), tally: { ...a, keyIndex: 1 } },
      ]),
    ).toThrow(/key 0 and key 1/);
    expect(() =>
      mergeTallies([
        { worker: worker(0, 0), tally: a },
        { worker: worker(1, 0), tally: { ...a, bucketMs: 5 } },
      ]),
    ).toThrow(/1 ms and 5 ms/);
    expect(() => mergeTallies([{ worker: worker(0, 0), tally: { ...a, latency: { ...a.latency, buckets: [[99_999, 1]] } } }])).toThrow(HistogramFormatError);
  });
});

describe('tallyOfKey', () => {
  it("merges one key's tallies over the workers and gives each worker its row, zero when it sent nothing on the key", () => {
    const workers = [worker(0, 1), worker(1, -2), worker(2, 0)];
    const result = {
      workers,
      tallies: [
        { worker: 0, tally: tallySamples(side(1, 0, [200, 429]), { keyIndex: 0, bucketMs: 1 }) },
        { worker: 1, tally: tallySamples(side(-2, 0, [200, 200, 503]), { keyIndex: 0, bucketMs: 1 }) },
        { worker: 1, tally: tallySamples(side(-2, 0, [200]), { keyIndex: 1, bucketMs: 1 }) },
      ],
    };
    const { tally, workers: rows } = tallyOfKey(result, 0, 1);
    expect(tally.sent).toBe(5);
    expect(rows).toEqual([
      { worker: 0, sent: 2, admitted: 1, rejected: 1, other: 0, errors: 0 },
      { worker: 1, sent: 3, admitted: 2, rejected: 0, other: 1, errors: 0 },
      { worker: 2, sent: 0, admitted: 0, rejected: 0, other: 0, errors: 0 },
    ]);
    expect(tallyOfKey(result, 5, 1).tally).toMatchObject({ keyIndex: 5, sent: 0 });
    expect(() => tallyOfKey({ workers: [workers[0]!], tallies: result.tallies }, 0, 1)).toThrow(/worker 1/);
  });
});
