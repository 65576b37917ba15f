import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_FILE, PRODUCT_FILE } from '../harness/certify/bundle.js';
import { HAR_FILE } from '../harness/har/format.js';
import { INSTRUCTIONS_FILE } from '../harness/load/locust/instructions.js';
import { LOAD_FILES, LOAD_METRICS_FILES } from '../harness/load/write.js';
import { PACKAGE_ROOT } from '../harness/package-root.js';
import { RUN_FILES } from '../harness/report/files.js';

/*
 * Every repository path a Markdown doc names in backticks exists. The docs: README.md,
 * docs/*.md and the README.md of every folder (the spec in spec/ is not ours to edit).
 *
 * The rule. A backtick span outside a fenced code block is read as a path when it has no
 * whitespace and contains a `/` or ends in one of EXTENSIONS, unless it is:
 * - a URL (`://`), an API or absolute path (starts with `/`), under a home folder (`~`), a package
 *   or module name (starts with `@` or `node:`), an option (starts with `-`), an extension alone
 *   (`.ts`), an address or a number (starts with a digit);
 * - a glob or a placeholder: it holds one of `* ? { } [ ] < > $ = | , ; ( ) ' "`, or a segment
 *   in capitals (`DIR/secrets/`, `FILE.json`);
 * - a file a command writes (OUTPUT_FILES, from the lists the writers use) or a path in an output
 *   folder (OUTPUT_FOLDERS, none of them in the repository);
 * - one of NOT_REPOSITORY_PATHS: a path in the user's repository or the module cache, each named
 *   with its doc and why.
 * A trailing `:LINE` (a source line) is dropped. The path must then exist relative to the doc's
 * folder, one of the folders above it, or the root. A bare name (one segment: `model.ts`,
 * `testing/`) may also name a file or folder anywhere below the doc's folder; for the root README
 * and docs/*.md, anywhere in the repository.
 */

const EXTENSIONS = ['.ts', '.js', '.mjs', '.json', '.md', '.py', '.yml', '.yaml', '.sh', '.html', '.xml', '.har', '.txt'];

const OUTPUT_FILES = new Set<string>([
  ...RUN_FILES,
  HAR_FILE,
  ...LOAD_FILES,
  ...LOAD_METRICS_FILES,
  INSTRUCTIONS_FILE,
  PRODUCT_FILE,
  ENVIRONMENT_FILE,
  // harness/doctor/write.ts
  'doctor.json',
  // what `conformance load export` writes beside the manifests (harness/load/export/kubernetes.ts)
  'README.txt',
]);

/** Where the commands write (the report folder), the build and the installed packages go, and the user's own .env. */
const OUTPUT_FOLDERS = ['reports/', 'dist/', 'test-output/', 'node_modules/', '.env'];

const NOT_REPOSITORY_PATHS: readonly { doc: string; span: string; why: string }[] = [
  { doc: 'docs/ci.md', span: 'actions/cache', why: 'a GitHub Action' },
  { doc: 'docs/ci.md', span: '.github/workflows/api-conformance.yml', why: "the workflow file in the user's repository" },
  { doc: 'docs/ci.md', span: './path/to/copy', why: "a placeholder for the user's copy of the action" },
  { doc: 'docs/ci.md', span: 'registry.example.com/work-management-conformance:0.1.0', why: "an image name in the user's registry" },
  { doc: 'docs/configuration.md', span: 'runs/', why: "a folder of the module cache (CONFORMANCE_MODULE_CACHE's folder)" },
  { doc: 'docs/configuration.md', span: 'installs/', why: 'a folder of the module cache' },
];

/** Folders never walked: not the project's files (dependencies, git, build and run output). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'reports', 'test-output']);

/** Every file and folder of the repository, relative to the root with forward slashes (folders end in `/`). */
function repositoryEntries(root: string): string[] {
  const entries: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory() && (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.selftest-cli-'))) continue;
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        entries.push(`${path}/`);
        walk(path);
      } else entries.push(path);
    }
  };
  walk('');
  return entries;
}

/** The docs the rule covers: README.md, docs/*.md and every folder's README.md. */
function docsOf(entries: readonly string[]): string[] {
  return entries.filter((p) => p === 'README.md' || /^docs\/[^/]+\.md$/.test(p) || (p.endsWith('/README.md') && !p.startsWith('spec/'))).sort();
}

