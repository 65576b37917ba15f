import { HarnessError, LoadStoppedError, TargetRefusedError, type ErrorCode } from '../errors.js';
import { readFile } from 'node:fs/promises';
import type { Config, LoadScenarioId } from '../config/schema.js';
import { ApiClient, RAW_429 } from '../http/client.js';
import { DIRECT, proxyFor, shownProxy, targetDispatcher } from '../http/network.js';
import { request } from '../http/undici.js';
import { Redactor } from '../http/redact.js';
import type { RateProbe } from '../rate/fresh.js';
import type { SmoothingRefusal } from '../rate/smoothing.js';
import { refillWindowMs, SPEC_WINDOW_MS } from '../rate/tolerance.js';
import { preflight } from '../doctor/preflight.js';
import { displayUrl, newRunId, probe, startTarget } from '../runner/target.js';
import { judgeBurstKey, keptHeaders, round, splitUrl, type SendTarget } from './burst.js';
import { EngineKeyMissingError } from '../errors.js';
import type { LoadEngine } from './engine.js';
import { engineFor } from './engine-choice.js';
import { engineKeys } from './locust/paths.js';
import { cleanUpContacts } from './cleanup.js';
import { waitForFreshWindows, type FreshWindows } from './fresh-windows.js';
import { freshWaitRecord, type Waited } from './fresh-wait.js';
import {
  exitCodeOf,
  loadReportSchema,
  runStatusOf,
  worstStatus,
  type LoadReport,
  type LoadStatus,
  type ScenarioDetail,
  type ScenarioResult,
  type ThroughputStepRecord,
} from './model.js';
import { LoadProgress } from './progress.js';
import { arrivalOffsets, maxInWindow, rampOffsets } from './schedule.js';
import {
  buildScenarios,
  executionOrder,
  THROUGHPUT_WAIT_MS,
  resolveKeys,
  sharedKeys,
  stagesText,
  type BurstScenario,
  type ResolvedKey,
  type Scenario,
  type SustainedScenario,
  type ThroughputScenario,
} from './scenarios.js';
import { judgePaced, pacedAnswer, pacedPlan } from './smoothing.js';
import { judgeSustained } from './sustained.js';
import { LoadMetrics } from './metrics.js';
import { judgeThresholds } from './threshold-verdict.js';
import type { Job } from './tally.js';
import { tallyOfKey } from './tally-merge.js';
import { createBody, runTag, stepRequest, throughputStepOf } from './throughput.js';
import { limiterNote, planStep, raiseLimitAdvice, throughputVerdict, type KeyBudget } from './throughput-verdict.js';
import { readRateHeaders } from '../rate/headers.js';
import { readReset } from '../rate/reset.js';
import { writeLoadReport, type WrittenLoadReport } from './write.js';
import { renderOpenMetrics } from './metrics-export.js';
import { pushMetrics } from './metrics-push.js';
import { redactDeep } from '../report/files.js';
import { packageFile } from '../package-root.js';

/** What a scenario hands back; the runner adds id, name, timing, bounds and who shared its keys. */
interface Outcome {
  readonly status: LoadStatus;
  readonly message: string;
  readonly findings: readonly string[];
  readonly detail: ScenarioDetail | null;
  readonly waited?: Waited | undefined;
  /** The code of the error that ended the scenario, when one did (load.json `errorCode`). */
  readonly errorCode?: ErrorCode | undefined;
}

/** The code load.json gives an error that ended a scenario: a plain Error is a bug of the harness. */
function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof HarnessError ? error.code : 'INTERNAL';
}

/**
 * Why the target's answer to the throughput scenario's one setup create ends the scenario. A
 * conformant server accepts it (spec 4.1: POST /contacts with a valid body answers 201 and the
 * record): the refusal is the target's, except where a key's rights or budget may explain it, and
 * then the line says both.
 */
function createRefusal(status: number, keyLabel: string, hasId: boolean): TargetRefusedError {
  const answered = `POST /contacts answered ${status}${status >= 200 && status < 300 && !hasId ? ' without data.id' : ''}`;
  const what = 'the target refused the contact the get steps read';
  if (status === 401 || status === 403) {
    return new TargetRefusedError(
      `${what} (${answered}): either the ${keyLabel} may not create contacts (set an admin key of organisation A), or the target refuses a create an admin may make (spec 4.1)`,
      status,
    );
  }
  if (status === 429) {
    return new TargetRefusedError(
      `${what} (${answered}): the ${keyLabel} stayed throttled after every allowed wait; give it a higher limit, or make sure nothing else uses it during the run`,
      status,
    );
  }
  return new TargetRefusedError(`${what} (${answered}); a valid create must answer 201 with the record in data (spec 4, 4.1)`, status);
}

interface Context {
  readonly runId: string;
  readonly baseUrl: string;
  readonly config: Config;
  readonly redactor: Redactor;
  readonly progress: LoadProgress;
  /** A burst needs at least this much of its window left (harness/rate/fresh.ts). */
  readonly minResetMs: number;
  /** The target's rate window: the spec's minute, or the embedded reference's shortened one (self-tests). */
  readonly windowMs: number;
  /** Self-test only: the embedded reference's shortened window (a refilling limiter's tolerance follows it). */
  readonly selfTestWindowMs: number | undefined;
  /** What the waits learnt about the target's limiter: X-RateLimit-Reset names a refill (one design for every key). */
  readonly limiter: { refills: boolean };
  /** Sends every scenario's traffic (the fresh-window probes stay here). */
  readonly engine: LoadEngine;
  /** The engine's key list: jobs name keys by their index in it. */
  readonly keys: readonly string[];
  /** Numbers the run's jobs. */
  readonly jobs: { count: number };
  /** Every job's merged tallies by scenario and endpoint: what thresholds and the metrics export read. */
  readonly metrics: LoadMetrics;
}

