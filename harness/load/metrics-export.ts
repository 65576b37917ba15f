import type { LoadMetrics, SeriesKey, Traffic } from './metrics.js';
import { answersPerSecond, failedRate } from './metrics.js';
import type { LoadReport } from './model.js';

/*
 * The run's metrics in the forms monitoring systems read, so a load run can sit next to the
 * server's own dashboards: OpenMetrics text (`load-metrics.prom`, what a Prometheus Pushgateway
 * takes) and JSON lines (`load-metrics.jsonl`, one object a line, for log pipelines).
 *
 * Written by hand rather than with prom-client: prom-client's summaries compute their quantiles
 * from observations it makes itself, while ours come from the merged histograms of every worker;
 * its registry would only hold gauges set from outside, and the exposition format of gauges and
 * summaries is a few lines. Only gauges and summaries are used, so the same text is valid
 * OpenMetrics 1.0 and Prometheus text 0.0.4 (where `# UNIT` and `# EOF` are comments): the
 * Pushgateway reads it as is. Every figure is one run's snapshot, hence gauges, not counters.
 */

/** The quantiles of the latency summary, as the report's table and k6's summary show them. */
export const QUANTILES = [0.5, 0.9, 0.95, 0.99] as const;

const PREFIX = 'conformance_load';

/** A label value in the exposition format: backslash, double quote and line feed escaped. */
export function labelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Readonly<Record<string, string>>): string {
  const entries = Object.entries(pairs);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${labelValue(v)}"`).join(',')}}`;
}

/** A number as the format writes it (no exponent surprises for integers; NaN never reaches here). */
function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1e9) / 1e9);
}

interface Family {
  readonly name: string;
  readonly type: 'gauge' | 'summary';
  readonly help: string;
  readonly unit?: string;
  readonly samples: { readonly suffix?: string; readonly labels: Record<string, string>; readonly value: number }[];
}

function seriesLabels(k: SeriesKey): Record<string, string> {
  return { scenario: k.scenario, endpoint: k.endpoint };
}

function families(report: LoadReport, metrics: LoadMetrics): Family[] {
  const series = metrics.keys().flatMap((key) => {
    const t = metrics.select(key);
    return t === undefined ? [] : [{ key, t }];
  });
  const gauge = (name: string, help: string, value: (t: Traffic) => number | null, unit?: string): Family => ({
    name: `${PREFIX}_${name}`,
    type: 'gauge',
    help,
    ...(unit === undefined ? {} : { unit }),
    samples: series.flatMap(({ key, t }) => {
      const v = value(t);
      return v === null ? [] : [{ labels: seriesLabels(key), value: v }];
    }),
  });
  const duration: Family = {
    name: `${PREFIX}_http_req_duration_seconds`,
    type: 'summary',
    unit: 'seconds',
    help: 'Latency of every answer (429s included), from the merged histograms of every worker (at most 1.6 % above the true value).',
    samples: series.flatMap(({ key, t }) => [
      ...QUANTILES.map((q) => ({ labels: { ...seriesLabels(key), quantile: String(q) }, value: t.latency.percentile(q * 100) / 1000 })),
      { suffix: '_sum', labels: seriesLabels(key), value: (t.latency.summary().mean * t.latency.count) / 1000 },
      { suffix: '_count', labels: seriesLabels(key), value: t.latency.count },
    ]),
  };
  return [
    {
      name: `${PREFIX}_run`,
      type: 'gauge',
      help: 'The run: its id, verdict and target (always 1).',
      samples: [{ labels: { run_id: report.runId, status: report.status, target: report.target.url, engine: report.engine.name }, value: 1 }],
    },
    {
      name: `${PREFIX}_run_exit_code`,
      type: 'gauge',
      help: 'The exit code of conformance load: 0 passed (or incomplete), 1 failed or a threshold crossed, 3 incomplete under CONFORMANCE_FAIL_ON_INCOMPLETE.',
      samples: [{ labels: {}, value: report.exitCode }],
    },
    {
      name: `${PREFIX}_run_finished_timestamp_seconds`,
      type: 'gauge',
      unit: 'seconds',
      help: 'When the run finished, Unix time.',
      samples: [{ labels: {}, value: Date.parse(report.finishedAt) / 1000 }],
    },
    duration,
    gauge('http_reqs', 'Answers received.', (t) => t.answers),
    gauge('http_req_sent', 'Requests sent, answered or not.', (t) => t.sent),
    gauge('http_req_refused', '429 answers: the rate limiter refusing.', (t) => t.refused),
    gauge('http_req_errors', 'Requests without an answer (timeout, connection error).', (t) => t.errors),
    gauge('http_req_failed_ratio', 'Failed over sent, 429s left out of both: no answer, or an answer outside 200-399.', failedRate, 'ratio'),
    gauge('http_reqs_per_second', 'Answers per second over the time the traffic took.', answersPerSecond),
    {
      name: `${PREFIX}_threshold_crossed`,
      type: 'gauge',
      help: 'Each threshold judged: 1 crossed, 0 held (unverified ones are left out).',
      samples: report.thresholds.flatMap((t) =>
        t.status === 'unverified' ? [] : [{ labels: { threshold: t.expression }, value: t.status === 'crossed' ? 1 : 0 }],
      ),
    },
  ];
}

/** OpenMetrics text of the run (valid Prometheus text 0.0.4 too), ending in `# EOF`. */
export function renderOpenMetrics(report: LoadReport, metrics: LoadMetrics): string {
  const out: string[] = [];
  for (const f of families(report, metrics)) {
    if (f.samples.length === 0) continue;
    out.push(`# TYPE ${f.name} ${f.type}`);
    if (f.unit !== undefined) out.push(`# UNIT ${f.name} ${f.unit}`);
    out.push(`# HELP ${f.name} ${f.help}`);
    for (const s of f.samples) out.push(`${f.name}${s.suffix ?? ''}${labels(s.labels)} ${num(s.value)}`);
  }
  out.push('# EOF');
  return `${out.join('\n')}\n`;
}

const r3 = (n: number | null): number | null => (n === null ? null : Math.round(n * 1000) / 1000);

/** JSON lines: one `series` line per scenario and endpoint, one `threshold` line each, one `run` line last. */
export function renderJsonLines(report: LoadReport, metrics: LoadMetrics): string {
  const base = { runId: report.runId, time: report.finishedAt };
  const lines: object[] = [];
  for (const key of metrics.keys()) {
    const t = metrics.select(key);
    if (t === undefined) continue;
    const s = t.latency.summary();
    lines.push({
      ...base,
      type: 'series',
      scenario: key.scenario,
      endpoint: key.endpoint,
      sent: t.sent,
      answers: t.answers,
      refused: t.refused,
      errors: t.errors,
      failedRate: r3(failedRate(t)),
      requestsPerSecond: r3(answersPerSecond(t)),
      latencyMs: {
        mean: r3(s.mean),
        p50: r3(t.latency.percentile(50)),
        p90: r3(t.latency.percentile(90)),
        p95: r3(t.latency.percentile(95)),
        p99: r3(t.latency.percentile(99)),
        max: r3(s.max),
      },
      statusCounts: t.statusCounts,
    });
  }
  for (const t of report.thresholds) lines.push({ ...base, type: 'threshold', expression: t.expression, status: t.status, observed: t.observed });
  lines.push({ ...base, type: 'run', status: report.status, exitCode: report.exitCode, target: report.target.url, engine: report.engine.name });
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}
