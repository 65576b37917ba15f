import { z } from 'zod';
import { LOAD_ENDPOINTS, LOAD_SCENARIOS, type LoadScenarioId } from '../config/schema.js';
import { ERROR_CODES } from '../errors.js';

/**
 * The published shape of `load.json` (`conformance load`). Every renderer reads this model; the
 * writer validates a report against it before anything reaches the disk. `schemas/load.schema.json`
 * is generated from it (`json-schema.ts`, npm run schema).
 */

/** Ordered from best to worst; the run takes its worst scenario's status (OCI conformance habit). */
export const LOAD_STATUSES = ['skipped', 'passed', 'failed', 'error'] as const;
export const loadStatusSchema = z.enum(LOAD_STATUSES);
export type LoadStatus = z.infer<typeof loadStatusSchema>;

/**
 * The run's verdict (a scenario that could not run is not a pass): `incomplete` when
 * nothing failed or broke but a selected scenario was skipped or a rate scenario was not selected.
 */
export const LOAD_RUN_STATUSES = ['passed', 'incomplete', 'failed', 'error'] as const;
export const loadRunStatusSchema = z.enum(LOAD_RUN_STATUSES);
export type LoadRunStatus = z.infer<typeof loadRunStatusSchema>;

/** The scenarios that assert the rate-limit rules (spec 7, 8); throughput only measures. */
export const RATE_SCENARIOS: readonly LoadScenarioId[] = ['burst', 'keys', 'sustained'];

export function worstStatus(statuses: readonly LoadStatus[]): LoadStatus {
  return statuses.reduce<LoadStatus>((worst, s) => (LOAD_STATUSES.indexOf(s) > LOAD_STATUSES.indexOf(worst) ? s : worst), 'skipped');
}

const count = z.int().min(0);
const ms = z.number().min(0);

/** Responses per HTTP status, e.g. `{ "200": 59, "429": 91 }`. */
const statusCountsSchema = z.record(z.string().regex(/^[1-5][0-9]{2}$/), count);

export const timelineSchema = z.strictObject({
  bucketMs: z.number().positive(),
  buckets: z.array(z.strictObject({ startMs: ms, admitted: count, rejected: count, other: count, error: count })),
});
export type TimelineRecord = z.infer<typeof timelineSchema>;

/** One sender's share of a key's traffic (the Node engine is worker 0 of 1). */
export const workerRowSchema = z.strictObject({ worker: count, sent: count, admitted: count, rejected: count, other: count, errors: count });
export type WorkerRowRecord = z.infer<typeof workerRowSchema>;

/** The engine that sent the traffic: the verdicts do not depend on it, the per-worker rows show how it was spread. */
export const engineSchema = z.strictObject({
  name: z.enum(['node', 'locust']),
  /** Node's version for the Node engine, Locust's for Locust. */
  version: z.string(),
  workers: z.array(
    z.strictObject({
      index: count,
      host: z.string(),
      /** Worker wall clock minus the harness's, measured at the start, ms. */
      clockOffsetMs: z.number(),
      clockRttMs: ms,
      goSpreadMs: ms,
    }),
  ),
  /** Largest minus smallest clock offset over the workers, ms: how far their clocks were apart. */
  clockSpreadMs: ms,
});
export type EngineRecord = z.infer<typeof engineSchema>;

/** One key of a burst (scenario 1 has one, scenario 2 one per limited key). */
export const burstKeySchema = z.strictObject({
  /** `limited key 2 of 3`: never the key. */
  key: z.string(),
  status: loadStatusSchema,
  /** X-RateLimit-Limit of the probe that found the window fresh. */
  limit: count.nullable(),
  /** The budget left for the burst: Limit − 1 (the probe used one). */
  expected: count,
  /** Extra admissions a refilling limiter may earn during the burst (harness/rate/tolerance.ts). */
  allowance: count,
  sent: count,
  admitted: count,
  rejected: count,
  /** Answers that are neither 2xx nor 429. */
  other: count,
  /** Requests without an answer (timeout, connection error). */
  errors: count,
  elapsedMs: ms,
  /** Time spent waiting for the key's fresh window. */
  waitedMs: ms,
  /** 429 answers whose Retry-After is missing or invalid (spec 7: 429 with Retry-After). */
  invalidRetryAfter: count,
  summary: z.string(),
  statusCounts: statusCountsSchema,
  timeline: timelineSchema,
  /** Each worker's share of this key's burst. */
  workers: z.array(workerRowSchema),
});
export type BurstKeyRecord = z.infer<typeof burstKeySchema>;