/**
 * Tally bucket widths. 1 ms for bursts and schedules: their charts come out as the samples
 * themselves would give (a few hundred answers per key at most); a second for throughput steps,
 * whose answers are only counted (a million requests stay a small result).
 */
const BURST_BUCKET_MS = 1;
const SCHEDULE_BUCKET_MS = 1;
const THROUGHPUT_BUCKET_MS = 1000;

function jobId(ctx: Context, scenario: Scenario): string {
  ctx.jobs.count += 1;
  return `${scenario.id}-${ctx.jobs.count}`;
}

function keyIndex(ctx: Context, key: string): number {
  const index = ctx.keys.indexOf(key);
  if (index < 0) throw new EngineKeyMissingError();
  return index;
}

export interface LoadOutcome {
  readonly report: LoadReport;
  readonly written: WrittenLoadReport;
  /** The run's traffic by scenario and endpoint (for a push of the metrics). */
  readonly metrics: LoadMetrics;
}

export interface RunLoadOptions {
  readonly progress?: LoadProgress;
  /** Stops every scenario early (Ctrl-C); cleanup still runs and the report is still written. */
  readonly signal?: AbortSignal;
  /** Sends the traffic; the Node engine in this process by default. runLoad starts and closes it. */
  readonly engine?: LoadEngine;
}

/** A sleep that rejects when the scenario is stopped, so no wait outlives its bound. */
function abortableSleep(signal: AbortSignal): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new LoadStoppedError());
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new LoadStoppedError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/** One request that reads the key's rate state; a transport failure ends the scenario as an error. */
async function probeRate(target: SendTarget, key: string, timeoutMs: number, signal: AbortSignal): Promise<RateProbe> {
  // Held until the request ends: Node 20 may garbage-collect a timeout signal that only
  // AbortSignal.any() refers to, and it then never fires (nodejs/node#57736).
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(targetDispatcher(target.network ?? DIRECT), `${target.origin}${target.path}`, {
      method: 'GET',
      headers: { 'x-api-key': key, accept: 'application/json' },
      signal: AbortSignal.any([timeout, signal]),
    });
    await res.body.dump();
    return { status: res.statusCode, headers: keptHeaders(res.headers) };
  } finally {
    void timeout.aborted;
  }
}

function labels(keys: readonly ResolvedKey[]): string {
  return keys.length === 1 ? keys[0]!.label : `${keys.length} limited keys`;
}

type Judged = ReturnType<typeof judgeBurstKey>;

/** The waits of one alignment of fresh windows, each step named by its key when there are several. */
function waitedOf(keys: readonly ResolvedKey[], fresh: FreshWindows): Waited {
  const steps = fresh.fresh ? fresh.keys.map((k) => k.waits) : fresh.waits;
  return {
    keys: keys.map((k) => k.label),
    waitedMs: round(fresh.waitedMs),
    probes: fresh.probes,
    steps: steps.flatMap((list, i) => list.map((step) => `${keys[i]!.label}: ${step}`)),
    // A wait that failed is reported by the scenario's message; count it as one for earlier traffic.
    spent: fresh.fresh ? fresh.keys.some((k) => k.spent) : true,
    refills: fresh.fresh && fresh.refills,
  };
}

/**
 * Why a scenario found no fresh window; when the wait stopped at its bound and that bound is
 * shorter than what any limiter may need (the moment the headers name, at most a window, and a
 * full window after the key's last use), it says which setting to raise.
 */
function noFreshWindow(label: string, reason: string, freshWaitMs: number, ctx: Context): string {
  const neededMs = 2 * ctx.windowMs + 15_000;
  const short = / limit$/.test(reason) && freshWaitMs < neededMs;
  return (
    `${label}: no fresh rate window: ${reason}` +
    (short
      ? `; CONFORMANCE_LOAD_WAIT_S=${Math.round(freshWaitMs / 1000)} is shorter than the ${Math.round(neededMs / 1000)} s a limiter that gives its budget back gradually may need`
      : '')
  );
}

/** Fresh windows on every key at once (fresh-windows.ts), with what the run knows of the target's limiter. */
async function freshWindows(
  scenario: Scenario,
  keys: readonly ResolvedKey[],
  path: string,
  freshWaitMs: number,
  ctx: Context,
  signal: AbortSignal,
): Promise<FreshWindows> {
  const target = splitUrl(ctx.baseUrl, path, ctx.config.network);
  const fresh = await waitForFreshWindows(keys.length, (i) => probeRate(target, keys[i]!.key, ctx.config.requestTimeoutMs, signal), {
    maxWaitMs: freshWaitMs,
    minResetMs: ctx.minResetMs,
    windowMs: ctx.windowMs,
    refills: ctx.limiter.refills,
    onWait: (i, step) => ctx.progress.line(`${scenario.id}: ${keys[i]!.label}: waiting ${step}`),
    sleep: abortableSleep(signal),
  });
  if (fresh.fresh) ctx.limiter.refills ||= fresh.refills;
  return fresh;
}

