import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_ROOT, PACKAGE_ROOT } from '../package-root.js';
import { declaredAt, declaredAtOf } from './declared-at.js';

const THIS_FILE = fileURLToPath(import.meta.url);
const CHECK = join(CODE_ROOT, 'harness/check/check.ts');
const at = (file: string, line: number, fn = 'fn'): string => `    at ${fn} (${join(CODE_ROOT, file)}:${line}:5)`;

/** A stack as V8 writes it, innermost first, under its `Error` line. */
const stack = (...frames: string[]): string => ['Error: ', ...frames].join('\n');

describe('where a check is declared', () => {
  it('is the suite line when the suite file declares it, skipping the declaring function’s own frames', () => {
    const s = stack(
      at('harness/check/check.ts', 280, 'check'),
      at('suites/contacts.test.ts', 169),
      '    at file:///x/node_modules/@vitest/runner/dist/index.js:1:1',
    );
    expect(declaredAtOf(s, [CHECK])).toEqual([{ file: 'suites/contacts.test.ts', line: 169 }]);
  });

  it('is the suite line, then the helper line, when a shared helper declares it', () => {
    const s = stack(
      at('harness/check/check.ts', 280, 'check'),
      at('harness/crosscutting/validation.ts', 48, 'invalidBodyChecks'),
      `    at ${join(CODE_ROOT, 'node_modules/some-lib/index.js')}:3:1`,
      at('harness/steps/contacts.ts', 12, 'inner'),
      `    at file://${join(CODE_ROOT, 'suites/contacts.test.ts')}:40:3`,
      at('suites/other.test.ts', 9),
    );
    expect(declaredAtOf(s, [CHECK])).toEqual([
      { file: 'suites/contacts.test.ts', line: 40 },
      { file: 'harness/crosscutting/validation.ts', line: 48 },
    ]);
  });

  it('is the helper line alone when no suite file is on the stack, and nothing when no file of the package is', () => {
    expect(declaredAtOf(stack(at('harness/check/check.ts', 280), at('harness/crosscutting/crud.ts', 21)), [CHECK])).toEqual([
      { file: 'harness/crosscutting/crud.ts', line: 21 },
    ]);
    expect(declaredAtOf(stack('    at /elsewhere/app.js:1:1', '    at new Promise (<anonymous>)'), [CHECK])).toEqual([]);
  });

  it('names the compiled files from the package root when the package is installed (it runs from node_modules/)', () => {
    const installed = { package: join('/p', 'node_modules', 'wmc') + sep, code: join('/p', 'node_modules', 'wmc', 'dist') + sep };
    const frame = (file: string, line: number): string => `    at fn (${join(installed.code, file)}:${line}:3)`;
    const s = stack(
      frame('harness/check/check.js', 200),
      frame('harness/crosscutting/validation.js', 40),
      `    at ${join('/p', 'node_modules', 'vitest', 'dist', 'index.js')}:1:1`,
      frame('suites/contacts.test.js', 33),
    );
    expect(declaredAtOf(s, [join(installed.code, 'harness/check/check.js')], installed)).toEqual([
      { file: 'dist/suites/contacts.test.js', line: 33 },
      { file: 'dist/harness/crosscutting/validation.js', line: 40 },
    ]);
  });

  it('reads the live stack once, mapped back to the TypeScript line that called, with a path from the package root', () => {
    const where = declaredAt('/not/this/file.ts'); // MARK-DECLARED-AT
    const relative = THIS_FILE.slice(PACKAGE_ROOT.length).split('\\').join('/');
    expect(where).toHaveLength(1);
    expect(where[0]!.file).toBe(relative);
    const line = readFileSync(THIS_FILE, 'utf8').split('\n')[where[0]!.line - 1];
    expect(line).toContain('MARK-DECLARED-AT');
  });
});
