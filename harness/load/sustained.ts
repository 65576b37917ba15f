import { DIRECT, targetDispatcher } from '../http/network.js';
import type { LoadStatus } from './model.js';
import { refusalFindings, round, sendOne, statusCounts, type Sample, type SendTarget } from './burst.js';
import { arrivalOffsets, runOpenModel, type Clock } from './schedule.js';
import { bucketOutcomes, outcomeOf, type Timeline } from './timeline.js';

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
  options: {
    readonly ratePerMin: number;
    readonly durationS: number;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal;
    readonly clock?: Clock;
    /** Called after each answer, for the progress display. */
    readonly onSample?: (sample: Sample, index: number, planned: number) => void;
  },
): Promise<SustainedRun> {
  const offsets = arrivalOffsets(options.ratePerMin, options.durationS);
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
}

/** Any 429 fails the scenario: the offered rate stays under the key's limit in every minute. */
export function judgeSustained(run: SustainedRun, label: string): SustainedVerdict {
  const outcomes = run.samples.map((s) => outcomeOf(s.status));
  const counts = {
    sent: run.samples.length,
    admitted: outcomes.filter((o) => o === 'admitted').length,
    rejected: outcomes.filter((o) => o === 'rejected').length,
    other: outcomes.filter((o) => o === 'other').length,
    errors: outcomes.filter((o) => o === 'error').length,
  };
  const findings: string[] = [];
  if (counts.rejected > 0) {
    const first = run.samples.find((s) => s.status === 429)!;
    findings.push(`${label}: ${counts.rejected} of ${counts.sent} requests were refused with 429 under the limit (first after ${round(first.startMs / 1000, 1)} s)`);
  }
  // A 429 here is already the failure; its Retry-After is not what this scenario is about.
  findings.push(...refusalFindings(run.samples).findings.filter((f) => !f.includes('Retry-After')).map((f) => `${label}: ${f}`));
  let status: LoadStatus = findings.length === 0 ? 'passed' : 'failed';
  if (status === 'failed' && counts.rejected === 0 && counts.other === 0) status = 'error';
  if (run.samples.length < run.planned) {
    findings.push(`${label}: stopped after ${run.samples.length} of ${run.planned} planned requests`);
    if (status === 'passed') status = 'error';
  }
  const message =
    status === 'passed'
      ? `${counts.admitted} of ${counts.sent} requests admitted, none refused (latest start ${round(run.maxLagMs, 1)} ms after its slot)`
      : findings[0]!;
  return {
    status,
    message,
    findings,
    counts,
    statusCounts: statusCounts(run.samples),
    timeline: bucketOutcomes(run.samples.map((s, i) => ({ atMs: s.endMs, outcome: outcomes[i]! }))),
  };
}