/** One burst on every key at once, on fresh windows; an outcome instead when that cannot be done. */
async function burstOnce(
  scenario: BurstScenario,
  keys: readonly ResolvedKey[],
  ctx: Context,
  signal: AbortSignal,
): Promise<{ judged: Judged[] | Outcome; waited: Waited }> {
  const { config, progress } = ctx;
  const target = splitUrl(ctx.baseUrl, scenario.path, ctx.config.network);
  progress.line(`${scenario.id}: waiting for a fresh rate window on ${labels(keys)}`);
  const fresh = await freshWindows(scenario, keys, scenario.path, scenario.freshWaitMs, ctx, signal);
  const waited = waitedOf(keys, fresh);
  if (!fresh.fresh) {
    return {
      judged: { status: 'error', message: noFreshWindow(keys[fresh.index]!.label, fresh.reason, scenario.freshWaitMs, ctx), findings: [], detail: null },
      waited,
    };
  }
  for (const [i, state] of fresh.keys.entries()) {
    if (state.remaining >= scenario.requestsPerKey) {
      return {
        judged: {
          status: 'error',
          message:
            `${keys[i]!.label}: a burst of ${scenario.requestsPerKey} cannot exceed its budget of ${state.remaining} (X-RateLimit-Limit ${state.limit}); ` +
            'use keys with the default limit or raise CONFORMANCE_LOAD_BURST_REQUESTS',
          findings: [],
          detail: null,
        },
        waited,
      };
    }
  }
  progress.line(`${scenario.id}: ${scenario.requestsPerKey} requests over ${scenario.connectionsPerKey} connections on ${labels(keys)} at once`);
  const burstStartedAt = Date.now();
  const job: Job = {
    kind: 'burst',
    id: jobId(ctx, scenario),
    path: target.path,
    keyIndexes: keys.map((k) => keyIndex(ctx, k.key)),
    requestsPerKey: scenario.requestsPerKey,
    connectionsPerKey: scenario.connectionsPerKey,
    timeoutMs: config.requestTimeoutMs,
    bucketMs: BURST_BUCKET_MS,
  };
  const result = await ctx.engine.runJob(job, ctx.keys, { origin: target.origin, network: target.network }, { signal });
  // The latest the burst's go can have been: the job's end less its length, plus the spread of the workers' go.
  const latestGo = Date.now() - result.elapsedMs + Math.max(0, ...result.workers.map((w) => w.goSpreadMs));
  const tallies = keys.map((_, i) => tallyOfKey(result, job.keyIndexes[i]!, job.bucketMs));
  for (const { tally } of tallies) ctx.metrics.add({ scenario: scenario.id, endpoint: 'list' }, job.id, tally);
  const judged = keys.map((k, i) => {
    const state = fresh.keys[i]!;
    const { tally, workers } = tallies[i]!;
    return judgeBurstKey({
      label: k.label,
      tally,
      workers,
      limit: state.limit,
      remaining: state.remaining,
      waitedMs: fresh.waitedMs,
      // A limiter whose Reset names a refill earns requests back from its probe on, not from the burst's first request.
      sinceFreshMs: state.refills ? Math.max(0, burstStartedAt - state.probeSentAt) : 0,
      refillWindowMs: refillWindowMs(state.refills, ctx.selfTestWindowMs),
      // A window's announced end (X-RateLimit-Reset read low): answers before it surely count in the fresh window.
      windowEndsMs: state.refills || !Number.isFinite(state.deadline) ? undefined : state.deadline - latestGo,
    });
  });
  const plans = judged.map((j, i) => (j.tooFew ? pacedPlan(tallies[i]!.tally.retryAfter, fresh.keys[i]!.limit, ctx.windowMs) : undefined));
  return { judged: await pacedRuns(scenario, keys, judged, plans, ctx, signal), waited };
}

/**
 * Keys whose burst admitted fewer than the budget, their refusals asking for about one request's
 * share of the window, may be a smoothing limiter's (harness/rate/smoothing.ts): correct by spec 8.
 * Each gets a short paced run, sent by the engine like any job and judged from its tally
 * (smoothing.ts): all admitted passes the key, a refusal fails it as an under-admission. Its own
 * run on the bursted key rather than the sustained scenario's: that one may not be selected, runs
 * on another key when there are several, and never on every key of the keys scenario.
 */
async function pacedRuns(
  scenario: BurstScenario,
  keys: readonly ResolvedKey[],
  judged: Judged[],
  plans: readonly (SmoothingRefusal | undefined)[],
  ctx: Context,
  signal: AbortSignal,
): Promise<Judged[]> {
  const paced = plans.flatMap((p, i) => (p?.smoothing === true ? [{ plan: p, i }] : []));
  if (paced.length === 0) return judged;
  const target = splitUrl(ctx.baseUrl, scenario.path, ctx.config.network);
  const first = paced[0]!.plan;
  ctx.progress.line(
    `${scenario.id}: ${paced.length === 1 ? keys[paced[0]!.i]!.label : `${paced.length} keys`} admitted fewer than the budget, asking for a short wait (a smoothing limiter?); ` +
      `pacing ${first.requests} requests at one every ${Math.round(first.intervalMs)} ms`,
  );
  // The refusals' wait, from after the burst's last answer, and a quarter second for rounding.
  await abortableSleep(signal)(Math.max(...paced.map((p) => p.plan.waitMs)) + 250);
  const sleep = abortableSleep(signal);
  const results = await Promise.all(
    paced.map(async ({ plan, i }) => {
      // One request per job, the next an interval after the answer, as the rate-limit suite's
      // pacedRun: a request the engine or the machine delayed never brings the next one closer.
      let sent = 0;
      let admitted = 0;
      let last: ReturnType<typeof pacedAnswer> = { admitted: true };
      while (sent < plan.requests && last.admitted) {
        if (sent > 0) await sleep(plan.intervalMs);
        const job: Job = {
          kind: 'schedule',
          id: jobId(ctx, scenario),
          path: target.path,
          keyIndex: keyIndex(ctx, keys[i]!.key),
          offsetsMs: [0],
          timeoutMs: ctx.config.requestTimeoutMs,
          bucketMs: SCHEDULE_BUCKET_MS,
        };
        const result = await ctx.engine.runJob(job, ctx.keys, { origin: target.origin, network: target.network }, { signal });
        const { tally } = tallyOfKey(result, job.keyIndex, job.bucketMs);
        ctx.metrics.add({ scenario: scenario.id, endpoint: 'list' }, job.id, tally);
        last = pacedAnswer(tally);
        sent += 1;
        if (last.admitted) admitted += 1;
      }
      const outcome = { sent, admitted, ...(last.error === undefined ? { refusedStatus: last.admitted ? undefined : last.status } : { error: last.error }) };
      return { i, judged: judgePaced(judged[i]!, plan, outcome) };
    }),
  );
  return judged.map((j, i) => results.find((r) => r.i === i)?.judged ?? j);
}

