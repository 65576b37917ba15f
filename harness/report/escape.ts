import { STOPPED_EARLY, type CheckResult, type ExchangeRecord, type Level, type PropertyRecord, type Report, type Status } from './model.js';
import { unverifiedSummary } from './unverified.js';

/*
 * The one place where report data becomes markup. Every string taken from a report (and in
 * practice most of it comes from the server under test: bodies, headers, messages quoting them)
 * goes through exactly one of these before it reaches XML, HTML, Markdown or a terminal.
 */

/**
 * Characters we never emit: those outside the XML 1.0 `Char` production (section 2.2: C0 controls
 * other than tab, LF and CR, lone surrogates, U+FFFE, U+FFFF), which no escape can make legal,
 * and DEL plus the C1 controls (U+007F to U+009F), which XML 1.0 discourages, HTML treats as
 * parse errors and no CI view displays usefully.
 */
const UNSAFE_CHARS = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Control characters a terminal would act on (ESC starts colour and cursor sequences). */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/gu;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A literal CR would be normalised to LF by any XML parser; a reference keeps it.
  '\r': '&#13;',
};

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Removes characters XML 1.0 forbids or discourages (see UNSAFE_CHARS); HTML uses the same set. */
export function stripUnsafeChars(s: string): string {
  return s.replace(UNSAFE_CHARS, '');
}

/**
 * Escapes text for XML element content and attribute values, dropping unsafe characters.
 * `>` is always escaped so `]]>` can never appear in the output.
 */
