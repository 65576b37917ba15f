import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const REFERENCE = new URL('..', import.meta.url).pathname;

/** The files that choose between variants by name: the variant tables and the limiter's builder. */
const CHOOSERS = ['variant-hooks.ts', 'rate-limit-hooks.ts', 'faults.ts', 'variants.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the reference server bends through its policy', () => {
  it('no route, model or hook asks which fault or variant is on', () => {
    const asking = sources(REFERENCE)
      .map((path) => relative(REFERENCE, path))
      .filter((path) => !CHOOSERS.includes(path))
      .flatMap((path) => {
        const text = readFileSync(join(REFERENCE, path), 'utf8');
        return [...text.matchAll(/\b(faults|variants)\.has\(\s*'([^']+)'/g)].map((m) => `${path}: ${m[1]}.has('${m[2]}')`);
      });
    expect(asking).toEqual([]);
  });

  it('only the limiter builder asks for variants among the choosers, and none asks for a fault', () => {
    for (const path of CHOOSERS) {
      const text = readFileSync(join(REFERENCE, path), 'utf8');
      expect(text, path).not.toMatch(/\bfaults\.has\(\s*'/);
    }
  });
});