/**
 * A key one over its tolerance, with nothing else wrong, is what a limiter refilling whole
 * requests on a clock tick admits when a tick lands inside the burst; a counter off by one does it
 * every time. Those keys burst once more, and fail only if they are over again. So do keys whose
 * burst outlasted its window with too few admissions surely inside it to judge (`crossed`): a
 * repeat that crosses again stays undecided (an error), one that fails decides.
 */
async function repeatOneOver(
  judged: Judged[],
  scenario: BurstScenario,
  keys: readonly ResolvedKey[],
  ctx: Context,
  signal: AbortSignal,
): Promise<{ judged: Judged[]; waited: Waited | undefined }> {
  const repeatable = (j: Judged): boolean => j.oneOver || j.crossed;
  const again = judged.map((j, i) => (repeatable(j) ? i : -1)).filter((i) => i >= 0);
  if (again.length === 0 || judged.some((j) => j.record.status !== 'passed' && !repeatable(j))) return { judged, waited: undefined };
  const why = judged.some((j) => j.crossed) ? 'one over the tolerance or outlasting their window' : 'one over the tolerance';
  ctx.progress.line(`${scenario.id}: ${again.length} key(s) ${why}; repeating once on a fresh window`);
  const { judged: repeated, waited } = await burstOnce(
    scenario,
    again.map((i) => keys[i]!),
    ctx,
    signal,
  );
  const result = judged.map((j, i) => {
    const position = again.indexOf(i);
    if (position < 0) return j;
    const summary = (note: string): Judged => ({ ...j, record: { ...j.record, summary: `${j.record.summary}; repeated: ${note}` } });
    if (!Array.isArray(repeated)) return summary(`no fresh window (${repeated.message})`);
    const second = repeated[position]!;
    if (second.record.status === 'passed')
      return { ...second, record: { ...second.record, summary: `${j.record.summary} once; repeated: ${second.record.summary}` } };
    // An undecided first burst takes the repeat's verdict, evidence or not; a one-over keeps its failure.
    return j.crossed
      ? { ...second, record: { ...second.record, summary: `${j.record.summary}; repeated: ${second.record.summary}` } }
      : summary(second.record.summary);
  });
  return { judged: result, waited };
}

async function runBurstScenario(scenario: BurstScenario, keys: readonly ResolvedKey[], ctx: Context, signal: AbortSignal): Promise<Outcome> {
  const { judged: first, waited: firstWait } = await burstOnce(scenario, keys, ctx, signal);
  if (!Array.isArray(first)) return { ...first, waited: firstWait };
  const repeat = await repeatOneOver(first, scenario, keys, ctx, signal);
  const judged = repeat.judged;
  const waited: Waited = repeat.waited === undefined ? firstWait : { ...firstWait, repeat: repeat.waited };
  const status = worstStatus(judged.map((j) => j.record.status));
  const findings = judged.flatMap((j) => j.findings);
  const message =
    status === 'passed'
      ? judged.map((j) => `${j.record.key}: ${j.record.summary}`).join('; ')
      : (findings[0] ?? judged.find((j) => j.record.status !== 'passed')!.record.summary);
  return {
    status,
    message,
    findings,
    detail: {
      kind: 'burst',
      path: scenario.path,
      requestsPerKey: scenario.requestsPerKey,
      connectionsPerKey: scenario.connectionsPerKey,
      keys: judged.map((j) => j.record),
    },
    waited,
  };
}

