import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/file-order.js';
import { FileTimesReporter } from './test/testing/file-times-reporter.js';
import { TIERS, tierGlobs } from './test/tiers.js';

/**
 * The project's own tests (npm test): harness and reference units beside their code, end-to-end
 * self-tests under test/. The conformance suites in suites/ run only through the runner.
 *
 * Three tiers (test/tiers.ts says which file goes where): `vitest run --project unit` is the inner
 * loop; `vitest run` runs all three. The projects share one pool of maxWorkers threads (they all
 * keep the default sequence.groupOrder), so a full run keeps two files going at a time, as before
 * the split, instead of running the tiers one after the other.
 */
export default defineConfig({
  test: {
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
    // The mutant self-test: one run per driver process, three drivers on a 2-core machine (a run
    // often waits for a webhook or a rate window meanwhile).
    maxConcurrency: 3,
    hookTimeout: 60_000,
    // The long files start first, whatever their tier (test/file-order.ts): a long file started
    // last would run on alone while the other worker has nothing left.
    sequence: { sequencer: LongestFirstSequencer },
    // The default output, and the files' times when `npm run test:times` asks (test/file-times.json).
    reporters: ['default', new FileTimesReporter()],
    projects: TIERS.map((tier) => {
      const { include, exclude } = tierGlobs(tier);
      // The CLIs the e2e and system tiers start run the harness compiled once (test/testing/compiled-cli.ts);
      // the runs several of their files share are made once per test run (test/testing/shared-fixture.ts).
      const globalSetup = tier === 'unit' ? [] : ['test/testing/compiled-cli.ts', 'test/testing/shared-fixture.ts'];
      return { extends: true, test: { name: tier, include, exclude: [...configDefaults.exclude, ...exclude], globalSetup } };
    }),
  },
});
