import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.js';
import { hostileReport, incompleteReport, sampleReport } from './sample-report.js';

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
    expect(section(md, 'Errors')).toContain('EX-APPROVE-200');
    expect(section(md, 'Inconclusive')).toContain('WH-SIGNATURE-HMAC');
    const observations = section(md, 'Observations');
    expect(observations).toContain('**validation-status**');
    expect(observations).toContain('| 422 | POST /contacts, POST /time-entries | ERR-CONSISTENT-VALIDATION |');
    const coverage = section(md, 'Requirement coverage');
    expect(coverage).toContain('2 not covered');
    expect(coverage.match(/not covered\*\*/g)).toHaveLength(2);
    expect(coverage).toMatch(/LIM-RATE-HEADERS .*⚠️ fail \(warning\)/);
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
    const check = report.checks.find((c) => c.requirementId === 'LIM-RATE-HEADERS');
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
    report.observations.push({ topic: 'status-transition', domain: 'tasks', subject: 'task status completed → in_progress', value: 'refused (409)', requirementId: 'TRANSITION-REFUSED-UNCHANGED' });
    const md = renderMarkdown(report);
    expect(section(md, 'Status transitions')).toContain('| completed | refused (409) |');
  });
});
