import { describe, expect, it } from 'vitest';
import type { Report } from '../report/model.js';
import { renderJunit } from '../report/render-junit.js';
import { renderMarkdown, renderSummaryMarkdown } from '../report/render-markdown.js';
import { hostileReport, incompleteReport, sampleReport } from '../report/testing/sample-report.js';
import { formatAgreementProblems } from './agreement.js';
import { parseJunit } from './junit.js';
import { parseReportMarkdown } from './markdown.js';
import { syntheticReport } from './testing/synthetic-bundle.js';

function agree(report: Report, junit = renderJunit(report), markdown = { name: 'summary-full.md', text: renderMarkdown(report) }): string[] {
  return formatAgreementProblems({ report, junit, markdown, readme: `# x\n\n**Verdict: ✅ ${report.verdict.toUpperCase()}**\n` });
}

/** Many failing MUST checks, so that summary.md must be shortened. */
function manyFailures(): Report {
  const statuses = Object.fromEntries(
    [
      'CT-CREATE-VALID',
      'CT-NAME-MIN',
      'CT-EMAIL-FORMAT',
      'CT-WEBSITE-URL',
      'AUTH-BEARER',
      'AUTH-X-API-KEY',
      'PAGE-ECHO',
      'PAGE-TOTAL',
      'ENV-LIST',
      'ENV-GET',
    ].map((id) => [id, 'fail' as const]),
  );
  return syntheticReport({ statuses: { ...statuses, 'PAGE-DEFAULTS': 'error', 'PAGE-LIMIT-APPLIED': 'inconclusive', 'ID-UNKNOWN-404': 'fail' } });
}

/** Known failures listed (CONFORMANCE_EXPECTED_FAILURES): one failed as expected, one stale, one expired. */
function withExpected(): Report {
  const report = syntheticReport({ statuses: { 'CT-NAME-MIN': 'fail', 'CT-WEBSITE-URL': 'fail' } });
  return {
    ...report,
    settings: { ...report.settings, expectedFailures: 'known-failures.txt' },
    expectedFailures: [
      { id: 'CT-NAME-MIN', reason: 'ticket 12', expires: null, state: 'expected', failed: 1 },
      { id: 'AUTH-BEARER', reason: 'ticket 13', expires: null, state: 'stale', failed: 0 },
      { id: 'CT-WEBSITE-URL', reason: 'ticket 14', expires: '2026-01-01', state: 'expired', failed: 1 },
    ],
  };
}

describe('junit.xml, Markdown and report.json agree', () => {
  it.each([
    ['a non-conformant sample', sampleReport],
    ['an incomplete sample', incompleteReport],
    ['a sample full of hostile text', hostileReport],
    ['a conformant run', () => syntheticReport()],
    ['a run with failures, an error and an inconclusive check', manyFailures],
    ['a run with known failures listed', withExpected],
  ])('finds nothing to say about the formats of %s as rendered', (_what, make) => {
    expect(agree(make())).toEqual([]);
  });

  it('reads every check back from junit.xml with its status', () => {
    const report = sampleReport();
    const junit = parseJunit(renderJunit(report));
    expect(junit.cases).toHaveLength(report.checks.length);
    for (const status of ['pass', 'skip', 'inconclusive', 'fail', 'error'] as const) {
      expect(junit.cases.filter((c) => c.status === status).length).toBe(report.checks.filter((c) => c.status === status).length);
    }
    expect(junit.unverified.sort()).toEqual(report.unverified.map((u) => u.id).sort());
    // SHOULD failures rendered as passes with the warning in system-out still read as failures.
    expect(parseJunit(renderJunit(report, { warnings: 'pass' })).cases.filter((c) => c.status === 'fail').length).toBe(
      report.checks.filter((c) => c.status === 'fail').length,
    );
  });

  it('accepts a shortened summary.md that lists fewer checks and says how many more', () => {
    const report = manyFailures();
    const text = renderSummaryMarkdown(report, { maxChars: 8_000 });
    expect(parseReportMarkdown(text).shortened).toBe(true);
    expect(agree(report, undefined, { name: 'summary.md', text })).toEqual([]);
  });

  it('names a check dropped from junit.xml', () => {
    const report = manyFailures();
    const xml = renderJunit(report);
    const start = xml.indexOf('<testcase classname="contacts" name="[CT-NAME-MIN]');
    const dropped = xml.slice(0, start) + xml.slice(xml.indexOf('</testcase>', start) + '</testcase>\n'.length);
    const problems = agree(report, dropped);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^junit.xml lacks 1 check\(s\) report.json has: fail \[CT-NAME-MIN\] MUST hold CT-NAME-MIN \(contacts\)/);
  });

  it('names a status edited in junit.xml, and a verdict edited there', () => {
    const report = syntheticReport();
    const xml = renderJunit(report);
    const start = xml.indexOf('<testcase classname="contacts" name="[CT-NAME-MIN]');
    const close = xml.indexOf('</testcase>', start);
    const failed = `${xml.slice(0, close)}<failure message="x" type="failure">x</failure>\n${xml.slice(close)}`;
    expect(agree(report, failed)).toEqual(['junit.xml shows [CT-NAME-MIN] MUST hold CT-NAME-MIN (contacts) as fail, report.json as pass']);
    expect(agree(report, xml.replaceAll('value="CONFORMANT"', 'value="NON-CONFORMANT"'))).toEqual([
      'junit.xml gives the verdict NON-CONFORMANT, report.json CONFORMANT',
    ]);
  });

  it('names a failure left out of the Markdown, a count edited there and its verdict', () => {
    const report = manyFailures();
    const md = renderMarkdown(report);
    const heading = md.split('\n').find((l) => l.startsWith('### ') && l.includes('CT-EMAIL-FORMAT'))!;
    expect(agree(report, undefined, { name: 'summary-full.md', text: md.replace(heading, 'removed') })).toEqual([
      expect.stringMatching(/^summary-full.md lists 9 check\(s\) under "Failures \(MUST\)", report.json has 10: missing \\\[CT-EMAIL-FORMAT\\\]/),
    ]);
    const all = md.split('\n').find((l) => l.startsWith('| **all** |'))!;
    expect(agree(report, undefined, { name: 'summary-full.md', text: md.replace(all, all.replace(/\*\*[0-9]+\*\*/, '**999**')) })[0]).toMatch(
      /^summary-full.md counts all checks differently from report.json \(pass 999 vs [0-9]+\)/,
    );
    expect(agree(report, undefined, { name: 'summary-full.md', text: md.replace('NON-CONFORMANT', 'CONFORMANT') })).toEqual([
      'summary-full.md gives the verdict CONFORMANT, report.json NON-CONFORMANT',
    ]);
  });

  it('is not fooled by a heading inside a fenced response body', () => {
    const report = manyFailures();
    const md = renderMarkdown(report).replace('```http\n', '```http\n### \\[FAKE-ID\\] MUST fake\n- **\\[FAKE\\] x** (y, spec 1)\n## Results\n');
    expect(agree(report, undefined, { name: 'summary-full.md', text: md })).toEqual([]);
  });

  it("names a README whose verdict is not the report's", () => {
    const report = syntheticReport();
    const problems = formatAgreementProblems({
      report,
      junit: renderJunit(report),
      markdown: { name: 'summary-full.md', text: renderMarkdown(report) },
      readme: '**Verdict: ❌ NON-CONFORMANT**',
    });
    expect(problems).toEqual(['README.md gives the verdict NON-CONFORMANT, report.json CONFORMANT']);
  });
});
