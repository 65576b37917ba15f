import { describe, expect, it } from 'vitest';
import { LEVELS, STATUSES, reportSchema } from '../model.js';
import { isRequirementId, requirement, REQUIREMENTS, type RequirementId } from '../../spec/requirements.js';
import { HOSTILE_TEXT, hostileReport, sampleReport, withLevel } from './sample-report.js';

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

  it('exercises every status, every level the catalogue holds, warnings and uncovered requirements', () => {
    const report = sampleReport();
    expect(new Set(report.checks.map((c) => c.status))).toEqual(new Set(STATUSES));
    const catalogueLevels = new Set(Object.values(REQUIREMENTS).map((r) => r.level));
    expect(new Set(report.checks.map((c) => c.level))).toEqual(catalogueLevels);
    expect(catalogueLevels).toEqual(new Set(['MUST', 'SHOULD']));
    expect(report.counts.byLevel.MUST.fail).toBe(4);
    expect(report.counts.byLevel.SHOULD.fail).toBe(1);
    expect(report.requirements.filter((r) => r.status === null).map((r) => r.id)).toEqual(['BATCH-SIZE', 'WH-DELIVERY-HEADERS']);
    expect(report.verdict).toBe('non-conformant');
  });

  it("names only requirements of the catalogue, with the catalogue's level, section and statement", () => {
    const report = sampleReport();
    const named = [
      ...report.checks.map((c) => c.requirementId),
      ...report.requirements.map((r) => r.id),
      ...report.unverified.map((u) => u.id),
      ...report.observations.flatMap((o) => (o.requirementId === null ? [] : [o.requirementId])),
    ];
    expect(named.filter((id) => !isRequirementId(id))).toEqual([]);
    for (const c of report.checks) {
      const r = requirement(c.requirementId as RequirementId);
      expect([c.requirementId, c.level, c.section]).toEqual([c.requirementId, r.level, r.section]);
    }
    for (const row of report.requirements) {
      const r = requirement(row.id as RequirementId);
      expect([row.id, row.level, row.section, row.statement]).toEqual([row.id, r.level, r.section, r.statement]);
    }
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

describe('withLevel', () => {
  it('overrides the level of one row, visibly, and leaves the rest and the original alone', () => {
    const check = sampleReport().checks.find((c) => c.requirementId === 'VALIDATION-STATUS-CONSISTENT')!;
    const may = withLevel(check, 'MAY');
    expect(may).toEqual({ ...check, level: 'MAY' });
    expect(check.level).toBe('SHOULD');
  });
});
