import { InternalError } from '../errors.js';
import autocannon from 'autocannon';
import type { LoadEndpoint } from '../config/schema.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../http/client.js';
import { round } from './burst.js';
import { LatencyHistogram, type LatencySummary } from './histogram.js';
import type { ThroughputStepRecord } from './model.js';
import { ENDPOINTS, type ThroughputStep } from './scenarios.js';
import type { KeyTally } from './tally.js';

/** What one step sends: path relative to the base URL, and a JSON body for creates. */
export interface StepRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

export interface StepOptions {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Once a second: answers in the last second, seconds since the step started. */
  readonly onTick?: (answersLastSecond: number, elapsedS: number) => void;
  /** Each id a create answered with (2xx and `data.id`), so cleanup can delete exactly those. */
  readonly onCreated?: (id: string) => void;
  /** What is kept of one answer's body at most (CONFORMANCE_MAX_RESPONSE_BYTES); default 8 MiB. */
  readonly maxResponseBytes?: number;
  /** Each answer: its status, its latency and when it came (ms since the step started); for an engine's tally. */
  readonly onAnswer?: (status: number, latencyMs: number, atMs: number) => void;
}

/** What autocannon measured in one step, before it becomes a record or a tally. */
export interface DrivenStep {
  readonly histogram: LatencyHistogram;
  /** From the start to the last answer. */
  readonly elapsedMs: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly statusCounts: Record<string, number>;
}

/** The part of autocannon's per-connection state `boundBodies` reaches into (autocannon 9). */
interface AutocannonQueue {
  peek(): { body: string; boundedBytes?: number; oversize?: boolean } | undefined;
  addBody(data: Buffer): void;
}

/**
 * autocannon appends every answer's body to a string (to hand it to `onResponse`), whatever its
 * size: a target answering 400 MB would put 400 MB per connection in memory. This
 * `setupClient` keeps at most `cap` bytes of each answer and counts the answers it cut; the rest
 * is still parsed and dropped, and the step's duration and request timeout bound the time.
 */
export function boundBodies(cap: number, onOversize: () => void): (client: unknown) => void {
  return (client) => {
    const queue = (client as { pipelinedRequests?: AutocannonQueue }).pipelinedRequests;
    // Another autocannon layout: leave it alone rather than break the step.
    if (queue === undefined || typeof queue.peek !== 'function' || typeof queue.addBody !== 'function') return;
    const add = queue.addBody.bind(queue);
    queue.addBody = (data: Buffer): void => {
      const request = queue.peek();
      if (request === undefined) return;
      const seen = (request.boundedBytes ?? 0) + data.length;
      request.boundedBytes = seen;
      if (seen <= cap) {
        add(data);
        return;
      }
      if (request.oversize !== true) {
        request.oversize = true;
        onOversize();
      }
    };
  };
}

/** The tag every record of a run carries in `tags`, and the only records cleanup deletes. */
export function runTag(runId: string): string {
  // Lower-case letters, digits and hyphens only: a server may normalise tags (the spec does not
  // say), and cleanup must find them again.
  return `conformance-run-${runId.toLowerCase()}`;
}

/** spec 2.1: a minimal valid company contact, tagged with the run, named so `search` finds it. */
export function createBody(runId: string): string {
  return JSON.stringify({ contactType: 'company', name: `conformance-load ${runId}`, tags: [runTag(runId)] });
}

/** The request of each endpoint; `get` needs the id of a contact that exists. */
export function stepRequest(endpoint: LoadEndpoint, runId: string, fixtureId: string | undefined): StepRequest {
  if (endpoint === 'list') return { method: 'GET', path: '/contacts?limit=20' };
  if (endpoint === 'get') {
    if (fixtureId === undefined) throw new InternalError('the get step needs a fixture contact');
    return { method: 'GET', path: `/contacts/${encodeURIComponent(fixtureId)}` };
  }
  return { method: 'POST', path: '/contacts', body: createBody(runId) };
}

function idOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One step of scenario 4, closed model: `connections` connections each send the next request as
 * soon as the previous answer arrived, for `durationS` or until `maxRequests` answers.
 *
 * autocannon, not undici: it is the load generator the harness is compared with (the bench asks
 * for at least 90 % of the autocannon CLI), and undici's request() tops out well below it.
 * Latency comes from autocannon's `response` event (hrtime, fractions of a millisecond) into our
 * own histogram; autocannon's histogram holds whole milliseconds. req/s is answers over the time
 * from the start to the last answer, so a step stopped by its request bound is not diluted by
 * autocannon's one-second sampling.
 */
export async function runThroughputStep(
  baseUrl: string,
  key: string,
  step: ThroughputStep,
  request: StepRequest,
  options: StepOptions,
): Promise<ThroughputStepRecord> {
  const driven = await driveStep(baseUrl, key, step, request, options);
  return stepRecord(step, driven.histogram.summary(), driven.elapsedMs, driven);
}

/**
 * More than this share of a step's answers 429, and the step measured the key's rate limiter:
 * refusals are cheap and fast, so its req/s and latencies say how quickly the limiter says no,
 * not how the endpoint serves. Half: a step mostly admitted still says something of the endpoint
 * (its refusals are counted beside it), one mostly refused does not.
 */
