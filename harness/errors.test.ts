import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorLine, HarnessError, InternalError, isErrorCode } from './errors.js';

const HARNESS = new URL('.', import.meta.url).pathname;
const WHY_DID_MY_RUN_STOP = new URL('../docs/why-did-my-run-stop.md', import.meta.url).pathname;

function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : shippedSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts' ? [path] : [];
  });
}

/**
 * The failed verdict stays beside the other outcomes of a check (check/outcomes.ts): it is an
 * error (vitest shows it as the test's failure) with its own code, CHECK_FAILED.
 */
const BESIDE_THE_OUTCOMES = ['check/outcomes.ts: CheckFailure'];

describe('harness/errors.ts', () => {
  it('holds every error class of the harness', () => {
    const elsewhere = shippedSources(HARNESS)
      .filter((path) => !path.endsWith('/harness/errors.ts'))
      .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/class (\w+) extends (\w*Error)\b/g)].map((m) => `${relative(HARNESS, path)}: ${m[1]}`));
    expect(elsewhere.filter((entry) => !BESIDE_THE_OUTCOMES.includes(entry))).toEqual([]);
  });

  it('gives each class its own stable code, one of the union', () => {
    const source = readFileSync(join(HARNESS, 'errors.ts'), 'utf8');
    const codes = [...source.matchAll(/super\('([A-Z_]+)'/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => !isErrorCode(code))).toEqual([]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('leaves no uncoded throw in shipped code: every error the harness raises has a code', () => {
    // A plain Error reaches the user as "internal error" with a stack, whoever caused it.
    const uncoded = shippedSources(HARNESS).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bthrow new (Error|TypeError|RangeError|SyntaxError)\(/.test(line) ? [`${relative(HARNESS, path)}:${i + 1}`] : [])),
    );
    expect(uncoded).toEqual([]);
  });

  it('ends the one line a user sees with the code', () => {
    expect(errorLine(new InternalError('a promise broken'))).toBe('a promise broken [INTERNAL]');
    expect(new InternalError('x')).toBeInstanceOf(HarnessError);
  });
});

/** The code table of docs/why-did-my-run-stop.md: each row's first cell, a code in backticks. */
function documentedCodes(): string[] {
  const text = readFileSync(WHY_DID_MY_RUN_STOP, 'utf8');
  const start = text.indexOf('## Find the code');
  const end = text.indexOf('\n## ', start + 1);
  expect(start, 'docs/why-did-my-run-stop.md has a section "Find the code"').toBeGreaterThanOrEqual(0);
  return [...text.slice(start, end).matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]!);
}

describe('docs/why-did-my-run-stop.md', () => {
  it('has one row for every code, and none for a code that does not exist', () => {
    const documented = documentedCodes();
    expect(
      documented.filter((code) => !isErrorCode(code)),
      'codes the doc names that do not exist',
    ).toEqual([]);
    expect(
      ERROR_CODES.filter((code) => !documented.includes(code)),
      'codes without a row',
    ).toEqual([]);
    expect(new Set(documented).size, 'a code with two rows').toBe(documented.length);
  });
});
