import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Documentation a newcomer can walk: a README that fits a screen or two, every
 * relative link of the README, docs/ and the folder READMEs leading somewhere, every anchor naming
 * a heading of its page, and a README in every folder of harness/ and reference/.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const README_MAX_LINES = 250;
/** The folders whose every subfolder says what lives there and what it may import. */
const DOCUMENTED_TREES = ['harness', 'reference'];

/** The subfolders of `dir`, relative to the root. */
function subfolders(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(dir, e.name));
}

/** Every README.md under `dir`, at any depth (relative to the root). */
function readmesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'README.md' || f.endsWith('/README.md'))
    .map((f) => join(dir, f));
}

/** The Markdown pages whose links are checked, relative to the root. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs, ...DOCUMENTED_TREES.flatMap(readmesUnder)].sort();
}

/** The lines of a Markdown text outside fenced code blocks, with inline code spans blanked. */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence === null) lines.push(line.replace(/(`+)[^`]*?\1/g, ''));
  }
  return lines;
}

/**
 * A heading's anchor as GitHub makes it: the text as rendered (link text kept, code and emphasis
 * marks gone), lower-cased, every character but letters, digits, spaces, hyphens and underscores
 * dropped, spaces turned into hyphens.
 */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page offers: one per heading (repeats numbered -1, -2, ... as GitHub does), and explicit `<a id>` / `<a name>`. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return anchors;
}

/** Every link target of a page: inline links and images `[text](target "title")`, and reference definitions `[id]: target`. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    for (const m of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!.replace(/^<|>$/g, ''));
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(line)?.[1];
    if (definition !== undefined) targets.push(definition.replace(/^<|>$/g, ''));
  }
  return targets;
}

/** Links elsewhere (http, https, mailto, any other scheme) are not checked. */
const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `page`, or null when it leads somewhere. */
function brokenLink(page: string, target: string): string | null {
  if (target === '') return 'empty link';
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = path === '' ? join(ROOT, page) : path.startsWith('/') ? join(ROOT, path) : resolve(ROOT, dirname(page), path);
  if (!existsSync(file)) return `${relative(ROOT, file)} does not exist`;
  if (anchor === null || anchor === '' || !file.endsWith('.md') || !statSync(file).isFile()) return null;
  const anchors = anchorsOf(readFileSync(file, 'utf8'));
  return anchors.has(anchor) ? null : `${relative(ROOT, file)} has no heading #${anchor}`;
}

describe('the documentation', () => {
  it(`keeps README.md to ${README_MAX_LINES} lines at most: the rest lives in docs/`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('makes anchors the way GitHub does', () => {
    expect(slug("When the keys' limits are too low")).toBe('when-the-keys-limits-are-too-low');
    expect(slug('Why did my run stop?')).toBe('why-did-my-run-stop');
    expect(slug('3. The check that names it (`checker`)')).toBe('3-the-check-that-names-it-checker');
    expect(slug('[Rate limiting](rate-limiting.md) and CONFORMANCE_PACED')).toBe('rate-limiting-and-conformance_paced');
    expect([...anchorsOf('# A\n\n```\n# not a heading\n```\n\n## A\n<a id="here"></a>\n')]).toEqual(['a', 'a-1', 'here']);
  });

  it('finds every link of a page, and none in code', () => {
    const text = 'See [a](a.md) and ![b](img/b.png "B").\n`[c](c.md)`\n\n```md\n[d](d.md)\n```\n\n[e]: <e.md#x>\n';
    expect(linkTargets(text)).toEqual(['a.md', 'img/b.png', 'e.md#x']);
  });

  it('links only to files that exist, and only to headings those files have', () => {
    const checked = pages();
    expect(checked).toContain('README.md');
    expect(checked).toContain('docs/architecture.md');
    const broken = checked.flatMap((page) =>
      linkTargets(readFileSync(join(ROOT, page), 'utf8'))
        .filter((target) => !isExternal(target))
        .flatMap((target) => {
          const problem = brokenLink(page, target);
          return problem === null ? [] : [`${page}: (${target}) ${problem}`];
        }),
    );
    expect(broken).toEqual([]);
  });

  it('links the README to the spec in this repository and to the docs pages', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const targets = linkTargets(readme);
    expect(targets).toContain('spec/work-management-api-v1.md');
    expect(targets.filter((t) => t.includes('../'))).toEqual([]);
    expect(targets.filter((t) => t.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it.each(DOCUMENTED_TREES)('has a README.md in %s/ and in every folder of it', (tree) => {
    const folders = [tree, ...subfolders(tree)];
    expect(folders.length).toBeGreaterThan(1);
    expect(folders.filter((dir) => !existsSync(join(ROOT, dir, 'README.md')))).toEqual([]);
  });
});
