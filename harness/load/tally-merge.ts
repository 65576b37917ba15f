import { TallyMergeError } from '../errors.js';
import { LatencyHistogram } from './histogram.js';
import type { KeyTally, WorkerInfo } from './tally.js';
import { emptyTally, RetryAfterCounter } from './tally-samples.js';

/*
 * One key's traffic over several senders: the workers' tallies merged into the one the judge
 * reads. Wall-clock instants (a Retry-After pair's receivedAt) move onto the harness's clock by
 * each worker's measured offset first; times since go need nothing (each worker counts from its
 * own "go", and the master lines those up within a few ms, WorkerInfo.goSpreadMs).
 */

export interface WorkerTally {
  readonly worker: Pick<WorkerInfo, 'index' | 'clockOffsetMs'>;
  readonly tally: KeyTally;
}

const minOf = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/** Sums, the earliest of firsts, the latest of lasts, merged buckets, Retry-After pairs and histograms. */
export function mergeTallies(entries: readonly WorkerTally[]): KeyTally {
  const first = entries[0];
  if (first === undefined) throw new TallyMergeError('no tally to merge');
  const { keyIndex, bucketMs } = first.tally;
  const statusCounts = new Map<number, number>();
  const buckets = new Map<number, { startMs: number; admitted: number; rejected: number; other: number; error: number }>();
  const retryAfter = new RetryAfterCounter();
  const latency = new LatencyHistogram();
  const merged: KeyTally = {
    ...first.tally,
    sent: 0,
    errors: 0,
    firstError: null,
    firstSentMs: null,
    lastAnswerMs: null,
    first429Ms: null,
    first429SentMs: null,
    maxLagMs: 0,
    createdIds: [],
  };
  // Worker order: the firstError and the Retry-After pairs' order do not depend on which worker answered first.
  for (const { worker, tally } of [...entries].sort((a, b) => a.worker.index - b.worker.index)) {
    if (tally.keyIndex !== keyIndex) throw new TallyMergeError(`tallies of key ${keyIndex} and key ${tally.keyIndex} cannot merge`);
    if (tally.bucketMs !== bucketMs) throw new TallyMergeError(`tallies with ${bucketMs} ms and ${tally.bucketMs} ms buckets cannot merge`);
    merged.sent += tally.sent;
    merged.errors += tally.errors;
    merged.firstError ??= tally.firstError;
    merged.firstSentMs = minOf(merged.firstSentMs, tally.firstSentMs);
    merged.lastAnswerMs = maxOf(merged.lastAnswerMs, tally.lastAnswerMs);
    merged.first429Ms = minOf(merged.first429Ms, tally.first429Ms);
    merged.first429SentMs = minOf(merged.first429SentMs, tally.first429SentMs);
    merged.maxLagMs = Math.max(merged.maxLagMs, tally.maxLagMs);
    merged.createdIds.push(...tally.createdIds);
    for (const [status, n] of Object.entries(tally.statusCounts)) statusCounts.set(Number(status), (statusCounts.get(Number(status)) ?? 0) + n);
    for (const b of tally.buckets) {
      const index = Math.round(b.startMs / bucketMs);
      const into = buckets.get(index) ?? { startMs: index * bucketMs, admitted: 0, rejected: 0, other: 0, error: 0 };
      into.admitted += b.admitted;
      into.rejected += b.rejected;
      into.other += b.other;
      into.error += b.error;
      buckets.set(index, into);
    }
    // The worker's clock minus the harness's: subtracting it puts the instant on the harness's clock.
    for (const v of tally.retryAfter.values) retryAfter.add(v.value, v.date, v.receivedAt - worker.clockOffsetMs, v.count);
    retryAfter.addOverflow(tally.retryAfter.overflow, worker.clockOffsetMs);
    latency.addSparse(tally.latency);
  }
  const sparse = latency.toSparse();
  return {
    ...merged,
    statusCounts: Object.fromEntries([...statusCounts.entries()].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n])),
    buckets: [...buckets.values()].sort((a, b) => a.startMs - b.startMs),
    retryAfter: retryAfter.build(),
    latency: {
      count: sparse.count,
      sumMicros: sparse.sumMicros,
      maxMicros: sparse.maxMicros,
      buckets: sparse.buckets.map(([i, n]) => [i, n] as [number, number]),
    },
  };
}

/** One worker's share of a key's traffic, for the report's per-worker rows. */
export interface WorkerRow {
  readonly worker: number;
  readonly sent: number;
  readonly admitted: number;
  readonly rejected: number;
  readonly other: number;
  readonly errors: number;
}

export function workerRowOf(worker: number, tally: Pick<KeyTally, 'sent' | 'statusCounts' | 'errors'>): WorkerRow {
  let admitted = 0;
  let rejected = 0;
  let other = 0;
  for (const [status, n] of Object.entries(tally.statusCounts)) {
    const s = Number(status);
    if (s >= 200 && s < 300) admitted += n;
    else if (s === 429) rejected += n;
    else other += n;
  }
  return { worker, sent: tally.sent, admitted, rejected, other, errors: tally.errors };
}

/** One key's traffic in a job's result: every worker's tally merged, and each worker's row (zero when it sent nothing on the key). */
export function tallyOfKey(
  result: { readonly workers: readonly WorkerInfo[]; readonly tallies: readonly { readonly worker: number; readonly tally: KeyTally }[] },
  keyIndex: number,
  bucketMs: number,
): { tally: KeyTally; workers: WorkerRow[] } {
  const entries = result.tallies
    .filter((t) => t.tally.keyIndex === keyIndex)
    .map((t) => {
      const worker = result.workers.find((w) => w.index === t.worker);
      if (worker === undefined) throw new TallyMergeError(`a tally names worker ${t.worker}, which the result does not list`);
      return { worker, tally: t.tally };
    });
  const tally = entries.length === 0 ? emptyTally(keyIndex, bucketMs) : mergeTallies(entries);
  const workers = [...result.workers]
    .sort((a, b) => a.index - b.index)
    .map((w) => {
      const own = entries.filter((e) => e.worker.index === w.index);
      return own.length === 0 ? workerRowOf(w.index, emptyTally(keyIndex, bucketMs)) : workerRowOf(w.index, mergeTallies(own));
    });
  return { tally, workers };
}
