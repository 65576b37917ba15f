/** What became of one request of a burst or a sustained run, for the "admitted vs rejected" chart. */
export type Outcome = 'admitted' | 'rejected' | 'other' | 'error';

export interface TimedOutcome {
  /** When the answer (or the failure) came, in ms since the scenario's first request. */
  readonly atMs: number;
  readonly outcome: Outcome;
}

export interface TimelineBucket {
  readonly startMs: number;
  readonly admitted: number;
  readonly rejected: number;
  readonly other: number;
  readonly error: number;
}

export interface Timeline {
  readonly bucketMs: number;
  readonly buckets: TimelineBucket[];
}

/** Bucket widths a reader takes in at a glance: 1, 2, 5 times a power of ten milliseconds. */
export function chooseBucketMs(spanMs: number, maxBuckets = 20): number {
  const target = Math.max(1, spanMs / Math.max(1, maxBuckets));
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 5]) {
      if (step * power >= target) return step * power;
    }
  }
}

/**
 * Counts outcomes per fixed-width bucket, from 0 to the last answer, empty buckets included so the
 * chart's time axis is even. Answers at exactly a boundary belong to the later bucket.
 */
export function bucketOutcomes(samples: readonly TimedOutcome[], bucketMs?: number): Timeline {
  const span = samples.reduce((max, s) => Math.max(max, s.atMs), 0);
  const width = bucketMs ?? chooseBucketMs(span);
  const count = samples.length === 0 ? 0 : Math.floor(span / width) + 1;
  const buckets = Array.from({ length: count }, (_, i) => ({ startMs: i * width, admitted: 0, rejected: 0, other: 0, error: 0 }));
  for (const sample of samples) {
    const bucket = buckets[Math.min(count - 1, Math.floor(Math.max(0, sample.atMs) / width))]!;
    bucket[sample.outcome] += 1;
  }
  return { bucketMs: width, buckets };
}

/** 2xx is admitted, 429 rejected (spec 7), any other status `other`, no answer at all `error`. */
export function outcomeOf(status: number | null): Outcome {
  if (status === null) return 'error';
  if (status >= 200 && status < 300) return 'admitted';
  return status === 429 ? 'rejected' : 'other';
}

/**
 * A tally's buckets (tally.ts) re-bucketed to the chart's width: the width `bucketOutcomes` would
 * choose for the same span, never finer than the tally's own and always a whole number of them,
 * so every tally bucket falls into exactly one chart bucket. With 1 ms tally buckets the chart is
 * the one the samples themselves give.
 */
export function timelineOf(tally: { readonly bucketMs: number; readonly lastAnswerMs: number | null; readonly buckets: readonly TimelineBucket[] }): Timeline {
  const span = Math.max(0, tally.lastAnswerMs ?? 0, ...tally.buckets.map((b) => b.startMs));
  const chosen = chooseBucketMs(span);
  const width = chosen <= tally.bucketMs ? tally.bucketMs : Math.ceil(chosen / tally.bucketMs - 1e-9) * tally.bucketMs;
  const count = tally.buckets.length === 0 ? 0 : Math.floor(span / width) + 1;
  const buckets = Array.from({ length: count }, (_, i) => ({ startMs: i * width, admitted: 0, rejected: 0, other: 0, error: 0 }));
  for (const b of tally.buckets) {
    // The tally bucket's index, then the chart bucket holding it (integers: no rounding at a boundary).
    const index = Math.round(b.startMs / tally.bucketMs);
    const into = buckets[Math.min(count - 1, Math.floor((index * tally.bucketMs) / width + 1e-9))]!;
    into.admitted += b.admitted;
    into.rejected += b.rejected;
    into.other += b.other;
    into.error += b.error;
  }
  return { bucketMs: width, buckets };
}
