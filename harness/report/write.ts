import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import type { Report } from './model.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';

export interface WrittenReport {
  readonly runDir: string;
  readonly latestDir: string;
  readonly files: readonly string[];
}

/** Every string in the report passed through the redactor (before rendering, so escaping cannot hide a secret). */
export function redactReport(report: Report, redactor: Redactor): Report {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redactor.redact(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk(report) as Report;
}

/** Every format, rendered from the one report. */
export function renderAll(report: Report): Record<string, string> {
  return {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'junit.xml': renderJunit(report),
    'summary.md': renderMarkdown(report),
    'report.html': renderHtml(report),
  };
}

/**
 * Writes `<dir>/<run id>/` and replaces `<dir>/latest/` with a copy. The report data and every
 * rendered file pass through the redactor, so no key or webhook secret reaches the disk (principle 5).
 */
export async function writeReport(report: Report, dir: string, redactor: Redactor): Promise<WrittenReport> {
  const runDir = resolve(dir, report.runId);
  const latestDir = resolve(dir, 'latest');
  await mkdir(runDir, { recursive: true });
  const files: string[] = [];
  for (const [name, content] of Object.entries(renderAll(redactReport(report, redactor)))) {
    const path = join(runDir, name);
    // A second pass over the rendered text, as a backstop.
    await writeFile(path, redactor.redact(content));
    files.push(path);
  }
  await rm(latestDir, { recursive: true, force: true });
  await cp(runDir, latestDir, { recursive: true });
  return { runDir, latestDir, files };
}
