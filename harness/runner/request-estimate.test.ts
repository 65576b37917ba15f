import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../config/schema.js';
import { READ_BACK_ESTIMATES, SUITE_ESTIMATES, estimateChecks, estimateRequests } from './request-estimate.js';

describe('estimateRequests', () => {
  it('is base plus runs per property times CONFORMANCE_NUM_RUNS, rounded up, per key', () => {
    // contacts: 389 + 29.1 x 20 = 971 admin-key requests, and its read-back 25 + 4 x 20 = 105; nothing with the other keys.
    expect(estimateRequests(['contacts'], 20)).toEqual({ admin: 971 + 105, member: 0, otherOrg: 0 });
    // 389 + 29.1 x 3 + 25 + 4 x 3 = 513.3 -> 514: an estimate never promises fewer requests than measured.
    expect(estimateRequests(['contacts'], 3).admin).toBe(514);
  });

  it('adds the suites of a run, each once', () => {
    // security: 221 + 64 read back with the admin key, 586 + 124 with the other organisation's.
    const alone = estimateRequests(['security'], 20);
    expect(alone).toEqual({ admin: 221 + 64, member: 13, otherOrg: 586 + 124 });
    const both = estimateRequests(['security', 'contacts', 'contacts'], 20);
    expect(both).toEqual({ admin: 221 + 64 + 971 + 105, member: 13, otherOrg: 586 + 124 });
  });

  it('grows with the runs per property for the suites with properties only', () => {
    expect(estimateRequests(['auth'], 100)).toEqual(estimateRequests(['auth'], 1));
    expect(estimateRequests(['webhooks'], 100).admin).toBeGreaterThan(estimateRequests(['webhooks'], 1).admin + 1000);
  });

  it('puts a full default run at thousands of admin-key requests: the figure the preflight message and the docs quote (about 15,800)', () => {
    const full = estimateRequests(DOMAINS, 20).admin;
    expect(full).toBeGreaterThan(11_000);
    expect(full).toBeLessThan(16_500);
  });

  it('has a non-negative estimate and at least one check for every domain', () => {
    for (const domain of DOMAINS) {
      const estimate = SUITE_ESTIMATES[domain];
      expect(estimate.checks, domain).toBeGreaterThan(0);
      for (const count of [...Object.values(estimate.requests), ...Object.values(READ_BACK_ESTIMATES[domain])]) {
        expect(count.base, domain).toBeGreaterThanOrEqual(0);
        expect(count.perRun, domain).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('estimateChecks', () => {
  it('gives the selected suites their check counts, each once', () => {
    expect([...estimateChecks(['contacts', 'auth', 'contacts'])]).toEqual([
      ['contacts', SUITE_ESTIMATES.contacts.checks],
      ['auth', SUITE_ESTIMATES.auth.checks],
    ]);
  });
});