async function runSustainedScenario(scenario: SustainedScenario, key: ResolvedKey, ctx: Context, signal: AbortSignal): Promise<Outcome> {
  const { config, progress } = ctx;
  const target = splitUrl(ctx.baseUrl, scenario.path, ctx.config.network);
  progress.line(`${scenario.id}: waiting for a fresh rate window on ${key.label}`);
  const fresh = await freshWindows(scenario, [key], scenario.path, scenario.freshWaitMs, ctx, signal);
  const waited = waitedOf([key], fresh);
  if (!fresh.fresh) return { status: 'error', message: noFreshWindow(key.label, fresh.reason, scenario.freshWaitMs, ctx), findings: [], detail: null, waited };
  const limit = fresh.keys[0]!.limit;
  const offsets = arrivalOffsets(scenario.ratePerMin, scenario.durationS);
  // The probe that found the window fresh counts in it too.
  const busiest = maxInWindow(offsets, SPEC_WINDOW_MS) + 1;
  if (busiest > limit) {
    return {
      status: 'error',
      message: `${key.label}: ${scenario.ratePerMin}/min puts ${busiest} requests in a minute, over the key's limit of ${limit}; lower CONFORMANCE_LOAD_SUSTAINED_PER_MIN`,
      findings: [],
      detail: null,
      waited,
    };
  }
  // The probe that found the window fresh is the schedule's first arrival: the next one comes an
  // interval after it, so that a limiter that smooths (one request per share of the window) sees
  // the steady rate the scenario promises, not two requests at once.
  await abortableSleep(signal)(Math.max(0, fresh.keys[0]!.probeSentAt + 60_000 / scenario.ratePerMin - Date.now()));
  progress.line(`${scenario.id}: ${offsets.length} requests at ${scenario.ratePerMin}/min for ${scenario.durationS} s on ${key.label}`);
  let answered = 0;
  let refused = 0;
  const job: Job = {
    kind: 'schedule',
    id: jobId(ctx, scenario),
    path: target.path,
    keyIndex: keyIndex(ctx, key.key),
    offsetsMs: offsets,
    timeoutMs: config.requestTimeoutMs,
    bucketMs: SCHEDULE_BUCKET_MS,
  };
  const planned = offsets.length;
  const result = await ctx.engine.runJob(
    job,
    ctx.keys,
    { origin: target.origin, network: target.network },
    {
      signal,
      onAnswer: (status) => {
        answered += 1;
        if (status === 429) refused += 1;
        if (answered % 10 === 0 || answered === planned) progress.line(`${scenario.id}: ${answered}/${planned} answered, ${refused} refused`);
      },
    },
  );
  const { tally, workers } = tallyOfKey(result, job.keyIndex, job.bucketMs);
  ctx.metrics.add({ scenario: scenario.id, endpoint: 'list' }, job.id, tally);
  const verdict = judgeSustained({ planned, tally, workers }, key.label);
  return {
    status: verdict.status,
    message: verdict.message,
    findings: verdict.findings,
    detail: {
      kind: 'sustained',
      key: key.label,
      path: scenario.path,
      ratePerMin: scenario.ratePerMin,
      durationS: scenario.durationS,
      limit,
      planned,
      ...verdict.counts,
      waitedMs: round(fresh.waitedMs),
      maxLagMs: round(verdict.maxLagMs),
      statusCounts: verdict.statusCounts,
      timeline: verdict.timeline,
      workers: verdict.workers,
    },
    waited,
  };
}

function formatStep(step: ThroughputStepRecord): string {
  const l = step.latencyMs;
  if (step.requestsPerSecond === null || l === null) return `throughput: ${limiterNote(step)}`;
  return (
    `throughput: ${step.label} ${step.stages === undefined ? `c=${step.connections}` : `ramp ${stagesText(step.stages)}`}: ${step.requestsPerSecond} req/s, ` +
    `p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, ${step.errors + step.timeouts} errors, ${step.non2xx} non-2xx` +
    (step.capped ? ' (stopped at its request bound)' : '')
  );
}

/** A wait for the key's window to come back ends this much after the moment Reset names. */
const BUDGET_WAIT_MARGIN_MS = 250;

/** The key's budget as a probe reads it (X-RateLimit-*); undefined when the target does not advertise it. */
async function keyBudgetOf(prober: ApiClient): Promise<KeyBudget | undefined> {
  const response = await prober.get('/contacts', { limit: 1 });
  const at = Date.now();
  const { values } = readRateHeaders(response.headers, at);
  if (values.limit === undefined || values.remaining === undefined) return undefined;
  const reset = values.reset === undefined ? undefined : readReset(values.reset, at);
  return { limit: values.limit, remaining: values.remaining, resetMs: reset === undefined ? undefined : reset.msUntilReset + reset.precisionMs };
}

