import type { Threshold, ThresholdOp } from '../config/thresholds.js';
import { answersPerSecond, failedRate, type LoadMetrics, type Traffic } from './metrics.js';
import type { ThresholdRecord } from './model.js';

/*
 * Thresholds are judged once, at the end, on the run's merged traffic (metrics.ts), so a verdict
 * is the same whichever engine and however many workers sent it. A threshold with no traffic to
 * judge (its scenario skipped or not selected) is `unverified`: neither passed nor crossed, and it
 * makes the run incomplete rather than letting a gate pass on nothing.
 */

const HOLDS: Record<ThresholdOp, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** The figure a threshold compares, from its traffic; null when the traffic has none (e.g. no answer to time). */
export function observedValue(threshold: Threshold, t: Traffic): number | null {
  const a = threshold.aggregation;
  if (threshold.metric === 'http_req_failed') return failedRate(t);
  if (threshold.metric === 'http_reqs') return a.kind === 'count' ? t.answers : answersPerSecond(t);
  if (t.latency.count === 0) return null;
  if (a.kind === 'p') return t.latency.percentile(a.p);
  if (a.kind === 'med') return t.latency.percentile(50);
  if (a.kind === 'max') return t.latency.summary().max;
  return t.latency.summary().mean;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

function unit(threshold: Threshold): string {
  if (threshold.metric === 'http_req_duration') return ' ms';
  if (threshold.metric === 'http_reqs' && threshold.aggregation.kind === 'rate') return ' req/s';
  return '';
}

/** Why a crossed figure may be the key's limiter rather than the endpoint: most answers were 429. */
function limiterNote(t: Traffic): string {
  return t.answers > 0 && t.refused * 2 > t.answers
    ? `; ${t.refused} of ${t.answers} answers were 429 (the key's rate limiter, not the endpoint: give the key a higher limit, or narrow the threshold's scenario)`
    : '';
}

export function judgeThreshold(threshold: Threshold, metrics: LoadMetrics): ThresholdRecord {
  const base = { expression: threshold.expression, metric: threshold.metric, tags: { ...threshold.tags } };
  const traffic = metrics.select(threshold.tags);
  if (traffic === undefined) {
    return { ...base, status: 'unverified', observed: null, message: 'no traffic matched it (its scenario or endpoint did not run): not verified' };
  }
  const observed = observedValue(threshold, traffic);
  if (observed === null) {
    return { ...base, status: 'unverified', observed: null, message: `nothing to measure in ${traffic.sent} requests: not verified` };
  }
  const shown = `${round(observed)}${unit(threshold)} over ${traffic.sent} requests`;
  return HOLDS[threshold.op](observed, threshold.value)
    ? { ...base, status: 'passed', observed: round(observed), message: `${shown}: holds` }
    : {
        ...base,
        status: 'crossed',
        observed: round(observed),
        message: `${shown}: crossed (${threshold.aggregation.kind === 'p' ? `p(${threshold.aggregation.p})` : threshold.aggregation.kind} must be ${threshold.op} ${threshold.value})${limiterNote(traffic)}`,
      };
}

export function judgeThresholds(thresholds: readonly Threshold[], metrics: LoadMetrics): ThresholdRecord[] {
  return thresholds.map((t) => judgeThreshold(t, metrics));
}
