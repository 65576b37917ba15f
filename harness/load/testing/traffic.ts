import { LatencyHistogram } from '../histogram.js';
import type { KeyTally, WorkerInfo } from '../tally.js';
import { emptyTally } from '../tally-samples.js';

/** A key's tally on one worker: `answers` as [status, latency ms] pairs, `errors` without an answer. */
export function tallyOf(keyIndex: number, answers: readonly (readonly [number, number])[], errors = 0, lastAnswerMs = 1000): KeyTally {
  const latency = new LatencyHistogram();
  const statusCounts: Record<string, number> = {};
  for (const [status, ms] of answers) {
    latency.record(ms);
    statusCounts[String(status)] = (statusCounts[String(status)] ?? 0) + 1;
  }
  const sparse = latency.toSparse();
  return {
    ...emptyTally(keyIndex, 1000),
    sent: answers.length + errors,
    errors,
    statusCounts,
    firstSentMs: 0,
    lastAnswerMs,
    latency: {
      count: sparse.count,
      sumMicros: sparse.sumMicros,
      maxMicros: sparse.maxMicros,
      buckets: sparse.buckets.map(([i, n]) => [i, n] as [number, number]),
    },
  };
}

/** `n` answers of `status` that took `ms` each. */
export const answersOf = (n: number, status: number, ms: number): [number, number][] => Array.from({ length: n }, () => [status, ms]);

export const workerInfo = (index: number): WorkerInfo => ({ index, host: `w${index}`, clockOffsetMs: 0, clockRttMs: 0, goSpreadMs: 0 });
