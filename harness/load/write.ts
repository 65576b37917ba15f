import { resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { redactDeep, writeRunFiles, type WrittenFiles } from '../report/files.js';
import type { LoadMetrics } from './metrics.js';
import { renderJsonLines, renderOpenMetrics } from './metrics-export.js';
import { loadReportSchema, type LoadReport } from './model.js';
import { renderLoadHtml } from './render-html.js';
import { renderLoadJunit } from './render-junit.js';

export type WrittenLoadReport = WrittenFiles;

/** The files every load run writes, the page to open first (renderLoadFiles, the CLI's closing line). */
export const LOAD_FILES = ['load.html', 'load.json', 'junit.xml'] as const;
/** Added when the run's traffic is given (the CLI always gives it). */
export const LOAD_METRICS_FILES = ['load-metrics.prom', 'load-metrics.jsonl'] as const;

type LoadFile = (typeof LOAD_FILES)[number];
type LoadMetricsFile = (typeof LOAD_METRICS_FILES)[number];

/** The files, rendered from the one (validated) report; the metrics files when the run's traffic is given. */
export function renderLoadFiles(report: LoadReport, metrics?: LoadMetrics): Record<LoadFile, string> & Partial<Record<LoadMetricsFile, string>> {
  const valid = loadReportSchema.parse(report);
  return {
    'load.json': `${JSON.stringify(valid, null, 2)}\n`,
    'load.html': renderLoadHtml(valid),
    'junit.xml': renderLoadJunit(valid),
    ...(metrics === undefined ? {} : { 'load-metrics.prom': renderOpenMetrics(valid, metrics), 'load-metrics.jsonl': renderJsonLines(valid, metrics) }),
  };
}

/**
 * Writes `<dir>/load-<run id>/` and replaces `<dir>/latest-load/` with a copy. The data and the
 * rendered files pass through the redactor, so no key reaches the disk.
 */
export async function writeLoadReport(report: LoadReport, dir: string, redactor: Redactor, metrics?: LoadMetrics): Promise<WrittenLoadReport> {
  return writeRunFiles(resolve(dir, `load-${report.runId}`), resolve(dir, 'latest-load'), renderLoadFiles(redactDeep(report, redactor), metrics), redactor);
}