export function escapeXml(s: string): string {
  return stripUnsafeChars(s).replace(/[&<>"'\r]/g, (ch) => XML_ENTITIES[ch] ?? ch);
}

/**
 * `escapeXml` for attribute values that may hold line breaks: parsers normalise a literal tab or
 * newline inside an attribute to a space, references survive (XML 1.0 section 3.3.3).
 */
export function escapeXmlAttribute(s: string): string {
  return escapeXml(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return stripUnsafeChars(s).replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch);
}

/**
 * Escapes inline Markdown text (GitHub/GitLab flavour) so data renders as written: no HTML, no
 * links, code spans, strikethrough, math or `*` emphasis. Line breaks are kept; use
 * `escapeMarkdownCell` inside tables and headings.
 *
 * `_` is deliberately left alone: at worst `_word_` renders in italics, while escaping it would
 * turn `wmk_...` / `whsec_...` into `wmk\_...` and hide secrets from the writer's redactor, which
 * runs over rendered text. Characters of keys and secrets (letters, digits, `_ - + / =`) pass
 * through every escaper in this file unchanged for the same reason.
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

/**
 * One line of terminal text: control characters (ESC above all, which drives colours and the
 * cursor) removed, line breaks and tabs turned into spaces so data cannot break the layout.
 */
export function escapeTerminal(s: string): string {
  return s.replace(/\r\n|[\r\n\t]/g, ' ').replace(TERMINAL_CONTROL, '');
}

/* ----------------------------------------------------------------------------------------------
 * Text helpers shared by the renderers, so every format orders and words things the same way.
 * They are pure and locale-independent (no localeCompare, no toLocaleString): same report, same
 * bytes, on any machine.
 * -------------------------------------------------------------------------------------------- */

/** Code-unit order, independent of the machine's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Natural order: `2.9` before `2.10`, `R-2` before `R-10`; ties broken by code-unit order. */
export function compareNatural(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    let c: number;
    if (xDigits && yDigits) {
      // Compare digit strings without Number() so long runs cannot lose precision.
      const xs = x.replace(/^0+(?=\d)/, '');
      const ys = y.replace(/^0+(?=\d)/, '');
      c = xs.length - ys.length || compareText(xs, ys);
    } else {
      c = compareText(x, y);
    }
    if (c !== 0) return c;
  }
  return pa.length - pb.length || compareText(a, b);
}

const STATUS_RANK: Readonly<Record<Status, number>> = { pass: 0, skip: 1, inconclusive: 2, fail: 3, error: 4 };
const LEVEL_RANK: Readonly<Record<Level, number>> = { MUST: 0, SHOULD: 1, MAY: 2 };

/** Catalogue order: domain, requirement id, then the unique key. */
export function compareChecksByRequirement(a: CheckResult, b: CheckResult): number {
  return (
    compareText(a.domain, b.domain) ||
    compareNatural(a.requirementId, b.requirementId) ||
    compareText(a.key, b.key)
  );
}

/** Reading order for people: worst status first, then MUST before SHOULD before MAY. */
export function compareChecksBySeverity(a: CheckResult, b: CheckResult): number {
  return (
    STATUS_RANK[b.status] - STATUS_RANK[a.status] ||
    LEVEL_RANK[a.level] - LEVEL_RANK[b.level] ||
    compareChecksByRequirement(a, b)
  );
}

/** Deterministic number text: at most `decimals` places, no trailing zeros, no locale. */
export function formatNumber(n: number, decimals = 2): string {
  if (!Number.isFinite(n)) return String(n);
  const fixed = n.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** `840 ms`, `12.4 s`, `3 min 07 s`. */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  // Below 59.95 s so that rounding never prints "60.0 s".
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `1 check`, `3 checks`. */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/** The response of an exchange as plain text: status line, sorted headers, blank line, body. */
export function formatResponse(exchange: ExchangeRecord): string {
  const statusLine =
    exchange.status === null
      ? `no response (${formatDuration(exchange.durationMs)})`
      : `HTTP ${exchange.status} (${formatDuration(exchange.durationMs)})`;
  const headers = Object.keys(exchange.responseHeaders)
    .sort(compareText)
    .map((name) => `${name}: ${exchange.responseHeaders[name]}`);
  const body = exchange.bodyExcerpt === '' ? [] : ['', exchange.bodyExcerpt];
  return [statusLine, ...headers, ...body].join('\n');
}

/** fast-check details as one line: enough to replay the exact failing run. */
export function formatProperty(property: PropertyRecord): string {
  const path = property.path === null ? '' : `, path "${property.path}"`;
  return `seed ${property.seed}${path}, ${plural(property.numRuns, 'run')}`;
}

/** What a failed check means at its level: MUST fails conformance, SHOULD and MAY only warn. */
export function failureKind(level: Level): 'failure' | 'warning' | 'notice' {
  return level === 'MUST' ? 'failure' : level === 'SHOULD' ? 'warning' : 'notice';
}

/** The verdict in words, shared by every format so they never disagree. */
export function verdictLabel(report: Pick<Report, 'verdict'>): string {
  switch (report.verdict) {
    case 'conformant':
      return 'CONFORMANT';
    case 'incomplete':
      return 'INCOMPLETE';
    case 'non-conformant':
      return 'NON-CONFORMANT';
    case 'error':
      return 'ERROR';
  }
}

/**
 * One sentence under the verdict: why, and what else a reader should know. The word
 * "conformant" never describes an incomplete run.
 */
export function verdictReason(report: Report): string {
  const { byLevel } = report.counts;
  const mustFails = byLevel.MUST.fail;
  const warnings = byLevel.SHOULD.fail + byLevel.MAY.fail;
  const errors = report.counts.byStatus.error;
  const inconclusive = report.counts.byStatus.inconclusive;
  const mustTotal = report.requirements.filter((r) => r.level === 'MUST').length;
  const unverified = report.unverified.length;
  const parts: string[] = [];
  const stopped = report.checks.find((c) => c.requirementId === 'HARNESS' && c.message?.startsWith(STOPPED_EARLY) === true)?.message;
  if (report.verdict === 'error' && stopped !== undefined && stopped !== null) {
    parts.push(`The run stopped early: ${stopped.slice(STOPPED_EARLY.length)}.`);
  } else if (report.verdict === 'error') {
    parts.push(
      errors > 0
        ? `The run could not reach a verdict: ${plural(errors, 'check')} ended in a harness or transport error.`
        : 'The run could not reach a verdict.',
    );
  } else if (report.verdict === 'non-conformant') {
    parts.push(`${plural(mustFails, 'MUST check')} failed: the target is not conformant.`);
  } else if (report.verdict === 'incomplete') {
    parts.push(
      `No MUST check failed, but ${unverified} of ${plural(mustTotal, 'MUST requirement')} ${unverified === 1 ? 'was' : 'were'} not verified ` +
        `(${unverifiedSummary(report)}): this run does not establish conformance.`,
    );
  } else {
    parts.push(`Every MUST requirement (${mustTotal}) was verified and passed.`);
  }
  if (warnings > 0) {
    parts.push(`${plural(warnings, 'SHOULD/MAY check')} failed (warnings, not conformance failures).`);
  }
  if (report.verdict !== 'error' && errors > 0) parts.push(`${plural(errors, 'check')} errored.`);
  if (inconclusive > 0) parts.push(`${plural(inconclusive, 'check')} inconclusive.`);
  if ((report.verdict === 'non-conformant' || report.verdict === 'error') && unverified > 0) {
    parts.push(`${unverified} of ${plural(mustTotal, 'MUST requirement')} not verified (${unverifiedSummary(report)}).`);
  }
  if (report.verdict === 'incomplete' && report.exitCode !== 0) parts.push('CONFORMANCE_FAIL_ON_INCOMPLETE is set: exit code 3.');
  const outages = outageSentence(report);
  if (outages !== undefined) parts.push(outages);
  return parts.join(' ');
}

/**
 * The times the target went away during the run and what was done about it, e.g. "The target
 * was unreachable for 8.2 s at 2026-11-25T03:04:05.000Z; 14 checks ran again from the start."
 */
export function outageSentence(report: Pick<Report, 'outages' | 'checks'>): string | undefined {
  const outages = report.outages ?? [];
  if (outages.length === 0) return undefined;
  const windows = outages.map((o) => `${(o.durationMs / 1000).toFixed(1)} s at ${o.startedAt}${o.recovered ? '' : ' (it did not come back)'}`).join(', ');
  const reruns = report.checks.filter((c) => (c.reruns ?? 0) > 0).length;
  return `The target was unreachable for ${windows}; ${plural(reruns, 'check')} ran again from the start.`;
}

/**
 * `[REQ-ID] LEVEL title`. Titles normally start with their level already ("MUST reject ..."),
 * so the level is only prefixed when the title does not begin with it.
 */
export function checkLabel(check: Pick<CheckResult, 'requirementId' | 'level' | 'title'>): string {
  const startsWithLevel = check.title === check.level || check.title.startsWith(`${check.level} `);
  return `[${check.requirementId}] ${startsWithLevel ? check.title : `${check.level} ${check.title}`}`;
}
