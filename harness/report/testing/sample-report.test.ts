import { describe, expect, it } from 'vitest';
import { LEVELS, STATUSES, reportSchema } from '../model.js';
import { HOSTILE_TEXT, hostileReport, sampleReport } from './sample-report.js';

describe('sampleReport', () => {
  it('is a valid report', () => {
    expect(() => reportSchema.parse(sampleReport())).not.toThrow();
  });

  it('has counts, domain summaries and coverage that agree with its checks', () => {
    const report = sampleReport();
    expect(report.counts.total).toBe(report.checks.length);
    for (const s of STATUSES) {
      expect(report.counts.byStatus[s]).toBe(report.checks.filter((c) => c.status === s).length);
      for (const l of LEVELS) {
        expect(report.counts.byLevel[l][s]).toBe(report.checks.filter((c) => c.status === s && c.level === l).length);
      }
    }
    for (const d of report.domains) {
      expect(STATUSES.reduce((n, s) => n + d.counts[s], 0)).toBe(report.checks.filter((c) => c.domain === d.domain).length);
    }
    for (const r of report.requirements) {
      expect(r.checks).toBe(report.checks.filter((c) => c.requirementId === r.id).length);
    }
    expect(new Set(report.checks.map((c) => c.key)).size).toBe(report.checks.length);
  });

  it('exercises every status, every level and uncovered requirements', () => {
    const report = sampleReport();
    expect(new Set(report.checks.map((c) => c.status))).toEqual(new Set(STATUSES));
    expect(new Set(report.checks.map((c) => c.level))).toEqual(new Set(LEVELS));
    expect(report.requirements.some((r) => r.status === null)).toBe(true);
    expect(report.verdict).toBe('non-conformant');
  });

  it('returns a fresh copy each time', () => {
    const a = sampleReport();
    a.checks.length = 0;
    expect(sampleReport().checks.length).toBeGreaterThan(0);
  });
});

describe('hostileReport', () => {
  it('is still valid, with hostile text in free-text fields only', () => {
    const report = hostileReport();
    expect(report.checks.every((c) => c.title.endsWith(HOSTILE_TEXT))).toBe(true);
    expect(report.checks.every((c) => STATUSES.includes(c.status))).toBe(true);
    const ids = new Set(report.requirements.map((r) => r.id));
    expect(report.checks.every((c) => ids.has(c.requirementId))).toBe(true);
  });
});
