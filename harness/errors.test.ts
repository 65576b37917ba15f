import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const HARNESS = new URL('.', import.meta.url).pathname;

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

  it('gives each class its own stable code', () => {
    const source = readFileSync(join(HARNESS, 'errors.ts'), 'utf8');
    const codes = [...source.matchAll(/super\('([A-Z_]+)'/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
