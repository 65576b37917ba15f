import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order a full `vitest run` starts its files in. Two files run at a time, in the order the
 * sequencer gives, across all three tiers (one shared pool). vitest's own order runs the tiers
 * one after another by name (e2e, system, unit) and, without a cache of earlier results (a clean
 * clone, CI), the larger files first: the mutant matrix, a short file with the longest run, then
 * started near the end and stretched it by a minute or more while the other worker sat idle.
 *
 * So the files known to be long start first, longest first (the classic longest-job-first
 * schedule: the last file to start is a short one, and the two workers end close together); the
 * rest follow in vitest's own order, the many short unit files last to fill the gaps.
 */

/**
 * Seconds each long file took in a full `npm test` on a 2-core machine (two files at a time),
 * measured: the CI log of a clean clone at 739b46f (session 10, the CLIs the self-tests start
 * running the compiled harness). Only the order matters, so a rough figure is enough; a file that
 * grew long must move up (the exploration's self-test, ranked at 40 s while it took 94, once
 * started after files half its length). A file that grows long belongs here; test/tiers.test.ts
 * checks that each path exists.
 */
export const LONG_FILES: Readonly<Record<string, number>> = {
  'test/mutants.test.ts': 342,
  'test/variants.test.ts': 172,
  'test/load.test.ts': 136,
  'test/sequences.test.ts': 107,
  'test/hostile.test.ts': 97,
  'test/e2e.test.ts': 77,
  'test/certify-bundle.test.ts': 71,
  'test/browser-report.test.ts': 71,
  'test/package.test.ts': 42,
  'test/locust-load.test.ts': 35,
  'test/list.test.ts': 35,
  'test/outage.test.ts': 32,
  'test/throttle.test.ts': 30,
  'test/preflight-diagnosis.test.ts': 30,
  'test/doctor.test.ts': 28,
  'test/action.test.ts': 27,
  'test/cli.test.ts': 22,
  'test/browser-load.test.ts': 20,
  'test/concurrent-runs.test.ts': 18,
  'harness/load/locust/engine.test.ts': 18,
  'test/rerun.test.ts': 16,
  'harness/steps/rate-limit.test.ts': 16,
  'test/property-order.test.ts': 14,
  'test/leftovers.test.ts': 13,
  'test/interrupt.test.ts': 12,
  'reference/faults.test.ts': 12,
  'test/fresh-window.test.ts': 11,
  'test/check-order.test.ts': 11,
};

/** A file's path relative to the project root, forward slashes (the keys of LONG_FILES). */
function relativePath(spec: TestSpecification): string {
  const root = spec.project.config.root.replace(/\\/g, '/').replace(/\/?$/, '/');
  const file = spec.moduleId.replace(/\\/g, '/');
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** The order of `files`: the long ones first, longest first, then the rest in `rest`'s order. */
export function longestFirst<T>(files: readonly T[], pathOf: (file: T) => string, rest: readonly T[] = files): T[] {
  const cost = (file: T): number | undefined => LONG_FILES[pathOf(file)];
  const long = files.filter((f) => cost(f) !== undefined).sort((a, b) => cost(b)! - cost(a)!);
  return [...long, ...rest.filter((f) => cost(f) === undefined)];
}

/** vitest's sequencer with the long files moved to the front (vitest.config.ts `sequence.sequencer`). */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(files, relativePath, await super.sort(files));
  }
}
