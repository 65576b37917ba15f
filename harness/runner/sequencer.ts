import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the rate-limit suite first: it spends most of its time waiting for a window to pass
 * (about a minute), so it runs beside the other suites instead of adding that minute at the end.
 */
export class RateLimitFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification): number => (/[\\/]rate-limit\.test\.ts$/.test(spec.moduleId) ? 0 : 1);
    return [...sorted].sort((a, b) => first(a) - first(b));
  }
}
