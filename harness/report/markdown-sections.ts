import { escapeMarkdownCell } from './escape/markdown.js';
import { plural } from './format.js';

/*
 * The building blocks of the Markdown documents: length limits and clipping, GFM table rows, and
 * sections whose items a length budget may cut from the end (renderSummaryMarkdown).
 */

/**
 * How long one piece of data may be. The complete Markdown shows everything (Infinity); the
 * summary cuts each value so that no single failure can fill the page.
 */
export interface Limits {
  /** A header value, a table cell, a one-line message. */
  readonly cell: number;
  /** A fenced block: curl command, response, counterexample, multi-line message. */
  readonly block: number;
  /** Requirement ids listed in one cell. */
  readonly ids: number;
}

export const UNLIMITED: Limits = { cell: Infinity, block: Infinity, ids: Infinity };
export const SUMMARY_LIMITS: Limits = { cell: 400, block: 2_500, ids: 30 };

/** `s` cut to `max` code units (never inside a surrogate pair), marked when cut. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = Math.max(0, max - 1);
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

export function clipBlock(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${clip(s, max)}\n[… ${s.length - max} more characters: see report.html]`;
}

export function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The header row and separator of a GFM table. */
export function tableHead(header: readonly string[], align?: readonly ('l' | 'r')[]): string[] {
  const separator = header.map((_h, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [row(header.map(escapeMarkdownCell)), row(separator)];
}

/**
 * The names of the sections of summary.md and summary-full.md, declared once: the writer
 * (render-markdown.ts) names and heads its sections with them, and `conformance verify` finds
 * them by them when it reads the Markdown back (certify/markdown.ts, certify/agreement.ts). The
 * header, the status transitions and the footer have no heading of their own: their names only
 * appear in the summary's closing note, when it leaves them out.
 */
export const SECTION_NAMES = {
  header: 'Header',
  results: 'Results',
  unverified: 'Unverified MUST requirements',
  expected: 'Expected failures',
  domains: 'Domains',
  failures: 'Failures (MUST)',
  warnings: 'Warnings (SHOULD and MAY)',
  errors: 'Errors',
  inconclusive: 'Inconclusive',
  observations: 'Observations',
  transitions: 'Status transitions',
  requirements: 'Requirement coverage',
  endpoints: 'Endpoint coverage',
  specSections: 'Spec coverage by section',
  matrix: 'Isolation and permission matrix',
  inputClasses: 'Invalid input classes',
  footer: 'Footer',
} as const;
export type SectionName = (typeof SECTION_NAMES)[keyof typeof SECTION_NAMES];

/** What starts the heading line of a section. */
export const SECTION_HEADING_PREFIX = '## ';

/** The heading line of a section. */
export function heading(name: SectionName): string {
  return `${SECTION_HEADING_PREFIX}${name}`;
}

/*
 * Sections: a lead always shown, then items a length budget may cut from the end (table rows,
 * failures), each with an optional brief form (a failure in one line, without its evidence).
 */

export interface Item {
  readonly full: string;
  /** A shorter form the summary may show instead. */
  readonly brief?: string;
}

export interface Section {
  /** Named in the summary's closing note when it is left out. */
  readonly name: SectionName;
  /** Heading and introduction: shown whenever the section is. */
  readonly lead: readonly string[];
  /** Shown only with at least one item (a table's header row). */
  readonly itemsHead: readonly string[];
  readonly items: readonly Item[];
  /** Between items, and between the lead (or items head) and the first item. */
  readonly join: '\n' | '\n\n';
  /** After the items: a note that belongs to the section. */
  readonly tail: readonly string[];
  /** What the summary says for items it left out. */
  readonly omitted: (n: number) => string;
}

export type Form = 'none' | 'brief' | 'full';

export function section(init: Partial<Section> & Pick<Section, 'name' | 'lead'>): Section {
  return {
    itemsHead: [],
    items: [],
    join: '\n',
    tail: [],
    omitted: (n) => `_… and ${plural(n, 'more row')}: see report.html._`,
    ...init,
  };
}

export function renderSection(s: Section, forms: readonly Form[]): string {
  const shown = s.items
    .map((item, i) =>
      forms[i] === 'full' ? { text: item.full, line: false } : forms[i] === 'brief' ? { text: item.brief ?? item.full, line: item.brief !== undefined } : null,
    )
    .filter((x): x is { text: string; line: boolean } => x !== null);
  const omitted = forms.filter((f) => f === 'none').length;
  let text = s.lead.join('\n');
  if (shown.length > 0) {
    const head = s.itemsHead.join('\n');
    text += (text === '' ? '' : head === '' ? s.join : '\n\n') + (head === '' ? '' : head + s.join);
    // One-line forms next to each other make one tight list.
    text += shown.map((x, i) => (i === 0 ? '' : x.line && shown[i - 1]!.line ? '\n' : s.join) + x.text).join('');
  }
  if (omitted > 0) text += `${text === '' ? '' : '\n\n'}${s.omitted(omitted)}`;
  if (s.tail.length > 0) text += `${text === '' ? '' : '\n\n'}${s.tail.join('\n')}`;
  return text;
}

export function renderDocument(sections: readonly Section[], forms: readonly (readonly Form[])[], shown: readonly boolean[]): string {
  const text = sections
    .map((s, i) => (shown[i] ? renderSection(s, forms[i] ?? []) : ''))
    .filter((t) => t !== '')
    .join('\n\n');
  return `${text}\n`;
}
