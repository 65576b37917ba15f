/**
 * Which tier each of the project's own test files belongs to, by one rule vitest.config.ts and
 * test/tiers.test.ts both read:
 *
 * - unit: the tests beside the code (harness/, reference/), in-process, no child process, no real
 *   waits; the inner loop, about a minute on a 2-core machine (`npm run test:unit`).
 * - e2e: the self-tests under test/ that drive the CLI, the runner and the reference server
 *   together, and the units that start a process or wait out a real rate window.
 * - system: the ones that need more than Node: Chromium, Locust (Python), nginx, podman, network
 *   namespaces, and the mutant and variant matrices (hundreds of runs).
 *
 * A file lands in a tier by its folder; the lists below are the exceptions, by path.
 */

export type Tier = 'unit' | 'e2e' | 'system';

export const TIERS: readonly Tier[] = ['unit', 'e2e', 'system'];

/** Where unit tests live: beside the code they test. */
export const UNIT_FOLDERS = ['harness/', 'reference/'] as const;

/** Where end-to-end self-tests live. */
export const E2E_FOLDER = 'test/';

/** Tests under test/ that are cheap and in-process, so the inner loop runs them. */
export const UNIT_EXTRAS = [
  'test/docs-paths.test.ts',
  'test/progress-marks.test.ts',
  'test/refill-tolerance.test.ts',
  'test/testing/shared-fixture.test.ts',
  'test/tiers.test.ts',
  'test/webhook-agreement.test.ts',
] as const;

/** Tests beside the code that start a process (sh, Python) or wait out a real rate window. */
export const E2E_UNITS = [
  'harness/http/curl.test.ts',
  'harness/load/export/kubernetes.test.ts',
  'harness/load/export/yaml.test.ts',
  'harness/steps/rate-limit.test.ts',
] as const;

/** Tests that need Chromium, Locust, nginx, network namespaces or podman, or run a matrix of full runs. */
export const SYSTEM_TESTS = [
  'harness/load/locust/engine.test.ts',
  'harness/load/locust/locustfile.test.ts',
  'test/bench-locust-million.test.ts',
  'test/browser-load.test.ts',
  'test/browser-report.test.ts',
  'test/image-locust.test.ts',
  'test/image.test.ts',
  'test/locust-load.test.ts',
  'test/locust-netns.test.ts',
  'test/mutants.test.ts',
  'test/replicas.test.ts',
  'test/sequences.test.ts',
  'test/variants.test.ts',
] as const;

const isIn = (list: readonly string[], path: string): boolean => list.includes(path);

/** The tier of a test file, by its path relative to the project root (forward slashes). */
export function tierOf(path: string): Tier {
  if (isIn(SYSTEM_TESTS, path)) return 'system';
  if (isIn(E2E_UNITS, path)) return 'e2e';
  if (isIn(UNIT_EXTRAS, path)) return 'unit';
  return UNIT_FOLDERS.some((folder) => path.startsWith(folder)) ? 'unit' : 'e2e';
}

/** include/exclude globs of each tier for vitest's projects; the same partition as tierOf. */
export function tierGlobs(tier: Tier): { include: string[]; exclude: string[] } {
  const units = UNIT_FOLDERS.map((folder) => `${folder}**/*.test.ts`);
  switch (tier) {
    case 'unit':
      return { include: [...units, ...UNIT_EXTRAS], exclude: [...E2E_UNITS, ...SYSTEM_TESTS] };
    case 'e2e':
      return { include: [`${E2E_FOLDER}**/*.test.ts`, ...E2E_UNITS], exclude: [...UNIT_EXTRAS, ...SYSTEM_TESTS] };
    case 'system':
      return { include: [...SYSTEM_TESTS], exclude: [] };
  }
}
