import { describe, expect, it } from 'vitest';
import { parseReportMarkdown } from '../certify/markdown.js';
import type { Report } from './model.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminalSummary } from './render-terminal.js';
import { incompleteReport, sampleReport } from './testing/sample-report.js';

/*
 * A run against the embedded reference server says so in every format, beside the verdict: its
 * green verdict is the reference's, never the user's server's.
 */

const WORDS = 'embedded reference server, not your server';

function embedded(report: Report): Report {
  return { ...report, target: { ...report.target, url: 'http://127.0.0.1:40123/api/v1', embedded: true, kind: 'embedded reference server' } };
}

describe('a report of the embedded reference server', () => {
  const reports = { external: incompleteReport(), embedded: embedded(incompleteReport()) };

  it('says so on the terminal verdict line and in the closing line', () => {
    const text = renderTerminalSummary(reports.embedded, { color: false });
    expect(text).toMatch(new RegExp(`^INCOMPLETE \\(${WORDS}\\) {2}No MUST check failed`, 'm'));
    expect(text).toMatch(/against the embedded reference server at http:\/\/127\.0\.0\.1:40123\/api\/v1 \(not your server\) \(run /);
    expect(renderTerminalSummary(reports.external, { color: false })).not.toContain('embedded reference server');
  });

  it("says so in summary.md's first line, which verify still reads the verdict from", () => {
    const md = renderMarkdown(reports.embedded);
    expect(md.split('\n')[0]).toBe(`# Conformance report: ⚠️ INCOMPLETE (${WORDS})`);
    expect(parseReportMarkdown(md).verdict).toBe('INCOMPLETE');
    expect(renderMarkdown(reports.external).split('\n')[0]).toBe('# Conformance report: ⚠️ INCOMPLETE');
  });

  it("says so in report.html's title and heading", () => {
    const html = renderHtml(reports.embedded);
    expect(html).toContain(`<h1>Conformance report (${WORDS})</h1>`);
    expect(html).toMatch(new RegExp(`<title>INCOMPLETE \\(${WORDS}\\): conformance report for `));
    expect(renderHtml(reports.external)).not.toContain(WORDS);
  });

  it("says so in junit.xml's suite name and target property", () => {
    const xml = renderJunit(embedded(sampleReport()));
    expect(xml).toMatch(/<testsuites name="[^"]*: the embedded reference server at http:\/\/127\.0\.0\.1:40123\/api\/v1 \(not your server\)"/);
    expect(xml).toContain('<property name="target" value="the embedded reference server at http://127.0.0.1:40123/api/v1 (not your server)"/>');
    expect(renderJunit(sampleReport())).not.toContain('embedded reference server');
  });
});
