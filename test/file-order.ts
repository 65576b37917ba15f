import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
 * Seconds each long file took in a full `npm test` on a 2-core machine (two files at a time), as
 * `npm run test:times` last recorded them (test/file-times.json, written by
 * test/testing/file-times-reporter.ts). Only the order matters, so a rough figure is enough; a
 * file that grew long must move up (the exploration's self-test, ranked at 40 s while it took 94,
 * once started after files half its length): record the times again after a change that moves
 * them. test/tiers.test.ts checks that each path exists.
 */
export const LONG_FILES: Readonly<Record<string, number>> = (
  JSON.parse(readFileSync(fileURLToPath(new URL('./file-times.json', import.meta.url)), 'utf8')) as { seconds: Record<string, number> }
).seconds;

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
