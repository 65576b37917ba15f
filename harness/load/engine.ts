import { hostname } from 'node:os';
import { JobKeyError } from '../errors.js';
import type { TargetNetwork } from '../http/network.js';
import { fireBurst } from './burst.js';
import { runSchedule } from './sustained.js';
import type { Job, KeyTally, WorkerInfo } from './tally.js';
import { KeyTallyBuilder, tallySamples } from './tally-samples.js';
import { driveStep } from './throughput.js';

/*
 * Who sends a scenario's traffic. run.ts decides what to send (a job: tally.ts `Job`), probes the
 * keys' rate windows itself, and judges the tallies an engine hands back; the engine only sends,
 * counts and times. `NodeEngine` sends from this process (undici, autocannon); the Locust engine
 * (locust/) from Locust workers on as many machines as it is given.
 */

/** Where a job's requests go: the target's origin; a job's path carries the base path. */
export interface EngineTarget {
  /** `http://host:port` */
  readonly origin: string;
  /** The run's CA file and proxies; an engine that cannot honour them says so before it runs. */
  readonly network?: TargetNetwork | undefined;
}

export interface RunJobOptions {
  /** Stops the job early: the engine hands back what it counted, with `stopped`. */
  readonly signal?: AbortSignal | undefined;
  /** A schedule job's answers as they come, for the progress display (an engine may not call it). */
  readonly onAnswer?: ((status: number | null) => void) | undefined;
  /** A throughput job's answers in the last second, once a second (an engine may not call it). */
  readonly onTick?: ((answersLastSecond: number, elapsedS: number) => void) | undefined;
}

/** A job's result: the shape of the Locust master's result file (tally.ts `LocustResult`) without its header. */
export interface JobResult {
  readonly workers: readonly WorkerInfo[];
  /** One entry per worker and key that had traffic (`worker` is WorkerInfo.index). */
  readonly tallies: readonly { readonly worker: number; readonly tally: KeyTally }[];
  /** From go to the last worker's result. */
  readonly elapsedMs: number;
  /** The job stopped early (its signal, or the engine's own bound). */
  readonly stopped: boolean;
}

export interface LoadEngine {
  readonly name: 'node' | 'locust';
  /** Node's version, or Locust's. */
  readonly version: string;
  /** Readies the senders (Locust: the master and its workers, their clock offsets). */
  start(): Promise<void>;
  /** The senders, once started; the report's per-worker rows and clock spread come from these. */
  workers(): readonly WorkerInfo[];
  /** Sends one job's traffic; `keys` is the list the job's key indexes point into. */
  runJob(job: Job, keys: readonly string[], target: EngineTarget, options?: RunJobOptions): Promise<JobResult>;
  close(): Promise<void>;
}

/** The Node engine's only worker: this process, on the harness's own clock. */
const SELF: WorkerInfo = { index: 0, host: hostname(), clockOffsetMs: 0, clockRttMs: 0, goSpreadMs: 0 };

function keyAt(keys: readonly string[], index: number): string {
  const key = keys[index];
  if (key === undefined) throw new JobKeyError(index, keys.length);
  return key;
}

/** Today's sender: undici for bursts and schedules, autocannon for throughput steps, in this process. */
export class NodeEngine implements LoadEngine {
  readonly name = 'node' as const;
  readonly version = process.versions.node;
  readonly #maxResponseBytes: number | undefined;

  /** `maxResponseBytes`: what is kept of one throughput answer's body at most (CONFORMANCE_MAX_RESPONSE_BYTES). */
  constructor(options: { readonly maxResponseBytes?: number | undefined } = {}) {
    this.#maxResponseBytes = options.maxResponseBytes;
  }

  async start(): Promise<void> {}

  workers(): readonly WorkerInfo[] {
    return [SELF];
  }

  async runJob(job: Job, keys: readonly string[], target: EngineTarget, options: RunJobOptions = {}): Promise<JobResult> {
    const started = performance.now();
    const signal = options.signal;
    const send = { origin: target.origin, path: job.path, ...(target.network === undefined ? {} : { network: target.network }) };
    const result = (tallies: KeyTally[], stopped: boolean): JobResult => ({
      workers: [SELF],
      tallies: tallies.map((tally) => ({ worker: SELF.index, tally })),
      elapsedMs: performance.now() - started,
      stopped: stopped || signal?.aborted === true,
    });
    if (job.kind === 'burst') {
      const fired = await Promise.all(
        job.keyIndexes.map((i) =>
          fireBurst(send, keyAt(keys, i), {
            requests: job.requestsPerKey,
            connections: job.connectionsPerKey,
            timeoutMs: job.timeoutMs,
            ...(signal ? { signal } : {}),
          }),
        ),
      );
      return result(
        fired.map((f, n) => tallySamples(f.samples, { keyIndex: job.keyIndexes[n]!, bucketMs: job.bucketMs })),
        false,
      );
    }
    if (job.kind === 'schedule') {
      const run = await runSchedule(send, keyAt(keys, job.keyIndex), job.offsetsMs, {
        timeoutMs: job.timeoutMs,
        signal,
        onSample: options.onAnswer === undefined ? undefined : (sample) => options.onAnswer!(sample.status),
      });
      return result([tallySamples(run.samples, { keyIndex: job.keyIndex, bucketMs: job.bucketMs, maxLagMs: run.maxLagMs })], run.samples.length < run.planned);
    }
    const builder = new KeyTallyBuilder(job.keyIndex, job.bucketMs);
    let created = 0;
    const driven = await driveStep(
      target.origin,
      keyAt(keys, job.keyIndex),
      { connections: job.connections, durationS: job.durationS, maxRequests: job.maxRequests },
      { method: job.method, path: job.path, ...(job.body === null ? {} : { body: job.body }) },
      {
        timeoutMs: job.timeoutMs,
        ...(signal ? { signal } : {}),
        ...(this.#maxResponseBytes === undefined ? {} : { maxResponseBytes: this.#maxResponseBytes }),
        ...(options.onTick ? { onTick: options.onTick } : {}),
        onAnswer: (status, latencyMs, atMs) =>
          builder.add({ startMs: Math.max(0, atMs - latencyMs), endMs: atMs, receivedAt: Date.now(), status, headers: {} }),
        ...(job.method === 'POST'
          ? {
              onCreated: (id: string) => {
                if (created < job.maxRequests) builder.created(id);
                created += 1;
              },
            }
          : {}),
      },
    );
    builder.addErrors(
      driven.errors + driven.timeouts,
      driven.elapsedMs,
      'connection error, timeout or an answer over the size bound (autocannon counts, no detail)',
    );
    return result([builder.build()], false);
  }

  async close(): Promise<void> {}
}
