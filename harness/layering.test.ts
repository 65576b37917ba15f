import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, layeringDocs, shippedMayImport, testMayImport, TREES, unitOf, UNITS, withBlock, type Unit } from './layering.js';
import { PACKAGE_ROOT } from './package-root.js';

/*
 * The layering table (layering.ts) against the code and the docs: every import of every file of
 * harness/, reference/ and suites/ is one the table allows, every edge of the table is one the
 * code uses (so a README cannot name an import that is not there), and the READMEs' "Imports:"
 * blocks are the ones the table writes.
 */

type Read = (file: string) => string;

function filesOf(tree: string): string[] {
  return readdirSync(join(PACKAGE_ROOT, tree), { recursive: true, encoding: 'utf8' })
    .map((f) => posix.join(tree, f.split(sep).join('/')))
    .filter((f) => f.endsWith('.ts') && !f.includes('/node_modules/'));
}

/** Test files and test-only builders; the suite files are shipped although named `*.test.ts`. */
function isTest(file: string): boolean {
  return !file.startsWith('suites/') && (file.endsWith('.test.ts') || file.split('/').includes('testing'));
}

function inTesting(file: string): boolean {
  return file.split('/').includes('testing');
}

interface Import {
  readonly file: string;
  /** Resolved from the repository's root for a relative specifier, as written otherwise. */
  readonly target: string;
  readonly relative: boolean;
}

/** Every static import, `export ... from` and `import('...')` of a file. */
function importsOf(file: string, source: string): Import[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles.map(({ fileName }) => {
    const relative = fileName.startsWith('./') || fileName.startsWith('../');
    const target = relative ? posix.normalize(posix.join(posix.dirname(file), fileName)) : fileName;
    return { file, target: target.replace(/\.js$/, '.ts'), relative };
  });
}

function neverHit(unit: Unit | undefined, module: string): boolean {
  return !!unit?.never?.modules.some((m) => module === m || module.startsWith(`${m}/`));
}

/** The imports of every file, read and parsed once. */
function graph(files: readonly string[], read: Read): Import[] {
  return files.flatMap((file) => importsOf(file, read(file)));
}

/** One readable line per import the table does not allow. */
function violations(imports: readonly Import[]): string[] {
  return imports.flatMap(({ file, target, relative }) => {
    const unit = unitOf(file);
    if (!unit) return [`${file}: in no unit of harness/layering.ts (add its folder to UNITS)`];
    if (!relative) {
      return !isTest(file) && neverHit(unit, target) ? [`${file} imports ${target}: ${unit.folder}/ never does (${unit.never!.why})`] : [];
    }
    if (inTesting(target) && !isTest(file)) {
      return [`${file} imports ${target}: testing/ is not shipped, only tests may import it`];
    }
    const allowed = isTest(file) ? testMayImport(file, target) : shippedMayImport(file, target);
    return allowed ? [] : [`${file} imports ${target}: not allowed for ${unit.folder}/ by harness/layering.ts`];
  });
}

/** The edges of the table no shipped file uses: a README would name an import that is not there. */
function unusedEdges(imports: readonly Import[]): string[] {
  const used = new Set(imports.filter((i) => i.relative && !isTest(i.file)).map((i) => `${unitOf(i.file)?.folder} ${i.target}`));
  const targets = [...used].map((u) => {
    const [from, target] = u.split(' ') as [string, string];
    return { from, target, unit: unitOf(target)?.folder };
  });
  return UNITS.flatMap((unit) =>
    unit.imports.flatMap((edge) => {
      const reached = targets.filter((t) => t.from === unit.folder && t.unit === edge.to).map((t) => t.target);
      const names = reached.map((t) => t.slice(edge.to.length + 1));
      if (!edge.only) return names.length ? [] : [`${unit.folder} -> ${edge.to}/`];
      return edge.only.filter((f) => !names.includes(f)).map((f) => `${unit.folder} -> ${edge.to}/${f}`);
    }),
  );
}

const FILES = TREES.flatMap(filesOf);
const readRepo: Read = (file) => readFileSync(join(PACKAGE_ROOT, file), 'utf8');
const GRAPH = graph(FILES, readRepo);

