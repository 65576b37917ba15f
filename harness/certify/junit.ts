import type { Status } from '../report/model.js';

/*
 * Reads back the junit.xml that harness/report/render-junit.ts writes, enough to compare it with
 * report.json check by check (verify's `formats-agree`). Not a general XML parser: the file is
 * ours, and a file that does not look like ours is a disagreement, reported as such. Every scan
 * is linear (indexOf and anchored patterns), whatever the input.
 */

export interface JunitCase {
  /** The domain (`classname`). */
  readonly classname: string;
  /** `[REQ-ID] LEVEL title` (`name`). */
  readonly name: string;
  /** The `requirement` property, or null. */
  readonly requirement: string | null;
  readonly status: Status;
}

export interface JunitDocument {
  /** The `<testsuites>` totals, or null without that element. */
  readonly totals: { tests: number; failures: number; errors: number; skipped: number } | null;
  /** The `verdict` property of the first suite (`CONFORMANT`, ...), or null. */
  readonly verdict: string | null;
  /** One per check (the suites of unverified MUST requirements and of expected failures excluded). */
  readonly cases: JunitCase[];
  /** Requirement ids the `unverified MUST requirements` suite names. */
  readonly unverified: string[];
  /** The `expected failures (...)` suite (CONFORMANCE_EXPECTED_FAILURES): its cases, and those that fail (stale, expired). */
  readonly expected: { readonly ids: string[]; readonly failures: number };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) out.set(m[1]!, decodeXml(m[2]!));
  return out;
}

/** The opening tag text (attributes) of the first `<name` element in `xml` from `from`, or null. */
function openTag(xml: string, name: string, from = 0): { attrs: Map<string, string>; start: number; end: number; selfClosing: boolean } | null {
  let at = from;
  for (;;) {
    const start = xml.indexOf(`<${name}`, at);
    if (start < 0) return null;
    const next = xml[start + name.length + 1];
    if (next !== ' ' && next !== '>' && next !== '/' && next !== '\n' && next !== '\t') {
      at = start + 1;
      continue;
    }
    const end = xml.indexOf('>', start);
    if (end < 0) return null;
    const selfClosing = xml[end - 1] === '/';
    return { attrs: attributes(xml.slice(start + name.length + 1, selfClosing ? end - 1 : end)), start, end: end + 1, selfClosing };
  }
}

function properties(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  for (;;) {
    const tag = openTag(body, 'property', at);
    if (tag === null) return out;
    const name = tag.attrs.get('name');
    if (name !== undefined && !out.has(name)) out.set(name, tag.attrs.get('value') ?? '');
    at = tag.end;
  }
}

function systemOut(body: string): string {
  const start = body.indexOf('<system-out>');
  if (start < 0) return '';
  const end = body.indexOf('</system-out>', start);
  return decodeXml(body.slice(start + '<system-out>'.length, end < 0 ? body.length : end));
}

function statusOf(body: string): Status {
  if (openTag(body, 'error') !== null) return 'error';
  if (openTag(body, 'failure') !== null) return 'fail';
  const skipped = openTag(body, 'skipped');
  if (skipped !== null) return /^Inconclusive\b/.test(skipped.attrs.get('message') ?? '') ? 'inconclusive' : 'skip';
  // RenderJunitOptions.warnings 'pass': a failed SHOULD/MAY shown as a pass with the warning in system-out.
  if (/^(SHOULD|MAY) requirement not met/.test(systemOut(body))) return 'fail';
  return 'pass';
}

const int = (v: string | undefined): number => (v !== undefined && /^[0-9]+$/.test(v) ? Number(v) : NaN);

/** The test cases and totals of a junit.xml written by render-junit.ts. */
export function parseJunit(xml: string): JunitDocument {
  const root = openTag(xml, 'testsuites');
  const totals =
    root === null
      ? null
      : {
          tests: int(root.attrs.get('tests')),
          failures: int(root.attrs.get('failures')),
          errors: int(root.attrs.get('errors')),
          skipped: int(root.attrs.get('skipped')),
        };
  let verdict: string | null = null;
  const cases: JunitCase[] = [];
  const unverified: string[] = [];
  const expected = { ids: [] as string[], failures: 0 };
  let at = 0;
  for (;;) {
    const suite = openTag(xml, 'testsuite', at);
    if (suite === null) break;
    const close = xml.indexOf('</testsuite>', suite.end);
    const suiteEnd = suite.selfClosing ? suite.end : close < 0 ? xml.length : close;
    const suiteXml = xml.slice(suite.end, suiteEnd);
    const isUnverified = suite.attrs.get('name') === 'unverified MUST requirements';
    const isExpected = (suite.attrs.get('name') ?? '').startsWith('expected failures');
    // Suite properties come before the first test case.
    const firstCase = suiteXml.indexOf('<testcase');
    const suiteProps = properties(firstCase < 0 ? suiteXml : suiteXml.slice(0, firstCase));
    verdict ??= suiteProps.get('verdict') ?? null;
    let caseAt = 0;
    for (;;) {
      const tc = openTag(suiteXml, 'testcase', caseAt);
      if (tc === null) break;
      const caseClose = tc.selfClosing ? tc.end : suiteXml.indexOf('</testcase>', tc.end);
      const body = tc.selfClosing ? '' : suiteXml.slice(tc.end, caseClose < 0 ? suiteXml.length : caseClose);
      caseAt = caseClose < 0 ? suiteXml.length : tc.selfClosing ? tc.end : caseClose + '</testcase>'.length;
      const props = properties(body);
      if (isExpected) {
        expected.ids.push(/^\[([^\]]*)\]/.exec(tc.attrs.get('name') ?? '')?.[1] ?? '');
        if (openTag(body, 'failure') !== null) expected.failures += 1;
        continue;
      }
      if (isUnverified) {
        const id = props.get('requirement');
        // A group of requirements left out by the selection lists their ids in system-out.
        if (id !== undefined) unverified.push(id);
        else
          unverified.push(
            ...systemOut(body)
              .split('\n')
              .slice(1)
              .map((l) => l.trim())
              .filter((l) => l !== ''),
          );
        continue;
      }
      cases.push({
        classname: tc.attrs.get('classname') ?? '',
        name: tc.attrs.get('name') ?? '',
        requirement: props.get('requirement') ?? null,
        status: statusOf(body),
      });
    }
    at = suite.selfClosing ? suite.end : close < 0 ? xml.length : close + '</testsuite>'.length;
  }
  return { totals, verdict, cases, unverified, expected };
}