/** The backtick spans of a Markdown text outside fenced code blocks. */
function backtickSpans(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)].map((m) => m[1]!);
}

/** The repository path a span names, by the rule above, or undefined when it names none. */
function pathOf(span: string): string | undefined {
  if (/\s/.test(span) || span.includes('://') || /^[-/~@\d]|^node:|^\.[a-z]+$/.test(span)) return undefined;
  if (/[*?{}[\]<>$=|,;()'"]/.test(span) || span.split('/').some((segment) => /^[A-Z][A-Z_]+(\.[a-z]+)?$/.test(segment))) return undefined;
  const path = span.replace(/^\.\//, '').replace(/:\d+(-\d+)?$/, '');
  if (!path.includes('/') && !EXTENSIONS.some((e) => path.endsWith(e))) return undefined;
  if (OUTPUT_FILES.has(posix.basename(path)) || OUTPUT_FOLDERS.some((f) => path === f || path.startsWith(f.endsWith('/') ? f : `${f}/`))) return undefined;
  return path;
}

/** Whether `path`, named in `doc`, exists by the rule above. */
function exists(root: string, entries: readonly string[], doc: string, path: string): boolean {
  const folders: string[] = [];
  for (let dir = posix.dirname(doc); dir !== '.'; dir = posix.dirname(dir)) folders.push(dir);
  if ([...folders, '.'].some((dir) => existsSync(join(root, dir, path)))) return true;
  const bare = path.replace(/\/$/, '');
  if (bare.includes('/')) return false;
  const home = posix.dirname(doc);
  const within = home === '.' || home === 'docs' ? '' : `${home}/`;
  return entries.some((e) => e.startsWith(within) && posix.basename(e) === bare);
}

describe('the repository paths the docs name', () => {
  const entries = repositoryEntries(PACKAGE_ROOT);
  const docs = docsOf(entries);

  it('covers the README, docs/ and the folder READMEs', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('harness/steps/README.md');
    expect(docs.length).toBeGreaterThan(50);
  });

  it.each(docs)('%s names only paths that exist', (doc) => {
    const spans = backtickSpans(readFileSync(join(PACKAGE_ROOT, doc), 'utf8'));
    const missing = spans.filter((span) => {
      const path = pathOf(span);
      if (path === undefined || NOT_REPOSITORY_PATHS.some((n) => n.doc === doc && n.span === span)) return false;
      return !exists(PACKAGE_ROOT, entries, doc, path);
    });
    expect(missing).toEqual([]);
  });

  it('reads paths, not commands, URLs, globs or placeholders', () => {
    expect(pathOf('harness/steps/setup.ts')).toBe('harness/steps/setup.ts');
    expect(pathOf('setup.ts')).toBe('setup.ts');
    expect(pathOf('openapi/')).toBe('openapi/');
    expect(pathOf('suites/contacts.test.ts:40')).toBe('suites/contacts.test.ts');
    expect(pathOf('./bin/conformance.js')).toBe('bin/conformance.js');
    for (const notPath of [
      'npm run lint',
      'https://example.com/a.json',
      '/api/v1/contacts',
      'records/<domain>.ts',
      'suites/*.test.ts',
      '--reference',
      '@biomejs/biome',
      'node:fs/promises',
      '.ts',
      'DIR/secrets/',
      'report.json',
      'reports/latest/report.html',
      '10.231.X.0/24',
      'CONFORMANCE_HAR',
    ])
      expect(pathOf(notPath), notPath).toBeUndefined();
  });

  it('would notice a missing file, and finds a bare name below the doc', () => {
    expect(exists(PACKAGE_ROOT, entries, 'harness/steps/README.md', 'setup.ts')).toBe(false);
    expect(exists(PACKAGE_ROOT, entries, 'harness/steps/README.md', 'setup-created.ts')).toBe(true);
    expect(exists(PACKAGE_ROOT, entries, 'harness/steps/README.md', 'explore.ts')).toBe(true);
    expect(exists(PACKAGE_ROOT, entries, 'harness/README.md', 'report/model.ts')).toBe(true);
    expect(exists(PACKAGE_ROOT, entries, 'harness/cli/README.md', 'report/nothing.ts')).toBe(false);
    expect(backtickSpans('a `one.ts` and\n```sh\n`two.ts`\n```\n``three`` `four/`')).toEqual(['one.ts', 'four/']);
  });
});
