import { isErrorCode, type ErrorCode } from '../errors.js';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { CheckMeta } from '../check/check.js';
import type { CheckResult, Level, MatrixCell, InputClassCell, Observation, Status } from '../report/model.js';
import { LEVELS, STATUSES } from '../report/model.js';
import { Progress } from './progress.js';
import { addKept, noneKept, type KeptBySpec } from '../check/kept-by-spec.js';

export interface CollectedRun {
  readonly checks: CheckResult[];
  readonly observations: Observation[];
  /** Errors outside any check (a suite file failed to load, an unhandled rejection). */
  readonly harnessErrors: string[];
  /** Time spent waiting out 429s during checks. */
  throttledMs: number;
  /** Checks per documented endpoint (`GET /contacts/{id}`). */
  readonly endpointChecks: Map<string, number>;
  readonly matrix: MatrixCell[];
  readonly inputClasses: InputClassCell[];
  /** Why the run stopped sending early (breaker, deadline), or null when it did not. */
  stopped: string | null;
  /** The code of the stop `stopped` names, when the run knows its kind. */
  stopCode?: ErrorCode | undefined;
  /** What the suite files' cleanups left: records not deleted for sure, and what the spec keeps of the deleted; also per suite file's domain. */
  readonly cleanup?: { notDeleted: number; kept: KeptBySpec; byDomain?: Map<string, { notDeleted: number; kept: KeptBySpec }> };
}

/** Who a check is (key, requirement, level, section, domain, title), from its test case and metadata. */
function identityOf(testCase: TestCase): Pick<CheckResult, 'key' | 'requirementId' | 'level' | 'section' | 'domain' | 'title' | 'declaredAt'> {
  const meta = testCase.meta().conformance;
  return {
    key: `${meta?.domain ?? testCase.module.moduleId} ${testCase.fullName}`,
    requirementId: meta?.requirementId ?? 'UNKNOWN',
    level: levelOf(meta?.level ?? 'MUST'),
    section: meta?.section ?? '',
    domain: meta?.domain ?? 'unknown',
    title: meta?.title ?? testCase.name,
    ...(meta?.declaredAt === undefined || meta.declaredAt.length === 0 ? {} : { declaredAt: meta.declaredAt }),
  };
}

/** A check that never reported a result because the run stopped: status error, with the reason. */
function notRunResult(testCase: TestCase, message: string, code: ErrorCode | undefined): CheckResult {
  return {
    ...identityOf(testCase),
    status: 'error',
    message,
    durationMs: 0,
    exchange: null,
    property: null,
    throttled: 0,
    ...(code === undefined ? {} : { errorCode: code }),
  };
}

/**
 * Control characters a target put into a message (through a body excerpt): ESC drives the
 * terminal's colours and cursor. Line breaks stay (the progress shows a message's first line).
 */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The check as the terminal may show it: what the target wrote cannot drive the terminal. */
function forTerminal(check: CheckResult): CheckResult {
  return check.message === null ? check : { ...check, message: check.message.replace(TERMINAL_CONTROL, '') };
}

/** A hook's or a request's error that says the run had stopped sending ("not run: ..."). */
const NOT_RUN = /^not run: /;

function levelOf(value: string): Level {
  return (LEVELS as readonly string[]).includes(value) ? (value as Level) : 'MUST';
}

function statusOf(meta: CheckMeta | undefined, state: string): Status {
  if (meta?.status && (STATUSES as readonly string[]).includes(meta.status)) return meta.status;
  if (state === 'skipped') return 'skip';
  // A check that ended without a verdict (timeout, crash in a hook) is the harness's failure.
  return state === 'passed' ? 'pass' : 'error';
}

/**
 * The vitest reporter of a conformance run: turns each test case's metadata into a check result
 * and shows progress. Rendering the report is someone else's job.
 */
export class ResultCollector implements Reporter {
  readonly run: CollectedRun = {
    checks: [],
    observations: [],
    harnessErrors: [],
    throttledMs: 0,
    endpointChecks: new Map(),
    matrix: [],
    inputClasses: [],
    stopped: null,
    cleanup: { notDeleted: 0, kept: noneKept(), byDomain: new Map() },
  };
  readonly #progress: Progress;
  /** Every collected check that has not reported yet, by vitest id. */
  readonly #pending = new Map<string, TestCase>();
  readonly #collectedFiles = new Set<string>();
  readonly #reported = new Set<string>();
  readonly #started = new Set<string>();
  /** Set when the run deadline passed: checks vitest cancels are marked not run with it. */
  #stopReason: string | null = null;
  /** The vitest instance, so the runner can cancel a run past its deadline. */
  vitest: Vitest | undefined;

  readonly #filtered: boolean;
  /** Why the run's shared state says it stopped, read at each result (the runner's watch polls it). */
  readonly #stoppedNow: () => string | null;

  /**
   * `filtered`: CONFORMANCE_REQUIREMENTS selects checks; the ones left out are not reported.
   * `stopped`: why the run stopped sending, as the workers' shared state says, or null.
   */
  constructor(progress: Progress, options: { filtered?: boolean; stopped?: () => string | null } = {}) {
    this.#progress = progress;
    this.#filtered = options.filtered ?? false;
    this.#stoppedNow = options.stopped ?? (() => null);
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.#collectedFiles.add(testModule.moduleId);
    for (const testCase of testModule.children.allTests()) this.#pending.set(testCase.id, testCase);
  }

  onTestCaseReady(testCase: TestCase): void {
    this.#started.add(testCase.id);
  }

