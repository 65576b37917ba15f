import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../spec/requirements.js';
import { reportExecuteSchema, reportScopeSchema } from '../spec/reports.js';
import { filterValues, reportExecute, reportExecuteViolationRequirements, reportExecuteViolations } from './reports.js';

const SCOPES = [
  { kind: 'project', id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' },
  { kind: 'person', id: '0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d' },
] as const;
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 424242): T[] => fc.sample(arb, { seed, numRuns });

describe('report execute generators', () => {
  it('give the same values for the same seed', () => {
    const a = sample(reportExecute({ scopes: SCOPES }), 50, 99);
    expect(sample(reportExecute({ scopes: SCOPES }), 50, 99)).toEqual(a);
    expect(sample(reportExecute({ scopes: SCOPES }), 50, 100)).not.toEqual(a);
  });

  it('only produce bodies that follow spec 4.9, with scopes only from the constraints', () => {
    for (const constraints of [{}, { scopes: SCOPES }]) {
      for (const body of sample(reportExecute(constraints))) {
        expect(reportExecuteSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
        if (body.scope !== undefined) expect(SCOPES).toContainEqual(body.scope);
      }
    }
    expect(sample(reportExecute({ scopes: SCOPES })).some((b) => b.scope !== undefined)).toBe(true);
    expect(sample(reportExecute()).every((b) => b.scope === undefined)).toBe(true);
  });

  it('exercise both pageSize bounds', () => {
    const sizes = sample(reportExecute(), 500).map((b) => b.pageSize);
    expect(sizes).toContain(1);
    expect(sizes).toContain(500);
  });

  it('filterValues are plain objects with prefixed keys', () => {
    for (const values of sample(filterValues())) {
      expect(Array.isArray(values)).toBe(false);
      for (const key of Object.keys(values)) expect(key.startsWith('conformance_')).toBe(true);
    }
  });

  it('every violation case fails the schema on the broken field only', () => {
    const cases = reportExecuteViolations({ scopes: SCOPES });
    for (const c of cases) {
      for (const body of sample(c.bodies, 40)) {
        const result = reportExecuteSchema.safeParse(body);
        expect(result.success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
        expect(new Set(result.error?.issues.map((issue) => String(issue.path[0]))), c.rule).toEqual(
          new Set([c.rule.startsWith('scope') ? 'scope' : c.rule.split(' ')[0]]),
        );
      }
    }
  });

  it('scope breaks fail the strict scope model', () => {
    for (const c of reportExecuteViolations().filter((v) => v.requirementId === 'RP-EXECUTE-SCOPE')) {
      for (const body of sample(c.bodies, 20)) expect(reportScopeSchema.safeParse(body['scope']).success, c.rule).toBe(false);
    }
  });

  it('cover the three execute rules, each case named once', () => {
    const cases = reportExecuteViolations();
    expect(new Set(cases.map((c) => c.rule)).size).toBe(cases.length);
    for (const c of cases) expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
    expect(reportExecuteViolationRequirements().sort()).toEqual(['RP-EXECUTE-FILTER-VALUES', 'RP-EXECUTE-PAGING', 'RP-EXECUTE-SCOPE']);
  });
});
