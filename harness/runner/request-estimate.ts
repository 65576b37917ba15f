import type { Domain } from '../config/schema.js';

/*
 * Issue 12, "throttling is diagnosed, not endured": how many requests a run sends with each
 * rate-limited key, so the runner can tell before it starts whether the keys' per-minute limits
 * (spec 5.6, 8) let it finish in reasonable time, and so progress can show an ETA.
 *
 * Measured, not derived: each suite ran alone through the CLI against the reference server
 * behind a counting proxy (test/measure-requests.ts), at CONFORMANCE_NUM_RUNS=5 and 20; a
 * suite's count is linear in the runs per property, so base = count at 5 - 5 x perRun and
 * perRun = (count at 20 - count at 5) / 15. Setup and end-of-file cleanup are included.
 * test/request-estimate.test.ts keeps these figures honest against a real run.
 */

/** The keys whose limits a run's length depends on (the rate-limit suite's own keys are its business). */
export const ESTIMATED_ROLES = ['admin', 'member', 'otherOrg'] as const;
export type EstimatedRole = (typeof ESTIMATED_ROLES)[number];

/** The variable that configures each key, for messages. */
export const ROLE_VARIABLE: Readonly<Record<EstimatedRole, string>> = {
  admin: 'CONFORMANCE_ADMIN_KEY',
  member: 'CONFORMANCE_MEMBER_KEY',
  otherOrg: 'CONFORMANCE_OTHER_ORG_KEY',
};

/** Requests of one key in one suite: `base + perRun x CONFORMANCE_NUM_RUNS`. */
export interface RequestCount {
  readonly base: number;
  readonly perRun: number;
}

export interface SuiteEstimate {
  /**
   * Checks the suite file holds: the results a run reports (the progress line's total before
   * vitest has collected it, and `conformance list`'s figure). Counted, not measured: exact, and
   * test/e2e.test.ts fails when a full run's differ.
   */
  readonly checks: number;
  readonly requests: Partial<Readonly<Record<EstimatedRole, RequestCount>>>;
}

/**
 * Measured 2026-11-24 with seed 20261124 (test/measure-requests.ts); the domain suites again on 2026-11-25, with the input-table checks.
 * rate-limit measured again on 2026-12-02 (its burst over six routes, the resource it reads made and removed with the admin key);
 * security's otherOrg base counted then: + 9 (SEC-ISOLATION-READ sends its one read of each of the 9 collections in both forms of the key).
 * The checks counted from a full run against the reference on 2026-12-02 (817 checks).
 */
export const SUITE_ESTIMATES: Readonly<Record<Domain, SuiteEstimate>> = {
  // Bursts on the limited and custom keys (not estimated: waits, not requests, are its length);
  // the admin key only for reference readings.
  'rate-limit': { checks: 15, requests: { admin: { base: 31, perRun: 0 }, otherOrg: { base: 8, perRun: 0 } } },
  auth: { checks: 18, requests: { admin: { base: 13, perRun: 0 }, otherOrg: { base: 3, perRun: 0 } } },
  contacts: { checks: 62, requests: { admin: { base: 389, perRun: 29.1 } } },
  'time-entries': { checks: 69, requests: { admin: { base: 468, perRun: 27.9 } } },
  batch: { checks: 27, requests: { admin: { base: 543, perRun: 8 } } },
  expenses: { checks: 78, requests: { admin: { base: 973, perRun: 24.5 } } },
  rates: { checks: 57, requests: { admin: { base: 385, perRun: 11.5 } } },
  resources: { checks: 57, requests: { admin: { base: 398, perRun: 23.7 } } },
  allocations: { checks: 56, requests: { admin: { base: 458, perRun: 23.9 } } },
  tasks: { checks: 71, requests: { admin: { base: 515, perRun: 20.1 }, otherOrg: { base: 1, perRun: 0 } } },
  milestones: { checks: 56, requests: { admin: { base: 406, perRun: 17.6 } } },
  reports: { checks: 34, requests: { admin: { base: 217, perRun: 4.5 } } },
  security: { checks: 145, requests: { admin: { base: 221, perRun: 0 }, member: { base: 13, perRun: 0 }, otherOrg: { base: 586, perRun: 0 } } },
  webhooks: { checks: 64, requests: { admin: { base: 461, perRun: 19 }, otherOrg: { base: 2, perRun: 0 } } },
  // Bounded by CONFORMANCE_SEQUENCES and CONFORMANCE_SEQUENCES_S, not by the runs per property (webhook and batch commands included);
  // the coverage phase before them adds about 3,300 admin-key (some 450 of them its webhook subscriptions side by side, their tests
  // and deletes included) and 135 other-key requests (measured 2026-12-02 against the reference, CONFORMANCE_SUITES=sequences: 3,443 in all).
  sequences: { checks: 8, requests: { admin: { base: 4450, perRun: 0 }, otherOrg: { base: 240, perRun: 0 } } },
};

