import { escapeMarkdownCell } from '../report/escape/markdown.js';
import { stripUnsafeChars } from '../report/escape/unsafe.js';
import { SECTION_NAMES } from '../report/markdown-sections.js';
import { checkLabel, verdictLabel } from '../report/verdict.js';
import { LEVELS, STATUSES, type CheckResult, type Report, type Status } from '../report/model.js';
import { parseJunit } from './junit.js';
import { CHECK_SECTIONS, parseReportMarkdown, type CheckSection } from './markdown.js';

/*
 * Do junit.xml, the Markdown and README.md say what report.json says? (verify's `formats-agree`.)
 * Check by check for junit.xml (the same test cases per status: domain, label, requirement id),
 * the results table, the verdict and the checks each problem section lists for the Markdown,
 * and the verdict for the README. An edited or dropped check in any one file shows here even
 * when the manifest was written again.
 */

/** How many differences one comparison names before it says "and N more". */
const SHOWN = 5;

function bounded(items: readonly string[]): string {
  return items.length <= SHOWN ? items.join('; ') : `${items.slice(0, SHOWN).join('; ')}; and ${items.length - SHOWN} more`;
}

/** What `a` has more of than `b` (multisets of strings). */
function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

const sortedText = (xs: readonly string[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function junitProblems(report: Report, xml: string): string[] {
  const problems: string[] = [];
  const junit = parseJunit(xml);
  if (junit.totals === null) return ['junit.xml: no <testsuites> element'];
  const caseKey = (status: Status, domain: string, name: string, requirement: string | null) =>
    `${status}\u0000${domain}\u0000${name}\u0000${requirement ?? ''}`;
  const show = (key: string) => {
    const [status, domain, name] = key.split('\u0000');
    return `${status} ${name} (${domain})`;
  };
  const expected = report.checks.map((c) => caseKey(c.status, stripUnsafeChars(c.domain), stripUnsafeChars(checkLabel(c)), stripUnsafeChars(c.requirementId)));
  const actual = junit.cases.map((c) => caseKey(c.status, c.classname, c.name, c.requirement));
  const missing = multisetMinus(expected, actual);
  const extra = multisetMinus(actual, expected);
  // The same test case under another status: one edit, said once.
  const identity = (key: string) => key.slice(key.indexOf('\u0000') + 1);
  for (let i = missing.length - 1; i >= 0; i--) {
    const j = extra.findIndex((x) => identity(x) === identity(missing[i]!));
    if (j < 0) continue;
    const [, domain, name] = missing[i]!.split('\u0000');
    problems.push(`junit.xml shows ${name} (${domain}) as ${extra[j]!.split('\u0000')[0]}, report.json as ${missing[i]!.split('\u0000')[0]}`);
    missing.splice(i, 1);
    extra.splice(j, 1);
  }
  if (missing.length > 0) problems.push(`junit.xml lacks ${missing.length} check(s) report.json has: ${bounded(missing.map(show))}`);
  if (extra.length > 0) problems.push(`junit.xml has ${extra.length} check(s) report.json does not have: ${bounded(extra.map(show))}`);
  const count = (status: Status) => report.checks.filter((c) => c.status === status).length;
  // Stale and expired expected-failure entries are failures of their own suite (render-junit.ts).
  const expectedFailing = report.expectedFailures.filter((e) => e.state === 'stale' || e.state === 'expired').length;
  if (junit.totals.failures !== count('fail') + expectedFailing)
    problems.push(`junit.xml counts ${junit.totals.failures} failures, report.json ${count('fail') + expectedFailing}`);
  if (
    sortedText(junit.expected.ids).join() !== sortedText(report.expectedFailures.map((e) => stripUnsafeChars(e.id))).join() ||
    junit.expected.failures !== expectedFailing
  ) {
    problems.push(
      `junit.xml lists ${junit.expected.ids.length} expected failure(s) (${junit.expected.failures} failing), report.json ${report.expectedFailures.length} (${expectedFailing} failing)`,
    );
  }
  if (junit.totals.errors !== count('error')) problems.push(`junit.xml counts ${junit.totals.errors} errors, report.json ${count('error')}`);
  if (junit.verdict !== verdictLabel(report)) problems.push(`junit.xml gives the verdict ${junit.verdict ?? '(none)'}, report.json ${verdictLabel(report)}`);
  const unverified = report.unverified.map((u) => u.id);
  // A group of ids left out by the selection is one line per id in system-out: exact for
  // catalogue ids (report-consistent holds report.unverified to the catalogue), not for others.
  const plain = unverified.every((id) => /^[A-Za-z0-9._-]+$/.test(id));
  if (plain && sortedText(junit.unverified).join() !== sortedText(unverified).join()) {
    problems.push(`junit.xml lists ${junit.unverified.length} unverified MUST requirement(s), report.json ${unverified.length}`);
  }
  return problems;
}

function sectionOf(check: CheckResult): CheckSection | null {
  if (check.status === 'fail') return check.level === 'MUST' ? SECTION_NAMES.failures : SECTION_NAMES.warnings;
  if (check.status === 'error') return SECTION_NAMES.errors;
  if (check.status === 'inconclusive') return SECTION_NAMES.inconclusive;
  return null;
}

/** A listed label stands for an expected one when equal, or when the summary cut it (`…`). */
function labelMatches(listed: string, expected: string): boolean {
  return listed === expected || (listed.endsWith('…') && expected.startsWith(listed.slice(0, -1)));
}

function markdownProblems(report: Report, name: string, text: string): string[] {
  const problems: string[] = [];
  const md = parseReportMarkdown(text);
  if (md.verdict !== verdictLabel(report)) problems.push(`${name} gives the verdict ${md.verdict ?? '(none)'}, report.json ${verdictLabel(report)}`);
  for (const level of [...LEVELS, 'all'] as const) {
    const row = md.counts[level];
    const counts = level === 'all' ? report.counts.byStatus : report.counts.byLevel[level];
    const total = STATUSES.reduce((n, s) => n + counts[s], 0);
    if (row === undefined) {
      problems.push(`${name} has no results row for ${level}`);
      continue;
    }
    const differing = STATUSES.filter((s) => row[s] !== counts[s]).map((s) => `${s} ${row[s]} vs ${counts[s]}`);
    if (row.total !== total) differing.push(`total ${row.total} vs ${total}`);
    if (differing.length > 0) problems.push(`${name} counts ${level} checks differently from report.json (${differing.join(', ')})`);
  }
  for (const section of CHECK_SECTIONS) {
    const expected = report.checks.filter((c) => sectionOf(c) === section).map((c) => escapeMarkdownCell(checkLabel(c)));
    const listed = md.sections.get(section);
    if (listed === undefined) {
      // The shortened summary may leave a whole section out, and says so.
      if (expected.length > 0 && !md.shortened) problems.push(`${name} has no "${section}" section; report.json has ${expected.length} such check(s)`);
      continue;
    }
    const unmatched = [...expected];
    const extra: string[] = [];
    for (const label of listed.labels) {
      const i = unmatched.findIndex((e) => labelMatches(label, e));
      if (i >= 0) unmatched.splice(i, 1);
      else extra.push(label);
    }
    if (extra.length > 0) problems.push(`${name} lists under "${section}" ${extra.length} check(s) report.json does not: ${bounded(extra)}`);
    if (listed.labels.length - extra.length + listed.more !== expected.length || (listed.more === 0 && unmatched.length > 0)) {
      problems.push(
        `${name} lists ${listed.labels.length + listed.more} check(s) under "${section}", report.json has ${expected.length}${unmatched.length > 0 && listed.more === 0 ? `: missing ${bounded(unmatched)}` : ''}`,
      );
    }
  }
  if (!md.shortened) {
    const unverified = sortedText(report.unverified.map((u) => escapeMarkdownCell(u.id))).join();
    if (sortedText(md.unverified ?? []).join() !== unverified) {
      problems.push(`${name} lists ${md.unverified?.length ?? 0} unverified MUST requirement(s), report.json ${report.unverified.length}`);
    }
  }
  return problems;
}

const README_VERDICT = /^\*\*Verdict: .*?(NON-CONFORMANT|CONFORMANT|INCOMPLETE|ERROR)\*\*/m;

export interface FormatsInput {
  readonly report: Report;
  readonly junit: string;
  /** summary-full.md when the bundle has it, else summary.md. */
  readonly markdown: { readonly name: string; readonly text: string };
  readonly readme?: string | undefined;
}

/** Where junit.xml, the Markdown and the README disagree with report.json; empty when they agree. */
export function formatAgreementProblems(input: FormatsInput): string[] {
  const problems = [...junitProblems(input.report, input.junit), ...markdownProblems(input.report, input.markdown.name, input.markdown.text)];
  if (input.readme !== undefined) {
    const verdict = README_VERDICT.exec(input.readme)?.[1] ?? null;
    if (verdict !== verdictLabel(input.report)) problems.push(`README.md gives the verdict ${verdict ?? '(none)'}, report.json ${verdictLabel(input.report)}`);
  }
  return problems;
}
