// Reads a run's report.json and prints the GitHub Action's outputs, one `name=value` a line.
// Plain JavaScript with no dependency: it runs before anything else is known to work.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { realpathSync } from 'node:fs';

// `--load load.json`: the outputs of a load run; `--load-summary load.json`: its job summary (Markdown).
const args = process.argv.slice(2);
const mode = args[0] === '--load' || args[0] === '--load-summary' ? args.shift() : '--run';
const [reportJson] = args;
if (reportJson === undefined) {
  process.stderr.write('usage: action-outputs.mjs [--load | --load-summary] <report.json | load.json>\n');
  process.exit(64);
}
const report = JSON.parse(readFileSync(reportJson, 'utf8'));
const target = report.target.embedded ? `the embedded reference server at ${report.target.url} (not your server)` : report.target.url;

/** A table cell: pipes escaped, one line. */
const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');

function loadOutputs() {
  // latest-load/ is replaced by the next run; the run's own directory stays.
  const runDir = join(dirname(dirname(realpathSync(reportJson))), `load-${report.runId}`);
  return {
    verdict: report.status,
    target,
    embedded: report.target.embedded === true,
    'run-id': report.runId,
    'thresholds-crossed': report.thresholds.filter((t) => t.status === 'crossed').length,
    'report-dir': runDir,
    'report-html': join(runDir, 'load.html'),
    'report-json': join(runDir, 'load.json'),
    junit: join(runDir, 'junit.xml'),
    metrics: join(runDir, 'load-metrics.prom'),
  };
}

function loadSummary() {
  const icon = { passed: '✅', incomplete: '⚠️', failed: '❌', error: '💥' }[report.status] ?? '';
  const lines = [`# Load report: ${icon} ${report.status.toUpperCase()}${report.target.embedded ? ' (embedded reference server, not your server)' : ''}`, ''];
  lines.push(`Run \`${report.runId}\` against ${cell(target)}; exit code ${report.exitCode}.`, '');
  lines.push('| Scenario | Status | Result |', '| --- | --- | --- |');
  for (const s of report.scenarios) lines.push(`| ${s.id} | ${s.status} | ${cell(s.message)} |`);
  if (report.thresholds.length > 0) {
    lines.push('', '## Thresholds', '', '| Threshold | Status | Result |', '| --- | --- | --- |');
    for (const t of report.thresholds) lines.push(`| \`${cell(t.expression)}\` | ${t.status} | ${cell(t.message)} |`);
  }
  for (const n of report.notRun) lines.push('', `- not run: ${n.id}: ${cell(n.reason)}`);
  return `${lines.join('\n')}\n`;
}

function runOutputs() {
  // latest/ is replaced by the next run; the run's own directory stays.
  const runDir = join(dirname(dirname(realpathSync(reportJson))), report.runId);
  const by = report.counts.byStatus;
  return {
    verdict: report.verdict,
    target,
    embedded: report.target.embedded === true,
    'run-id': report.runId,
    total: report.counts.total,
    pass: by.pass,
    fail: by.fail,
    'must-fail': report.counts.byLevel.MUST.fail,
    skip: by.skip,
    inconclusive: by.inconclusive,
    error: by.error,
    unverified: report.unverified.length,
    'report-dir': runDir,
    'report-html': join(runDir, 'report.html'),
    'report-json': join(runDir, 'report.json'),
    junit: join(runDir, 'junit.xml'),
    summary: join(runDir, 'summary.md'),
  };
}

if (mode === '--load-summary') {
  process.stdout.write(loadSummary());
} else {
  const outputs = mode === '--load' ? loadOutputs() : runOutputs();
  for (const [name, value] of Object.entries(outputs)) {
    // One line each: a value with a line break would end the entry early.
    process.stdout.write(`${name}=${String(value).replace(/[\r\n]+/g, ' ')}\n`);
  }
}
