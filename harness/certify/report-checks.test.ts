import { describe, expect, it } from 'vitest';
import type { Report } from '../report/model.js';
import { buildEnvironment, type Environment } from './environment.js';
import {
  catalogueHashProblems,
  certifyRunFindings,
  environmentFindings,
  mustRequirementProblems,
  reportConsistencyProblems,
  specHashProblems,
} from './report-checks.js';
import { syntheticReport } from './testing/synthetic-bundle.js';

const report = syntheticReport();
const environment = await buildEnvironment({ report, startedAt: report.startedAt, finishedAt: report.finishedAt, mode: 'certify' });
const verifier = environment.tool;

function withCheck(r: Report, id: string, change: Partial<Report['checks'][number]>): Report {
  return { ...r, checks: r.checks.map((c) => (c.requirementId === id ? { ...c, ...change } : c)) };
}

describe('verify: report.json and environment.json', () => {
  it('finds nothing wrong with a full, conformant certify run and its environment', () => {
    expect(certifyRunFindings(report, environment)).toEqual({ problems: [], warnings: [] });
    expect(environmentFindings(report, environment, verifier)).toEqual({ problems: [], warnings: [] });
    expect(specHashProblems(environment)).toEqual([]);
    expect(catalogueHashProblems(environment)).toEqual([]);
    expect(reportConsistencyProblems(report)).toEqual([]);
    expect(mustRequirementProblems(report)).toEqual([]);
  });

  it('tells a narrowed, short, ordinary or self-test run from a certification', async () => {
    const narrowed = syntheticReport({ suites: ['contacts', 'auth'], requirements: ['CT-NAME-MIN'], numRuns: 5 });
    const problems = certifyRunFindings(narrowed, { ...environment, mode: 'run' }).problems;
    expect(problems).toEqual([
      'environment.json says mode "run", not "certify"',
      'the run was narrowed to requirements CT-NAME-MIN (CONFORMANCE_REQUIREMENTS)',
      expect.stringMatching(/^the run left out suites rate-limit, time-entries, .* \(CONFORMANCE_SUITES\)$/),
      '5 runs per property, fewer than the default 20',
    ]);
    const known = { ...report, settings: { ...report.settings, expectedFailures: 'known.txt' } };
    expect(certifyRunFindings(known, environment).problems).toEqual([
      'known failures were listed (CONFORMANCE_EXPECTED_FAILURES=known.txt): never allowed in a certification',
    ]);
    const faults = { ...report, target: { ...report.target, faults: ['rl-off-by-one'] } };
    expect(certifyRunFindings(faults, environment).problems[0]).toMatch(/faults were injected/);
    expect(certifyRunFindings({ ...report, target: { ...report.target, embedded: true } }, environment)).toEqual({
      problems: [],
      warnings: ['the target was the embedded reference server, not a vendor product'],
    });
  });

  it('names an environment that does not describe the run, and a bundle made by another version', () => {
    const other: Environment = { ...environment, seed: 99, runId: 'x', startedAt: '2026-11-20T10:00:30.000Z' };
    expect(environmentFindings(report, other, verifier).problems).toEqual([
      'run id: environment.json "x", report.json "20261120T100000Z-0001"',
      'seed: environment.json 99, report.json 1234',
      expect.stringMatching(/^times: the certification ran 2026-11-20T10:00:30.000Z to .* which does not enclose the report's/),
    ]);
    expect(environmentFindings(report, environment, { ...verifier, version: '9.9.9' }).warnings).toEqual([
      `made by ${verifier.name} ${verifier.version}, verified by ${verifier.name} 9.9.9`,
    ]);
  });

  it('names spec and catalogue hashes this tool does not know', () => {
    const changed = { ...environment, spec: { ...environment.spec, sha256: 'f'.repeat(64) }, catalogue: { ...environment.catalogue, sha256: '0'.repeat(64) } };
    expect(specHashProblems(changed)).toEqual([
      `environment.json names spec sha256 ffffffffffffffff…; this tool knows ${environment.spec.sha256.slice(0, 16)}… (spec/work-management-api-v1.md)`,
    ]);
    expect(catalogueHashProblems(changed)).toEqual([
      `environment.json names catalogue sha256 0000000000000000…; this tool's catalogue is ${environment.catalogue.sha256.slice(0, 16)}…`,
    ]);
  });

  it('recomputes counts, coverage, unverified requirements and verdict from the checks', () => {
    // An edited check status with nothing else changed.
    const edited = withCheck(report, 'CT-NAME-MIN', { status: 'fail' });
    expect(reportConsistencyProblems(edited)).toEqual([
      expect.stringMatching(/^counts.byStatus .* is not what the checks give/),
      expect.stringMatching(/^counts.byLevel.MUST is not what the checks give/),
      'domain contacts: its summary is not what its checks give',
      'requirement coverage disagrees with the checks: CT-NAME-MIN (says pass over 1, checks give fail over 1)',
      'the verdict says conformant, the checks give non-conformant',
    ]);
    // An edited verdict.
    expect(reportConsistencyProblems({ ...syntheticReport({ statuses: { 'CT-NAME-MIN': 'fail' } }), verdict: 'conformant' })).toEqual([
      'the verdict says conformant, the checks give non-conformant',
    ]);
    // A check removed from the report.
    const dropped = { ...report, checks: report.checks.filter((c) => c.requirementId !== 'AUTH-BEARER') };
    expect(reportConsistencyProblems(dropped)).toContain('unverified MUST requirements: report.json lists 0, the checks give 1');
  });

  it('requires every MUST requirement of the catalogue present and passed, and the verdict conformant', () => {
    expect(mustRequirementProblems(syntheticReport({ statuses: { 'CT-NAME-MIN': 'fail', 'AUTH-BEARER': 'skip', 'PAGE-ECHO': 'inconclusive' } }))).toEqual([
      '3 MUST requirement(s) not passed: AUTH-BEARER (skip), CT-NAME-MIN (fail), PAGE-ECHO (inconclusive)',
      '2 MUST requirement(s) unverified: AUTH-BEARER (not-applicable), PAGE-ECHO (inconclusive)',
      'the verdict is non-conformant, not conformant',
    ]);
    const missing = { ...report, requirements: report.requirements.filter((r) => r.id !== 'CT-NAME-MIN') };
    expect(mustRequirementProblems(missing)).toEqual(['1 MUST requirement(s) missing from report.json: CT-NAME-MIN']);
    // The checks themselves count even when the coverage table says pass.
    expect(mustRequirementProblems(withCheck(report, 'ENV-GET', { status: 'error' }))).toEqual(['1 MUST requirement(s) not passed: ENV-GET (a check error)']);
  });
});
