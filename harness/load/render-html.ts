import { formatDuration, formatNumber } from '../report/format.js';
import { html, trusted, type Html } from '../report/html.js';
import { renderHtmlPage } from '../report/html-page.js';
import { renderBarChart, type BarSeries } from '../report/svg.js';
import { engineLine, workerLines, type WorkerLine } from './engine-line.js';
import { sharedKeyCost } from './fresh-wait.js';
import { limiterNote } from './throughput-verdict.js';
import { stagesText } from './scenarios.js';
import type { BurstKeyRecord, FreshWaitRecord, LoadReport, LoadStatus, ScenarioResult, ThresholdRecord, TimelineRecord } from './model.js';

/*
 * load.html: one self-contained page (no script, nothing loaded, a strict Content-Security-Policy:
 * the page shell of report/html-page.ts).
 * Every value reaches the markup through escapeHtml, or as SVG from svg.ts (which escapes itself).
 */

const CSS = `
:root{--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--alt:#f6f8fa;--pass:#1a7f37;--fail:#c62828;--warn:#9a6700;--skip:#6e7781;--err:#6a1b9a}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--fg)}
header{padding:20px 28px;border-bottom:1px solid var(--line);background:var(--alt)}
main{padding:0 28px 40px}
h1{font-size:13px;font-weight:600;color:var(--muted);margin:0 0 8px;text-transform:uppercase;letter-spacing:.04em}
h2{font-size:20px;margin:32px 0 12px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:20px 0 8px}
.badge{display:inline-block;font-size:28px;font-weight:800;padding:6px 18px;border-radius:8px;color:#fff}
.s-passed{background:var(--pass)}.s-failed{background:var(--fail)}.s-error{background:var(--err)}.s-skipped{background:var(--skip)}.s-incomplete{background:var(--warn)}
.st{display:inline-block;min-width:5.5em;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;text-align:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0 0}
dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--alt);font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
ul.findings li{color:var(--fail)}
.muted{color:var(--muted)}
svg.chart{display:block;max-width:100%;height:auto;margin:8px 0}
`.trim();

const OUTCOME_SERIES: readonly BarSeries[] = [
  { label: 'admitted', color: '#2e7d32' },
  { label: 'rejected (429)', color: '#c62828' },
  { label: 'other status', color: '#ef6c00' },
  { label: 'no answer', color: '#6a1b9a' },
];

const LATENCY_SERIES: readonly BarSeries[] = [
  { label: 'p50', color: '#90caf9' },
  { label: 'p95', color: '#1e88e5' },
  { label: 'p99', color: '#0d47a1' },
];

function status(s: LoadStatus): Html {
  return html`<span class="st s-${s}">${s}</span>`;
}

function timeLabel(ms: number, unitS: boolean): string {
  return unitS ? `${formatNumber(ms / 1000, 1)} s` : `${formatNumber(ms)} ms`;
}

/** Admitted versus rejected per time bucket: one stacked bar per bucket, time running down. */
export function timelineChart(title: string, timeline: TimelineRecord): string {
  const inSeconds = timeline.bucketMs >= 1000;
  return renderBarChart({
    title,
    series: OUTCOME_SERIES,
    categories: timeline.buckets.map((b) => ({
      label: `${timeLabel(b.startMs, inSeconds)} – ${timeLabel(b.startMs + timeline.bucketMs, inSeconds)}`,
      values: [b.admitted, b.rejected, b.other, b.error],
    })),
    mode: 'stacked',
    legend: true,
    barHeight: 12,
    labelWidth: 150,
    ticks: 5,
  });
}

function burstKeyTable(keys: readonly BurstKeyRecord[]): Html {
  return html`<table><thead><tr><th>Key</th><th>Status</th><th class="n">Limit</th><th class="n">Sent</th><th class="n">Admitted</th><th class="n">Expected</th><th class="n">Rejected</th><th class="n">Other</th><th class="n">No answer</th><th class="n">Bad Retry-After</th><th class="n">Elapsed</th><th class="n">Waited</th></tr></thead><tbody>${keys.map(
    (k) =>
      html`<tr><td>${k.key}</td><td>${status(k.status)}</td><td class="n">${k.limit ?? '-'}</td><td class="n">${k.sent}</td><td class="n">${k.admitted}</td><td class="n">${k.allowance > 0 ? `${k.expected} to ${k.expected + k.allowance}` : k.expected}</td><td class="n">${k.rejected}</td><td class="n">${k.other}</td><td class="n">${k.errors}</td><td class="n">${k.invalidRetryAfter}</td><td class="n">${formatDuration(k.elapsedMs)}</td><td class="n">${formatDuration(k.waitedMs)}</td></tr>`,
  )}</tbody></table>`;
}

/** Each worker's share of the scenario's keys; nothing when one worker sent everything. */
function workerTable(lines: readonly WorkerLine[]): Html | string {
  if (lines.length === 0) return '';
  return html`<h3>Per worker</h3><table><thead><tr><th>Key</th><th>Worker</th><th class="n">Sent</th><th class="n">Admitted</th><th class="n">Rejected</th><th class="n">Other</th><th class="n">No answer</th></tr></thead><tbody>${lines.map(
    (l) =>
      html`<tr><td>${l.key}</td><td>${l.worker}</td><td class="n">${l.row.sent}</td><td class="n">${l.row.admitted}</td><td class="n">${l.row.rejected}</td><td class="n">${l.row.other}</td><td class="n">${l.row.errors}</td></tr>`,
  )}</tbody></table>`;
}

