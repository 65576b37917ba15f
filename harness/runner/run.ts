import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Vitest } from 'vitest/node';
import type { RunContext } from '../check/run-context.js';
import type { Config } from '../config/schema.js';
import { TargetHealth } from '../http/health.js';
import { Redactor } from '../http/redact.js';
import type { Report } from '../report/model.js';
import { writeReport, type WrittenReport } from '../report/write.js';
import { buildReport, settingsInfo, type RunInfo } from './build-report.js';
import { ResultCollector } from './collector.js';
import { closeWithin, formatDuration, underDeadline } from './deadline.js';
import { Progress, ProgressReporter, type RunGauge } from './progress.js';
import { concurrencyFor, distanceLine, roundTripMs, workersFor } from './latency.js';
import { readExpectedFailures } from './expected-failures.js';
import { estimateChecks } from './request-estimate.js';
import { nothingRanError } from './nothing-ran.js';
import { openModuleCache } from './module-cache.js';
import { nativeModules } from './native-modules.js';
import { loadVitestApi, type VitestApi } from './vitest-api.js';
import { adminWebhookWrites, preflight } from '../doctor/preflight.js';
import { HAR_FILE } from '../har/format.js';
import { writeHar } from '../har/write.js';
import { displayUrl, newRunId, probeTarget, startTarget, type ProbeResult, type Target } from './target.js';
import { writeEarlyStop, type EarlyStopInfo } from './early-stop.js';
import { ConfigError, HarnessError, stopCode, TargetUnreachableError } from '../errors.js';
import {
  DECIDING_REQUIREMENT,
  askingLine,
  customLimitQuestion,
  decidingConfig,
  decisionOf,
  stopLine,
  targetIgnoresReport,
  type CustomLimitQuestion,
} from './custom-limit-first.js';
import { checkTimeoutSlackMs, planLine, planThrottling, probeLimits, refuseSlowRun, throttlePolicy, type ThrottlePlan } from './throttle-preflight.js';
import { ThrottleLedger, pacedRate } from './throttle.js';
import { OutageWatch, httpProbe } from './outage.js';
import { shippedSpecUnits } from '../spec/traceability/units.js';
import type { ThrottleHandoff } from './throttle-worker.js';
import { CODE_EXTENSION, CODE_ROOT, packageFile } from '../package-root.js';
import { readCreatedLog } from '../check/created-log.js';
import { readBackLedger, type ReadBackResult } from './read-back.js';
import {
  INTERRUPT_CLEANUP_MS,
  INTERRUPT_CLOSE_MS,
  INTERRUPT_SETTLE_MS,
  INTERRUPT_WIND_DOWN_MS,
  deleteLogged,
  interruptReason,
  keepSignalsToOurselves,
  type LoggedCleanup,
  type RunInterrupt,
} from './interrupt.js';

export interface RunOutcome {
  readonly report: Report;
  readonly written: WrittenReport;
}

