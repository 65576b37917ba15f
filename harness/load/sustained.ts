import { DIRECT, targetDispatcher } from '../http/network.js';
import type { LoadStatus } from './model.js';
import { refusalFindings, round, sendOne, sortedStatusCounts, type Sample, type SendTarget } from './burst.js';
import { arrivalOffsets, runOpenModel, type Clock } from './schedule.js';
import type { KeyTally } from './tally.js';
import { workerRowOf, type WorkerRow } from './tally-merge.js';
import { timelineOf, type Timeline } from './timeline.js';

export interface SustainedRun {
  readonly planned: number;
  readonly samples: readonly Sample[];
  readonly maxLagMs: number;
}

/**
 * Scenario 3, open model: request i starts at i × 60 s / rate after the first, independent of
 * the answers (a slow server cannot lower the offered rate). A few connections suffice: at most
 * one request a second is in flight unless the server slows down, and then undici opens more.
 */
export async function runSustained(
  target: SendTarget,
  key: string,
  options: ScheduleOptions & { readonly ratePerMin: number; readonly durationS: number },
): Promise<SustainedRun> {
  return runSchedule(target, key, arrivalOffsets(options.ratePerMin, options.durationS), options);
}

export interface ScheduleOptions {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  readonly clock?: Clock;
  /** Called after each answer, for the progress display. */
  readonly onSample?: ((sample: Sample, index: number, planned: number) => void) | undefined;
}

/** The open model over given start offsets (ms after the first): what a schedule job asks for. */
export async function runSchedule(target: SendTarget, key: string, offsets: readonly number[], options: ScheduleOptions): Promise<SustainedRun> {
  const pool = targetDispatcher(target.network ?? DIRECT, { connections: 8 });
  try {
    const t0 = performance.now();
    const run = await runOpenModel(
      offsets,
      async (index) => {
        const sample = await sendOne(pool, target, key, { timeoutMs: options.timeoutMs, t0, ...(options.signal ? { signal: options.signal } : {}) });
        options.onSample?.(sample, index, offsets.length);
        return sample;
      },
      { ...(options.clock ? { clock: options.clock } : {}), ...(options.signal ? { signal: options.signal } : {}) },
    );
    return { planned: offsets.length, samples: run.results, maxLagMs: run.lagsMs.reduce((max, l) => Math.max(max, l), 0) };
  } finally {
    await pool.close();
  }
}

export interface SustainedVerdict {
  readonly status: LoadStatus;
  readonly message: string;
  readonly findings: string[];
  readonly counts: { sent: number; admitted: number; rejected: number; other: number; errors: number };
  readonly statusCounts: Record<string, number>;
  readonly timeline: Timeline;
  readonly maxLagMs: number;
  readonly workers: WorkerRow[];
}

/** A sustained run as the judge reads it: how many requests the schedule holds, and the key's merged tally. */
export interface SustainedTally {
  readonly planned: number;
  readonly tally: KeyTally;
  /** Each worker's share (tally-merge.ts tallyOfKey); one row of the whole tally when unset. */
  readonly workers?: readonly WorkerRow[] | undefined;
}

/** Any 429 fails the scenario: the offered rate stays under the key's limit in every minute. */
export function judgeSustained(run: SustainedTally, label: string): SustainedVerdict {
  const { tally } = run;
  const { worker: _worker, ...counts } = workerRowOf(0, tally);
  const findings: string[] = [];
  if (counts.rejected > 0) {
    const firstS = round((tally.first429SentMs ?? 0) / 1000, 1);
    findings.push(`${label}: ${counts.rejected} of ${counts.sent} requests were refused with 429 under the limit (first after ${firstS} s)`);
  }
  // A 429 here is already the failure; its Retry-After is not what this scenario is about.
  findings.push(
    ...refusalFindings(tally)
      .findings.filter((f) => !f.includes('Retry-After'))
      .map((f) => `${label}: ${f}`),
  );
  let status: LoadStatus = findings.length === 0 ? 'passed' : 'failed';
  if (status === 'failed' && counts.rejected === 0 && counts.other === 0) status = 'error';
  if (tally.sent < run.planned) {
    findings.push(`${label}: stopped after ${tally.sent} of ${run.planned} planned requests`);
    if (status === 'passed') status = 'error';
  }
  const message =
    status === 'passed'
      ? `${counts.admitted} of ${counts.sent} requests admitted, none refused (latest start ${round(tally.maxLagMs, 1)} ms after its slot)`
      : findings[0]!;
  return {
    status,
    message,
    findings,
    counts,
    statusCounts: sortedStatusCounts(tally.statusCounts),
    timeline: timelineOf(tally),
    maxLagMs: tally.maxLagMs,
    workers: [...(run.workers ?? [workerRowOf(0, tally)])],
  };
}
