import { resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { redactDeep, writeRunFiles, type WrittenFiles } from '../report/files.js';
import { loadReportSchema, type LoadReport } from './model.js';
import { renderLoadHtml } from './render-html.js';

export type WrittenLoadReport = WrittenFiles;

/** Both files, rendered from the one (validated) report. */
export function renderLoadFiles(report: LoadReport): Record<string, string> {
  const valid = loadReportSchema.parse(report);
  return {
    'load.json': `${JSON.stringify(valid, null, 2)}\n`,
    'load.html': renderLoadHtml(valid),
  };
}

/**
 * Writes `<dir>/load-<run id>/` and replaces `<dir>/latest-load/` with a copy. The data and the
 * rendered files pass through the redactor, so no key reaches the disk.
 */
export async function writeLoadReport(report: LoadReport, dir: string, redactor: Redactor): Promise<WrittenLoadReport> {
  return writeRunFiles(resolve(dir, `load-${report.runId}`), resolve(dir, 'latest-load'), renderLoadFiles(redactDeep(report, redactor)), redactor);
}
