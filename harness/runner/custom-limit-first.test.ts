import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../config/schema.js';
import { sampleReport } from '../report/testing/sample-report.js';
import type { CheckResult, Report } from '../report/model.js';
import { customLimitQuestion, decidingConfig, decisionOf, stopLine, targetIgnoresReport } from './custom-limit-first.js';
import { planThrottling } from './throttle-preflight.js';

const FULL = { suites: DOMAINS, numRuns: 20, filtered: false } as const;
const CUSTOM = { paced: false, keys: { admin: 'wmk_a', customLimit: 'wmk_c' }, customLimit: 90 } as const;

function withChecks(statuses: ReadonlyArray<CheckResult['status']>): Report {
  const base = sampleReport();
  const template = base.checks[0]!;
  return {
    ...base,
    checks: statuses.map((status, i) => ({
      ...template,
      key: `k${i}`,
      requirementId: 'RL-LIMIT-CUSTOM',
      domain: 'rate-limit',
      status,
      message: status === 'pass' ? null : `${status} here`,
    })),
  };
}

describe('customLimitQuestion', () => {
  it('asks when a key at the default 60 would hold the run too long and the custom-limit key can tell', () => {
    const q = customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), CUSTOM);
    expect(q?.key).toMatchObject({ variable: 'CONFORMANCE_ADMIN_KEY', limitPerMinute: 60 });
  });
  it('does not ask for a limit that is not the default, a paced run, a narrowed run, or without the custom-limit key and its limit', () => {
    expect(customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 61 } }), CUSTOM)).toBeUndefined();
    expect(customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), { ...CUSTOM, paced: true })).toBeUndefined();
    expect(customLimitQuestion(planThrottling({ ...FULL, filtered: true, limits: { admin: 60 } }), CUSTOM)).toBeUndefined();
    expect(customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), { ...CUSTOM, keys: { admin: 'wmk_a' } })).toBeUndefined();
    expect(customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), { ...CUSTOM, customLimit: undefined })).toBeUndefined();
    // A custom limit of 60 looks the same whether it is honoured or not.
    expect(customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), { ...CUSTOM, customLimit: 60 })).toBeUndefined();
    // A run that fits within the pacing bound has nothing to decide.
    expect(customLimitQuestion(planThrottling({ suites: ['auth'], numRuns: 20, filtered: false, limits: { admin: 60 } }), CUSTOM)).toBeUndefined();
  });
});

describe('the deciding run and its outcome', () => {
  it('narrows the run to RL-LIMIT-CUSTOM in the rate-limit suite', () => {
    const narrowed = decidingConfig({ suites: DOMAINS, allSuites: true, requirements: [] } as never);
    expect(narrowed).toMatchObject({ suites: ['rate-limit'], allSuites: false, requirements: ['RL-LIMIT-CUSTOM'] });
  });
  it('reads failed as the target at fault, passed as the key, anything else as undecided', () => {
    expect(decisionOf(withChecks(['fail'])).decision).toBe('target-ignores');
    expect(decisionOf(withChecks(['pass'])).decision).toBe('key-has-none');
    expect(decisionOf(withChecks(['skip']))).toEqual({ decision: 'undecided', detail: 'skip: skip here' });
    expect(decisionOf(withChecks([])).decision).toBe('undecided');
  });
  it('says the proven cause once the check passed, both possibilities when it could not decide', () => {
    const q = customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), CUSTOM)!;
    expect(stopLine(q, 'key-has-none', 'passed')).toMatch(/RL-LIMIT-CUSTOM passed .*so the key carries no custom limit on the target\. Give the key/);
    expect(stopLine(q, 'undecided', 'skip: x')).toMatch(
      /either the key carries no custom limit, or the target ignores custom limits: RL-LIMIT-CUSTOM, run to tell which, could not decide \(skip: x\)/,
    );
  });
  it('reports the run as selected, every requirement that did not run saying why', () => {
    const q = customLimitQuestion(planThrottling({ ...FULL, limits: { admin: 60 } }), CUSTOM)!;
    const report = targetIgnoresReport(
      { ...withChecks(['fail']), settings: { ...sampleReport().settings, suites: ['rate-limit'], requirements: ['RL-LIMIT-CUSTOM'] } },
      { suites: DOMAINS, allSuites: true, requirements: [] },
      q,
    );
    expect(report.settings.suites).toEqual([...DOMAINS]);
    expect(report.settings.requirements).toEqual([]);
    expect(report.unverified.find((u) => u.id === 'RL-LIMIT-CUSTOM')).toBeUndefined();
    const other = report.unverified.find((u) => u.id === 'CT-CREATE-VALID');
    expect(other).toMatchObject({
      reason: 'not-run',
      detail: expect.stringMatching(/^CONFORMANCE_ADMIN_KEY is held to the spec's default 60 a minute.*RL-LIMIT-CUSTOM failed/),
    });
  });
});
