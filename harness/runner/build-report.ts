import {
  STOPPED_EARLY,
  emptyCounts,
  worstStatus,
  type CheckResult,
  type Observation,
  type Report,
  type RequirementCoverage,
  type StatusCounts,
} from '../report/model.js';
import { ENDPOINTS, NOT_TESTABLE, endpointKey } from '../spec/endpoints.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import type { Config } from '../config/schema.js';
import type { CollectedRun } from './collector.js';
import type { OutageWindow } from './outage.js';
import { coverageBySection } from '../spec/traceability/doc.js';
import { TRACE } from '../spec/traceability/map.js';
import type { SpecUnit } from '../spec/traceability/units.js';
import { exitCodeWithExpected, unverifiedMust, verdictOf } from './verdict.js';
import { evaluateExpected, type ExpectedFailure } from './expected-failures.js';
import { INTERRUPT_EXIT_CODES } from './interrupt.js';
import { footprintSentence } from '../report/footprint.js';

export interface RunInfo {
  readonly runId: string;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly targetUrl: string;
  readonly embedded: boolean;
  readonly faults: readonly string[];
  readonly variants: readonly string[];
  readonly seed: number;
  readonly numRuns: number;
  readonly suites: readonly string[];
  /** CONFORMANCE_SUITES narrowed the run (suites is then not every domain). */
  readonly allSuites: boolean;
  /** CONFORMANCE_REQUIREMENTS; empty: every check. */
  readonly requirements: readonly string[];
  /** CONFORMANCE_FAIL_ON_INCOMPLETE. */
  readonly failOnIncomplete: boolean;
  readonly toolVersion: string;
  /** CONFORMANCE_EXPECTED_FAILURES: the file's name and its entries. */
  readonly expectedFailures?: { readonly file: string; readonly entries: readonly ExpectedFailure[] } | undefined;
  /** CONFORMANCE_OUTAGE_WAIT_S, and the times the target was away (harness/runner/outage.ts). */
  readonly outageWaitS?: number | undefined;
  /** The distance and what the run chose for it (report.json settings.distance). */
  readonly distance?: NonNullable<Report['settings']['distance']> | undefined;
  readonly outages?: readonly OutageWindow[] | undefined;
  /** The shipped spec's units (harness/spec/traceability/units.ts), for the coverage per section. */
  readonly specUnits?: readonly SpecUnit[] | undefined;
  /** SIGINT or SIGTERM stopped the run (harness/runner/interrupt.ts): the verdict is `interrupted`, whatever finished. */
  readonly interrupted?: Report['interrupted'] | undefined;
  /** The read-back after cleanup (harness/runner/read-back.ts); absent when none ran. */
  readonly readBack?: ReadBackInfo | undefined;
}

type ReadBack = NonNullable<NonNullable<Report['cleanup']>['readBack']>;
type ReadBackInfo = Omit<ReadBack, 'alive'> & { readonly alive: readonly ReadBack['alive'][number][] };

/** Records of a suite file's domain the read-back found alive. */
const aliveIn = (readBack: ReadBackInfo, domain: string): number => readBack.alive.filter((r) => r.domain === domain).length;

/** Per spec section: units, traced, verified (every requirement a traced unit names passed), informative, untestable. */
function specCoverage(units: readonly SpecUnit[], requirements: readonly RequirementCoverage[]): NonNullable<Report['specCoverage']> {
  const passed = new Set(requirements.filter((r) => r.status === 'pass').map((r) => r.id));
  const verified = new Map<string, number>();
  for (const unit of units) {
    const t = TRACE[unit.key];
    if (t !== undefined && 'ids' in t && t.ids.every((id) => passed.has(id))) verified.set(unit.section, (verified.get(unit.section) ?? 0) + 1);
  }
  return coverageBySection(units, TRACE).map((c) => ({ ...c, verified: verified.get(c.section) ?? 0 }));
}