describe('the layering table', () => {
  it('allows every import of harness/, reference/ and suites/', () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(GRAPH.length).toBeGreaterThan(1000);
    expect(violations(GRAPH)).toEqual([]);
  });

  it('lists no import the shipped code does not make', () => {
    expect(unusedEdges(GRAPH)).toEqual([]);
  });

  it('has a unit for every folder with a README outside testing/, and a folder for every unit', () => {
    const readmes = TREES.flatMap((tree) =>
      readdirSync(join(PACKAGE_ROOT, tree), { recursive: true, encoding: 'utf8' })
        .map((f) => posix.join(tree, f.split(sep).join('/')))
        .filter((f) => f.endsWith('/README.md') && !inTesting(f)),
    );
    expect(readmes.length).toBeGreaterThan(20);
    const folders = UNITS.map((u) => u.folder);
    expect(readmes.map((r) => posix.dirname(r)).filter((f) => !folders.includes(f))).toEqual([]);
    expect(folders.filter((f) => !existsSync(join(PACKAGE_ROOT, f)))).toEqual([]);
  });

  it('names a file that breaks it, whichever way it imports', () => {
    const sources: Record<string, string> = {
      // rate/ may import spec/rate-limit.ts, not the runner, and not spec/'s other files.
      'harness/rate/window.ts': "import { x } from '../runner/run.js';\nimport { y } from '../spec/rate-limit.js';",
      'harness/rate/fresh.ts': "export { z } from '../spec/tasks.js';",
      'harness/report/render-html.ts': "import { request } from 'undici';\nconst m = await import('../http/client.js');",
      'reference/app.ts': "import type { Level } from '../harness/report/model.js';",
      'reference/rate-limit.test.ts': "import { a } from '../harness/rate/retry-after.js';\nimport { b } from '../harness/rate/window.js';",
      'harness/load/run.test.ts': "import { startServer } from '../../reference/server.js';",
      'harness/runner/run.ts': "import { startServer } from '../../reference/server.js';",
      'harness/runner/target.ts': "const { startServer } = await import('../../reference/server.js');",
      'suites/contacts.test.ts': "import { startServer } from '../reference/server.js';",
      'harness/http/client.ts': "import { tls } from './testing/tls.js';",
    };
    expect(violations(graph(Object.keys(sources), (f) => sources[f]!))).toEqual([
      'harness/rate/window.ts imports harness/runner/run.ts: not allowed for harness/rate/ by harness/layering.ts',
      'harness/rate/fresh.ts imports harness/spec/tasks.ts: not allowed for harness/rate/ by harness/layering.ts',
      'harness/report/render-html.ts imports undici: harness/report/ never does (it sends no request and runs no check)',
      'harness/report/render-html.ts imports harness/http/client.ts: not allowed for harness/report/ by harness/layering.ts',
      'reference/app.ts imports harness/report/model.ts: not allowed for reference/ by harness/layering.ts',
      'reference/rate-limit.test.ts imports harness/rate/window.ts: not allowed for reference/ by harness/layering.ts',
      'harness/runner/run.ts imports reference/server.ts: not allowed for harness/runner/ by harness/layering.ts',
      'suites/contacts.test.ts imports reference/server.ts: not allowed for suites/ by harness/layering.ts',
      'harness/http/client.ts imports harness/http/testing/tls.ts: testing/ is not shipped, only tests may import it',
    ]);
  });

  it('names an edge of the table the code does not use', () => {
    const sources: Record<string, string> = { 'harness/rate/retry-after.ts': "import { a } from '../http/retry-after.js';" };
    const unused = unusedEdges(graph(Object.keys(sources), (f) => sources[f]!));
    expect(unused).toContain('harness/rate -> harness/spec/rate-limit.ts');
    expect(unused).not.toContain('harness/rate -> harness/http/retry-after.ts');
  });
});

describe('the "Imports:" lines of the READMEs and docs/architecture.md', () => {
  it('are the ones the table writes (npx tsx harness/write-layering.ts rewrites them)', () => {
    const stale = layeringDocs().filter(({ path, block }) => {
      const text = readRepo(path);
      return withBlock(text, block) !== text;
    });
    expect(stale.map((d) => d.path)).toEqual([]);
  });

  it('appear nowhere else in a README of harness/ or reference/', () => {
    const readmes = ['harness', 'reference'].flatMap((tree) =>
      readdirSync(join(PACKAGE_ROOT, tree), { recursive: true, encoding: 'utf8' })
        .map((f) => posix.join(tree, f.split(sep).join('/')))
        .filter((f) => f.endsWith('README.md')),
    );
    const loose = readmes.filter((path) => {
      const outside = readRepo(path).replace(new RegExp(`${escape(BEGIN)}[\\s\\S]*?${escape(END)}`, 'g'), '');
      return /^Imports:/m.test(outside);
    });
    expect(loose).toEqual([]);
  });

  it('would notice a wrong line', () => {
    const unit = UNITS.find((u) => u.folder === 'harness/rate')!;
    const block = layeringDocs().find((d) => d.path === 'harness/rate/README.md')!.block;
    expect(block).toContain('`spec/rate-limit.ts`');
    const wrong = `# rate\n\n${BEGIN}\nImports: \`http/\` only.\n${END}\nPure judgement.\n`;
    expect(withBlock(wrong, block)).not.toBe(wrong);
    expect(withBlock(withBlock(wrong, block)!, block)).toBe(withBlock(wrong, block));
    expect(unit.imports.map((e) => e.to)).toEqual(['harness/http', 'harness/spec']);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
