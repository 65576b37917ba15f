/*
 * Every string taken from a report (and in practice most of it comes from the server under test:
 * bodies, headers, messages quoting them) goes through exactly one escaper of this folder before it
 * reaches XML, HTML, Markdown or a terminal. This file holds the characters none of them emits.
 */

/**
 * Characters we never emit: those outside the XML 1.0 `Char` production (section 2.2: C0 controls
 * other than tab, LF and CR, lone surrogates, U+FFFE, U+FFFF), which no escape can make legal,
 * and DEL plus the C1 controls (U+007F to U+009F), which XML 1.0 discourages, HTML treats as
 * parse errors and no CI view displays usefully.
 */
export const UNSAFE_CHARS = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes characters XML 1.0 forbids or discourages (see UNSAFE_CHARS); HTML uses the same set. */
export function stripUnsafeChars(s: string): string {
  return s.replace(UNSAFE_CHARS, '');
}