async function runThroughputScenario(scenario: ThroughputScenario, key: ResolvedKey, ctx: Context, signal: AbortSignal): Promise<Outcome> {
  const { config, progress, runId } = ctx;
  const tag = runTag(runId);
  const client = new ApiClient({
    baseUrl: ctx.baseUrl,
    key: key.key,
    timeoutMs: config.requestTimeoutMs,
    redactor: ctx.redactor,
    throttle: { maxWaitMs: 65_000, maxRetries: 3 },
    maxResponseBytes: config.maxResponseBytes,
    network: config.network,
  });
  // The probes before each step want the raw answer, a 429 included: its headers plan the step.
  const prober = client.with({ throttle: RAW_429 });
  const sleep = abortableSleep(signal);
  const created: string[] = [];
  const steps: ThroughputStepRecord[] = [];
  let failure: Error | undefined;
  // Why the steps after the last one run were not run; the last limit the key advertised.
  let stopped: string | undefined;
  let limit: number | undefined;
  let waitLeftMs = THROUGHPUT_WAIT_MS;
  try {
    let fixtureId: string | undefined;
    if (scenario.steps.some((s) => s.endpoint === 'get')) {
      const response = await client.post('/contacts', JSON.parse(createBody(runId)) as unknown);
      const id = (response.json as { data?: { id?: unknown } } | undefined)?.data?.id;
      if (response.status < 200 || response.status >= 300 || typeof id !== 'string') {
        throw createRefusal(response.status, key.label, typeof id === 'string');
      }
      fixtureId = id;
      created.push(id);
    }
    for (const [index, configured] of scenario.steps.entries()) {
      if (signal.aborted) break;
      let budget = await keyBudgetOf(prober);
      limit = budget?.limit ?? limit;
      let plan = planStep(configured, budget, waitLeftMs);
      if (plan.kind === 'wait') {
        progress.line(
          `throughput: the key has ${budget!.remaining} of its ${budget!.limit}/min left: waiting ${(plan.ms / 1000).toFixed(1)} s for its window before ${configured.endpoint} c=${configured.connections}`,
        );
        waitLeftMs -= plan.ms;
        await sleep(plan.ms + BUDGET_WAIT_MARGIN_MS);
        budget = await keyBudgetOf(prober);
        limit = budget?.limit ?? limit;
        plan = planStep(configured, budget, 0);
      }
      if (plan.kind !== 'run') {
        stopped = plan.kind === 'stop' ? plan.reason : `${raiseLimitAdvice(limit)} (its window did not come back)`;
        break;
      }
      const step = plan.step;
      const request = stepRequest(step.endpoint, runId, fixtureId);
      const target = splitUrl(ctx.baseUrl, request.path, config.network);
      // A ramp is an open-model schedule (both engines send those), cut to the key's budget like any step.
      const ramp = step.stages === undefined ? undefined : rampOffsets(step.stages);
      if (ramp !== undefined)
        progress.line(`throughput: ${step.endpoint}: ramp ${stagesText(step.stages!)}, ${Math.min(ramp.length, step.maxRequests)} requests`);
      let answered = 0;
      const job: Job =
        ramp === undefined
          ? {
              kind: 'throughput',
              id: jobId(ctx, scenario),
              keyIndex: keyIndex(ctx, key.key),
              method: request.method,
              path: target.path,
              body: request.body ?? null,
              connections: step.connections,
              durationS: step.durationS,
              maxRequests: step.maxRequests,
              timeoutMs: config.requestTimeoutMs,
              bucketMs: THROUGHPUT_BUCKET_MS,
            }
          : {
              kind: 'schedule',
              id: jobId(ctx, scenario),
              keyIndex: keyIndex(ctx, key.key),
              path: target.path,
              offsetsMs: ramp.slice(0, step.maxRequests),
              timeoutMs: config.requestTimeoutMs,
              bucketMs: THROUGHPUT_BUCKET_MS,
            };
      const result = await ctx.engine.runJob(
        job,
        ctx.keys,
        { origin: target.origin, network: target.network },
        {
          signal,
          onTick: (answers, elapsedS) =>
            progress.status(`throughput: ${step.endpoint} c=${step.connections} ${elapsedS.toFixed(0)}/${step.durationS} s, ${answers} req/s`),
          onAnswer: () => {
            answered += 1;
            if (answered % 100 === 0) progress.status(`throughput: ${step.endpoint} ramp: ${answered} answered`);
          },
        },
      );
      const { tally } = tallyOfKey(result, job.keyIndex, job.bucketMs);
      ctx.metrics.add({ scenario: scenario.id, endpoint: step.endpoint }, job.id, tally);
      created.push(...tally.createdIds);
      const measuredStep = throughputStepOf(step, tally, budget === undefined ? null : { limit: budget.limit, remaining: budget.remaining });
      const record: ThroughputStepRecord =
        ramp === undefined ? measuredStep : { ...measuredStep, stages: step.stages!.map((st) => ({ ...st })), capped: step.maxRequests < ramp.length };
      progress.done();
      progress.line(formatStep(record));
      steps.push(record);
      // The steps after one the limiter answered would measure it too: stop, and say why.
      if (record.measured === 'limiter' && index < scenario.steps.length - 1) {
        stopped = `${step.endpoint} × ${step.connections} came back mostly 429, and the steps after it would too`;
        break;
      }
    }
  } catch (error) {
    failure = error as Error;
  }
  // Cleanup runs whatever happened above, with its own bound.
  if (created.length > 0) progress.line(`throughput: deleting the ${created.length} contacts this run created (tag ${tag})`);
  const cleanup = await cleanUpContacts(client, created, tag, runId, {
    concurrency: 8,
    maxDurationMs: Math.max(60_000, created.length * 20),
    maxSweepPages: Math.ceil(created.length / 100) + 20,
  });
  const findings = cleanup.problems.map((p) => `cleanup: ${p}`);
  const verdict = throughputVerdict(steps, scenario.steps.length, stopped, limit);
  let status: LoadStatus = verdict.status;
  let message = `${verdict.message}; ${cleanup.deleted} of ${created.length} created contacts deleted`;
  let errorCode: ErrorCode | undefined;
  if (failure instanceof TargetRefusedError && failure.status !== 429) {
    // The target's doing, not the harness's: a finding that names the status it answered.
    status = 'failed';
    message = failure.message;
    findings.unshift(failure.message);
    errorCode = failure.code;
  } else if (failure !== undefined) {
    status = 'error';
    errorCode = errorCodeOf(failure);
    message =
      failure instanceof LoadStoppedError || signal.aborted
        ? 'stopped before every step ran'
        : failure instanceof TargetRefusedError
          ? failure.message
          : `the harness broke: ${errorCode}: ${failure.message}`;
  } else if (stopped === undefined && steps.length < scenario.steps.length) {
    status = 'error';
    message = `stopped after ${steps.length} of ${scenario.steps.length} steps`;
  }
  if (cleanup.leftover !== 0) {
    status = 'error';
    findings.push(`cleanup: ${cleanup.leftover ?? 'an unknown number of'} contacts tagged ${tag} remain`);
  }
  return {
    status,
    message,
    findings,
    errorCode,
    detail: {
      kind: 'throughput',
      key: key.label,
      steps,
      cleanup: { tag, created: created.length, deleted: cleanup.deleted, leftover: cleanup.leftover, problems: cleanup.problems },
    },
  };
}

