import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/**
 * The published shape of `report.json`. `schemas/report.schema.json` is generated from this
 * (npm run schema) and a self-test keeps the two in step and validates real output against it.
 */

/** Ordered from best to worst: a parent takes its worst child's status (OCI conformance habit). */
export const STATUSES = ['pass', 'skip', 'inconclusive', 'fail', 'error'] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

export const LEVELS = ['MUST', 'SHOULD', 'MAY'] as const;
export const levelSchema = z.enum(LEVELS);
export type Level = z.infer<typeof levelSchema>;

/**
 * `conformant`: every MUST requirement of the catalogue was verified (a check of it ran and passed)
 * and no MUST check failed, erred, skipped or was inconclusive. `incomplete`: nothing failed, but
 * at least one MUST requirement was not verified (skipped, inconclusive, not selected).
 * `non-conformant`: a MUST check failed. `error`: the harness broke (no MUST check failed).
 * `interrupted`: SIGINT or SIGTERM stopped the run before it ended; whatever finished is listed,
 * but an interrupted run never claims a verdict about the target.
 */
export const VERDICTS = ['conformant', 'incomplete', 'non-conformant', 'error', 'interrupted'] as const;
export const verdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof verdictSchema>;

const statusCountsSchema = z.object({
  pass: z.int().min(0),
  skip: z.int().min(0),
  inconclusive: z.int().min(0),
  fail: z.int().min(0),
  error: z.int().min(0),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const exchangeSchema = z.object({
  /** The request as a runnable curl command, keys and secrets redacted. */
  curl: z.string(),
  method: z.string(),
  url: z.string(),
  status: z.int().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  /** At most a few KiB of the response body, redacted. */
  bodyExcerpt: z.string(),
  durationMs: z.number().min(0),
});
export type ExchangeRecord = z.infer<typeof exchangeSchema>;

export const propertySchema = z.object({
  seed: z.int(),
  path: z.string().nullable(),
  numRuns: z.int().min(0),
  counterexample: z.string().nullable(),
});
export type PropertyRecord = z.infer<typeof propertySchema>;

/** A line of the package's code: `suites/contacts.test.ts` line 42 (path from the package root, forward slashes). */
export const sourceLocationSchema = z.object({
  file: z.string(),
  line: z.int().min(1),
});
export type SourceLocation = z.infer<typeof sourceLocationSchema>;

export const checkResultSchema = z.object({
  /** Unique within a run: domain, requirement id and title. */
  key: z.string(),
  requirementId: z.string(),
  level: levelSchema,
  section: z.string(),
  domain: z.string(),
  title: z.string(),
  status: statusSchema,
  message: z.string().nullable(),
  durationMs: z.number().min(0),
  /** The exchange that decided a failure (last one seen otherwise), when there was one. */
  exchange: exchangeSchema.nullable(),
  /** fast-check details when the check is a property. */
  property: propertySchema.nullable(),
  /** How many times a 429 was waited out during this check (throttling, never a failure). */
  throttled: z.int().min(0),
  /** Times the check ran again from the start because an outage of the target interrupted it. */
  reruns: z.int().min(0).optional(),
  /**
   * For a check with status error: the code of the error that ended it (a row of
   * docs/why-did-my-run-stop.md), e.g. REQUEST_FAILED, THROTTLED, RUN_DEADLINE. Absent otherwise,
   * and when the error was no error of the harness's own (a crash).
   */
  errorCode: z.enum(ERROR_CODES).optional(),
  /**
   * Where the check is declared: the suite file's line, then, when a shared helper of harness/
   * declared it, the helper's line. Paths from the package root (`dist/...js` from the installed
   * package). Absent when the declaring code was not found.
   */
  declaredAt: z.array(sourceLocationSchema).min(1).optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const observationSchema = z.object({
  /** What was observed, e.g. `validation-status`, `unknown-id-status`, `paging-total-name`. */
  topic: z.string(),
  domain: z.string(),
  /** Where it was seen, e.g. `POST /contacts`. */
  subject: z.string(),
  value: z.string(),
  requirementId: z.string().nullable(),
});
export type Observation = z.infer<typeof observationSchema>;

export const requirementCoverageSchema = z.object({
  id: z.string(),
  level: levelSchema,
  section: z.string(),
  domain: z.string(),
  statement: z.string(),
  /** Number of checks in this run that name the requirement. */
  checks: z.int().min(0),
  /** Worst status among those checks; null when no check ran. */
  status: statusSchema.nullable(),
});
export type RequirementCoverage = z.infer<typeof requirementCoverageSchema>;

export const endpointCoverageSchema = z.object({
  method: z.string(),
  /** Relative to the base URL, `{id}` for the path parameter. */
  path: z.string(),
  domain: z.string(),
  section: z.string(),
  /** Checks in this run that sent at least one request to it. */
  checks: z.int().min(0),
});

export const notTestableSchema = z.object({ domain: z.string(), reason: z.string() });

/** One cell of the isolation and permission matrix: what one key could do to one kind of record. */
export const matrixCellSchema = z.object({
  resource: z.string(),
  operation: z.string(),
  key: z.string(),
  /** pass: refused (or allowed) as the rule requires; fail: it was not. */
  status: z.enum(['pass', 'fail']),
  /** The status the target answered, when one request decided the cell. */
  answered: z.int().nullable(),
});
export type MatrixCell = z.infer<typeof matrixCellSchema>;

/** One invalid class of one field sent by the input-table checks: what was sent and what the target did. */
export const inputClassSchema = z.object({
  /** `POST /contacts`, `POST /batch/time-entries entries[0]`. */
  surface: z.string(),
  field: z.string(),
  /** `type:string`, `null`, `below-min`, `format:impossible-date`. */
  class: z.string(),
  requirementId: z.string(),
  /** The value sent, as JSON (cut to 80 characters). */
  sent: z.string(),
  /** The status the target answered (null: no answer). */
  answered: z.int().nullable(),
  /** rejected: answered 4xx, as required, or (a batch item, spec 4.10) 2xx with nothing of it applied; accepted: 2xx; other: 5xx or no answer. */
  outcome: z.enum(['rejected', 'accepted', 'other']),
});
export type InputClassCell = z.infer<typeof inputClassSchema>;

/** Why a MUST requirement was not verified by a run; most serious first. */
export const UNVERIFIED_REASONS = ['error', 'inconclusive', 'not-configured', 'not-applicable', 'not-run', 'not-selected'] as const;
export const unverifiedReasonSchema = z.enum(UNVERIFIED_REASONS);
export type UnverifiedReason = z.infer<typeof unverifiedReasonSchema>;

/** A MUST requirement of the catalogue this run did not verify: why a run is `incomplete`. */
export const unverifiedSchema = z.object({
  id: z.string(),
  section: z.string(),
  domain: z.string(),
  statement: z.string(),
  reason: unverifiedReasonSchema,
  /** What exactly: the variable that is not set, the selection that left it out, what was waited for. */
  detail: z.string(),
});
export type Unverified = z.infer<typeof unverifiedSchema>;

/** CONFORMANCE_EXPECTED_FAILURES: how each listed requirement fared in this run. */
export const EXPECTED_STATES = ['expected', 'stale', 'expired', 'not-run'] as const;
export const expectedFailureSchema = z.object({
  id: z.string(),
  reason: z.string(),
  /** YYYY-MM-DD: after that day its failure counts again. */
  expires: z.string().nullable(),
  /** expected: it failed, as listed (no effect on the exit code); stale: it passes now (fails the run: remove it); expired: its failure counts; not-run: no verdict of it this run. */
  state: z.enum(EXPECTED_STATES),
  /** Checks of it that failed (an error is no verdict, and is never forgiven). */
  failed: z.int().min(0),
});
export type ExpectedFailureRecord = z.infer<typeof expectedFailureSchema>;

export const domainSummarySchema = z.object({
  domain: z.string(),
  status: statusSchema,
  counts: statusCountsSchema,
});
export type DomainSummary = z.infer<typeof domainSummarySchema>;

/** `target.kind` of report.json: what was tested, in words. */
export const TARGET_KINDS = ['embedded reference server', 'external server'] as const;

export const reportSchema = z.object({
  schemaVersion: z.literal(1),
  tool: z.object({ name: z.string(), version: z.string() }),
  runId: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  durationMs: z.number().min(0),
  target: z.object({
    url: z.string(),
    embedded: z.boolean(),
    /**
     * The target in words, for a reader who does not know what `embedded` means: `embedded reference
     * server` (a self-test: the verdict says nothing about the user's server) or `external server`.
     * Absent in reports of earlier versions.
     */
    kind: z.enum(TARGET_KINDS).optional(),
    /** Reference-server faults switched on (self-test runs only). */
    faults: z.array(z.string()),
    /** Reference-server variants switched on: legitimate alternative choices (self-test runs only). */
    variants: z.array(z.string()),
  }),
  settings: z.object({
    seed: z.int(),
    numRuns: z.int().min(1),
    suites: z.array(z.string()),
    /** CONFORMANCE_REQUIREMENTS: the requirement ids the run was narrowed to (empty: every check). */
    requirements: z.array(z.string()),
    /** CONFORMANCE_FAIL_ON_INCOMPLETE: an incomplete run exits 3 instead of 0. */
    failOnIncomplete: z.boolean(),
    /** CONFORMANCE_EXPECTED_FAILURES: the file's name, null when unset. */
    expectedFailures: z.string().nullable(),
    /** CONFORMANCE_OUTAGE_WAIT_S: the longest outage the run paused for. */
    outageWaitS: z.int().min(0).optional(),
    /**
     * How the run met the target's distance (harness/runner/latency.ts): the shortest of the first
     * round trips (ms; 0 for the embedded reference, which runs in the run's process and is not
     * measured), the workers the suites ran in, the requests each file kept in flight at most
     * (CONFORMANCE_CONCURRENCY, or chosen for the distance when `concurrencySet` is false).
     * Absent in reports of earlier versions.
     */
    distance: z
      .object({
        roundTripMs: z.number().min(0),
        workers: z.int().min(1),
        concurrency: z.int().min(1),
        concurrencySet: z.boolean(),
      })
      .optional(),
  }),
  /**
   * The shipped spec cut into units (harness/spec/traceability), per section: how many, how many
   * are traced to requirements (and of those, how many this run verified: every mapped requirement
   * passed), informative or untestable from outside.
   */
  specCoverage: z
    .array(
      z.object({
        section: z.string(),
        units: z.int().min(0),
        traced: z.int().min(0),
        verified: z.int().min(0),
        informative: z.int().min(0),
        untestable: z.int().min(0),
      }),
    )
    .optional(),
  /** Each time the target stopped answering and the run paused: when, how long, whether it came back. */
  outages: z
    .array(
      z.object({
        startedAt: z.iso.datetime(),
        endedAt: z.iso.datetime(),
        durationMs: z.number().min(0),
        probes: z.int().min(0),
        recovered: z.boolean(),
      }),
    )
    .optional(),
  /**
   * What the run's cleanup could not remove: records whose delete got no answer or was never
   * sent (the run stopped), and the records the spec keeps after their delete (spec 2: tasks and
   * resources are soft-deleted, a deleted rate is deactivated). Absent in reports written before it.
   */
  cleanup: z
    .object({
      notDeleted: z.int().min(0),
      softDeletedTasks: z.int().min(0),
      softDeletedResources: z.int().min(0),
      deactivatedRates: z.int().min(0),
      /**
       * The same counts per suite file's domain (the file whose end-of-file cleanup deleted them),
       * so an operator sees which part of the run leaves what. Absent in reports written before it.
       */
      byDomain: z
        .record(
          z.string(),
          z.object({
            notDeleted: z.int().min(0),
            softDeletedTasks: z.int().min(0),
            softDeletedResources: z.int().min(0),
            deactivatedRates: z.int().min(0),
          }),
        )
        .optional(),
      /**
       * The read-back after cleanup (harness/runner/read-back.ts): every record the run created,
       * read by id with its organisation's key. `alive`: read 2xx and not as the spec keeps a
       * deleted record, with why (its delete's answer); `unknown`: not read for sure and not
       * answered deleted; `cutShort`: it ended before every record was read (its 60 s bound, an
       * interrupt, the target gone). `notDeleted` above is `alive` and `unknown` together.
       * Absent in reports written before it.
       */
      readBack: z
        .object({
          checked: z.int().min(0),
          alive: z.array(
            z.object({
              collection: z.string(),
              organisation: z.enum(['A', 'B']),
              id: z.string(),
              why: z.string(),
              domain: z.string().optional(),
            }),
          ),
          unknown: z.int().min(0),
          cutShort: z.boolean(),
          /** Creates sent that got no answer (timeout, reset, the run's stop): each may have made a record of no known id, which no read by id can find. */
          unansweredCreates: z.int().min(0),
        })
        .optional(),
      /** The summary's sentence about the footprint, generated from the read-back. Absent in reports written before it. */
      footprint: z.string().optional(),
    })
    .optional(),
  /**
   * Present when the run stopped before its end: the code (a row of docs/why-did-my-run-stop.md)
   * and why. Before any check ran (PREFLIGHT_FAILED, TARGET_UNREACHABLE, ...), or part way
   * (TARGET_UNHEALTHY, RUN_DEADLINE, THROTTLE_BUDGET_SPENT, RUN_INTERRUPTED). `code` is null when
   * the stop came from a worker whose kind the run could not read.
   */
  stoppedBy: z.object({ code: z.enum(ERROR_CODES).nullable(), reason: z.string() }).optional(),
  verdict: verdictSchema,
  /**
   * 0 conformant (or incomplete by default), 1 non-conformant or error, 3 incomplete with
   * failOnIncomplete, 130 interrupted by SIGINT, 143 by SIGTERM.
   */
  exitCode: z.union([z.int().min(0).max(3), z.literal(130), z.literal(143)]),
  /** Present when a signal stopped the run: which, and what became of the records it had created. */
  interrupted: z
    .object({
      signal: z.enum(['SIGINT', 'SIGTERM']),
      /** Records the run had created and not yet deleted when it stopped. */
      recordsFound: z.int().min(0),
      /** Of those, deleted (or already gone) before the run ended. */
      recordsDeleted: z.int().min(0),
      /** Of those, possibly still on the target (those with tags carry the run's tag). */
      recordsLeft: z.int().min(0),
      /**
       * Creates that got no answer before the run stopped (aborted by the stop, or timed out): each
       * may have made a record whose id the run never learnt, so no delete could reach it (absent in
       * reports of earlier versions).
       */
      createsUnanswered: z.int().min(0).optional(),
      /** The deletes' time bound (harness/runner/interrupt.ts INTERRUPT_CLEANUP_MS) ran out before each was answered (absent in earlier versions). */
      cleanupCutShort: z.boolean().optional(),
    })
    .optional(),
  counts: z.object({
    total: z.int().min(0),
    byStatus: statusCountsSchema,
    byLevel: z.object({ MUST: statusCountsSchema, SHOULD: statusCountsSchema, MAY: statusCountsSchema }),
  }),
  throttling: z.object({ waits: z.int().min(0), totalWaitMs: z.number().min(0) }),
  domains: z.array(domainSummarySchema),
  checks: z.array(checkResultSchema),
  observations: z.array(observationSchema),
  requirements: z.array(requirementCoverageSchema),
  /** MUST requirements this run did not verify, with the reason; empty for a conformant run. */
  unverified: z.array(unverifiedSchema),
  /** The entries of CONFORMANCE_EXPECTED_FAILURES and how each fared; empty when unset. */
  expectedFailures: z.array(expectedFailureSchema),
  /** Every documented endpoint (spec 4) and how many checks exercised it. */
  endpoints: z.array(endpointCoverageSchema),
  /** Domains the spec names without documenting them: nothing to test against. */
  notTestable: z.array(notTestableSchema),
  /** The security matrix (resource x operation x key), empty when the security suite did not run. */
  matrix: z.array(matrixCellSchema),
  /** Every invalid class the input-table checks sent, per surface and field; absent in reports written before it. */
  inputClasses: z.array(inputClassSchema).optional(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * How the harness entry (requirement HARNESS) of a run that stopped sending early, at its
 * breaker or its deadline, begins; the verdict line repeats it (it says why).
 */
export const STOPPED_EARLY = 'the run stopped early: ';

export function emptyCounts(): StatusCounts {
  return { pass: 0, skip: 0, inconclusive: 0, fail: 0, error: 0 };
}

/** The worse of two statuses in the order of STATUSES. */
export function worstStatus(a: Status, b: Status): Status {
  return STATUSES.indexOf(a) >= STATUSES.indexOf(b) ? a : b;
}
