// Reads a run's report.json and prints the GitHub Action's outputs, one `name=value` a line.
// Plain JavaScript with no dependency: it runs before anything else is known to work.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { realpathSync } from 'node:fs';

const [reportJson] = process.argv.slice(2);
if (reportJson === undefined) {
  process.stderr.write('usage: action-outputs.mjs <report.json>\n');
  process.exit(64);
}
const report = JSON.parse(readFileSync(reportJson, 'utf8'));
// latest/ is replaced by the next run; the run's own directory stays.
const runDir = join(dirname(dirname(realpathSync(reportJson))), report.runId);
const by = report.counts.byStatus;
const target = report.target.embedded ? `the embedded reference server at ${report.target.url} (not your server)` : report.target.url;
const outputs = {
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
for (const [name, value] of Object.entries(outputs)) {
  // One line each: a value with a line break would end the entry early.
  process.stdout.write(`${name}=${String(value).replace(/[\r\n]+/g, ' ')}\n`);
}
