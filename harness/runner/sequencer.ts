import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isRateLimitSuiteFile } from '../check/rate-limit-file.js';

/**
 * Starts the rate-limit suite first: it spends most of its time waiting for a window to pass
 * (about a minute), so it runs beside the other suites instead of adding that minute at the end.
 */
export class RateLimitFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // The installed package runs the compiled suite (.js): a .ts-only match left it unsorted there.
    const first = (spec: TestSpecification): number => (isRateLimitSuiteFile(spec.moduleId) ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}

/**
 * How a run orders its checks: the checks of a file run side by side, `concurrency` at
 * a time, so that a distant target's round trips overlap. A file whose checks share one state runs
 * them one after another (`checker(domain, { sequential: true })`, harness/check/check.ts), and a
 * block that must wait for the rest of its file, or that the rest must wait for, is a
 * `describe.sequential`: vitest runs a file's consecutive side-by-side and one-at-a-time blocks
 * group after group, in file order (test/check-order.test.ts shows both).
 */
export function checkOrdering(concurrency: number) {
  return { maxConcurrency: concurrency, sequence: { sequencer: RateLimitFirstSequencer, concurrent: true } };
}
