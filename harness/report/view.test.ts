import { describe, expect, it } from 'vitest';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { sampleReport, withLevel } from './testing/sample-report.js';
import { reportView } from './view.js';

describe('reportView', () => {
  it('orders checks worst first and splits the failures by level', () => {
    const view = reportView(sampleReport());
    expect(view.checks.map((c) => c.status).slice(0, 6)).toEqual(['error', 'fail', 'fail', 'fail', 'fail', 'fail']);
    expect(view.failedMust.map((c) => c.requirementId).sort()).toEqual(['CT-EMAIL-FORMAT', 'RL-HEADERS-SUCCESS', 'RL-RETRY-AFTER', 'TE-DATE-REAL']);
    expect(view.warnings.map((c) => c.requirementId)).toEqual(['VALIDATION-STATUS-CONSISTENT']);
    expect(view.errors.map((c) => c.requirementId)).toEqual(['EX-APPROVE']);
    expect(view.inconclusive.map((c) => c.requirementId)).toEqual(['WH-SIGNATURE']);
    expect(view.checkAnchors.size).toBe(view.checks.length);
  });

  it('derives the rows both renderers show: domains, levels, requirements, header lines', () => {
    const report = sampleReport();
    const view = reportView(report);
    expect(view.domains.map((d) => d.summary.domain)).toEqual(['authentication', 'contacts', 'errors', 'expenses', 'limits', 'time-entries', 'webhooks']);
    expect(view.domains.find((d) => d.summary.domain === 'errors')?.view).toEqual({ status: 'fail', warning: true, note: '' });
    expect(view.levels.map((l) => [l.level, l.total])).toEqual([
      ['MUST', 20],
      ['SHOULD', 1],
      ['MAY', 0],
    ]);
    expect(view.requirements.uncovered).toBe(2);
    expect(view.requirements.rows.map((r) => r.section)[0]).toBe('2.1');
    expect(view.unverified.mustTotal).toBe(report.requirements.filter((r) => r.level === 'MUST').length);
    expect(view.meta.filter((m) => !m.inSummary).map((m) => m.label)).toEqual(['Finished', 'Checks']);
    expect(view.matrix?.failed).toBe(1);
    expect(view.inputClasses).toBeNull();
    expect(view.endpoints.exercised).toBe(2);
  });

  it('counts a failed MAY check (a level the catalogue has none of) as a warning in both formats', () => {
    const report = sampleReport();
    report.checks = report.checks.map((c) => (c.requirementId === 'VALIDATION-STATUS-CONSISTENT' ? withLevel(c, 'MAY') : c));
    const view = reportView(report);
    expect(view.warnings.map((c) => [c.requirementId, c.level])).toEqual([['VALIDATION-STATUS-CONSISTENT', 'MAY']]);
    expect(renderHtml(report)).toContain('title="MAY not met: a warning, not a conformance failure">fail (notice)</span>');
    expect(renderMarkdown(report)).toContain('⚠️ fail (notice)');
  });
});