/**
 * The read-back after cleanup (harness/runner/read-back.ts): one GET by id per record the suite
 * created, with the key of the organisation that holds it; the batch and exploration files add
 * the pages of their end-of-file sweeps (harness/check/cleanup.ts sweepAtEnd, about two a scope).
 * Counted from the run's ledger (distinct records per suite and key) in full runs of the
 * functional suites at CONFORMANCE_NUM_RUNS=5 and 20 against the reference, 2026-12-02, seed
 * 1519395540; the exploration's is bound by its sequences and time, not by the runs (the larger
 * of the two runs, rounded up).
 */
export const READ_BACK_ESTIMATES: Readonly<Record<Domain, Partial<Readonly<Record<EstimatedRole, RequestCount>>>>> = {
  'rate-limit': { admin: { base: 1, perRun: 0 } },
  auth: { admin: { base: 3, perRun: 0 } },
  contacts: { admin: { base: 25, perRun: 4 } },
  'time-entries': { admin: { base: 49, perRun: 4 } },
  batch: { admin: { base: 178 + 30, perRun: 5.1 } },
  expenses: { admin: { base: 133, perRun: 4 } },
  rates: { admin: { base: 41, perRun: 1.6 } },
  resources: { admin: { base: 41, perRun: 1 } },
  allocations: { admin: { base: 41, perRun: 4 } },
  tasks: { admin: { base: 107, perRun: 1 } },
  milestones: { admin: { base: 45, perRun: 4 } },
  reports: { admin: { base: 2, perRun: 0 } },
  security: { admin: { base: 64, perRun: 0 }, otherOrg: { base: 124, perRun: 0 } },
  webhooks: { admin: { base: 84, perRun: 4 }, otherOrg: { base: 1, perRun: 0 } },
  sequences: { admin: { base: 210 + 10, perRun: 0 }, otherOrg: { base: 16, perRun: 0 } },
};

export type RequestEstimate = Readonly<Record<EstimatedRole, number>>;

/** Requests per key a run of these suites sends at `numRuns` runs per property, its read-back included (whole numbers, rounded up). */
export function estimateRequests(suites: readonly Domain[], numRuns: number): RequestEstimate {
  const total: Record<EstimatedRole, number> = { admin: 0, member: 0, otherOrg: 0 };
  for (const suite of new Set(suites)) {
    for (const role of ESTIMATED_ROLES) {
      for (const count of [SUITE_ESTIMATES[suite].requests[role], READ_BACK_ESTIMATES[suite][role]]) {
        if (count !== undefined) total[role] += count.base + count.perRun * numRuns;
      }
    }
  }
  for (const role of ESTIMATED_ROLES) total[role] = Math.ceil(total[role]);
  return total;
}

/** Checks of these suites, before vitest has collected them. */
export function estimateChecks(suites: readonly Domain[]): Map<Domain, number> {
  return new Map([...new Set(suites)].map((suite) => [suite, SUITE_ESTIMATES[suite].checks]));
}
