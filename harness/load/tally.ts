import { z } from 'zod';

/*
 * The engine-neutral form of a load job's traffic: what the judge reads, whichever engine sent it.
 *
 * An engine (the Node engine in this process, or Locust master + workers on other machines) sends
 * the requests of one job (a burst on some keys, a sustained schedule on one key, a throughput
 * step) and hands back one `KeyTally` per key and worker: counts, fixed-width buckets, the
 * Retry-After values seen and a latency histogram. Per-request data never leaves the engine, so a
 * run of a million requests is still a small file. The judge (burst.ts, sustained.ts) reads only
 * tallies: the verdict cannot depend on which engine produced them.
 *
 * Times inside a tally are milliseconds since the job's "go" on the sender's monotonic clock
 * (no wall clock: workers' clocks may disagree). Wall-clock instants (`receivedAt`, for a
 * Retry-After given as an HTTP date without a Date header) are the sender's clock corrected by its
 * measured offset to the harness (`WorkerInfo.clockOffsetMs`) before judging.
 *
 * The Locust result file (`LocustResult`, written by the master, harness/load/locust/locustfile.py)
 * carries the same shapes in JSON; `locustResultSchema` validates it before anything reads it.
 */

/** Distinct Retry-After values kept per key and worker; the rest are summarised in `overflow`. */
export const MAX_RETRY_AFTER_VALUES = 512;

const count = z.int().min(0);
const ms = z.number().min(0);

/** One distinct pair of a 429's Retry-After and Date headers (null: header absent). */
export const retryAfterValueSchema = z.strictObject({
  value: z.string().nullable(),
  date: z.string().nullable(),
  /** Wall clock (epoch ms) of the first answer that carried the pair, on the sender's clock. */
  receivedAt: z.number(),
  count: count.min(1),
});
export type RetryAfterValue = z.infer<typeof retryAfterValueSchema>;

export const retryAfterTallySchema = z.strictObject({
  /** At most MAX_RETRY_AFTER_VALUES distinct pairs, in order of first appearance. */
  values: z.array(retryAfterValueSchema),
  /**
   * 429s whose pair did not fit: numeric deltas summarised by their smallest and largest value
   * (every value between two valid deltas is valid), anything else counted as `nonNumeric`, the
   * first of those kept as an example.
   */
  overflow: z.strictObject({
    count,
    minDelta: z.number().nullable(),
    maxDelta: z.number().nullable(),
    nonNumeric: count,
    firstNonNumeric: retryAfterValueSchema.omit({ count: true }).nullable(),
  }),
});
export type RetryAfterTally = z.infer<typeof retryAfterTallySchema>;

/** Answers per fixed-width bucket of answer time since go (the timeline chart is re-bucketed from these). */
export const tallyBucketSchema = z.strictObject({ startMs: ms, admitted: count, rejected: count, other: count, error: count });

/**
 * Latency histogram, the log-linear buckets of harness/load/histogram.ts (microseconds, two
 * significant digits), sparse: `[bucket index, count]` pairs for non-empty buckets only.
 */
export const latencyTallySchema = z.strictObject({
  count,
  sumMicros: z.number().min(0),
  maxMicros: count,
  buckets: z.array(z.tuple([count, count.min(1)])),
});

/** One key's traffic in one job on one sender (a Locust worker, or the Node engine). */
export const keyTallySchema = z.strictObject({
  /** Index of the key in the job's key list (the keys themselves never appear in a tally). */
  keyIndex: count,
  sent: count,
  /** Answers per HTTP status, e.g. `{ "200": 59, "429": 91 }`. */
  statusCounts: z.record(z.string().regex(/^[1-5][0-9]{2}$/), count),
  /** Requests without an answer (timeout, connection error). */
  errors: count,
  firstError: z.string().nullable(),
  /** First request sent and last answer (or failure), ms since go; null when nothing was sent. */
  firstSentMs: ms.nullable(),
  lastAnswerMs: ms.nullable(),
  /** Answer time of the first 429, ms since go. */
  first429Ms: ms.nullable(),
  /** Start of the first request whose answer was a 429, ms since go (the sustained run's message). */
  first429SentMs: ms.nullable(),
  bucketMs: z.number().positive(),
  buckets: z.array(tallyBucketSchema),
  retryAfter: retryAfterTallySchema,
  latency: latencyTallySchema,
  /** The open model only: latest start against its slot, ms. */
  maxLagMs: ms,
  /** Throughput create steps only: ids of records the job created (for cleanup), at most the step's bound. */
  createdIds: z.array(z.string()),
});
export type KeyTally = z.infer<typeof keyTallySchema>;

/** One sender of a job. */
export const workerInfoSchema = z.strictObject({
  /** 0-based; the Node engine is worker 0 of 1. */
  index: count,
  /** Host name the worker reported (not an address the harness connects to). */
  host: z.string(),
  /** Worker wall clock minus the master's, measured at the start (half the round trip either way), ms. */
  clockOffsetMs: z.number(),
  /** Round trip of that measurement, ms: the offset's uncertainty is half of it. */
  clockRttMs: ms,
  /** How long after the first worker this worker received "go", by the master's reckoning, ms. */
  goSpreadMs: ms,
});
export type WorkerInfo = z.infer<typeof workerInfoSchema>;

/** What one job asks an engine to send. Keys by index into the engine's key list. */
export const jobSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('burst'),
    id: z.string(),
    /** Path and query on the target, base path included, e.g. `/api/v1/contacts?limit=1`. */
    path: z.string(),
    keyIndexes: z.array(count).min(1),
    /** Per key, split over the workers (worker i sends the requests i, i + N, ...). */
    requestsPerKey: count.min(1),
    /** Per key, split over the workers (at least one each that has requests). */
    connectionsPerKey: count.min(1),
    timeoutMs: ms,
    bucketMs: z.number().positive(),
  }),
  z.strictObject({
    kind: z.literal('schedule'),
    id: z.string(),
    path: z.string(),
    keyIndex: count,
    /** Start offsets in ms since go; worker i sends offsets i, i + N, ... (open model). */
    offsetsMs: z.array(ms),
    timeoutMs: ms,
    bucketMs: z.number().positive(),
  }),
  z.strictObject({
    kind: z.literal('throughput'),
    id: z.string(),
    keyIndex: count,
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    /** JSON body of a POST (run-tagged), sent as is. */
    body: z.string().nullable(),
    /** Total connections, split over the workers. */
    connections: count.min(1),
    durationS: z.number().positive(),
    /** Total request bound, split over the workers. */
    maxRequests: count.min(1),
    timeoutMs: ms,
    bucketMs: z.number().positive(),
  }),
]);
export type Job = z.infer<typeof jobSchema>;

/** The result of one job, merged by the Locust master; the file the judge reads. */
export const locustResultSchema = z.strictObject({
  format: z.literal('conformance-locust-result'),
  /** The result format; bumped when a field changes meaning. */
  version: z.literal(1),
  /** LOCUSTFILE_VERSION of the locustfile that produced it (must equal the harness's). */
  locustfile: z.string(),
  /** Locust's version on the master. */
  locust: z.string(),
  jobId: z.string(),
  workers: z.array(workerInfoSchema).min(1),
  /** One entry per worker and key that had traffic (`worker` is WorkerInfo.index). */
  tallies: z.array(z.strictObject({ worker: count, tally: keyTallySchema })),
  /** ms from go to the last worker's result, on the master's clock. */
  elapsedMs: ms,
  /** The job stopped early (its time bound, or the harness said stop). */
  stopped: z.boolean(),
});
export type LocustResult = z.infer<typeof locustResultSchema>;