export const burstDetailSchema = z.strictObject({
  kind: z.literal('burst'),
  path: z.string(),
  requestsPerKey: count,
  connectionsPerKey: count,
  keys: z.array(burstKeySchema),
});

export const sustainedDetailSchema = z.strictObject({
  kind: z.literal('sustained'),
  key: z.string(),
  path: z.string(),
  ratePerMin: z.number().positive(),
  durationS: z.number().positive(),
  limit: count.nullable(),
  /** Requests the schedule holds; `sent` is lower only when the run was stopped. */
  planned: count,
  sent: count,
  admitted: count,
  rejected: count,
  other: count,
  errors: count,
  waitedMs: ms,
  /** Latest start against its slot (timers, event-loop delay): large values mean the rate was not held. */
  maxLagMs: ms,
  statusCounts: statusCountsSchema,
  timeline: timelineSchema,
  /** Each worker's share of the schedule. */
  workers: z.array(workerRowSchema),
});

export const latencySchema = z.strictObject({ mean: ms, p50: ms, p95: ms, p99: ms, max: ms });

/** What a step's probe read of the key's budget just before it (X-RateLimit-Limit and -Remaining). */
export const keyBudgetSchema = z.strictObject({ limit: count, remaining: count });

export const throughputStepSchema = z.strictObject({
  endpoint: z.enum(LOAD_ENDPOINTS),
  /** e.g. `GET /contacts/{id}`. */
  label: z.string(),
  connections: count,
  durationS: z.number().positive(),
  /** Answers received. */
  requests: count,
  elapsedMs: ms,
  /** Answers per second; null when the step measured the key's rate limiter (see `measured`). */
  requestsPerSecond: z.number().min(0).nullable(),
  /** Over every answer, whatever its status; null when the step measured the key's rate limiter. */
  latencyMs: latencySchema.nullable(),
  /** Connection errors and timeouts. */
  errors: count,
  timeouts: count,
  non2xx: count,
  /** 429 answers: the key's rate limiter refused the request. */
  refused: count,
  /**
   * `limiter` when more than half of the answers were 429: the figures would be how fast the
   * limiter refuses, not how fast the endpoint serves, so they are left out (null above).
   */
  measured: z.enum(['endpoint', 'limiter']),
  /** The key's budget read just before the step, which its request bound was kept within; null when not advertised. */
  keyBudget: keyBudgetSchema.nullable(),
  statusCounts: statusCountsSchema,
  /** The step stopped at its request bound before its time was up (a ramp: cut to the key's budget). */
  capped: z.boolean(),
  /** A ramp (open model, `connections` 0): its stages; absent for a closed-model step. */
  stages: z.array(z.strictObject({ durationS: z.number().positive(), target: z.number().min(0) })).optional(),
});
export type ThroughputStepRecord = z.infer<typeof throughputStepSchema>;

export const cleanupSchema = z.strictObject({
  /** The run's tag in `tags` of every record it created: `conformance-run-<run id>`. */
  tag: z.string(),
  created: count,
  deleted: count,
  /** Records still carrying the tag after cleanup (or not checked: null). */
  leftover: count.nullable(),
  problems: z.array(z.string()),
});

export const throughputDetailSchema = z.strictObject({
  kind: z.literal('throughput'),
  key: z.string(),
  steps: z.array(throughputStepSchema),
  cleanup: cleanupSchema,
});

