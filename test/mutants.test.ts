import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_DECLARATIONS, FAULT_NAMES } from '../reference/faults.js';
import type { FaultDeclaration } from '../reference/policy/declaration.js';
import { DOMAINS, type Domain } from '../harness/config/schema.js';
import { isRequirementId, type RequirementId } from '../harness/spec/requirements.js';
import type { Report } from '../harness/report/model.js';
import { DriverPool, readLatestReport } from './run-cli.js';
import { COVERAGE_MARKER } from '../harness/steps/coverage/run.js';
import { judgedWithinRefillTolerance, MAX_UNDECIDED_MUTANT_RUNS } from './testing/refill-tolerance.js';

/**
 * The mutant self-test: for each reference-server fault, the suite that covers it
 * runs against the faulty server and the check of the rule the fault breaks must fail.
 * The fault-free run is test/e2e.test.ts. How each fault must be caught is read from its
 * declaration beside the routes it bends (the `*.faults.ts` files of reference/).
 */
const CATCHES = Object.entries(FAULT_DECLARATIONS).map(([fault, d]: [string, FaultDeclaration]) => ({
  fault,
  suite: d.suite as Domain,
  requirement: d.breaks as RequirementId,
  also: (d.also ?? []) as readonly RequirementId[],
  wholeSuite: d.wholeSuite === true,
  // The exploration's faults, webhook subscriptions' included (harness/steps/coverage/hooks.ts), must be caught by the coverage phase itself.
  coverage: d.suite === 'sequences',
}));

/**
 * Suites whose runs are long, mostly waiting (a rate window, a delivery that never comes): their
 * runs start first, so that the file ends on short runs and no driver is left finishing a long
 * one alone. The rest run in declaration order.
 */
const LONG_SUITES: readonly Domain[] = ['rate-limit', 'webhooks'];

/**
 * The exploration's fault whose failing sequence is shrunk as a user's run shrinks it: the report
 * must show fast-check's shrink steps and a shrinking that ended by itself, within its bound. The
 * other exploration faults are reported unshrunk (CONFORMANCE_SEQUENCES_SHRINK_S=0): only the kill
 * matters there, and shrinking a list rule's failure runs to its bound (about 10 s a fault).
 */
const SHRINK_WITNESS = 'ms-update-uncompletes';
const startOrder = (suite: Domain): number => {
  const index = LONG_SUITES.indexOf(suite);
  return index < 0 ? LONG_SUITES.length : index;
};
const IN_START_ORDER = [...CATCHES].sort((a, b) => startOrder(a.suite) - startOrder(b.suite));

/** A rule the fault breaks passed in this run, and only within a burst's refill tolerance. */
function undecided(report: Report, broken: readonly RequirementId[]): boolean {
  return broken.some(
    (id) =>
      !report.checks.some((c) => c.requirementId === id && c.status === 'fail') &&
      judgedWithinRefillTolerance(report.observations.filter((o) => o.requirementId === id).map((o) => o.value)),
  );
}

