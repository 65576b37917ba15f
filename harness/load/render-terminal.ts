import { escapeTerminal } from '../report/escape/terminal.js';
import { formatDuration, formatNumber } from '../report/format.js';
import { paint as paintStyles, type Style } from '../report/palette.js';
import { engineLine, workerLines } from './engine-line.js';
import { sharedKeyCost } from './fresh-wait.js';
import type { LoadReport, LoadRunStatus, LoadStatus, ThresholdRecord } from './model.js';
import { limiterNote } from './throughput-verdict.js';
import { stagesText } from './scenarios.js';

const STATUS_PAINT: Record<LoadStatus | LoadRunStatus, readonly Style[]> = {
  passed: ['green'],
  incomplete: ['yellow', 'bold'],
  failed: ['red', 'bold'],
  error: ['magenta', 'bold'],
  skipped: ['dim'],
};

/** A crossed threshold is painted as a failure, an unverified one as skipped. */
const THRESHOLD_PAINT: Record<ThresholdRecord['status'], LoadStatus> = { passed: 'passed', crossed: 'failed', unverified: 'skipped' };

type Align = 'left' | 'right';

/** A plain table: header, rule, rows; numbers right-aligned. Colour is applied after padding. */
export function renderTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[],
  paint?: (row: number, col: number, text: string) => string,
): string {
  const cells = rows.map((r) => r.map((c) => escapeTerminal(c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number): string => (align[i] === 'right' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const lines = [headers.map(pad).join('  ').trimEnd(), widths.map((w) => '-'.repeat(w)).join('  ')];
  cells.forEach((r, row) => {
    lines.push(
      r
        .map((c, col) => (paint ? paint(row, col, pad(c, col)) : pad(c, col)))
        .join('  ')
        .trimEnd(),
    );
  });
  return lines.map((l) => `  ${l}`).join('\n');
}

/** The terminal summary printed at the end of `conformance load`. */
export function renderLoadTerminal(report: LoadReport, options: { readonly color: boolean }): string {
  const paint = (text: string, status: LoadStatus | LoadRunStatus): string => paintStyles(text, STATUS_PAINT[status], options.color);
  const out: string[] = [];
  out.push(
    `Load run ${escapeTerminal(report.runId)} against ${escapeTerminal(report.target.url)}${report.target.embedded ? ' (embedded reference server)' : ''}: ` +
      `${paint(report.status.toUpperCase(), report.status)} in ${formatDuration(report.durationMs)}`,
  );
  out.push(`Engine: ${escapeTerminal(engineLine(report.engine))}`);
  out.push('');
  out.push(
    renderTable(
      ['Scenario', 'Status', 'Time', 'Result'],
      report.scenarios.map((s) => [s.id, s.status, formatDuration(s.durationMs), s.message.length > 140 ? `${s.message.slice(0, 139)}…` : s.message]),
      ['left', 'left', 'right', 'left'],
      (row, col, text) => (col === 1 ? paint(text, report.scenarios[row]!.status) : text),
    ),
  );
  const waits = report.scenarios.filter((s) => s.freshWait !== null);
  if (waits.length > 0) {
    out.push('', "Fresh rate windows (every probe counts against its key's budget)");
    out.push(
      renderTable(
        ['Scenario', 'Waited', 'Probes', 'Why'],
        waits.map((s) => [s.id, formatDuration(s.freshWait!.waitedMs), String(s.freshWait!.probes), s.freshWait!.summary]),
        ['left', 'right', 'right', 'left'],
      ),
    );
    const cost = sharedKeyCost(report.scenarios);
    if (cost.line !== undefined) out.push(`  ${escapeTerminal(cost.line)}`);
  }
  const bursts = report.scenarios.flatMap((s) => (s.detail?.kind === 'burst' ? s.detail.keys.map((k) => ({ scenario: s.id, k })) : []));
  if (bursts.length > 0) {
    out.push('', 'Bursts');
    out.push(
      renderTable(
        ['Scenario', 'Key', 'Limit', 'Sent', 'Admitted', 'Expected', 'Rejected', 'Other', 'Errors', 'Elapsed'],
        bursts.map(({ scenario, k }) => [
          scenario,
          k.key,
          k.limit === null ? '-' : String(k.limit),
          String(k.sent),
          String(k.admitted),
          k.allowance > 0 ? `${k.expected}..${k.expected + k.allowance}` : String(k.expected),
          String(k.rejected),
          String(k.other),
          String(k.errors),
          formatDuration(k.elapsedMs),
        ]),
        ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        (row, col, text) => (col === 4 ? paint(text, bursts[row]!.k.status) : text),
      ),
    );
  }
  for (const s of report.scenarios) {
    if (s.detail?.kind !== 'sustained') continue;
    const d = s.detail;
    out.push(
      '',
      `Sustained: ${d.key}, ${d.ratePerMin}/min for ${d.durationS} s: ${d.sent} sent, ${d.admitted} admitted, ${paint(`${d.rejected} refused`, d.rejected > 0 ? 'failed' : 'passed')}, latest start ${formatNumber(d.maxLagMs, 1)} ms after its slot`,
    );
  }
  const perWorker = workerLines(report);
  if (perWorker.length > 0) {
    out.push('', 'Per worker');
    out.push(
      renderTable(
        ['Scenario', 'Key', 'Worker', 'Sent', 'Admitted', 'Rejected', 'Other', 'Errors'],
        perWorker.map((l) => [
          l.scenario,
          l.key,
          l.worker,
          String(l.row.sent),
          String(l.row.admitted),
          String(l.row.rejected),
          String(l.row.other),
          String(l.row.errors),
        ]),
        ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  for (const s of report.scenarios) {
    if (s.detail?.kind !== 'throughput') continue;
    const d = s.detail;
    out.push('', `Throughput (${d.key}; latency over every answer${report.target.embedded ? '; the embedded server shares this process' : ''})`);
    out.push(
      renderTable(
        ['Endpoint', 'Conns', 'Requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'Errors', 'Non-2xx'],
        // A step that measured the key's limiter shows its counts, never its figures.
        d.steps.map((st) => [
          st.label,
          st.stages === undefined ? String(st.connections) : `ramp ${stagesText(st.stages)}`,
          String(st.requests),
          st.requestsPerSecond === null ? '-' : formatNumber(st.requestsPerSecond, 0),
          st.latencyMs === null ? '-' : formatNumber(st.latencyMs.p50, 2),
          st.latencyMs === null ? '-' : formatNumber(st.latencyMs.p95, 2),
          st.latencyMs === null ? '-' : formatNumber(st.latencyMs.p99, 2),
          st.latencyMs === null ? '-' : formatNumber(st.latencyMs.max, 1),
          String(st.errors + st.timeouts),
          String(st.non2xx),
        ]),
        ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
      ),
    );
    for (const st of d.steps.filter((x) => x.measured === 'limiter')) out.push(`  ${escapeTerminal(limiterNote(st))}`);
    out.push(
      `  cleanup: ${d.cleanup.deleted} of ${d.cleanup.created} created contacts deleted; left: ${d.cleanup.leftover ?? 'unknown'} (tag ${escapeTerminal(d.cleanup.tag)})`,
    );
  }
  if (report.thresholds.length > 0) {
    const crossed = report.thresholds.filter((t) => t.status === 'crossed').length;
    out.push('', `Thresholds (${crossed === 0 ? 'none crossed' : `${crossed} crossed: exit 1`}; on the merged traffic of every worker)`);
    out.push(
      renderTable(
        ['Threshold', 'Status', 'Observed', 'Result'],
        report.thresholds.map((t) => [t.expression, t.status, t.observed === null ? '-' : formatNumber(t.observed, 3), t.message]),
        ['left', 'left', 'right', 'left'],
        (row, col, text) => (col === 1 ? paint(text, THRESHOLD_PAINT[report.thresholds[row]!.status]) : text),
      ),
    );
  }
  if (report.notRun.length > 0) {
    out.push('', `Not run (the rate-limit rules they assert were not verified${report.exitCode === 3 ? '; CONFORMANCE_FAIL_ON_INCOMPLETE: exit 3' : ''})`);
    for (const n of report.notRun) out.push(`  - ${n.id}: ${escapeTerminal(n.reason)}`);
  }
  const findings = report.scenarios.flatMap((s) => s.findings.map((f) => `${s.id}: ${f}`));
  if (findings.length > 0) {
    out.push('', 'Findings');
    for (const f of findings) out.push(`  - ${escapeTerminal(f)}`);
  }
  return `${out.join('\n')}\n`;
}
