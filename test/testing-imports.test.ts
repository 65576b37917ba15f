import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * `testing/` folders hold test-only builders (sample reports, simulated limiters, the reference's
 * test API) and are left out of the package: shipped code that imported one would break once
 * installed. Only test files (`*.test.ts`) and other files inside `testing/` may import them.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TREES = ['harness', 'reference', 'suites', 'bin'];

function tsFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((f) => f.endsWith('.ts')).map((f) => posix.join(dir, f.split(sep).join('/')));
}

/** The relative module specifiers a file imports (static, dynamic and `export ... from`). */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:from\s*|import\s*\(\s*)'(\.{1,2}\/[^']*)'/g)].map((m) => m[1]!);
}

function inTesting(path: string): boolean {
  return path.split('/').includes('testing');
}

/** Files that may not import testing/, and the testing/ modules each one imports. */
function offenders(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((f) => !f.endsWith('.test.ts') && !inTesting(f))
    .flatMap((f) =>
      relativeImports(read(f))
        .map((spec) => posix.normalize(posix.join(posix.dirname(f), spec)))
        .filter(inTesting)
        .map((target) => `${f} imports ${target}`),
    );
}

describe('testing/ folders', () => {
  it('are imported by test files and other testing/ files only, never by shipped code', () => {
    const files = TREES.flatMap(tsFiles);
    expect(files.some((f) => inTesting(f))).toBe(true);
    expect(offenders(files, (f) => readFileSync(join(ROOT, f), 'utf8'))).toEqual([]);
  });

  it('would name a shipped file that imports one', () => {
    const sources: Record<string, string> = {
      'harness/report/write.ts': "import { sampleReport } from './testing/sample-report.js';",
      'harness/report/render-html.test.ts': "import { sampleReport } from './testing/sample-report.js';",
      'reference/testing/probes/batch.ts': "import { MINIMAL } from '../test-api.js';",
      'reference/app.ts': "const m = await import('./testing/test-api.js');",
    };
    expect(offenders(Object.keys(sources), (f) => sources[f]!)).toEqual([
      'harness/report/write.ts imports harness/report/testing/sample-report.js',
      'reference/app.ts imports reference/testing/test-api.js',
    ]);
  });
});
