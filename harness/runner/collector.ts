import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckMeta } from '../check/check.js';
import type { CheckResult, Level, MatrixCell, Observation, Status } from '../report/model.js';
import { LEVELS, STATUSES } from '../report/model.js';
import { Progress } from './progress.js';

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
}

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
  };
  readonly #progress: Progress;

  readonly #filtered: boolean;

  /** `filtered`: CONFORMANCE_REQUIREMENTS selects checks; the ones left out are not reported. */
  constructor(progress: Progress, options: { filtered?: boolean } = {}) {
    this.#progress = progress;
    this.#filtered = options.filtered ?? false;
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    const result = testCase.result();
    if (this.#filtered && result.state === 'skipped' && meta?.status === undefined) return;
    const status = statusOf(meta, result.state);
    let message = meta?.message ?? null;
    if (status === 'error' && message === null) {
      message = `harness error: ${result.errors?.map((e) => e.message).join('; ') || 'the check ended without a verdict'}`;
    }
    if (status === 'skip' && message === null) message = 'skipped';
    const check: CheckResult = {
      key: `${meta?.domain ?? testCase.module.moduleId} ${testCase.fullName}`,
      requirementId: meta?.requirementId ?? 'UNKNOWN',
      level: levelOf(meta?.level ?? 'MUST'),
      section: meta?.section ?? '',
      domain: meta?.domain ?? 'unknown',
      title: meta?.title ?? testCase.name,
      status,
      message,
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      exchange: status === 'pass' || status === 'skip' ? null : (meta?.exchange ?? null),
      property: meta?.property ?? null,
      throttled: meta?.throttled ?? 0,
    };
    this.run.checks.push(check);
    this.run.throttledMs += meta?.throttledMs ?? 0;
    this.run.matrix.push(...(meta?.matrix ?? []));
    for (const endpoint of meta?.endpoints ?? []) {
      this.run.endpointChecks.set(endpoint, (this.run.endpointChecks.get(endpoint) ?? 0) + 1);
    }
    this.run.observations.push(...(meta?.observations ?? []));
    this.#progress.checkDone(check);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      this.run.harnessErrors.push(`${testModule.moduleId}: ${error.message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.run.harnessErrors.push(`unhandled: ${error.message ?? String(error)}`);
    this.#progress.finish();
  }
}