describe('mutants', () => {
  it('every fault names a suite and catalogued requirements', () => {
    expect(CATCHES.length).toBe(FAULT_NAMES.length);
    for (const { fault, suite, requirement, also } of CATCHES) {
      expect(DOMAINS, fault).toContain(suite);
      for (const id of [requirement, ...also]) expect(isRequirementId(id), `${fault}: ${id}`).toBe(true);
    }
    expect(CATCHES.find((c) => c.fault === SHRINK_WITNESS)?.suite).toBe('sequences');
  });

  // One conformance run per fault, through three long-lived driver processes (two cores; a third
  // keeps them busy while a run waits for a webhook or a rate window).
  const drivers = new DriverPool(3);
  afterAll(() => drivers.close());

  describe.concurrent('each fault is caught by the check of the rule it breaks', () => {
    for (const { fault, suite, requirement, wholeSuite, also, coverage } of IN_START_ORDER) {
      it(`${fault} fails ${requirement}`, { timeout: 420_000 }, async () => {
        const env = {
          CONFORMANCE_REFERENCE_FAULTS: fault,
          CONFORMANCE_SUITES: suite,
          ...(wholeSuite ? {} : { CONFORMANCE_REQUIREMENTS: [requirement, ...also].join(',') }),
          // A missing delivery fails only after the whole wait: keep it short for the self-test.
          ...(suite === 'webhooks' ? { CONFORMANCE_WEBHOOK_WAIT_S: '10' } : {}),
          // The exploration's faults at a run's defaults (sequences, webhook wait): the coverage phase
          // must catch each of them (asserted below), whatever the random sequences do. The shrink
          // witness keeps 200 sequences and a 1 s webhook wait: its check is fast-check's shrinking, so
          // the random sequences must find the fault as well as the coverage phase.
          ...(suite === 'sequences' && (!coverage || fault === SHRINK_WITNESS)
            ? {
                CONFORMANCE_SEQUENCES_S: '30',
                CONFORMANCE_SEQUENCES: '200',
                CONFORMANCE_WEBHOOK_WAIT_S: '1',
                ...(fault === SHRINK_WITNESS ? {} : { CONFORMANCE_SEQUENCES_SHRINK_S: '0' }),
              }
            : {}),
          ...(coverage && fault !== SHRINK_WITNESS ? { CONFORMANCE_SEQUENCES_SHRINK_S: '0' } : {}),
          // Recovery waits for the window to pass: an 8 s window instead of the spec's minute.
          ...(suite === 'rate-limit' ? { CONFORMANCE_REFERENCE_RATE_WINDOW_S: '8' } : {}),
          // No fault here lags: a list that does not show a write has no reason to be read again for long.
          CONFORMANCE_LIST_SETTLE_S: '1',
          CONFORMANCE_NUM_RUNS: '10',
          CONFORMANCE_SEED: '20261122',
        };
        const broken = [requirement, ...also];
        let result = await drivers.run(env);
        // A broken rule passed only within a burst's refill tolerance: that run could not tell (testing/refill-tolerance.ts).
        let runs = 1;
        for (; runs < MAX_UNDECIDED_MUTANT_RUNS && result.code !== null && undecided(await readLatestReport(result.reportDir), broken); runs++) {
          result = await drivers.run(env);
        }
        expect(result.code, result.stdout.slice(-2000)).not.toBeNull();
        const report = await readLatestReport(result.reportDir);
        expect(report.target.faults).toEqual([fault]);
        const named = report.checks.filter((c) => broken.includes(c.requirementId as RequirementId));
        for (const id of broken) {
          const statuses = named.filter((c) => c.requirementId === id).map((c) => c.status);
          expect(statuses.length, `${fault}: no check of ${id} ran`).toBeGreaterThan(0);
          // Observations of the rule say why it passed, e.g. a burst within its refill tolerance in every run.
          const seen = report.observations.filter((o) => o.requirementId === id).map((o) => `${o.subject}: ${o.value}`);
          // Every run within the tolerance: the machine was too busy for a burst to tell, not a check that missed the fault.
          const untold =
            runs === MAX_UNDECIDED_MUTANT_RUNS && undecided(report, broken) ? ` (all ${runs} runs within a refill tolerance: bursts too slow to tell)` : '';
          expect(statuses, `${fault}: ${id} statuses${untold}; ${seen.join('; ')}`).toContain('fail');
        }
        // Caught by the coverage phase itself, not only by the luck of the random sequences.
        if (coverage) {
          const failed = named.find((c) => c.status === 'fail')!;
          expect(failed.message, `${fault}: not found by the coverage phase`).toContain(COVERAGE_MARKER);
        }
        if (fault === SHRINK_WITNESS) {
          const failed = named.find((c) => c.status === 'fail')!;
          // fast-check's path holds a step for each shorter sequence that still failed the rule.
          expect(failed.property?.path?.split(':').length ?? 0, `${fault}: ${failed.property?.path}`).toBeGreaterThan(1);
          expect(failed.message).toMatch(/^The shortest failing sequence found, \d+ requests/m);
        }
        // Caught as a target failure, never as the harness breaking.
        expect(report.checks.filter((c) => c.status === 'error').map((c) => `${c.requirementId}: ${c.message}`)).toEqual([]);
        expect(result.code).toBe(report.checks.some((c) => c.level === 'MUST' && c.status === 'fail') ? 1 : 0);
      });
    }
  });
});
