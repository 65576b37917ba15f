import { UNSAFE_CHARS } from './unsafe.js';

/**
 * Escapes inline Markdown text (GitHub/GitLab flavour) so data renders as written: no HTML, no
 * links, code spans, strikethrough, math or `*` emphasis. Line breaks are kept; use
 * `escapeMarkdownCell` inside tables and headings.
 *
 * `_` is deliberately left alone: at worst `_word_` renders in italics, while escaping it would
 * turn `wmk_...` / `whsec_...` into `wmk\_...` and hide secrets from the writer's redactor, which
 * runs over rendered text. Characters of keys and secrets (letters, digits, `_ - + / =`) pass
 * through every escaper in this folder unchanged for the same reason.
 */
export function escapeMarkdownText(s: string): string {
  return s
    .replace(UNSAFE_CHARS, '')
    .replace(/[\\`*[\]~$]/g, (ch) => `\\${ch}`)
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Escapes text for one cell of a GFM table (or a heading): pipes escaped, line breaks as `<br>`. */
export function escapeMarkdownCell(s: string): string {
  return escapeMarkdownText(s)
    .replace(/\|/g, '\\|')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * A fenced code block whose fence is longer than any backtick run in the content, so a response
 * body containing ``` cannot close it early. The content is shown verbatim.
 */
export function markdownFence(content: string, info = ''): string {
  const text = content.replace(UNSAFE_CHARS, '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/**
 * An inline code span that shows `s` verbatim (line breaks become spaces). Its backtick run is
 * longer than any inside `s`. Not for table cells: a pipe would still split the cell.
 */
export function markdownCode(s: string): string {
  const text = s.replace(UNSAFE_CHARS, '').replace(/\r\n|\r|\n/g, ' ');
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || text.startsWith(' ') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