/**
 * Runs one scenario within its bounds. `sharedWith`: the scenarios of this run that used one of
 * its keys before it; its fresh-window wait is then what sharing the key cost.
 */
async function runScenario(
  scenario: Scenario,
  ctx: Context,
  runSignal: AbortSignal | undefined,
  sharedWith: readonly LoadScenarioId[],
): Promise<ScenarioResult> {
  const base = { id: scenario.id, kind: scenario.kind, name: scenario.name, bounds: scenario.bounds };
  const resolved = resolveKeys(scenario.keys, ctx.config);
  const skipped = (message: string): ScenarioResult => ({
    ...base,
    status: 'skipped',
    message,
    findings: [],
    startedAt: null,
    durationMs: 0,
    detail: null,
    freshWait: null,
  });
  if (!resolved.ok) return skipped(resolved.reason);
  if (scenario.id === 'keys' && resolved.keys.length < 2) {
    return skipped('needs at least two limited keys: set CONFORMANCE_LIMITED_KEYS');
  }
  // autocannon opens its own sockets and knows no proxy: rather than bypass the one the user set.
  const proxy = scenario.kind === 'throughput' ? proxyFor(ctx.baseUrl, ctx.config.network) : undefined;
  if (proxy !== undefined) {
    return skipped(
      `the load generator (autocannon) cannot go through the proxy ${shownProxy(proxy)} that HTTP_PROXY/HTTPS_PROXY set for the target; ` +
        "list the target's host in NO_PROXY to measure its throughput directly",
    );
  }
  const bounds = { ...scenario.bounds, maxRequests: scenario.bounds.maxRequests * resolved.keys.length };
  const startedAt = new Date();
  const started = performance.now();
  // The time bound: every wait and request of the scenario listens to this signal.
  const bound = AbortSignal.timeout(scenario.bounds.maxDurationMs);
  const signal = runSignal ? AbortSignal.any([bound, runSignal]) : bound;
  ctx.progress.line(`${scenario.id}: ${scenario.name}`);
  let outcome: Outcome;
  try {
    if (scenario.kind === 'burst') outcome = await runBurstScenario(scenario, resolved.keys, ctx, signal);
    else if (scenario.kind === 'sustained') outcome = await runSustainedScenario(scenario, resolved.keys[0]!, ctx, signal);
    else outcome = await runThroughputScenario(scenario, resolved.keys[0]!, ctx, signal);
  } catch (error) {
    const message = signal.aborted
      ? bound.aborted
        ? `stopped at its time bound of ${Math.round(scenario.bounds.maxDurationMs / 1000)} s`
        : 'stopped (interrupted)'
      : `the harness broke: ${errorCodeOf(error)}: ${(error as Error).message}`;
    outcome = { status: 'error', message, findings: [], detail: null, errorCode: errorCodeOf(error) };
  }
  if (signal.aborted && outcome.status === 'passed') {
    outcome = { ...outcome, status: 'error', message: bound.aborted ? `stopped at its time bound: ${outcome.message}` : `interrupted: ${outcome.message}` };
  }
  const result: ScenarioResult = {
    ...base,
    bounds,
    status: outcome.status,
    message: outcome.message,
    findings: [...outcome.findings],
    startedAt: startedAt.toISOString(),
    durationMs: round(performance.now() - started),
    detail: outcome.detail,
    freshWait: outcome.waited === undefined ? null : freshWaitRecord(outcome.waited, sharedWith),
    ...(outcome.errorCode === undefined ? {} : { errorCode: outcome.errorCode }),
  };
  if (result.freshWait !== null && (result.freshWait.steps.length > 0 || sharedWith.length > 0)) {
    ctx.progress.line(`${scenario.id}: fresh rate window: ${result.freshWait.summary}`);
  }
  ctx.progress.line(`${scenario.id}: ${result.status.toUpperCase()}: ${result.message}`);
  return result;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Every key the configuration holds, for the redactor: none may reach any output. */
export function redactorFor(config: Config): Redactor {
  return new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
}

/**
 * `conformance load`: start (or reach) the target, run the selected scenarios, write the report.
 * Scenarios that share no key may overlap in time (see `executionOrder`); one that shares a key
 * with a running background scenario waits for it, so no scenario spends another's budget, and
 * then waits for a fresh window on it, which the report records as the cost of sharing the key.
 */
export async function runLoad(config: Config, options: RunLoadOptions = {}): Promise<LoadOutcome> {
  const redactor = redactorFor(config);
  const progress = options.progress ?? new LoadProgress(process.stderr, undefined, (text) => redactor.redact(text));
  const startedAt = new Date();
  const runId = newRunId(startedAt);
  const target = await startTarget(config);
  const engine =
    options.engine ??
    engineFor(config, {
      line: (text) => progress.line(text),
      targetUrl: target.baseUrl,
      shownTarget: target.embedded ? `the embedded reference server at ${target.baseUrl}` : displayUrl(target.baseUrl, redactor),
    });
  try {
    await probe(target.baseUrl, config, redactor);
    // The same quick checks as conformance run: a target that is not this API (an HTML page, a
    // wrong base) stops here in one line, instead of as a broken scenario later.
    if (!target.embedded && !config.skipDoctor) await preflight(config, target, redactor, (line) => progress.line(line));
    const selfTestWindowMs = config.referenceRateWindowS === undefined || !target.embedded ? undefined : config.referenceRateWindowS * 1000;
    const windowMs = selfTestWindowMs ?? SPEC_WINDOW_MS;
    const metrics = new LoadMetrics();
    const ctx: Context = {
      runId,
      baseUrl: target.baseUrl,
      config,
      redactor,
      progress,
      minResetMs: Math.min(5000, windowMs / 2),
      windowMs,
      selfTestWindowMs,
      limiter: { refills: false },
      engine,
      keys: engineKeys(config),
      jobs: { count: 0 },
      metrics,
    };
    const scenarios = buildScenarios(config.load, config.requestTimeoutMs);
    await engine.start();
    progress.line(
      `conformance load ${runId} against ${target.embedded ? 'the embedded reference server' : displayUrl(target.baseUrl, redactor)}` +
        ` (scenarios: ${scenarios.map((s) => s.id).join(', ') || 'none'})`,
    );
    const results = new Map<LoadScenarioId, ScenarioResult>();
    const running: { keys: Set<string>; done: Promise<void> }[] = [];
    const keysOf = (s: Scenario): string[] => {
      const resolved = resolveKeys(s.keys, config);
      return resolved.ok ? resolved.keys.map((k) => k.key) : [];
    };
    const order = executionOrder(scenarios, keysOf);
    for (const scenario of order) {
      const keys = new Set(keysOf(scenario));
      await Promise.all(running.filter((r) => [...r.keys].some((k) => keys.has(k))).map((r) => r.done));
      // Every earlier scenario sharing a key has finished by now (a background one was awaited above).
      const sharedWith = sharedKeys(order, scenario, keysOf)
        .map((s) => s.id)
        .filter((id) => results.get(id)?.startedAt != null);
      const done = runScenario(scenario, ctx, options.signal, sharedWith).then((result) => {
        results.set(scenario.id, result);
      });
      if (scenario.background) running.push({ keys, done });
      else await done;
    }
    await Promise.all(running.map((r) => r.done));
    const scenarioResults = scenarios.map((s) => results.get(s.id)!);
    const thresholds = judgeThresholds(config.load.thresholds, metrics);
    const { status, notRun } = runStatusOf(scenarioResults, config.load.scenarios, thresholds);
    const finishedAt = new Date();
    const report = loadReportSchema.parse({
      schemaVersion: 1,
      runId,
      toolVersion: await toolVersion(),
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      target: {
        url: displayUrl(target.baseUrl, redactor),
        embedded: target.embedded,
        faults: [...config.referenceFaults],
        variants: [...config.referenceVariants],
        rateWindowS: target.embedded ? (config.referenceRateWindowS ?? null) : null,
      },
      engine: engineRecord(engine),
      settings: {
        scenarios: [...config.load.scenarios],
        burstRequests: config.load.burstRequests,
        burstConnections: config.load.burstConnections,
        sustainedS: config.load.sustainedS,
        sustainedPerMin: config.load.sustainedPerMin,
        stepS: config.load.stepS,
        concurrency: [...config.load.concurrency],
        endpoints: [...config.load.endpoints],
        maxCreatesPerStep: config.load.maxCreatesPerStep,
        freshWaitS: config.load.freshWaitS,
        stages: config.load.stages.map((st) => ({ ...st })),
        failOnIncomplete: config.failOnIncomplete,
      },
      status,
      exitCode: exitCodeOf(status, config.failOnIncomplete),
      notRun,
      scenarios: scenarioResults,
      thresholds,
    } satisfies LoadReport);
    const written = await writeLoadReport(report, config.reportDir, redactor, metrics);
    if (config.load.metricsPush !== undefined) await pushRun(config.load.metricsPush, report, metrics, written, config, redactor, progress);
    return { report, written, metrics };
  } finally {
    try {
      await engine.close();
    } finally {
      await target.close();
    }
  }
}

/** Pushes the run's metrics; a failure is one line, and the verdict and exit code stand. */
async function pushRun(
  url: string,
  report: LoadReport,
  metrics: LoadMetrics,
  written: WrittenLoadReport,
  config: Config,
  redactor: Redactor,
  progress: LoadProgress,
): Promise<void> {
  const shown = displayUrl(url, redactor);
  const pushed = await pushMetrics(url, redactor.redact(renderOpenMetrics(redactDeep(report, redactor), metrics)), config.requestTimeoutMs);
  progress.line(
    pushed.ok
      ? `metrics pushed to ${shown}`
      : `warning: the metrics push to ${shown} failed (${redactor.redact(pushed.problem)}); the verdict stands, and ${written.latestDir}/load-metrics.prom holds them`,
  );
}

/** The report's engine line: who sent the traffic, over how many workers, how far their clocks were apart. */
export function engineRecord(engine: LoadEngine): LoadReport['engine'] {
  const workers = engine
    .workers()
    .map((w) => ({ index: w.index, host: w.host, clockOffsetMs: round(w.clockOffsetMs), clockRttMs: round(w.clockRttMs), goSpreadMs: round(w.goSpreadMs) }));
  const offsets = workers.map((w) => w.clockOffsetMs);
  return { name: engine.name, version: engine.version, workers, clockSpreadMs: offsets.length === 0 ? 0 : round(Math.max(...offsets) - Math.min(...offsets)) };
}
