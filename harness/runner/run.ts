import { cp, readFile, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { startVitest, type Vitest } from 'vitest/node';
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
import { roundTripMs, workersFor } from './latency.js';
import { readExpectedFailures } from './expected-failures.js';
import { estimateChecks } from './request-estimate.js';
import { nothingRanError } from './nothing-ran.js';
import { checkOrdering } from './sequencer.js';
import { moduleCacheDir } from './module-cache.js';
import { preflight } from '../doctor/preflight.js';
import { HAR_FILE, writeHar } from '../har/write.js';
import { displayUrl, newRunId, probeTarget, startTarget, type ProbeResult, type Target } from './target.js';
import { writeEarlyStop, type EarlyStopInfo } from './early-stop.js';
import { HarnessError, TargetUnreachableError } from '../errors.js';
import { checkTimeoutSlackMs, planLine, planThrottling, probeLimits, refuseSlowRun, throttlePolicy, type ThrottlePlan } from './throttle-preflight.js';
import { ThrottleLedger, pacedRate } from './throttle.js';
import { OutageWatch, httpProbe } from './outage.js';
import { shippedSpecUnits } from '../spec/traceability/units.js';
import type { ThrottleHandoff } from './throttle-worker.js';
import { CODE_EXTENSION, CODE_ROOT, packageFile } from '../package-root.js';

export interface RunOutcome {
  readonly report: Report;
  readonly written: WrittenReport;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * A whole conformance run: start the target (embedded unless configured), run the selected
 * suites in vitest, build the report and write every format.
 */
export async function runConformance(config: Config, progress: Progress = new Progress()): Promise<RunOutcome> {
  const startedAt = new Date();
  const runId = newRunId(startedAt);
  const redactor = new Redactor(Object.values(config.keys));
  // Issue 14: a bad list of expected failures stops the run before anything is sent (exit 2).
  const expectedFailures =
    config.expectedFailuresPath === undefined ? undefined : { file: basename(config.expectedFailuresPath), entries: await readExpectedFailures(config.expectedFailuresPath) };
  const target = await startTarget(config);
  try {
    const early = { runId, startedAt, targetUrl: displayUrl(target.baseUrl, redactor), embedded: target.embedded };
    const { plan, authStyle } = await beforeChecks(config, target, redactor, progress, early);
    return await checksAndReport(config, progress, { ...early, target, plan, authStyle, redactor, expectedFailures });
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
): Promise<{ plan: ThrottlePlan; authStyle: ProbeResult['authStyle'] }> {
  try {
    const probed = await probeTarget(target.baseUrl, config, redactor, { bearerFallback: true });
    const authStyle = probed.authStyle;
    if (probed.note !== undefined) progress.line(probed.note);
    // Issue 12: the keys' advertised limits against the requests the run will send. A run they
    // would hold for hours stops here, in one line naming the key and the fix (exit 2).
    const limits = await probeLimits(target.baseUrl, config, redactor, probed);
    const plan = planThrottling({ suites: config.suites, numRuns: config.numRuns, filtered: config.requirements.length > 0, limits });
    refuseSlowRun(plan, config);
    // Issue 13: the doctor's cheap checks against an external target (the embedded one is configured from its own seed).
    if (!target.embedded && !config.skipDoctor) await preflight(config, target, redactor, (line) => progress.line(line));
    return { plan, authStyle };
  } catch (error) {
    if (!(error instanceof HarnessError) || error instanceof TargetUnreachableError) throw error;
    throw await writeEarlyStop(config, { ...early, toolVersion: await toolVersion() }, error, redactor);
  }
}

interface Prepared extends Omit<EarlyStopInfo, 'toolVersion'> {
  readonly target: Target;
  readonly plan: ThrottlePlan;
  readonly authStyle: ProbeResult['authStyle'];
  readonly redactor: Redactor;
  readonly expectedFailures: RunInfo['expectedFailures'];
}

/** The suites in vitest, then the report in every format. */
async function checksAndReport(config: Config, progress: Progress, prepared: Prepared): Promise<RunOutcome> {
  const { runId, startedAt, target, plan, authStyle, redactor, expectedFailures } = prepared;
  if (authStyle === 'bearer') {
    progress.line('the target refused the admin key in X-API-Key but accepted it as Authorization: Bearer: the checks send Bearer (AUTH-X-API-KEY will fail)');
  }
  progress.line(
    `conformance run ${runId} against ${target.embedded ? 'the embedded reference server' : displayUrl(target.baseUrl, redactor)}` +
      ` (suites: ${config.suites.join(', ')}; seed ${config.seed}; ${config.numRuns} runs per property)`,
  );
  const planned = planLine(plan, config.paced);
  if (planned !== undefined) progress.line(planned);
  // Issue 12: a distant target gets the functional suites more workers (harness/runner/latency.ts).
  const roundTrip = await roundTripMs(target.baseUrl, { key: config.keys.admin, authStyle, timeoutMs: config.requestTimeoutMs, redactor, network: config.network });
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
    requestTimeoutMs: config.requestTimeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    breakerFailures: config.breakerFailures,
    outageWaitS: config.outageWaitS,
    concurrency: config.concurrency,
    webhookWaitS: config.webhookWaitS,
    listSettleS: config.listSettleS,
    rateWindowMs: target.embedded && config.referenceRateWindowS !== undefined ? config.referenceRateWindowS * 1000 : undefined,
    sink: config.sink,
    network: config.network,
  };
  // Issue 14: the workers append every exchange here; merged into exchanges.har at the end.
  const harDir = config.har ? resolve(config.reportDir, `.${runId}.har-parts`) : undefined;
  if (harDir !== undefined) context = { ...context, harDir };
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
  const cacheDir = moduleCacheDir();
  const options: Parameters<typeof startVitest>[2] = {
      watch: false,
      config: false,
      root: CODE_ROOT,
      include: files,
      // Test names start with `[REQ-ID]` (harness/check/check.ts).
      ...(config.requirements.length > 0 ? { testNamePattern: `\\[(${config.requirements.join('|')})\\]` } : {}),
      reporters: [collector, new ProgressReporter(progress)],
      pool: 'threads',
      // The files of a worker share their modules instead of loading them again for each file
      // (the harness is CPU-bound on loading: about 4 s of the functional suites' 13 s): per-file
      // state is kept by the file's domain (harness/check/once.ts, validationStatusesOf), never in
      // a module's variable.
      isolate: false,
      // The suites' transformed modules kept between runs, where this user may safely keep them.
      ...(cacheDir === undefined ? {} : { experimental: { fsModuleCache: true, fsModuleCachePath: cacheDir } }),
      // The rate-limit suite mostly sleeps in a worker of its own; the others share 2, or 4
      // against a distant target.
      maxWorkers: workersFor(config.suites, roundTrip),
      // The rate-limit suite first; the checks of a file side by side.
      ...checkOrdering(config.concurrency),
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
    stopped: () => (health.stopped?.kind === 'throttled' ? health.stopped.reason : undefined),
  };
  progress.begin(estimateChecks(config.suites), gauge);
  // The throttling budget spent (a worker stopped the run through the breaker's state): cancel
  // the rest as the deadline does, so a suite sleeping through a wait of its own ends too.
  const budgetWatch = setInterval(() => {
    const stopped = health.stopped;
    if (stopped?.kind !== 'throttled') return;
    clearInterval(budgetWatch);
    collector.stop(stopped.reason);
    void collector.vitest?.cancelCurrentRun(stopped.reason as Parameters<Vitest['cancelCurrentRun']>[0]).catch(() => {});
  }, 500);
  budgetWatch.unref();
  outages.start();
  const running = startVitest('test', [], options, {}, { stdout: process.stderr, stderr: process.stderr });
  const outcome = await underDeadline(running, {
    deadlineMs: config.runDeadlineS * 1000,
    // In-flight requests end within their timeout; waits that ignore the cancel get 15 s more.
    graceMs: config.requestTimeoutMs + 15_000,
    onDeadline: () => {
      progress.line(`${deadlineReason}: stopping the run and writing the report with what finished`);
      health.stop('deadline', deadlineReason);
      collector.stop(deadlineReason);
      // Vitest's own reason type admits any string, but spells it as an intersection.
      void collector.vitest?.cancelCurrentRun(deadlineReason as Parameters<Vitest['cancelCurrentRun']>[0]).catch(() => {});
    },
  });
  clearInterval(budgetWatch);
  outages.stop();
  const vitest = outcome.value ?? collector.vitest;
  if (vitest !== undefined) await closeWithin(() => vitest.close(), 15_000);
  const stopped = health.stopped;
  if (stopped !== null) collector.stop(stopped.reason);
  collector.finish(files, outcome.abandoned ? deadlineReason : 'the run ended before this check reported a result');
  progress.finish();
  const nothingRan = nothingRanError(config, collector.run);
  if (nothingRan !== undefined) {
    // No report: nothing was verified, and the line says why; nor the HAR parts of no exchange worth keeping.
    if (harDir !== undefined) await rm(harDir, { recursive: true, force: true });
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
    outages: outages.windows,
    specUnits: await shippedSpecUnits(),
  });
  const written = await writeReport(report, config.reportDir, redactor);
  if (harDir !== undefined) {
    await writeHar(harDir, join(written.runDir, HAR_FILE), report.tool);
    await cp(join(written.runDir, HAR_FILE), join(written.latestDir, HAR_FILE));
  }
  return { report, written };
}