export const scenarioDetailSchema = z.discriminatedUnion('kind', [burstDetailSchema, sustainedDetailSchema, throughputDetailSchema]);
export type ScenarioDetail = z.infer<typeof scenarioDetailSchema>;

/**
 * How long a scenario waited for fresh rate windows on its keys before (and between) its bursts
 * or its sustained run, and why: every rate scenario needs a fresh window, and one that shares a
 * key with an earlier scenario of the run waits for that scenario's traffic to leave the window.
 */
export const freshWaitSchema = z.strictObject({
  /** Earlier scenarios of this run that used one of this scenario's keys: the wait is what sharing the key cost. */
  sharedWith: z.array(z.enum(LOAD_SCENARIOS)),
  /** The keys waited for, as labels (`limited key 1 of 3`), never the keys. */
  keys: z.array(z.string()),
  waitedMs: ms,
  /** Of waitedMs, the wait before a burst repeated once (for the scenario's own first burst to leave): no cost of sharing. */
  repeatWaitedMs: ms,
  /** Requests sent to find the windows fresh; each one counts against its key's budget. */
  probes: count,
  /** Each wait and why, e.g. `limited key 1 of 1: 61.3 s: until Retry-After 60 (+1 s precision)`. */
  steps: z.array(z.string()),
  /** One line: how long, and why, e.g. `61.3 s for limited key 1 of 1, which burst used earlier in this run: the cost of sharing it`. */
  summary: z.string(),
});
export type FreshWaitRecord = z.infer<typeof freshWaitSchema>;

export const scenarioResultSchema = z
  .strictObject({
    id: z.enum(LOAD_SCENARIOS),
    kind: z.enum(['burst', 'sustained', 'throughput']),
    name: z.string(),
    status: loadStatusSchema,
    /** One line: the verdict's reason, or why the scenario was skipped or broke. */
    message: z.string(),
    /** What a reader must look at: each a broken rule with counts. */
    findings: z.array(z.string()),
    startedAt: z.iso.datetime().nullable(),
    durationMs: ms,
    bounds: z.strictObject({ maxRequests: count, maxDurationMs: ms }),
    /** null when the scenario was skipped or broke before it measured anything. */
    detail: scenarioDetailSchema.nullable(),
    /** null when the scenario needs no fresh rate window (throughput) or did not get to wait for one. */
    freshWait: freshWaitSchema.nullable(),
    /**
     * The code of the error that ended the scenario (docs/why-did-my-run-stop.md has a row for each):
     * `TARGET_REFUSED` when the target refused a request the scenario needs, `INTERNAL` for a bug of
     * the harness. Absent when no error ended it.
     */
    errorCode: z.enum(ERROR_CODES).optional(),
  })
  .refine((s) => s.detail === null || s.detail.kind === s.kind, { message: 'detail.kind must equal kind' });
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

/** One threshold as judged on the run's merged traffic (harness/load/threshold-verdict.ts). */
export const THRESHOLD_STATUSES = ['passed', 'crossed', 'unverified'] as const;
export const thresholdRecordSchema = z.strictObject({
  /** The expression in its canonical spelling, e.g. `http_req_duration{scenario:throughput}:p(95)<300`. */
  expression: z.string(),
  metric: z.enum(['http_req_duration', 'http_req_failed', 'http_reqs']),
  tags: z.strictObject({ scenario: z.enum(LOAD_SCENARIOS).optional(), endpoint: z.enum(LOAD_ENDPOINTS).optional() }),
  /** `crossed` fails the run (exit 1); `unverified`: no traffic matched it, the run is incomplete. */
  status: z.enum(THRESHOLD_STATUSES),
  /** The figure compared (ms, a rate 0 to 1, a count or req/s), rounded to 0.001; null when unverified. */
  observed: z.number().nullable(),
  /** One line: the figure, over how many requests, and whether it holds. */
  message: z.string(),
});
export type ThresholdRecord = z.infer<typeof thresholdRecordSchema>;

