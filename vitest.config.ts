import { defineConfig } from 'vitest/config';

/**
 * The project's own tests (npm test): harness and reference units beside their code, end-to-end
 * self-tests under test/. The conformance suites in suites/ run only through the runner.
 */
export default defineConfig({
  test: {
    include: ['harness/**/*.test.ts', 'reference/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
    // The mutant self-test: one run per driver process, three drivers on a 2-core machine (a run
    // often waits for a webhook or a rate window meanwhile).
    maxConcurrency: 3,
    hookTimeout: 60_000,
  },
});