export const LIMITER_SHARE = 0.5;

/** Whether a step whose answers are `statusCounts` measured the limiter rather than the endpoint. */
export function measuredLimiter(statusCounts: Readonly<Record<string, number>>): boolean {
  const answers = Object.values(statusCounts).reduce((n, c) => n + c, 0);
  return answers > 0 && (statusCounts['429'] ?? 0) > LIMITER_SHARE * answers;
}

/** A step's record from its latencies (one per answer) and counts, whichever way they were gathered. */
function stepRecord(
  step: ThroughputStep,
  latency: LatencySummary,
  elapsedMs: number,
  counts: Pick<ThroughputStepRecord, 'errors' | 'timeouts' | 'non2xx' | 'statusCounts'>,
  keyBudget: ThroughputStepRecord['keyBudget'] = null,
): ThroughputStepRecord {
  const limiter = measuredLimiter(counts.statusCounts);
  return {
    endpoint: step.endpoint,
    label: ENDPOINTS[step.endpoint].label,
    connections: step.connections,
    durationS: step.durationS,
    requests: latency.count,
    elapsedMs: round(elapsedMs),
    requestsPerSecond: limiter ? null : elapsedMs > 0 ? round((latency.count * 1000) / elapsedMs, 1) : 0,
    latencyMs: limiter
      ? null
      : { mean: round(latency.mean, 3), p50: round(latency.p50, 3), p95: round(latency.p95, 3), p99: round(latency.p99, 3), max: round(latency.max, 3) },
    errors: counts.errors,
    timeouts: counts.timeouts,
    non2xx: counts.non2xx,
    refused: counts.statusCounts['429'] ?? 0,
    measured: limiter ? 'limiter' : 'endpoint',
    keyBudget,
    statusCounts: counts.statusCounts,
    capped: latency.count >= step.maxRequests,
  };
}

/** One closed-model step through autocannon (see runThroughputStep), as measured. */
export async function driveStep(
  baseUrl: string,
  key: string,
  step: Pick<ThroughputStep, 'connections' | 'durationS' | 'maxRequests'>,
  request: StepRequest,
  options: StepOptions,
): Promise<DrivenStep> {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${request.path}`;
  const headers: Record<string, string> = { 'x-api-key': key, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const histogram = new LatencyHistogram();
  const onCreated = options.onCreated;
  const started = performance.now();
  let lastAnswer = started;
  let oversize = 0;
  const opts: autocannon.Options = {
    url,
    connections: step.connections,
    duration: step.durationS,
    maxOverallRequests: step.maxRequests,
    timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
    method: request.method,
    headers,
    setupClient: boundBodies(options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, () => (oversize += 1)),
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.method === 'POST' && onCreated !== undefined
      ? {
          requests: [
            {
              method: 'POST' as const,
              path: new URL(url).pathname,
              headers,
              body: request.body,
              onResponse: (status: number, body: string) => {
                if (status >= 200 && status < 300) {
                  const id = idOf(body);
                  if (id !== undefined) onCreated(id);
                }
              },
            },
          ],
        }
      : {}),
  };
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(opts, (error: unknown, result: autocannon.Result) => (error ? reject(error as Error) : resolve(result)));
  });
  const onAnswer = options.onAnswer;
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    histogram.record(responseTime);
    lastAnswer = performance.now();
    onAnswer?.(status, responseTime, lastAnswer - started);
  });
  if (options.onTick) {
    const onTick = options.onTick;
    // The types say no argument; autocannon passes the answers since the last tick.
    (instance as NodeJS.EventEmitter).on('tick', (tick: { counter: number }) => onTick(tick.counter, (performance.now() - started) / 1000));
  }
  const stop = (): void => instance.stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  let result: autocannon.Result;
  try {
    result = await done;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  const elapsedMs = Math.max(0, lastAnswer - started);
  const statusCounts: Record<string, number> = {};
  for (const [status, entry] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = (entry as { count: number }).count;
  // Answers cut at the read bound count as errors: nothing about them could be used.
  return { histogram, elapsedMs, errors: result.errors + oversize, timeouts: result.timeouts, non2xx: result.non2xx, statusCounts };
}

/**
 * A step's record from its tally (every worker's, merged): what the report shows whichever engine
 * sent the traffic. Requests are answers; req/s is answers over the time from go to the last
 * answer; connection errors and timeouts are both `errors` (a tally does not tell them apart).
 */
export function throughputStepOf(step: ThroughputStep, tally: KeyTally, keyBudget: ThroughputStepRecord['keyBudget'] = null): ThroughputStepRecord {
  const latency = LatencyHistogram.fromSparse(tally.latency).summary();
  const elapsedMs = tally.lastAnswerMs ?? 0;
  const statusCounts = Object.fromEntries(Object.entries(tally.statusCounts).sort(([a], [b]) => Number(a) - Number(b)));
  const non2xx = Object.entries(statusCounts).reduce((n, [status, c]) => (Number(status) >= 200 && Number(status) < 300 ? n : n + c), 0);
  return stepRecord(step, latency, elapsedMs, { errors: tally.errors, timeouts: 0, non2xx, statusCounts }, keyBudget);
}