function freshWaitPart(w: FreshWaitRecord | null): Html | string {
  if (w === null) return '';
  return html`<p>Fresh rate window: ${w.summary}.</p>${w.steps.length > 0 ? html`<ul class="muted">${w.steps.map((step) => html`<li>${step}</li>`)}</ul>` : ''}`;
}

function scenarioSection(s: ScenarioResult, embedded: boolean, workers: readonly WorkerLine[]): Html {
  const head = html`<h2 id="${s.id}">${s.id}: ${s.name}</h2><p>${status(s.status)} ${s.message}</p>
<p class="muted">Bounds: at most ${s.bounds.maxRequests} requests and ${formatDuration(s.bounds.maxDurationMs)}; took ${formatDuration(s.durationMs)}.</p>
${freshWaitPart(s.freshWait)}
${s.findings.length > 0 ? html`<ul class="findings">${s.findings.map((f) => html`<li>${f}</li>`)}</ul>` : ''}`;
  const d = s.detail;
  if (d === null) return head;
  if (d.kind === 'burst') {
    return html`${head}<p>${d.requestsPerKey} requests over ${d.connectionsPerKey} connections per key, <code>GET ${d.path}</code>, on a fresh window.</p>
${burstKeyTable(d.keys)}
${workerTable(workers)}
${d.keys.map((k) => html`<h3>${k.key}: admitted versus rejected over time</h3><p class="muted">${k.summary}</p>${trusted(timelineChart(`${s.id}, ${k.key}: answers per ${formatNumber(k.timeline.bucketMs)} ms`, k.timeline))}`)}`;
  }
  if (d.kind === 'sustained') {
    return html`${head}<table><tbody>
<tr><th>Key</th><td>${d.key} (limit ${d.limit ?? '-'}/min)</td></tr>
<tr><th>Arrival rate</th><td>${d.ratePerMin}/min for ${d.durationS} s, fixed start times (open model), <code>GET ${d.path}</code></td></tr>
<tr><th>Sent</th><td class="n">${d.sent} of ${d.planned} planned</td></tr>
<tr><th>Admitted / rejected / other / no answer</th><td class="n">${d.admitted} / ${d.rejected} / ${d.other} / ${d.errors}</td></tr>
<tr><th>Latest start after its slot</th><td class="n">${formatNumber(d.maxLagMs, 1)} ms</td></tr>
</tbody></table>
${workerTable(workers)}
<h3>Admitted versus rejected over time</h3>${trusted(timelineChart(`sustained, ${d.key}: answers per ${formatNumber(d.timeline.bucketMs / 1000, 1)} s`, d.timeline))}`;
  }
  const stepLabel = (st: (typeof d.steps)[number]): string => `${st.endpoint} × ${st.stages === undefined ? st.connections : 'ramp'}`;
  // A step that measured the key's limiter has counts but no figures: it is left out of the charts.
  const measured = d.steps.filter((st) => st.requestsPerSecond !== null && st.latencyMs !== null);
  const limited = d.steps.filter((st) => st.measured === 'limiter');
  const figure = (value: number | null | undefined, digits: number): string => (value === null || value === undefined ? '-' : formatNumber(value, digits));
  const ramps = d.steps.some((st) => st.stages !== undefined);
  return html`${head}<p>Closed model on the ${d.key}: each connection sends its next request when the previous answer arrives${ramps ? '; a ramp is an open model: each request starts at its time on the stages, whatever the earlier ones are doing' : ''}. Latency is over every answer.</p>
${embedded ? html`<p class="muted">The embedded reference server shares the harness's process: these figures compare steps with each other, not with a real deployment.</p>` : ''}
<table><thead><tr><th>Endpoint</th><th class="n">Connections</th><th class="n">Requests</th><th class="n">req/s</th><th class="n">p50 ms</th><th class="n">p95 ms</th><th class="n">p99 ms</th><th class="n">max ms</th><th class="n">Errors</th><th class="n">Non-2xx</th></tr></thead><tbody>${d.steps.map(
    (st) =>
      html`<tr><td>${st.label}${st.capped ? ' (request bound reached)' : ''}${st.measured === 'limiter' ? ' (measured the limiter, not the endpoint)' : ''}</td><td class="n">${st.stages === undefined ? st.connections : `ramp ${stagesText(st.stages)}`}</td><td class="n">${st.requests}</td><td class="n">${figure(st.requestsPerSecond, 0)}</td><td class="n">${figure(st.latencyMs?.p50, 3)}</td><td class="n">${figure(st.latencyMs?.p95, 3)}</td><td class="n">${figure(st.latencyMs?.p99, 3)}</td><td class="n">${figure(st.latencyMs?.max, 1)}</td><td class="n">${st.errors + st.timeouts}</td><td class="n">${st.non2xx}</td></tr>`,
  )}</tbody></table>
${limited.length > 0 ? html`<ul class="findings">${limited.map((st) => html`<li>${limiterNote(st)}</li>`)}</ul>` : ''}
${
  measured.length === 0
    ? html`<p class="muted">No step measured an endpoint, so there is nothing to chart.</p>`
    : html`<h3>Latency percentiles per step</h3>${trusted(
        renderBarChart({
          title: 'Latency percentiles per step (ms)',
          series: LATENCY_SERIES,
          categories: measured.map((st) => ({ label: stepLabel(st), values: [st.latencyMs!.p50, st.latencyMs!.p95, st.latencyMs!.p99] })),
          mode: 'grouped',
          unit: ' ms',
          barHeight: 10,
          ticks: 5,
        }),
      )}
<h3>Requests per second per step</h3>${trusted(
        renderBarChart({
          title: 'Requests per second per step',
          series: [{ label: 'req/s', color: '#1e88e5' }],
          categories: measured.map((st) => ({ label: stepLabel(st), values: [Math.round(st.requestsPerSecond!)] })),
          mode: 'stacked',
          ticks: 5,
        }),
      )}`
}
<p>Cleanup: ${d.cleanup.deleted} of ${d.cleanup.created} created contacts deleted; tagged contacts left: ${d.cleanup.leftover ?? 'unknown'} (tag <code>${d.cleanup.tag}</code>).</p>
${d.cleanup.problems.length > 0 ? html`<ul class="findings">${d.cleanup.problems.map((p) => html`<li>${p}</li>`)}</ul>` : ''}`;
}

/** A crossed threshold is painted as a failure, an unverified one as skipped. */
const THRESHOLD_PAINT: Record<ThresholdRecord['status'], LoadStatus> = { passed: 'passed', crossed: 'failed', unverified: 'skipped' };

function thresholdSection(report: LoadReport): Html | string {
  if (report.thresholds.length === 0) return '';
  return html`<h2 id="thresholds">Thresholds</h2>
<p>Judged on the run's merged traffic (every worker's); a crossed threshold fails the run (exit 1), one with no traffic to judge leaves it incomplete.</p>
<table><thead><tr><th>Threshold</th><th>Status</th><th class="n">Observed</th><th>Result</th></tr></thead><tbody>${report.thresholds.map(
    (t) =>
      html`<tr><td><code>${t.expression}</code></td><td><span class="st s-${THRESHOLD_PAINT[t.status]}">${t.status}</span></td><td class="n">${t.observed === null ? '-' : formatNumber(t.observed, 3)}</td><td>${t.message}</td></tr>`,
  )}</tbody></table>`;
}

function sharedCost(report: LoadReport): Html | string {
  const cost = sharedKeyCost(report.scenarios);
  return cost.line === undefined ? '' : html`<dt>Shared keys</dt><dd>${cost.line}</dd>`;
}

/** The whole page. Deterministic: same report, same bytes. */
export function renderLoadHtml(report: LoadReport): string {
  const workers = workerLines(report);
  const body = html`<header><h1>Work-management API v1 load harness</h1>
