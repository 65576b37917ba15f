import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './run-cli.js';

/**
 * The lint in npm test catches the bugs its rules are there for. Biome's type-inferring rules are
 * young (nursery) and an upgrade can rename, move or weaken one without a word: a lint that
 * quietly stopped flagging floating promises would still pass. Each probe below is a bug the
 * project's biome.json must report, linted in a scratch folder with that same configuration.
 */

const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Code each rule must flag, by the diagnostic category Biome gives it. */
const PROBES: Record<string, string> = {
  'lint/nursery/noFloatingPromises': 'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n',
  'lint/nursery/noMisusedPromises':
    'async function ready(): Promise<boolean> {\n  return true;\n}\nexport function run(): number {\n  if (ready()) return 1;\n  return 0;\n}\n',
  'lint/suspicious/noExplicitAny': 'export function parse(text: string): any {\n  return JSON.parse(text);\n}\n',
  'lint/suspicious/noUnusedExpressions': 'export function same(a: number, b: number): void {\n  a === b;\n}\n',
  'lint/correctness/noUnusedImports': "import { readFileSync } from 'node:fs';\nexport const one = 1;\n",
  'lint/correctness/noUnusedVariables': 'export function run(): number {\n  const unused = 2;\n  return 1;\n}\n',
  'lint/nursery/noMissingThrow': "export function check(ok: boolean): void {\n  if (!ok) new Error('not ok');\n}\n",
  'lint/suspicious/useIterableCallbackReturn': 'export function copy(from: number[], to: number[]): void {\n  from.forEach((n) => to.push(n));\n}\n',
};

/** The same mistakes, handled: nothing to report. */
const CLEAN = [
  'async function save(): Promise<void> {}',
  'export async function run(ok: boolean): Promise<void> {',
  '  await save();',
  '  void save();',
  "  if (!ok) throw new Error('not ok');",
  '}',
  '',
].join('\n');

/** One probe file per rule, named after it. */
const fileOf = (category: string): string => `${category.split('/').pop()}.ts`;

let dir: string;
/** Diagnostic categories by file name. */
let found: Map<string, Set<string>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lint-rules-'));
  // The project's configuration as it is, without the git ignore file a scratch folder lacks.
  const config = JSON.parse(await readFile(join(ROOT, 'biome.json'), 'utf8')) as { $schema?: string; vcs?: unknown };
  delete config.$schema;
  delete config.vcs;
  await writeFile(join(dir, 'biome.json'), JSON.stringify(config));
  for (const [category, code] of Object.entries(PROBES)) await writeFile(join(dir, fileOf(category)), code);
  await writeFile(join(dir, 'clean.ts'), CLEAN);
  // Exit 1 is expected (the probes have findings); the JSON report on stdout says which.
  const lint = spawnSync(process.execPath, [BIOME, 'lint', '--reporter=json', '.'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  const report = JSON.parse(lint.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  found = new Map();
  for (const d of report.diagnostics) {
    const file = d.location.path.replace(/^.*[\\/]/, '');
    found.set(file, (found.get(file) ?? new Set()).add(d.category));
  }
}, 90_000);

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('the lint rules in biome.json', () => {
  it.each(Object.keys(PROBES))('report %s', (category) => {
    expect([...(found.get(fileOf(category)) ?? [])]).toContain(category);
  });

  it('report nothing in code that handles its promises and errors', () => {
    expect([...(found.get('clean.ts') ?? [])]).toEqual([]);
  });

  it('are what npm run lint runs, failing on warnings too, then knip (dead files and exports), and npm test runs it', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['lint']).toBe('biome lint --error-on-warnings . && knip');
    expect(scripts['test']).toMatch(/&& npm run lint &&/);
  });
});
