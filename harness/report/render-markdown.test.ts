import { describe, expect, it } from 'vitest';
import { checkAnchor } from './anchors.js';
import type { CheckResult, Report } from './model.js';
import { renderMarkdown, renderSummaryMarkdown, SUMMARY_MAX_CHARS } from './render-markdown.js';
import { hostileReport, incompleteReport, sampleReport } from './testing/sample-report.js';

/** Pipes that split a GFM table row: those not preceded by an odd number of backslashes. */
function cellSeparators(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== '|') continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && line[j] === '\\'; j--) slashes += 1;
    if (slashes % 2 === 0) count += 1;
  }
  return count;
}

/** Lines outside fenced code blocks (fences of any length, closed by one at least as long). */
function outsideFences(md: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const m = /^(`{3,})/.exec(line);
    if (fence === null && m) fence = m[1] ?? null;
    else if (fence !== null && m && (m[1] ?? '').length >= fence.length && line.trim() === m[1]) fence = null;
    else if (fence === null) out.push(line);
  }
  expect(fence).toBeNull();
  return out;
}

/** Consecutive table lines must all have the header's number of cell separators. */
function expectTablesIntact(md: string): number {
  let tables = 0;
  let expected: number | null = null;
  for (const line of outsideFences(md)) {
    if (!line.startsWith('|')) {
      expected = null;
      continue;
    }
    if (expected === null) {
      expected = cellSeparators(line);
      tables += 1;
    } else {
      expect(cellSeparators(line), line).toBe(expected);
    }
  }
  return tables;
}

function section(md: string, heading: string): string {
  const start = md.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = md.indexOf('\n## ', start + 4);
  return md.slice(start, end < 0 ? undefined : end);
}

describe('renderMarkdown', () => {
  it('starts with the verdict and names target and run', () => {
    const report = sampleReport();
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe('# Conformance report: ❌ NON-CONFORMANT');
    expect(md).toContain(report.target.url);
    expect(md).toContain(report.runId);
  });

  it('lists every failure by requirement id, MUST failures before SHOULD/MAY warnings', () => {
    const report = sampleReport();
    const md = renderMarkdown(report);
    const failures = section(md, 'Failures (MUST)');
    const warnings = section(md, 'Warnings (SHOULD and MAY)');
    for (const c of report.checks.filter((c) => c.status === 'fail')) {
      expect(c.level === 'MUST' ? failures : warnings).toContain(`[${c.requirementId}\\]`);
    }
    expect(md.indexOf('## Failures (MUST)')).toBeLessThan(md.indexOf('## Warnings (SHOULD and MAY)'));
  });

  it('gives each failure its message, curl and response excerpt in fenced blocks', () => {
    const report = sampleReport();
    const md = renderMarkdown(report);
    const check = report.checks.find((c) => c.requirementId === 'TE-DATE-REAL');
    expect(md).toContain(`\`\`\`sh\n${check?.exchange?.curl}\n\`\`\``);
    expect(md).toContain(check?.exchange?.bodyExcerpt);
    expect(md).toContain('seed 1842906137, path "4:0"');
  });

  it('lists errors and inconclusive checks, observations by topic and uncovered requirements', () => {
    const md = renderMarkdown(sampleReport());
    expect(section(md, 'Errors')).toContain('EX-APPROVE');
    expect(section(md, 'Inconclusive')).toContain('WH-SIGNATURE');
    const observations = section(md, 'Observations');
    expect(observations).toContain('**validation-status**');
    expect(observations).toContain('| 422 | POST /contacts, POST /time-entries | VALIDATION-STATUS-CONSISTENT |');
    const coverage = section(md, 'Requirement coverage');
    expect(coverage).toContain('2 not covered');
    expect(coverage.match(/not covered\*\*/g)).toHaveLength(2);
    expect(coverage).toMatch(/VALIDATION-STATUS-CONSISTENT .*⚠️ fail \(warning\)/);
    expect(coverage).toMatch(/RL-HEADERS-SUCCESS .*❌ fail/);
  });

  it('keeps every table intact', () => {
    expect(expectTablesIntact(renderMarkdown(sampleReport()))).toBe(6 + 7); // results, unverified, domains, matrix, coverage, endpoints, 7 topics
  });

  it('keeps tables and fences intact and renders no HTML from hostile data', () => {
    const md = renderMarkdown(hostileReport());
    expect(expectTablesIntact(md)).toBe(6 + 7);
    // Code spans show their content verbatim, so only text outside them and fences can be markup.
    const prose = outsideFences(md)
      .map((line) => line.replace(/(`+)(?:[^`]|(?!\1)`+)*?\1(?!`)/g, ''))
      .join('\n');
    expect(outsideFences(md).every((line) => !/^\s*(?:[-*+]\s+|\d+[.)]\s+)?`{3,}/.test(line))).toBe(true);
    // No tag but our own <br>, no link syntax, no control characters anywhere.
    expect(prose).not.toMatch(/<(?!br>)[a-z/!]/i);
    expect(prose).not.toMatch(/(^|[^\\])\]\(/);
    expect(md).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    // A line break in data never starts a block of its own: every heading is one of ours.
    const headings = outsideFences(md).filter((line) => /^\s{0,3}#/.test(line));
    expect(headings.filter((h) => !/^(# Conformance report: |## [A-Z]|### \\\[)/.test(h))).toEqual([]);
    // The hostile ``` inside a body did not end its block: bodies use a longer fence.
    expect(md).toContain('````http\n');
  });

  it('keeps a leaked secret verbatim wherever it appears, so the writer can redact it', () => {
    const secret = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
    const report = sampleReport();
    const check = report.checks.find((c) => c.requirementId === 'RL-HEADERS-SUCCESS');
    if (!check?.exchange) throw new Error('fixture changed');
    check.title = `${check.title} (${secret})`;
    check.message = `key ${secret} echoed`;
    check.exchange.bodyExcerpt = `{"key":"${secret}"}`;
    const md = renderMarkdown(report);
    expect(md.split(secret).length - 1).toBe(3);
    expect(md).not.toContain('wmk\\_');
  });

  it('is deterministic and independent of input order', () => {
    const report = sampleReport();
    const shuffled = sampleReport();
    shuffled.checks.reverse();
    shuffled.domains.reverse();
    shuffled.observations.reverse();
    shuffled.requirements.reverse();
    expect(renderMarkdown(report)).toBe(renderMarkdown(report));
    expect(renderMarkdown(shuffled)).toBe(renderMarkdown(report));
  });

  it('says so when no MUST check failed', () => {
    const report = sampleReport();
    report.checks = report.checks.filter((c) => c.status !== 'fail' || c.level !== 'MUST');
    report.verdict = 'conformant';
    report.counts.byLevel.MUST.fail = 0;
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe('# Conformance report: ✅ CONFORMANT');
    expect(section(md, 'Failures (MUST)')).toContain('No MUST check failed.');
    expect(md).toContain('## Warnings (SHOULD and MAY)');
  });

  it('labels an incomplete run INCOMPLETE, never conformant, and lists every unverified MUST requirement with the reason', () => {
    const report = incompleteReport();
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe('# Conformance report: ⚠️ INCOMPLETE');
    expect(md).not.toMatch(/(?<!non-)\bconformant\b/i);
    const unverified = section(md, 'Unverified MUST requirements');
    for (const u of report.unverified) expect(unverified).toContain(u.id);
    expect(unverified).toContain('| not configured | CONFORMANCE_LIMITED_KEY is not set | 1 |');
    expect(unverified).toMatch(/\| not selected \| CONFORMANCE_SUITES=contacts \| \d+ \|/);
  });

  it('shows the status-transition matrix when the run attempted status changes', () => {
    const report = sampleReport();
    expect(renderMarkdown(report)).not.toContain('## Status transitions');
    report.observations.push({
      topic: 'status-transition',
      domain: 'tasks',
      subject: 'task status completed → in_progress',
      value: 'refused (409)',
      requirementId: 'TRANSITION-REFUSED-UNCHANGED',
    });
    const md = renderMarkdown(report);
    expect(section(md, 'Status transitions')).toContain('| completed | refused (409) |');
  });
});

