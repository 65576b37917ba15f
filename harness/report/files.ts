import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redactor } from '../http/redact.js';

/**
 * The files every conformance run writes into its folder, the page to open first: the one list
 * the writer renders (write.ts `renderAll`), the CLI's closing lines name, the certification
 * bundle carries and the docs list (files-listed.test.ts). `CONFORMANCE_HAR` adds the HTTP
 * archive (har/write.ts `HAR_FILE`).
 */
export const RUN_FILES = ['report.html', 'report.json', 'junit.xml', 'summary.md', 'summary-full.md'] as const;
export type RunFile = (typeof RUN_FILES)[number];

/** A closing line's file list: `<dir>/<first> (also <the others>)`. */
export function filesLine(dir: string, files: readonly string[]): string {
  const [first, ...others] = files;
  return `${dir}/${first}${others.length === 0 ? '' : ` (also ${others.join(', ')})`}`;
}

export interface WrittenFiles {
  readonly runDir: string;
  readonly latestDir: string;
  readonly files: readonly string[];
}

/** Every string of a value passed through the redactor (before rendering, so escaping cannot hide a secret). */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactor.redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactor.redact(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/**
 * Writes the rendered files into `runDir`, each through the redactor once more as a backstop, and
 * replaces `latestDir` with a copy (no key or secret reaches the disk).
 */
export async function writeRunFiles(runDir: string, latestDir: string, rendered: Record<string, string>, redactor: Redactor): Promise<WrittenFiles> {
  await mkdir(runDir, { recursive: true });
  const files: string[] = [];
  for (const [name, content] of Object.entries(rendered)) {
    const path = join(runDir, name);
    await writeFile(path, redactor.redact(content));
    files.push(path);
  }
  await rm(latestDir, { recursive: true, force: true });
  await cp(runDir, latestDir, { recursive: true });
  return { runDir, latestDir, files };
}
