import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { packageFile } from '../../package-root.js';

/*
 * The shipped spec (spec/work-management-api-v1.md) cut into units, mechanically: each table row,
 * each bullet and each sentence of a prose paragraph, under the section it belongs to. Headings
 * and table header rows are no units. A unit's key is its section and a short hash of its
 * whitespace-normalised text: an untouched sentence keeps its key (and its row in the map) however
 * the rest of the document moves, and a changed one becomes a new key that no row maps yet.
 */

export type UnitKind = 'row' | 'bullet' | 'sentence';

export interface SpecUnit {
  /** `2.3#1a2b3c4d`: the section and the first 8 hex digits of the text's SHA-256. */
  readonly key: string;
  /** `2.3`, `4`, `1` (the number of the nearest heading; `0` before the first). */
  readonly section: string;
  readonly kind: UnitKind;
  /** The unit's text, whitespace-normalised (a table row: its cells joined by ` | `). */
  readonly text: string;
}

const HEADING = /^(#{1,6})\s+(.*)$/;
/** `## 2. Resources…`, `### 2.3 Time entry`: the section number. */
const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s/;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function unitKey(section: string, text: string): string {
  return `${section}#${createHash('sha256').update(normalise(text)).digest('hex').slice(0, 8)}`;
}

/** Sentences of a prose paragraph: split after `.`, `:` or `;` followed by a space and a capital or a backtick. */
export function sentences(paragraph: string): string[] {
  return normalise(paragraph)
    .split(/(?<=[.!?])\s+(?=[A-Z`'])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Every unit of the document, in order; keys are unique (a repeated text gets `~2`, `~3`). */
export function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = [];
  const seen = new Map<string, number>();
  let section = '0';
  let paragraph: string[] = [];
  let inTable = false;
  const push = (kind: UnitKind, text: string): void => {
    const clean = normalise(text);
    if (clean === '') return;
    let key = unitKey(section, clean);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) key = `${key}~${count}`;
    units.push({ key, section, kind, text: clean });
  };
  const flush = (): void => {
    if (paragraph.length > 0) for (const s of sentences(paragraph.join(' '))) push('sentence', s);
    paragraph = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    if (heading !== null) {
      flush();
      const numbered = NUMBERED.exec(heading[2]!);
      if (numbered !== null) section = numbered[1]!;
      inTable = false;
      continue;
    }
    if (line.trim() === '') {
      flush();
      inTable = false;
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      // The first row of a table names its columns, the second separates: no units.
      if (!inTable) {
        inTable = true;
        continue;
      }
      const cells = line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      push('row', cells.join(' | '));
      continue;
    }
    inTable = false;
    const bullet = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (bullet !== null) {
      flush();
      push('bullet', bullet[1]!);
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return units;
}

/** The units of the spec document that ships with the tool (spec/work-management-api-v1.md). */
export async function shippedSpecUnits(): Promise<SpecUnit[]> {
  return specUnits(await readFile(packageFile('spec/work-management-api-v1.md'), 'utf8'));
}