export const loadReportSchema = z.strictObject({
  schemaVersion: z.literal(1),
  runId: z.string(),
  toolVersion: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  durationMs: ms,
  target: z.strictObject({
    url: z.string(),
    embedded: z.boolean(),
    faults: z.array(z.string()),
    /** Reference-server variants switched on: legitimate alternative choices (self-test runs only). */
    variants: z.array(z.string()),
    /** Self-test only: the embedded reference's rate window when it is not 60 s. */
    rateWindowS: z.number().positive().nullable(),
  }),
  engine: engineSchema,
  settings: z.strictObject({
    scenarios: z.array(z.enum(LOAD_SCENARIOS)),
    burstRequests: count,
    burstConnections: count,
    sustainedS: count,
    sustainedPerMin: count,
    stepS: count,
    concurrency: z.array(count),
    endpoints: z.array(z.enum(LOAD_ENDPOINTS)),
    maxCreatesPerStep: count,
    freshWaitS: count,
    /** CONFORMANCE_LOAD_STAGES: the ramp of each read endpoint (empty: none). */
    stages: z.array(z.strictObject({ durationS: z.number().positive(), target: z.number().min(0) })),
    /** CONFORMANCE_FAIL_ON_INCOMPLETE: an incomplete run exits 3 instead of 0. */
    failOnIncomplete: z.boolean(),
  }),
  status: loadRunStatusSchema,
  /**
   * 0 every rate scenario ran and held (or incomplete by default), 1 one failed, a threshold was
   * crossed or the harness broke, 3 incomplete with failOnIncomplete (2 never gets this far).
   */
  exitCode: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  /** Scenarios that did not run, and why (skipped, or a rate scenario not selected): why a run is incomplete. */
  notRun: z.array(z.strictObject({ id: z.enum(LOAD_SCENARIOS), reason: z.string() })),
  scenarios: z.array(scenarioResultSchema),
  /** Every threshold given, in the order given (empty: none). */
  thresholds: z.array(thresholdRecordSchema),
});
export type LoadReport = z.infer<typeof loadReportSchema>;

/**
 * The run's verdict from its scenarios and thresholds: the worst failure or error (a crossed
 * threshold is a failure); else incomplete when a selected scenario was skipped, a rate scenario
 * was not selected or a threshold had nothing to judge; else passed.
 */
export function runStatusOf(
  scenarios: readonly Pick<ScenarioResult, 'id' | 'status' | 'message'>[],
  selected: readonly LoadScenarioId[],
  thresholds: readonly Pick<ThresholdRecord, 'status'>[] = [],
): { status: LoadRunStatus; notRun: LoadReport['notRun'] } {
  const notRun: LoadReport['notRun'] = [];
  for (const id of LOAD_SCENARIOS) {
    const result = scenarios.find((s) => s.id === id);
    if (result?.status === 'skipped') notRun.push({ id, reason: `skipped: ${result.message}` });
    else if (result === undefined && RATE_SCENARIOS.includes(id)) {
      notRun.push({ id, reason: `not selected: CONFORMANCE_LOAD_SCENARIOS=${selected.join(',')}` });
    }
  }
  const worst = worstStatus(scenarios.map((s) => s.status));
  if (worst === 'error') return { status: worst, notRun };
  if (worst === 'failed' || thresholds.some((t) => t.status === 'crossed')) return { status: 'failed', notRun };
  return { status: notRun.length > 0 || thresholds.some((t) => t.status === 'unverified') ? 'incomplete' : 'passed', notRun };
}

/** The exit code of a finished run: failed or error 1; incomplete 0, or 3 under CONFORMANCE_FAIL_ON_INCOMPLETE. */
export function exitCodeOf(status: LoadRunStatus, failOnIncomplete = false): 0 | 1 | 3 {
  if (status === 'failed' || status === 'error') return 1;
  return status === 'incomplete' && failOnIncomplete ? 3 : 0;
}
