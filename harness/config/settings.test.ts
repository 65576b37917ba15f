import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS } from './kinds.js';
import { envSchema } from './schema.js';
import { SETTINGS, type Setting } from './settings.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NAMES = new Set<string>(SETTINGS.map((s) => s.name));
/** A whole variable name: not a prefix such as `CONFORMANCE_LOAD_*` or `CONFORMANCE_SINK_`. */
const VARIABLE = /\bCONFORMANCE_[A-Z0-9_]*[A-Z0-9]\b(?![_*])/g;

/** Source and documentation files that may name a variable; tests are left out (they make up names on purpose). */
function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f) && !/\.test\.ts$/.test(f) && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}

function namesIn(files: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) for (const name of readFileSync(join(ROOT, file), 'utf8').match(VARIABLE) ?? []) found.set(name, file);
  return found;
}

describe('the settings table', () => {
  it('holds each variable once', () => {
    expect(NAMES.size).toBe(SETTINGS.length);
  });

  it('lists every CONFORMANCE_* variable the code and the docs name', () => {
    const files = [
      // The Locust file and the test helpers too: a name read anywhere must be known, or the check
      // of unknown names (known-names.ts) would refuse a variable the harness itself reads.
      ...['harness', 'reference', 'suites', 'bin', 'ci', 'test'].flatMap((dir) => filesUnder(dir, /\.(ts|js|mjs|sh|py)$/)),
      ...filesUnder('docs', /\.md$/),
      'README.md',
      'action.yml',
    ];
    const unknown = [...namesIn(files)].filter(([name]) => !NAMES.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('has every entry read when the configuration is built', () => {
    const source = readFileSync(join(ROOT, 'harness/config/schema.ts'), 'utf8');
    expect(SETTINGS.map((s) => s.name).filter((name) => !source.includes(`env.${name}`))).toEqual([]);
  });

  it('marks exactly the API keys as secrets', () => {
    const keyKinds = new Set<unknown>([KINDS.apiKey, KINDS.apiKeys]);
    for (const s of SETTINGS as readonly Setting[]) expect({ name: s.name, secret: s.secret === true }).toEqual({ name: s.name, secret: keyKinds.has(s.kind) });
  });

  it('reads every variable left empty as unset', () => {
    const parsed = envSchema.parse(Object.fromEntries(SETTINGS.map((s) => [s.name, ' '])));
    expect(Object.values(parsed).filter((v) => v !== undefined)).toEqual([]);
  });

  it('gives each init option to one variable', () => {
    const options = (SETTINGS as readonly Setting[]).flatMap((s) => (s.init === undefined ? [] : [s.init.option]));
    expect(new Set(options).size).toBe(options.length);
  });

  it('describes each variable in a sentence or two', () => {
    for (const s of SETTINGS as readonly Setting[]) {
      expect(s.description, s.name).toMatch(/[.)]$/);
      expect(s.description.length, s.name).toBeLessThan(300);
    }
  });
});