export interface RunOptions {
  /** SIGINT / SIGTERM from the CLI: the run stops, deletes what it created and reports `interrupted`. */
  readonly interrupt?: RunInterrupt | undefined;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * A whole conformance run: start the target (embedded unless configured), run the selected
 * suites in vitest, build the report and write every format.
 */
export async function runConformance(config: Config, progress: Progress = new Progress(), options: RunOptions = {}): Promise<RunOutcome> {
  const vitestApi = loadVitestApi();
  const startedAt = new Date();
  const runId = newRunId(startedAt);
  const redactor = new Redactor(Object.values(config.keys));
  // Issue 14: a bad list of expected failures stops the run before anything is sent (exit 2).
  const expectedFailures =
    config.expectedFailuresPath === undefined
      ? undefined
      : { file: basename(config.expectedFailuresPath), entries: await readExpectedFailures(config.expectedFailuresPath) };
  const target = await startTarget(config);
  try {
    const early = { runId, startedAt, targetUrl: displayUrl(target.baseUrl, redactor), embedded: target.embedded };
    const { plan, authStyle, adminWrites, question } = await beforeChecks(config, target, redactor, progress, early);
    const prepared = { ...early, target, plan, authStyle, adminWrites, redactor, expectedFailures, interrupt: options.interrupt, vitestApi };
    if (question !== undefined) return await customLimitFirst(config, progress, prepared, question);
    return await checksAndReport(config, progress, prepared);
  } finally {
    // Its status timer must not outlive a run that threw (the mutant driver runs many in one process).
    progress.finish();
    await target.close();
  }
}

/**
 * Everything between reaching the target and the first check: the probe, the keys' limits, the
 * doctor's quick part. A stop here, once the target answered, still writes every report file
 * (nothing verified, and why); a target that cannot be reached at all writes nothing.
 */
async function beforeChecks(
  config: Config,
  target: Target,
  redactor: Redactor,
  progress: Progress,
  early: Omit<EarlyStopInfo, 'toolVersion'>,
): Promise<{ plan: ThrottlePlan; authStyle: ProbeResult['authStyle']; adminWrites: RunContext['adminWebhookWrites']; question?: CustomLimitQuestion }> {
  try {
    const probed = await probeTarget(target.baseUrl, config, redactor, { bearerFallback: true });
    const authStyle = probed.authStyle;
    if (probed.note !== undefined) progress.line(probed.note);
    // Issue 12: the keys' advertised limits against the requests the run will send. A run they
    // would hold for hours stops here, in one line naming the key and the fix (exit 2).
    const limits = await probeLimits(target.baseUrl, config, redactor, probed);
    const plan = planThrottling({ suites: config.suites, numRuns: config.numRuns, filtered: config.requirements.length > 0, limits });
    // A key held at the spec's default limit: RL-LIMIT-CUSTOM, run first, tells a key without a
    // custom limit from a target that ignores them (spec 5.6), instead of a stop on a guess.
    const question = customLimitQuestion(plan, config);
    if (question === undefined) refuseSlowRun(plan, config);
    // Issue 13: the doctor's cheap checks against an external target (the embedded one is configured from its own seed).
    // The embedded reference's admin key is an admin's: a refusal there is the target's failure.
    let adminWrites: RunContext['adminWebhookWrites'] = target.embedded ? 'proven' : undefined;
    if (!target.embedded && !config.skipDoctor) adminWrites = adminWebhookWrites(await preflight(config, target, redactor, (line) => progress.line(line)));
    return question === undefined ? { plan, authStyle, adminWrites } : { plan, authStyle, adminWrites, question };
  } catch (error) {
    if (!(error instanceof HarnessError) || error instanceof TargetUnreachableError) throw error;
    throw await writeEarlyStop(config, { ...early, toolVersion: await toolVersion() }, error, redactor);
  }
}

/**
 * RL-LIMIT-CUSTOM alone (the rate-limit suite narrowed to it), then: failed, the report of a
 * non-conformant run, the rest not run for the reason; passed, the key has no custom limit and the
 * run stops on that configuration problem (exit 2); undecided, both possibilities (exit 2).
 */
async function customLimitFirst(config: Config, progress: Progress, prepared: Prepared, question: CustomLimitQuestion): Promise<RunOutcome> {
  progress.line(prepared.redactor.redact(askingLine(question)));
  const deciding = decidingConfig(config);
  const limits = Object.fromEntries(prepared.plan.keys.map((k) => [k.role, k.limitPerMinute]));
  const plan = planThrottling({ suites: deciding.suites, numRuns: deciding.numRuns, filtered: true, limits });
  const outcome = await checksAndReport(deciding, progress, { ...prepared, plan });
  const { decision, detail } = decisionOf(outcome.report);
  if (decision === 'target-ignores') {
    const report = targetIgnoresReport(outcome.report, config, question);
    return { report, written: await writeReport(report, config.reportDir, prepared.redactor) };
  }
  const stop = new ConfigError(prepared.redactor.redact(stopLine(question, decision, detail)));
  const info = {
    runId: prepared.runId,
    startedAt: prepared.startedAt,
    targetUrl: prepared.targetUrl,
    embedded: prepared.embedded,
    toolVersion: await toolVersion(),
  };
  throw await writeEarlyStop(config, info, stop, prepared.redactor, `before the run's checks: only ${DECIDING_REQUIREMENT} ran, to decide this`);
}

interface Prepared extends Omit<EarlyStopInfo, 'toolVersion'> {
  readonly target: Target;
  readonly plan: ThrottlePlan;
  readonly authStyle: ProbeResult['authStyle'];
  readonly adminWrites: RunContext['adminWebhookWrites'];
  readonly redactor: Redactor;
  readonly expectedFailures: RunInfo['expectedFailures'];
  readonly interrupt: RunInterrupt | undefined;
  /** Loading since the run began (harness/runner/vitest-api.ts). */
  readonly vitestApi: Promise<VitestApi>;
}

/** The longest the other files wait for the rate-limit file to load (harness/check/head-start.ts). */
const HEAD_START_MS = 5000;

/** A head start for the rate-limit suite when it runs beside other files and has its key; undefined otherwise. */
function headStartMs(config: Pick<Config, 'suites' | 'keys'>): number | undefined {
  return config.suites.includes('rate-limit') && config.suites.length > 1 && config.keys.limited !== undefined ? HEAD_START_MS : undefined;
}

/** The suites in vitest, then the report in every format. */
async function checksAndReport(config: Config, progress: Progress, prepared: Prepared): Promise<RunOutcome> {
  const { runId, startedAt, target, plan, authStyle, adminWrites, redactor, expectedFailures, interrupt } = prepared;
  if (authStyle === 'bearer') {
    progress.line('the target refused the admin key in X-API-Key but accepted it as Authorization: Bearer: the checks send Bearer (AUTH-X-API-KEY will fail)');
  }
  progress.line(
    // A bare run tests the reference (the quick start): say so, and how to test one's own server.
    `conformance run ${runId} against ${target.embedded ? `the embedded reference server, not your server${config.reference ? '' : ' (CONFORMANCE_TARGET_URL is not set; --url tests yours)'}` : displayUrl(target.baseUrl, redactor)}` +
      ` (suites: ${config.suites.join(', ')}; seed ${config.seed}; ${config.numRuns} runs per property)`,
  );
  const planned = planLine(plan, config.paced);
  if (planned !== undefined) progress.line(planned);
  // Issue 12: a distant target gets the functional suites more workers (harness/runner/latency.ts).
  // The embedded reference runs in this process: next to the run whatever a busy machine's first
  // round trips say (one measured 7 ms and ran the suites in twice the workers, for more CPU).
  const roundTrip = target.embedded
    ? 0
    : await roundTripMs(target.baseUrl, {
        key: config.keys.admin,
        authStyle,
        timeoutMs: config.requestTimeoutMs,
        redactor,
        network: config.network,
      });
  // Issue 32: far away, unless the user set it, each file gets a larger budget of requests in flight.
  const concurrency = concurrencyFor(roundTrip, config.concurrency, new URL(target.baseUrl).protocol === 'https:');
  const workers = workersFor(config.suites, roundTrip, concurrency);
  const distance = distanceLine(roundTrip, workers, concurrency, config.concurrency !== undefined);
  if (distance !== undefined) progress.line(distance);
  let context: RunContext = {
    runId,
    baseUrl: target.baseUrl,
    keys: config.keys,
    limitedKeys: config.limitedKeys,
    authStyle,
    customLimit: config.customLimit,
    projectId: config.projectId,
    versionId: config.versionId,
    otherProjectId: config.otherProjectId,
    seed: config.seed,
    numRuns: config.numRuns,
    sequences: config.sequences,
    requestTimeoutMs: config.requestTimeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    breakerFailures: config.breakerFailures,
    outageWaitS: config.outageWaitS,
    concurrency,
    webhookWaitS: config.webhookWaitS,
    listSettleS: config.listSettleS,
    rateWindowMs: target.embedded && config.referenceRateWindowS !== undefined ? config.referenceRateWindowS * 1000 : undefined,
    sink: config.sink,
    network: config.network,
    adminWebhookWrites: adminWrites,
    headStartMs: headStartMs(config),
  };
  // Issue 14: the workers append every exchange here; merged into exchanges.har at the end.
  const harDir = config.har ? resolve(config.reportDir, `.${runId}.har-parts`) : undefined;
  if (harDir !== undefined) context = { ...context, harDir };
  // What the workers create, for the main process to delete when a signal stops the run.
  await mkdir(resolve(config.reportDir), { recursive: true });
  const createdLog = resolve(config.reportDir, `.${runId}.created.jsonl`);
  context = { ...context, createdLog };
  if (interrupt !== undefined) interrupt.leftBehind = () => ({ runId, left: readCreatedLog(createdLog).length, logFile: createdLog });
  // From a clone the TypeScript suites, from the installed package the compiled ones (dist/suites/).
  const files = config.suites.map((domain) => `suites/${domain}.test${CODE_EXTENSION}`);
  // Issue 12: the breaker every worker's clients share, and through which the deadline stops them.
  const health = new TargetHealth(config.breakerFailures);
  const collector = new ResultCollector(progress, { filtered: config.requirements.length > 0, stopped: () => health.stopped?.reason ?? null });
  // Past the breaker the run pauses; this watch probes the target and resumes or stops it.
  const outages = new OutageWatch(health, {
    waitMs: config.outageWaitS * 1000,
    probe: httpProbe(target.baseUrl, config.keys.admin, authStyle, config.requestTimeoutMs, config.network),
    say: (line) => progress.line(line),
  });
  const deadlineReason = `the run deadline (${formatDuration(config.runDeadlineS)}, CONFORMANCE_RUN_DEADLINE_S) passed`;
  const moduleCache = openModuleCache(CODE_ROOT);
  const { startVitest, checkOrdering } = await prepared.vitestApi;
  const options: Parameters<typeof startVitest>[2] = {
    watch: false,
    config: false,
    root: CODE_ROOT,
    include: files,
    // Test names start with `[REQ-ID]` (harness/check/check.ts).
    ...(config.requirements.length > 0 ? { testNamePattern: `\\[(${config.requirements.join('|')})\\]` } : {}),
    reporters: [collector, new ProgressReporter(progress)],
    // Before each file loads: the rate-limit file's head start (harness/check/head-start.ts).
    ...(context.headStartMs === undefined ? {} : { setupFiles: [resolve(CODE_ROOT, `harness/runner/head-start-setup${CODE_EXTENSION}`)] }),
    pool: 'threads',
    // The files of a worker share their modules instead of loading them again for each file
    // (the harness is CPU-bound on loading: about 4 s of the functional suites' 13 s): per-file
    // state is kept by the file's domain (harness/check/once.ts, validationStatusesOf), never in
    // a module's variable.
    isolate: false,
    // The compiled harness loads as Node loads it, untransformed (native-modules.ts).
    server: { deps: { external: nativeModules(CODE_ROOT, CODE_EXTENSION) } },
    // The suites' transformed modules kept between runs, where this user may safely keep them.
    ...(moduleCache === undefined ? {} : { experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache.dir } }),
    // The rate-limit suite mostly sleeps in a worker of its own; the others share 2, or more
    // against a distant target (harness/runner/latency.ts).
    maxWorkers: workers,
    // The rate-limit suite first; the checks of a file side by side.
    ...checkOrdering(concurrency),
    silent: true,
    passWithNoTests: true,
    // Cleanup deletes every record a file created; against a slow target that takes a while
    // (harness/check/cleanup.ts bounds it below this).
    hookTimeout: 600_000,
    // A worker that does not end after the run is given this long before vitest stops waiting.
    teardownTimeout: 10_000,
  };
  // A shared buffer reaches worker threads; a process pool cannot carry one (each worker then
  // keeps its own breaker, harness/check/run-context.ts).
  options.provide = { conformance: context, ...(options.pool === 'threads' ? { conformanceHealth: health.buffer as SharedArrayBuffer } : {}) };
  // Issue 12: pacing under the keys' limits and the throttling budget, shared like the breaker.
  const ledger = new ThrottleLedger();
  const throttle: ThrottleHandoff = {
    policy: throttlePolicy(config, plan),
    checkSlackMs: checkTimeoutSlackMs(plan, config),
    ...(options.pool === 'threads' ? { buffer: ledger.buffer as SharedArrayBuffer } : {}),
  };
  options.provide.conformanceThrottle = throttle;
  const admin = plan.keys.find((k) => k.role === 'admin');
  const gauge: RunGauge = {
    requests: () => ({ sent: ledger.sent(), expected: plan.requests?.admin }),
    // Only a limit that holds the run back says anything about its length.
    pacedPerMinute: admin !== undefined && admin.pacedMs >= 60_000 ? pacedRate(admin.limitPerMinute) : undefined,
    throttledMs: () => ledger.throttledMs(),
    knownWaitMs: () => ledger.knownWaitLeftMs(),
    sequences: () => ledger.sequences(),
    stopped: () => (health.stopped?.kind === 'throttled' ? health.stopped.reason : undefined),
  };
  progress.begin(estimateChecks(config.suites), gauge);
  // The throttling budget spent (a worker stopped the run through the breaker's state): cancel
  // the rest as the deadline does, so a suite sleeping through a wait of its own ends too.
  const budgetWatch = setInterval(() => {
    const stopped = health.stopped;
    if (stopped?.kind !== 'throttled') return;
    clearInterval(budgetWatch);
    collector.stop(stopped.reason, stopCode(stopped.kind));
    void collector.vitest?.cancelCurrentRun(stopped.reason as Parameters<Vitest['cancelCurrentRun']>[0]).catch(() => {});
  }, 500);
  budgetWatch.unref();
  outages.start();
  // The CLI's stop on SIGINT / SIGTERM is the only one while the checks run (vitest's would end the process).
  const releaseSignals = interrupt === undefined ? undefined : keepSignalsToOurselves();
  let settle: NodeJS.Timeout | undefined;
  const interruptOptions =
    interrupt === undefined
      ? undefined
      : {
          signal: interrupt.signal,
          graceMs: INTERRUPT_WIND_DOWN_MS,
          onInterrupt: () => {
            // The CLI already said it is stopping (harness/runner/interrupt.ts stoppingLine).
            const reason = interruptReason(interrupt.received ?? 'SIGINT');
            health.stop('interrupted', reason);
            collector.stop(reason, stopCode('interrupted'));
            // Requests in flight may still bring back the id of a record they created: the
            // checks are cancelled (which aborts them) once none is left, or after INTERRUPT_SETTLE_MS.
            const settleBy = performance.now() + INTERRUPT_SETTLE_MS;
            const cancelOnceSettled = (): void => {
              if (health.inFlight > 0 && performance.now() < settleBy) {
                settle = setTimeout(cancelOnceSettled, 20);
                return;
              }
              void collector.vitest?.cancelCurrentRun(reason as Parameters<Vitest['cancelCurrentRun']>[0]).catch(() => {});
            };
            cancelOnceSettled();
          },
        };
  // A signal before the first check: vitest is not started at all.
  const running =
    interrupt?.signal.aborted === true ? Promise.resolve(undefined) : startVitest('test', [], options, {}, { stdout: process.stderr, stderr: process.stderr });
  const outcome = await underDeadline(running, {
    deadlineMs: config.runDeadlineS * 1000,
    // In-flight requests end within their timeout; waits that ignore the cancel get 15 s more.
    graceMs: config.requestTimeoutMs + 15_000,
    onDeadline: () => {
      progress.line(`${deadlineReason}: stopping the run and writing the report with what finished`);
      health.stop('deadline', deadlineReason);
      collector.stop(deadlineReason, stopCode('deadline'));
      // Vitest's own reason type admits any string, but spells it as an intersection.
      void collector.vitest?.cancelCurrentRun(deadlineReason as Parameters<Vitest['cancelCurrentRun']>[0]).catch(() => {});
    },
    ...(interruptOptions === undefined ? {} : { interrupt: interruptOptions }),
  });
  clearTimeout(settle);
  clearInterval(budgetWatch);
  outages.stop();
  const signal = outcome.interrupted ? interrupt?.received : undefined;
  // The workers send nothing once the run stopped: what the log still lists is deleted from here, bounded.
  let cleanup: LoggedCleanup | undefined;
  if (signal !== undefined) {
    cleanup = await deleteLogged(
      createdLog,
      { baseUrl: target.baseUrl, keys: config.keys, authStyle, requestTimeoutMs: config.requestTimeoutMs, redactor, network: config.network },
      INTERRUPT_CLEANUP_MS,
    );
  }
  const vitest = outcome.value ?? collector.vitest;
  if (vitest !== undefined) await closeWithin(() => vitest.close(), signal !== undefined ? INTERRUPT_CLOSE_MS : 15_000);
  releaseSignals?.();
  moduleCache?.finish();
  // Issue 42: every record the run created read back by id, bounded and stopped by a signal
  // (harness/runner/read-back.ts); the report's footprint comes from this read. An interrupted run
  // has its own bound to keep: its cleanup's count stands (report.interrupted).
  let readBack: ReadBackResult | undefined;
  if (signal === undefined && collector.run.cleanup !== undefined) {
    const readTarget = { baseUrl: target.baseUrl, keys: config.keys, authStyle, requestTimeoutMs: config.requestTimeoutMs, redactor, network: config.network };
    readBack = await readBackLedger(createdLog, readTarget, { signal: interrupt?.signal, concurrency: config.concurrency });
  }
  const stopped = health.stopped;
  if (stopped !== null) collector.stop(stopped.reason, stopCode(stopped.kind));
  const notReported = signal !== undefined ? interruptReason(signal) : outcome.abandoned ? deadlineReason : 'the run ended before this check reported a result';
  collector.finish(files, notReported);
  progress.finish();
  // An interrupted run writes its report whatever ran: the signal, not the selection, is why.
  const nothingRan = signal === undefined ? nothingRanError(config, collector.run) : undefined;
  if (nothingRan !== undefined) {
    // No report: nothing was verified, and the line says why; nor the HAR parts of no exchange worth keeping.
    if (harDir !== undefined) await rm(harDir, { recursive: true, force: true });
    await rm(createdLog, { force: true });
    throw nothingRan;
  }
  const report = buildReport(collector.run, {
    runId,
    startedAt,
    finishedAt: new Date(),
    targetUrl: displayUrl(target.baseUrl, redactor),
    embedded: target.embedded,
    ...settingsInfo(config),
    toolVersion: await toolVersion(),
    expectedFailures,
    outageWaitS: config.outageWaitS,
    distance: { roundTripMs: Math.round(roundTrip * 10) / 10, workers, concurrency, concurrencySet: config.concurrency !== undefined },
    outages: outages.windows,
    specUnits: await shippedSpecUnits(),
    ...(signal === undefined || cleanup === undefined
      ? {}
      : {
          interrupted: {
            signal,
            recordsFound: cleanup.found,
            recordsDeleted: cleanup.deleted,
            recordsLeft: cleanup.left.length,
            createsUnanswered: cleanup.unansweredCreates,
            cleanupCutShort: cleanup.cutShort,
          },
        }),
    ...(readBack === undefined ? {} : { readBack }),
  });
  const written = await writeReport(report, config.reportDir, redactor);
  // The log lists ids only (never a key); kept when records may remain, so they can be found.
  if ((cleanup === undefined || cleanup.left.length === 0) && (readBack === undefined || (readBack.alive.length === 0 && readBack.unknown === 0))) {
    await rm(createdLog, { force: true });
  }
  if (harDir !== undefined) {
    await writeHar(harDir, join(written.runDir, HAR_FILE), report.tool);
    await cp(join(written.runDir, HAR_FILE), join(written.latestDir, HAR_FILE));
  }
  return { report, written };
}
