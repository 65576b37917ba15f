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
 * measured: a full `npm test` of main after session 11's merges (the coverage phase made the
 * exploration's self-test about four times longer, 107 to 398 s, and the mutant matrix 342 to
 * 600 s). Only the order matters, so a rough figure is enough; a file that
 * grew long must move up (the exploration's self-test, ranked at 40 s while it took 94, once
 * started after files half its length). A file that grows long belongs here; test/tiers.test.ts
 * checks that each path exists.
 */
export const LONG_FILES: Readonly<Record<string, number>> = {
  'test/mutants.test.ts': 600,
  'test/sequences.test.ts': 398,
  // The image built (base cached: pack, install and podman build) and four container runs, on a loaded machine.
  'test/image.test.ts': 390,
  'test/variants.test.ts': 234,
  'test/load.test.ts': 167,
  'test/hostile.test.ts': 122,
  'test/e2e.test.ts': 106,
  'test/certify-bundle.test.ts': 95,
  'test/package.test.ts': 86,
  'test/browser-report.test.ts': 78,
  'test/throttle.test.ts': 71,
  'test/list.test.ts': 44,
  'test/doctor.test.ts': 41,
  'test/action.test.ts': 39,
  'test/preflight-diagnosis.test.ts': 39,
  'reference/faults.test.ts': 37,
  'test/cli.test.ts': 37,
  'test/locust-load.test.ts': 36,
  'test/leftovers.test.ts': 31,
  'test/outage.test.ts': 27,
  'test/concurrent-runs.test.ts': 25,
  'test/browser-load.test.ts': 22,
  'test/rerun.test.ts': 20,
  'harness/load/locust/engine.test.ts': 19,
  'harness/steps/rate-limit.test.ts': 17,
  'test/interrupt.test.ts': 12,
  'test/fresh-window.test.ts': 11,
  'test/check-order.test.ts': 10,
  'test/property-order.test.ts': 9,
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
