import type { LoadEndpoint, LoadScenarioId } from '../config/schema.js';
import { LatencyHistogram } from './histogram.js';
import type { KeyTally } from './tally.js';

/*
 * The run's traffic by scenario and endpoint, from the merged tallies the judge reads (every
 * worker's, whichever engine sent it): what thresholds are evaluated on and what the metrics export
 * writes. Latency percentiles come from the merged log-linear histogram (harness/load/histogram.ts:
 * exact below 128 µs, at most 1/64 (1.6 %) above the true value over that).
 */

export interface SeriesKey {
  readonly scenario: LoadScenarioId;
  readonly endpoint: LoadEndpoint;
}

/** One series' traffic, or several series' added together. */
export interface Traffic {
  readonly latency: LatencyHistogram;
  /** Requests sent (answered or not). */
  readonly sent: number;
  readonly answers: number;
  /** Requests without an answer (timeout, connection error). */
  readonly errors: number;
  /** 429 answers: the limiter refusing, which the rate scenarios expect. */
  readonly refused: number;
  /** No answer, or an answer outside 200-399 other than 429. */
  readonly failed: number;
  readonly statusCounts: Readonly<Record<string, number>>;
  /** Time the traffic took, summed over its jobs (each from its go to its last answer), ms. */
  readonly durationMs: number;
}

interface Series {
  readonly key: SeriesKey;
  readonly latency: LatencyHistogram;
  sent: number;
  errors: number;
  readonly statusCounts: Map<string, number>;
  /** Per job: its longest time from go to last answer (keys of one job run side by side). */
  readonly jobs: Map<string, number>;
}

const keyText = (k: SeriesKey): string => `${k.scenario}/${k.endpoint}`;

export class LoadMetrics {
  readonly #series = new Map<string, Series>();

  /** One key's merged tally of one job. */
  add(key: SeriesKey, jobId: string, tally: KeyTally): void {
    let s = this.#series.get(keyText(key));
    if (s === undefined) {
      s = { key, latency: new LatencyHistogram(), sent: 0, errors: 0, statusCounts: new Map(), jobs: new Map() };
      this.#series.set(keyText(key), s);
    }
    s.latency.addSparse(tally.latency);
    s.sent += tally.sent;
    s.errors += tally.errors;
    for (const [status, n] of Object.entries(tally.statusCounts)) s.statusCounts.set(status, (s.statusCounts.get(status) ?? 0) + n);
    s.jobs.set(jobId, Math.max(s.jobs.get(jobId) ?? 0, tally.lastAnswerMs ?? 0));
  }

  /** The series that have traffic, in scenario then endpoint order of their first traffic. */
  keys(): SeriesKey[] {
    return [...this.#series.values()].map((s) => s.key);
  }

  /** The traffic of every series matching `filter` (absent fields match all); undefined when none has any. */
  select(filter: Partial<SeriesKey> = {}): Traffic | undefined {
    const matching = [...this.#series.values()].filter(
      (s) => (filter.scenario === undefined || s.key.scenario === filter.scenario) && (filter.endpoint === undefined || s.key.endpoint === filter.endpoint),
    );
    if (matching.length === 0 || matching.every((s) => s.sent === 0)) return undefined;
    const latency = new LatencyHistogram();
    const statusCounts: Record<string, number> = {};
    let sent = 0;
    let errors = 0;
    let durationMs = 0;
    for (const s of matching) {
      latency.addSparse(s.latency.toSparse());
      sent += s.sent;
      errors += s.errors;
      for (const [status, n] of s.statusCounts) statusCounts[status] = (statusCounts[status] ?? 0) + n;
      for (const ms of s.jobs.values()) durationMs += ms;
    }
    let answers = 0;
    let refused = 0;
    let failed = errors;
    for (const [status, n] of Object.entries(statusCounts)) {
      const code = Number(status);
      answers += n;
      if (code === 429) refused += n;
      else if (code < 200 || code >= 400) failed += n;
    }
    const sorted = Object.fromEntries(Object.entries(statusCounts).sort(([a], [b]) => Number(a) - Number(b)));
    return { latency, sent, answers, errors, refused, failed, statusCounts: sorted, durationMs };
  }
}

/** Failed requests over requests, 429s left out of both (they are the limiter's expected answer); null with nothing to count. */
export function failedRate(t: Traffic): number | null {
  const counted = t.sent - t.refused;
  return counted > 0 ? t.failed / counted : null;
}

/** Answers per second over the traffic's time; null when it took no measurable time. */
export function answersPerSecond(t: Traffic): number | null {
  return t.durationMs > 0 ? (t.answers * 1000) / t.durationMs : null;
}
