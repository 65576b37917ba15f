import { escapeHtml } from './escape/html.js';

/*
 * Markup building for the self-contained HTML pages (report.html, load.html): every interpolated
 * value is escaped unless it is already `Html`, so data can only reach a page through `escapeHtml`.
 */

export class Html {
  constructor(readonly value: string) {}
}

export type Part = string | number | Html | null | undefined | false | readonly Part[];

function part(value: Part): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map((v: Part) => part(v)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += part(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Markup produced by our own code (SVG from svg.ts, which escapes with escapeXml; constant CSS). */
export function trusted(markup: string): Html {
  return new Html(markup);
}
