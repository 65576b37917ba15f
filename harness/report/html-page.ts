import { createHash } from 'node:crypto';
import { html, trusted, type Html } from './html.js';

/*
 * The page shell of every self-contained HTML file the tool writes (report.html, load.html): the
 * document, its head and the Content-Security-Policy that lets the page run only its own inline
 * style sheet (and script, when it has one). Style and script hold no data, so their hashes are
 * those of constants.
 */

export interface HtmlPage {
  /** The document's title (data: escaped). */
  readonly title: string;
  /** The one style sheet, inline. */
  readonly css: string;
  /** The one script, inline; none when absent (the CSP then allows no script at all). */
  readonly script?: string;
  /** `<meta name="generator">`: the tool and its version. */
  readonly generator?: string;
  /** Everything inside `<body>` before the script. */
  readonly body: Html;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Nothing may load from anywhere: the file must read the same offline, and a hostile string that
 * slipped past escaping still could not run script or fetch anything.
 */
export function contentSecurityPolicy(css: string, script?: string): string {
  return [
    "default-src 'none'",
    `style-src ${sha256(css)}`,
    ...(script === undefined ? [] : [`script-src ${sha256(script)}`]),
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The whole document around `page.body`. Deterministic: same page, same bytes. */
export function renderHtmlPage(page: HtmlPage): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(page.css, page.script)}">
${
  page.generator === undefined
    ? ''
    : html`<meta name="generator" content="${page.generator}">
`
}<title>${page.title}</title>
<style>${trusted(page.css)}</style>
</head>
<body>
${page.body}
${
  page.script === undefined
    ? ''
    : html`<script>${trusted(page.script)}</script>
`
}</body>
</html>
`.value;
}