/**
 * The sample report grown to what a badly failing large run produces: `copies` of every check
 * (each with a 6 KB body and a long message), hundreds of observations and a long target URL.
 */
function hugeReport(copies: number, base: Report = sampleReport()): Report {
  const report = base;
  const checks: CheckResult[] = [];
  for (let i = 0; i < copies; i++) {
    for (const c of report.checks) {
      checks.push({
        ...c,
        key: `${c.key} #${i}`,
        title: `${c.title} (copy ${i})`,
        message: c.message === null ? null : `${c.message} ${'x'.repeat(i % 7 === 0 ? 900 : 40)}`,
        exchange: c.exchange === null ? null : { ...c.exchange, bodyExcerpt: `${c.exchange.bodyExcerpt}\n${'{"k":"v"}'.repeat(700)}` },
      });
    }
  }
  report.checks = checks;
  for (const s of ['pass', 'skip', 'inconclusive', 'fail', 'error'] as const) report.counts.byStatus[s] *= copies;
  report.counts.total *= copies;
  report.target.url = `https://api.example.com/${'segment/'.repeat(200)}api/v1`;
  for (let i = 0; i < 400; i++) {
    report.observations.push({ topic: `topic-${i}`, domain: 'contacts', subject: `GET /contacts?i=${i}`, value: `value ${i}`, requirementId: null });
  }
  return report;
}