<span class="badge s-${report.status}">${report.status.toUpperCase()}</span>
<dl><dt>Run</dt><dd>${report.runId}</dd><dt>Target</dt><dd>${report.target.url}${report.target.embedded ? ' (embedded reference server)' : ''}</dd>
${report.target.faults.length > 0 ? html`<dt>Faults</dt><dd>${report.target.faults.join(', ')}</dd>` : ''}
${report.target.rateWindowS !== null ? html`<dt>Rate window</dt><dd>${report.target.rateWindowS} s (self-test; the spec says a minute)</dd>` : ''}
${sharedCost(report)}
<dt>Engine</dt><dd>${engineLine(report.engine)}</dd>
<dt>Started</dt><dd>${report.startedAt}</dd><dt>Duration</dt><dd>${formatDuration(report.durationMs)}</dd><dt>Tool</dt><dd>${report.toolVersion}</dd></dl></header>
<main><h2>Scenarios</h2>
<table><thead><tr><th>Scenario</th><th>Status</th><th class="n">Time</th><th>Result</th></tr></thead><tbody>${report.scenarios.map(
    (s) =>
      html`<tr><td><a href="#${s.id}">${s.id}</a></td><td>${status(s.status)}</td><td class="n">${formatDuration(s.durationMs)}</td><td>${s.message}</td></tr>`,
  )}</tbody></table>
${thresholdSection(report)}
${
  report.notRun.length > 0
    ? html`<h2 id="not-run">Not run</h2>
<p>The rate-limit rules these scenarios assert were not verified by this run, so it is incomplete, not passed.</p>
<ul>${report.notRun.map((n) => html`<li><strong>${n.id}</strong>: ${n.reason}</li>`)}</ul>`
    : ''
}
${report.scenarios.map((s) =>
  scenarioSection(
    s,
    report.target.embedded,
    workers.filter((w) => w.scenario === s.id),
  ),
)}
</main>`;
  return renderHtmlPage({ title: `Load run ${report.runId}: ${report.status}`, css: CSS, body });
}