/** The parts of RunInfo that come straight from the configuration (target, settings). */
export function settingsInfo(
  config: Config,
): Pick<RunInfo, 'faults' | 'variants' | 'seed' | 'numRuns' | 'suites' | 'allSuites' | 'requirements' | 'failOnIncomplete'> {
  return {
    faults: config.referenceFaults,
    variants: config.referenceVariants,
    seed: config.seed,
    numRuns: config.numRuns,
    suites: config.suites,
    allSuites: config.allSuites,
    requirements: config.requirements,
    failOnIncomplete: config.failOnIncomplete,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function harnessErrorChecks(errors: readonly string[]): CheckResult[] {
  return errors.map((message, i) => ({
    key: `harness error ${i + 1}`,
    requirementId: 'HARNESS',
    level: 'MUST',
    section: '',
    domain: 'harness',
    title: 'The harness ran without errors outside the checks',
    status: 'error',
    message,
    durationMs: 0,
    exchange: null,
    property: null,
    throttled: 0,
  }));
}

function coverage(checks: readonly CheckResult[]): RequirementCoverage[] {
  return Object.entries(REQUIREMENTS).map(([id, requirement]) => {
    const named = checks.filter((c) => c.requirementId === id);
    return {
      id,
      level: requirement.level,
      section: requirement.section,
      domain: requirement.area,
      statement: requirement.statement,
      checks: named.length,
      status: named.reduce<RequirementCoverage['status']>((worst, c) => (worst === null ? c.status : worstStatus(worst, c.status)), null),
    };
  });
}

function dedupeObservations(observations: readonly Observation[]): Observation[] {
  const seen = new Map<string, Observation>();
  for (const o of observations) seen.set(JSON.stringify([o.topic, o.domain, o.subject, o.value]), o);
  return [...seen.values()].sort((a, b) => byText(a.topic, b.topic) || byText(a.domain, b.domain) || byText(a.subject, b.subject) || byText(a.value, b.value));
}

/** Pure: the whole report from what the run collected. Deterministic order everywhere. */
export function buildReport(collected: CollectedRun, info: RunInfo): Report {
  // A run that stopped sending early (breaker, deadline) did not verify what it meant to: error.
  const harnessErrors = [...(collected.stopped !== null ? [`${STOPPED_EARLY}${collected.stopped}`] : []), ...collected.harnessErrors];
  const checks = [...collected.checks, ...harnessErrorChecks(harnessErrors)].sort(
    (a, b) => byText(a.domain, b.domain) || byText(a.requirementId, b.requirementId) || byText(a.key, b.key),
  );
  const byStatus = emptyCounts();
  const byLevel = { MUST: emptyCounts(), SHOULD: emptyCounts(), MAY: emptyCounts() };
  const domains = new Map<string, StatusCounts>();
  for (const check of checks) {
    byStatus[check.status] += 1;
    byLevel[check.level][check.status] += 1;
    const counts = domains.get(check.domain) ?? emptyCounts();
    counts[check.status] += 1;
    domains.set(check.domain, counts);
  }
  const unverified = unverifiedMust(REQUIREMENTS, checks, {
    suites: info.suites,
    allSuites: info.allSuites,
    requirements: info.requirements,
  });
  const expectedFailures = evaluateExpected(info.expectedFailures?.entries ?? [], checks, info.finishedAt.toISOString().slice(0, 10));
  // An interrupted run claims nothing about the target, even when every check that ran passed.
  const { verdict, exitCode } =
    info.interrupted !== undefined
      ? { verdict: 'interrupted' as const, exitCode: INTERRUPT_EXIT_CODES[info.interrupted.signal] }
      : {
          verdict: verdictOf(checks, harnessErrors, unverified, { failOnIncomplete: info.failOnIncomplete }).verdict,
          exitCode: exitCodeWithExpected(checks, harnessErrors, unverified, expectedFailures, { failOnIncomplete: info.failOnIncomplete }),
        };
  return {
    schemaVersion: 1,
    tool: { name: 'work-management-conformance', version: info.toolVersion },
    runId: info.runId,
    startedAt: info.startedAt.toISOString(),
    finishedAt: info.finishedAt.toISOString(),
    durationMs: info.finishedAt.getTime() - info.startedAt.getTime(),
    target: {
      url: info.targetUrl,
      embedded: info.embedded,
      kind: info.embedded ? 'embedded reference server' : 'external server',
      faults: [...info.faults],
      variants: [...info.variants],
    },
    settings: {
      seed: info.seed,
      numRuns: info.numRuns,
      suites: [...info.suites],
      requirements: [...info.requirements],
      failOnIncomplete: info.failOnIncomplete,
      expectedFailures: info.expectedFailures?.file ?? null,
      ...(info.outageWaitS === undefined ? {} : { outageWaitS: info.outageWaitS }),
      ...(info.distance === undefined ? {} : { distance: { ...info.distance } }),
    },
    outages: (info.outages ?? []).map((o) => ({ ...o })),
    // Interrupted, the main process deleted what the files' cleanups left (the run's log lists both):
    // what remains is what it could not delete.
    ...(collected.cleanup === undefined
      ? {}
      : {
          cleanup: {
            // From the read-back when there was one (issue 42: a claim about the footprint is verified).
            notDeleted:
              info.readBack !== undefined
                ? info.readBack.alive.length + info.readBack.unknown
                : info.interrupted === undefined
                  ? collected.cleanup.notDeleted
                  : info.interrupted.recordsLeft,
            ...collected.cleanup.kept,
            ...(collected.cleanup.byDomain === undefined || collected.cleanup.byDomain.size === 0
              ? {}
              : {
                  byDomain: Object.fromEntries(
                    [...collected.cleanup.byDomain.entries()]
                      .sort(([a], [b]) => a.localeCompare(b))
                      .map(([d, row]) => [d, { notDeleted: info.readBack === undefined ? row.notDeleted : aliveIn(info.readBack, d), ...row.kept }]),
                  ),
                }),
            ...(info.readBack === undefined
              ? {}
              : { readBack: { ...info.readBack, alive: info.readBack.alive.map((r) => ({ ...r })) }, footprint: footprintSentence(info.readBack) }),
          },
        }),
    verdict,
    exitCode,
    ...(info.interrupted === undefined ? {} : { interrupted: { ...info.interrupted } }),
    ...(collected.stopped === null ? {} : { stoppedBy: { code: collected.stopCode ?? null, reason: collected.stopped } }),
    counts: { total: checks.length, byStatus, byLevel },
    throttling: { waits: checks.reduce((n, c) => n + c.throttled, 0), totalWaitMs: collected.throttledMs },
    domains: [...domains.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([domain, counts]) => ({
        domain,
        counts,
        status: checks.filter((c) => c.domain === domain).reduce((w, c) => worstStatus(w, c.status), 'pass' as const as CheckResult['status']),
      })),
    checks,
    observations: dedupeObservations(collected.observations),
    requirements: coverage(checks),
    ...(info.specUnits === undefined ? {} : { specCoverage: specCoverage(info.specUnits, coverage(checks)) }),
    unverified,
    expectedFailures,
    endpoints: ENDPOINTS.map((e) => ({ ...e, checks: collected.endpointChecks.get(endpointKey(e)) ?? 0 })),
    notTestable: NOT_TESTABLE.map((n) => ({ ...n })),
    matrix: [...collected.matrix].sort((a, b) => byText(a.resource, b.resource) || byText(a.operation, b.operation) || byText(a.key, b.key)),
    inputClasses: [...collected.inputClasses].sort((a, b) => byText(a.surface, b.surface) || byText(a.field, b.field) || byText(a.class, b.class)),
  };
}
