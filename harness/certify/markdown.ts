import { SECTION_HEADING_PREFIX, SECTION_NAMES } from '../report/markdown-sections.js';
import { STATUSES, type Level, type StatusCounts } from '../report/model.js';

/*
 * Reads back the Markdown that harness/report/render-markdown.ts writes (summary-full.md, or the
 * shortened summary.md), enough to compare it with report.json (verify's `formats-agree`): the
 * verdict in the title, the results table, the checks each problem section lists, and the
 * unverified MUST requirements. Fenced blocks (curl commands, response bodies: text from the
 * target) are skipped, so a body cannot fake a heading.
 */

/** The sections that list checks, and which checks belong in each. */
export const CHECK_SECTIONS = [SECTION_NAMES.failures, SECTION_NAMES.warnings, SECTION_NAMES.errors, SECTION_NAMES.inconclusive] as const;
export type CheckSection = (typeof CHECK_SECTIONS)[number];

export interface ListedChecks {
  /** Check labels as written (Markdown-escaped `[REQ-ID] LEVEL title`), in order. */
  readonly labels: string[];
  /** `_… and N more checks_`: how many the summary left out. */
  readonly more: number;
}

export interface MarkdownReport {
  /** `CONFORMANT`, `INCOMPLETE`, `NON-CONFORMANT` or `ERROR` from the title, or null. */
  readonly verdict: string | null;
  /** Rows of the results table by level, and `all`. */
  readonly counts: Partial<Record<Level | 'all', StatusCounts & { total: number }>>;
  /** The check sections present, with what they list. */
  readonly sections: Map<CheckSection, ListedChecks>;
  /** Requirement ids of the unverified-MUST table, Markdown-escaped as written; null without that section. */
  readonly unverified: string[] | null;
  /** The summary's closing note says it was shortened. */
  readonly shortened: boolean;
}

/** Lines outside fenced code blocks, each with the `## ` section it is in. */
function linesOutsideFences(text: string): Array<{ section: string; line: string }> {
  const out: Array<{ section: string; line: string }> = [];
  let fence: string | null = null;
  let section = '';
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      if (line.startsWith(fence) && /^`+\s*$/.test(line)) fence = null;
      continue;
    }
    const open = /^(`{3,})/.exec(line);
    if (open !== null) {
      fence = open[1]!;
      continue;
    }
    if (line.startsWith(SECTION_HEADING_PREFIX)) section = line.slice(SECTION_HEADING_PREFIX.length).trim();
    out.push({ section, line });
  }
  return out;
}

/** Cells of a GFM table row; `\|` is a pipe inside a cell. */
function cells(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

// A run against the embedded reference server says so after its verdict, in brackets.
const VERDICT_TITLE = /^# Conformance report: .*?(NON-CONFORMANT|CONFORMANT|INCOMPLETE|ERROR)(?: \([^)]*\))?\s*$/;
const HEADING = /^### (.+)$/;
const BRIEF = /^- \*\*(.+?)(?<!\\)\*\* \(/;
const MORE = /^_… and ([0-9]+) more checks?:/;

/** The parts of a report Markdown file that verify compares. */
export function parseReportMarkdown(text: string): MarkdownReport {
  let verdict: string | null = null;
  const counts: MarkdownReport['counts'] = {};
  const sections = new Map<CheckSection, ListedChecks>();
  let unverified: string[] | null = null;
  let unverifiedRows = 0;
  let shortened = false;
  for (const { section, line } of linesOutsideFences(text)) {
    if (verdict === null) {
      const m = VERDICT_TITLE.exec(line);
      if (m !== null) verdict = m[1]!;
    }
    if (line.startsWith('_This summary is shortened')) shortened = true;
    if (section === SECTION_NAMES.results && line.startsWith('|')) {
      const row = cells(line).map((c) => c.replace(/^\*\*(.*)\*\*$/, '$1'));
      const level = row[0];
      if ((level === 'MUST' || level === 'SHOULD' || level === 'MAY' || level === 'all') && row.length === STATUSES.length + 2) {
        const numbers = row.slice(1).map(Number);
        if (numbers.every((n) => Number.isInteger(n) && n >= 0)) {
          const entry = Object.fromEntries(STATUSES.map((s, i) => [s, numbers[i]!])) as StatusCounts;
          counts[level] = { ...entry, total: numbers[STATUSES.length]! };
        }
      }
      continue;
    }
    if ((CHECK_SECTIONS as readonly string[]).includes(section)) {
      const listed = sections.get(section as CheckSection) ?? { labels: [], more: 0 };
      sections.set(section as CheckSection, listed);
      const label = HEADING.exec(line)?.[1] ?? BRIEF.exec(line)?.[1];
      if (label !== undefined) listed.labels.push(label);
      const more = MORE.exec(line);
      if (more !== null) (listed as { more: number }).more += Number(more[1]);
      continue;
    }
    if (section === SECTION_NAMES.unverified) {
      unverified ??= [];
      if (!line.startsWith('|')) continue;
      unverifiedRows += 1;
      // The header row and the separator come first.
      if (unverifiedRows <= 2) continue;
      const ids = cells(line).at(-1) ?? '';
      // Escaped as written (escapeMarkdownCell of the ids joined by ", ").
      unverified.push(...ids.split(', ').filter((s) => s !== ''));
    }
  }
  return { verdict, counts, sections, unverified, shortened };
}
