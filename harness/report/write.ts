import { resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { redactDeep, type RunFile, writeRunFiles, type WrittenFiles } from './files.js';
import type { Report } from './model.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown, renderSummaryMarkdown } from './render-markdown.js';

export type WrittenReport = WrittenFiles;

/** Every string in the report passed through the redactor (before rendering, so escaping cannot hide a secret). */
export function redactReport(report: Report, redactor: Redactor): Report {
  return redactDeep(report, redactor);
}

/**
 * Every format, rendered from the one report: one file of files.ts `RUN_FILES` each (the type
 * holds them to it). `summary.md` always fits a pull-request comment and a CI job summary
 * (renderSummaryMarkdown); `summary-full.md` is the same Markdown uncut.
 */
export function renderAll(report: Report): Record<RunFile, string> {
  return {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'junit.xml': renderJunit(report),
    'summary.md': renderSummaryMarkdown(report),
    'summary-full.md': renderMarkdown(report),
    'report.html': renderHtml(report),
  };
}

/**
 * Writes `<dir>/<run id>/` and replaces `<dir>/latest/` with a copy. The report data and every
 * rendered file pass through the redactor, so no key or webhook secret reaches the disk.
 */
export async function writeReport(report: Report, dir: string, redactor: Redactor): Promise<WrittenReport> {
  return writeRunFiles(resolve(dir, report.runId), resolve(dir, 'latest'), renderAll(redactReport(report, redactor)), redactor);
}
