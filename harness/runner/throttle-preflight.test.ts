import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import {
  MAX_PACED_MS,
  checkTimeoutSlackMs,
  keyVariables,
  planLine,
  planThrottling,
  refuseSlowRun,
  roughCount,
  throttlePolicy,
  type ThrottlePlan,
} from './throttle-preflight.js';
import { BUDGETED_RETRIES, PACED_RETRIES } from './throttle.js';

const FULL = { suites: DOMAINS, numRuns: 20, filtered: false } as const;
const DEFAULTS = { paced: false, runDeadlineS: 1800 } as const;

function refusal(plan: ThrottlePlan, options: { paced: boolean; runDeadlineS: number } = DEFAULTS): ConfigError | undefined {
  try {
    refuseSlowRun(plan, options);
    return undefined;
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

describe('planThrottling', () => {
  it('times each limited key at its paced rate (90% of the advertised limit), slowest first', () => {
    const plan = planThrottling({ suites: ['security'], numRuns: 20, filtered: false, limits: { admin: 600, otherOrg: 60 } });
    expect(plan.keys.map((k) => [k.role, k.requests, Math.round(k.pacedMs / 1000)])).toEqual([
      // 586 + 124 read back at 54 a minute; 221 + 64 read back at 540 a minute.
      ['otherOrg', 710, 789],
      ['admin', 285, 32],
    ]);
  });

  it('leaves out keys whose limit the target did not advertise', () => {
    expect(planThrottling({ ...FULL, limits: { admin: undefined, member: 1000 } }).keys.map((k) => k.role)).toEqual(['member']);
  });

  it('has no request estimate when CONFORMANCE_REQUIREMENTS narrowed the run', () => {
    const plan = planThrottling({ ...FULL, filtered: true, limits: { admin: 60 } });
    expect(plan.requests).toBeNull();
    expect(plan.keys).toEqual([expect.objectContaining({ role: 'admin', requests: null, pacedMs: 0 })]);
  });
});

describe('refuseSlowRun', () => {
  it('refuses a full run on a key with the default 60 a minute in one line naming the cause and the fix', () => {
    const error = refusal(planThrottling({ ...FULL, limits: { admin: 60 } }));
    expect(error?.message).toMatch(
      /^CONFORMANCE_ADMIN_KEY: the target limits this key to 60 requests per minute \(X-RateLimit-Limit\); this run sends about [\d,]+00 requests with it, which takes about \d+ h \d+ min paced under that limit, longer than the 10 min a run may be held back by rate limits\. That is the spec's default: either the key carries no custom limit on the target, or the target ignores custom limits \(spec 5\.6, 8; with CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT set, the run checks RL-LIMIT-CUSTOM first, which tells which\)\. Give the key a higher per-minute limit \(spec 5\.6\), narrow the run \(CONFORMANCE_SUITES, CONFORMANCE_NUM_RUNS\), or set CONFORMANCE_PACED=true to accept a paced run\.$/,
    );
    expect(error?.message).not.toContain('\n');
  });

  it('names the key that holds the run longest', () => {
    const error = refusal(planThrottling({ suites: ['security'], numRuns: 20, filtered: false, limits: { admin: 100_000, otherOrg: 20 } }));
    expect(error?.message).toMatch(/^CONFORMANCE_OTHER_ORG_KEY: the target limits this key to 20 requests per minute/);
  });

  it('lets a run through that its limits hold at most MAX_PACED_MS', () => {
    // About 15,800 requests (the read-back's included): paced at 90% of 1,800 a minute that is about 9.7 minutes.
    const plan = planThrottling({ ...FULL, limits: { admin: 1800 } });
    expect(plan.keys[0]!.pacedMs).toBeLessThan(MAX_PACED_MS);
    expect(refusal(plan)).toBeUndefined();
    expect(refusal(planThrottling({ ...FULL, limits: { admin: 800 } }))).toBeInstanceOf(ConfigError);
  });

  it('lets a paced run (CONFORMANCE_PACED=true) take as long as its limits say, within the run deadline', () => {
    const plan = planThrottling({ ...FULL, limits: { admin: 60 } });
    expect(refusal(plan, { paced: true, runDeadlineS: 5 * 3600 })).toBeUndefined();
  });

  it('refuses a run the run deadline would cut part way, with a deadline that fits', () => {
    const plan = planThrottling({ ...FULL, limits: { admin: 60 } });
    const error = refusal(plan, { paced: true, runDeadlineS: 1800 });
    expect(error?.message).toMatch(/^CONFORMANCE_RUN_DEADLINE_S: CONFORMANCE_ADMIN_KEY: the target limits this key to 60 requests per minute/);
    const needed = Number(/CONFORMANCE_RUN_DEADLINE_S=(\d+) or more/.exec(error!.message)?.[1]);
    expect(needed * 1000).toBeGreaterThan(plan.keys[0]!.pacedMs);
    expect(refusal(plan, { paced: true, runDeadlineS: needed })).toBeUndefined();
  });

  it('says nothing without an advertised limit or an estimate (the throttling budget still applies)', () => {
    expect(refusal(planThrottling({ ...FULL, limits: {} }))).toBeUndefined();
    expect(refusal(planThrottling({ ...FULL, filtered: true, limits: { admin: 1 } }))).toBeUndefined();
  });
});

describe('planLine', () => {
  it('tells a run its limits hold for a minute or more how long it takes at least', () => {
    expect(planLine(planThrottling({ ...FULL, limits: { admin: 1000 } }), false)).toMatch(
      /^rate limits: CONFORMANCE_ADMIN_KEY may send 1,000 requests per minute and this run sends about [\d,]+00 with it: it takes at least 1\d min \d+ s$/,
    );
    expect(planLine(planThrottling({ ...FULL, limits: { admin: 60 } }), true)).toMatch(/^paced run \(CONFORMANCE_PACED=true\): .* at least \d+ h \d+ min$/);
  });

  it('says nothing when the limits do not hold the run back', () => {
    expect(planLine(planThrottling({ ...FULL, limits: { admin: 10_000_000 } }), false)).toBeUndefined();
    expect(planLine(planThrottling({ ...FULL, limits: {} }), false)).toBeUndefined();
  });
});

describe('roughCount', () => {
  it.each([
    [7, '7'],
    [99, '99'],
    [764, '760'],
    [7622, '7,600'],
    [12_345, '12,000'],
  ])('%d reads %s', (n, text) => {
    expect(roughCount(n)).toBe(text);
  });
});

describe('throttlePolicy', () => {
  const keys = { admin: 'wmk_admin', member: 'wmk_member', otherOrg: 'wmk_other' };
  const plan = planThrottling({ ...FULL, limits: { admin: 5000, otherOrg: 60 } });

  it('paces the keys whose limit the run would pass, counts the admin key and budgets the waits', () => {
    const policy = throttlePolicy({ keys, paced: false, throttleBudgetS: 120 }, plan);
    expect(policy.budgetMs).toBe(120_000);
    expect(policy.retries).toEqual(BUDGETED_RETRIES);
    expect(policy.paced).toEqual([
      { key: 'wmk_other', variable: 'CONFORMANCE_OTHER_ORG_KEY', limitPerMinute: 60 },
      { key: 'wmk_admin', variable: 'CONFORMANCE_ADMIN_KEY', limitPerMinute: 5000 },
    ]);
    // 13 admin-key and 3 org B requests fit in a minute of 60: sent as they come, not spaced.
    const small = planThrottling({ suites: ['auth'], numRuns: 20, filtered: false, limits: { admin: 60, otherOrg: 60 } });
    expect(throttlePolicy({ keys, paced: false, throttleBudgetS: 120 }, small).paced).toEqual([]);
    // Unknown counts (CONFORMANCE_REQUIREMENTS) are paced: the limit may bind.
    const filtered = planThrottling({ ...FULL, filtered: true, limits: { admin: 60 } });
    expect(throttlePolicy({ keys, paced: false, throttleBudgetS: 120 }, filtered).paced.map((p) => p.key)).toEqual(['wmk_admin']);
    expect(policy.countedKey).toBe('wmk_admin');
    expect(policy.variables).toEqual({ wmk_admin: 'CONFORMANCE_ADMIN_KEY', wmk_member: 'CONFORMANCE_MEMBER_KEY', wmk_other: 'CONFORMANCE_OTHER_ORG_KEY' });
  });

  it('has no budget and more patience in a paced run', () => {
    const policy = throttlePolicy({ keys, paced: true, throttleBudgetS: 120 }, plan);
    expect(policy.budgetMs).toBeNull();
    expect(policy.retries).toEqual(PACED_RETRIES);
  });

  it('names a key used in two roles by its first variable', () => {
    expect(keyVariables({ admin: 'wmk_same', limited: 'wmk_same' })).toEqual({ wmk_same: 'CONFORMANCE_ADMIN_KEY' });
  });
});

describe('checkTimeoutSlackMs', () => {
  const config = { paced: false, throttleBudgetS: 120, runDeadlineS: 1800 };

  it('gives every check the throttling budget, plus the pacing when the limits hold the run back', () => {
    expect(checkTimeoutSlackMs(planThrottling({ ...FULL, limits: { admin: 10_000_000 } }), config)).toBe(120_000);
    expect(checkTimeoutSlackMs(planThrottling({ ...FULL, limits: {} }), config)).toBe(120_000);
    const held = planThrottling({ ...FULL, limits: { admin: 1000 } });
    expect(checkTimeoutSlackMs(held, config)).toBe(Math.ceil(held.keys[0]!.pacedMs) + 120_000);
    // Unknown counts with a limit: as much pacing as a run may have.
    expect(checkTimeoutSlackMs(planThrottling({ ...FULL, filtered: true, limits: { admin: 60 } }), config)).toBe(MAX_PACED_MS + 120_000);
  });

  it("leaves a paced run's checks to the run deadline", () => {
    expect(checkTimeoutSlackMs(planThrottling({ ...FULL, limits: { admin: 60 } }), { ...config, paced: true, runDeadlineS: 9000 })).toBe(9_000_000);
  });
});
