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
    // Self-tests that spawn whole conformance runs: two at a time on a 2-core machine.
    maxConcurrency: 2,
    hookTimeout: 60_000,
  },
});