describe('renderSummaryMarkdown (summary.md)', () => {
  it('is the complete Markdown, failures first, when the run fits', () => {
    const report = sampleReport();
    const summary = renderSummaryMarkdown(report);
    const full = renderMarkdown(report);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    // Same sections, same lines: only errors and unverified requirements move before the warnings.
    expect(summary.split('\n').sort()).toEqual(full.split('\n').sort());
    expect(summary).not.toContain('shortened');
    const order = ['## Results', '## Domains', '## Failures (MUST)', '## Errors', '## Unverified MUST requirements', '## Warnings (SHOULD and MAY)'].map((h) =>
      summary.indexOf(`\n${h}\n`),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expectTablesIntact(summary);
  });

  it('fits a pull-request comment however large the run: verdict, counts, domains, every failure at least in one line', () => {
    const report = hugeReport(60);
    const full = renderMarkdown(report);
    expect(full.length).toBeGreaterThan(1_000_000);
    const summary = renderSummaryMarkdown(report);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(SUMMARY_MAX_CHARS).toBeLessThanOrEqual(65_536);
    expect(summary.split('\n')[0]).toBe('# Conformance report: ❌ NON-CONFORMANT');
    expect(section(summary, 'Results')).toContain(`**${report.counts.total}**`);
    expect(summary).toContain('## Domains');
    // Failures come first, the first of them with its evidence and its link into report.html.
    const failures = section(summary, 'Failures (MUST)');
    const first = report.checks.filter((c) => c.status === 'fail' && c.level === 'MUST').sort((a, b) => (a.key < b.key ? -1 : 1))[0]!;
    expect(failures).toContain('**Reproduce**');
    expect(summary).toContain(`report.html#${checkAnchor(first)}`);
    expect(summary.indexOf('## Failures (MUST)')).toBeLessThan(summary.indexOf('## Observations') < 0 ? Infinity : summary.indexOf('## Observations'));
    // What was cut is said, with where to find it.
    const closing = summary.slice(summary.lastIndexOf('\n---\n'));
    expect(closing).toMatch(/shortened to fit a pull-request comment/);
    expect(closing).toContain(`the complete one has ${full.length}`);
    expect(closing).toContain('`report.html`');
    expect(closing).toContain('`summary-full.md`');
    expectTablesIntact(summary);
  });

  it('keeps the bound, its tables and its fences for any length asked and for hostile data', () => {
    for (const maxChars of [10_000, 25_000, SUMMARY_MAX_CHARS]) {
      for (const report of [hugeReport(20), hugeReport(20, hostileReport())]) {
        const summary = renderSummaryMarkdown(report, { maxChars });
        expect(summary.length).toBeLessThanOrEqual(maxChars);
        expect(summary).toContain('## Failures (MUST)');
        expectTablesIntact(summary);
        expect(summary).toMatch(/summary-full\.md`\._\n\n_Generated by [^\n]*_\n$/);
      }
    }
  });

  it('says so when only a part of the failures fit with their evidence, listing the others in one line', () => {
    const report = hugeReport(30);
    const summary = renderSummaryMarkdown(report, { maxChars: 20_000 });
    const mustFailures = report.checks.filter((c) => c.status === 'fail' && c.level === 'MUST').length;
    const failures = section(summary, 'Failures (MUST)');
    const detailed = (failures.match(/^### /gm) ?? []).length;
    const brief = (failures.match(/^- \*\*/gm) ?? []).length;
    const more = Number(/_… and (\d+) more checks?: see report\.html\._/.exec(failures)?.[1] ?? 0);
    expect(detailed).toBeGreaterThan(0);
    expect(detailed + brief + more).toBe(mustFailures);
    expect(summary).toMatch(/\d+ checks shown in one line without evidence/);
  });

  it('shows a domain whose only non-passing checks are skipped SHOULD checks as a pass with skips', () => {
    const report = sampleReport();
    const should = report.checks.find((c) => c.level === 'SHOULD')!;
    report.checks.push(
      { ...should, key: 'security-pass', domain: 'security', status: 'pass', message: null },
      { ...should, key: 'security-skip', domain: 'security', status: 'skip', message: 'not applicable' },
    );
    report.domains.push({ domain: 'security', status: 'skip', counts: { pass: 1, skip: 1, inconclusive: 0, fail: 0, error: 0 } });
    const md = renderSummaryMarkdown(report);
    expect(section(md, 'Domains')).toContain('| security | ✅ pass, 1 skipped (SHOULD) | 1 | 1 | 0 | 0 | 0 |');
    // A skipped MUST check leaves a requirement unverified: still a skip.
    report.checks.push({ ...should, key: 'security-must-skip', level: 'MUST', domain: 'security', status: 'skip', message: 'not configured' });
    expect(section(renderMarkdown(report), 'Domains')).toContain('| security | ⏭️ skip, 2 skipped (MUST, SHOULD) |');
  });
});