  /** The run deadline passed: from now on a check vitest cancels is reported as not run, with `reason`. */
  stop(reason: string, code?: ErrorCode): void {
    this.#stopReason ??= reason;
    this.run.stopped ??= reason;
    if (this.run.stopped === reason) this.run.stopCode ??= code;
  }

  onTestCaseResult(testCase: TestCase): void {
    if (!this.#pending.delete(testCase.id) && this.#reported.has(testCase.id)) return;
    this.#reported.add(testCase.id);
    const meta = testCase.meta().conformance;
    const result = testCase.result();
    if (meta?.stopped !== undefined) this.run.stopped ??= meta.stopped;
    // A check cancelled once the run stopped (deadline, throttling budget) did not run: vitest marks
    // it skipped, usually with a note, or (cancelled mid-flight on a busy machine) ends it without
    // an error or a verdict of ours, or reports it still pending.
    const cancelled =
      result.state === 'skipped'
        ? result.note !== undefined || !this.#filtered
        : result.state === 'pending' || (result.state === 'failed' && (result.errors ?? []).length === 0);
    // A worker may have stopped the run before the runner's watch saw it and cancelled the rest.
    const stopReason = this.#stopReason ?? (cancelled && meta?.status === undefined ? this.#stoppedNow() : null);
    if (stopReason !== null && meta?.status === undefined && cancelled) {
      this.#push(notRunResult(testCase, `not run: ${stopReason}`, this.run.stopCode), meta);
      return;
    }
    if (this.#filtered && result.state === 'skipped' && meta?.status === undefined) return;
    const status = statusOf(meta, result.state);
    let message = meta?.message ?? null;
    if (status === 'error' && message === null) {
      const errors = result.errors?.map((e) => e.message) ?? [];
      // A hook that failed because the run had stopped sending: the check did not run, and says why.
      const notRun = errors.find((m) => NOT_RUN.test(m));
      message = notRun ?? `harness error: ${errors.join('; ') || 'the check ended without a verdict'}`;
    }
    // The code of a coded error survives vitest's serialisation of it as an own property.
    const errorCode = status === 'error' ? (meta?.errorCode ?? result.errors?.map((e) => (e as { code?: unknown }).code).find(isErrorCode)) : undefined;
    if (status === 'skip' && message === null) message = 'skipped';
    const check: CheckResult = {
      ...identityOf(testCase),
      status,
      message,
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      exchange: status === 'pass' || status === 'skip' ? null : (meta?.exchange ?? null),
      property: meta?.property ?? null,
      throttled: meta?.throttled ?? 0,
      ...(meta?.reruns === undefined ? {} : { reruns: meta.reruns }),
      ...(errorCode === undefined ? {} : { errorCode }),
    };
    this.#push(check, meta);
  }

  #push(check: CheckResult, meta: CheckMeta | undefined): void {
    this.run.checks.push(check);
    this.run.throttledMs += meta?.throttledMs ?? 0;
    this.run.matrix.push(...(meta?.matrix ?? []));
    this.run.inputClasses.push(...(meta?.inputClasses ?? []));
    for (const endpoint of meta?.endpoints ?? []) {
      this.run.endpointChecks.set(endpoint, (this.run.endpointChecks.get(endpoint) ?? 0) + 1);
    }
    this.run.observations.push(...(meta?.observations ?? []));
    this.#progress.checkDone(forTerminal(check));
  }

  /**
   * After the run (or when the runner gave up waiting for it past the deadline): every check that
   * was collected but never reported, and every suite file that never started, is reported as
   * not run, with `reason`, so the report says what was not verified and why.
   */
  finish(files: readonly string[], reason: string): void {
    const why = this.#stopReason ?? this.run.stopped ?? reason;
    for (const testCase of this.#pending.values()) {
      const check = notRunResult(
        testCase,
        `${this.#started.has(testCase.id) ? 'not finished' : 'not run'}: ${why}`,
        (this.#stopReason ?? this.run.stopped) ? this.run.stopCode : undefined,
      );
      this.run.checks.push(check);
      this.#progress.checkDone(forTerminal(check));
    }
    this.#pending.clear();
    for (const file of files) {
      if (![...this.#collectedFiles].some((collected) => collected.endsWith(file))) this.run.harnessErrors.push(`${file}: not run: ${why}`);
    }
  }

  onTestModuleEnd(testModule: TestModule): void {
    const cleanup = testModule.meta().conformanceCleanup;
    if (cleanup !== undefined && this.run.cleanup !== undefined) {
      this.run.cleanup.notDeleted += cleanup.left;
      addKept(this.run.cleanup.kept, cleanup.kept);
      const domain = suiteDomainOf(testModule.moduleId);
      const byDomain = this.run.cleanup.byDomain;
      if (domain !== undefined && byDomain !== undefined) {
        const row = byDomain.get(domain) ?? { notDeleted: 0, kept: noneKept() };
        row.notDeleted += cleanup.left;
        addKept(row.kept, cleanup.kept);
        byDomain.set(domain, row);
      }
    }
    for (const error of testModule.errors()) {
      this.run.harnessErrors.push(`${testModule.moduleId}: ${error.message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.run.harnessErrors.push(`unhandled: ${error.message ?? String(error)}`);
    this.#progress.finish();
  }
}

/** `contacts` for `.../suites/contacts.test.ts` (or its compiled `.js`): the domain a suite file's cleanup counts under. */
export function suiteDomainOf(moduleId: string): string | undefined {
  return /(?:^|[/\\])suites[/\\]([a-z-]+)\.test\.[jt]s$/.exec(moduleId)?.[1];
}
