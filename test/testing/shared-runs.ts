/**
 * The CLI runs several self-test files share (test/testing/shared-fixture.ts makes each once per
 * vitest run), with what each file needs of it.
 */
export interface SharedRunDeclaration {
  /** The fixture's folder in the vitest run's shared folder. */
  readonly name: string;
  readonly args: readonly string[];
  /** The run's CONFORMANCE_ variables (the report folder is the fixture's). */
  readonly env: Readonly<Record<string, string>>;
  /** A CONFORMANCE_EXPECTED_FAILURES list, written into the fixture's folder under this name. */
  readonly expectedFailures?: { readonly file: string; readonly entries: readonly object[] };
}

/** The seed of the faulty run, which test/rerun.test.ts expects the re-run to take over. */
export const FAULTY_RUN_SEED = 20261123;

/**
 * A narrowed run of the reference with faults, for test/har.test.ts, test/rerun.test.ts,
 * test/expected-failures.test.ts (its stale and expired list) and test/browser-report.test.ts:
 * - faults: `contacts-email-unchecked` (a MUST failure whose property sends bodies: har, rerun,
 *   expected-failures), `contacts-search-ignored` (a SHOULD warning) and
 *   `auth-unknown-key-allowed` (a MUST failure in a second suite) for browser-report, which wants
 *   MUST failures, warnings and at least five failures with their exchange;
 * - suites: contacts and auth, and security, whose SHOULD checks skip on the reference (browser
 *   report) and which nothing breaks, so a re-run of what failed is narrower than the run (rerun);
 * - HAR on (har); two runs per property; a fixed seed;
 * - an expected-failures list with a stale entry (a requirement that passes) and an expired one
 *   (a requirement that fails): the run fails either way, as every file but the forgiving case of
 *   test/expected-failures.test.ts (which needs a run that exits 0: it makes its own) expects.
 */
export const FAULTY_RUN: SharedRunDeclaration = {
  name: 'faulty-run',
  args: ['run'],
  env: {
    CONFORMANCE_SUITES: 'contacts,auth,security',
    CONFORMANCE_NUM_RUNS: '2',
    CONFORMANCE_SEED: String(FAULTY_RUN_SEED),
    CONFORMANCE_REFERENCE_FAULTS: 'contacts-email-unchecked,contacts-search-ignored,auth-unknown-key-allowed',
    CONFORMANCE_HAR: 'true',
  },
  expectedFailures: {
    file: 'old.json',
    entries: [
      { id: 'AUTH-X-API-KEY', reason: 'was broken once' },
      { id: 'CT-EMAIL-FORMAT', reason: 'should be fixed by now', expires: '2020-01-31' },
    ],
  },
};
