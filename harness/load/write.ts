import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { loadReportSchema, type LoadReport } from './model.js';
import { renderLoadHtml } from './render-html.js';

export interface WrittenLoadReport {
  readonly runDir: string;
  readonly latestDir: string;
  readonly files: readonly string[];
}

/** Every string of a value passed through the redactor (before rendering, so escaping cannot hide a key). */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactor.redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactor.redact(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

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
  const runDir = resolve(dir, `load-${report.runId}`);
  const latestDir = resolve(dir, 'latest-load');
  await mkdir(runDir, { recursive: true });
  const files: string[] = [];
  for (const [name, content] of Object.entries(renderLoadFiles(redactDeep(report, redactor)))) {
    const path = join(runDir, name);
    await writeFile(path, redactor.redact(content));
    files.push(path);
  }
  await rm(latestDir, { recursive: true, force: true });
  await cp(runDir, latestDir, { recursive: true });
  return { runDir, latestDir, files };
}
