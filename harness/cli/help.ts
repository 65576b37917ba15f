import { DEFAULTS, DOMAINS, LOAD_DEFAULTS, LOAD_ENDPOINTS, LOAD_SCENARIOS } from '../config/schema.js';

/** `conformance --help`: keep in step with docs/configuration.md (the variables), docs/verdicts.md and .env.example. */
export const HELP = `Usage: conformance <command> [options]

Commands:
  run        Run the conformance suites and write the report (default); against your own
             server it runs the doctor's quick checks first and stops (exit 2) on a problem
             that would make the run meaningless
  doctor     Check the configuration against the target, item by item, with the fix for
             every problem; writes doctor.json to the report directory (npm run doctor)
  init       Write a commented .env for your own server (learns ids from it), then run
             the doctor; "conformance init --help" for its options
  load       Run the load harness (rate-limit exactness under load, throughput)
  certify    A full, unnarrowed run written as a signed, self-checking bundle:
             certify --product product.json [--private-key FILE] [--passphrase-env VAR]
             [--out DIR]; exit 0 only when conformant
  verify     Check a certification bundle without contacting any server:
             verify <bundle directory or .tar.gz> [--public-key FILE]; exit 0 valid, 1 invalid,
             2 unreadable
  keygen     Write an Ed25519 key pair for signing bundles: keygen [--out PREFIX] [--force]
  help       Show this help

Options:
  -h, --help      Show this help
  -v, --version   Show the version
  --dotenv <path> Read variables from this file instead of ./.env
  --skip-doctor   run: do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)
  --rerun-failed [report.json]
                  run: only the requirements that failed or erred in that report (default
                  the latest in the report directory), with its seed and runs per property

Configuration comes from the environment or .env (the environment wins):
  CONFORMANCE_TARGET_URL        Base URL ending in /api/v1. Unset: test the embedded
                                reference server (fixtures/seed.json) on a loopback port.
  CONFORMANCE_ADMIN_KEY         Org A admin key (required with a target URL).
  CONFORMANCE_MEMBER_KEY        Org A key without admin rights.
  CONFORMANCE_OTHER_ORG_KEY     A key of a second organisation (org B).
  CONFORMANCE_LIMITED_KEY       Org A key with the default 60/min limit (rate-limit checks only;
                                nothing else may use it during the run).
  CONFORMANCE_CUSTOM_LIMIT_KEY  Optional key with a custom per-minute limit ...
  CONFORMANCE_CUSTOM_LIMIT      ... and that limit.
  CONFORMANCE_PROJECT_ID        A project (root task) of org A.
  CONFORMANCE_VERSION_ID        A versionId valid for that project's tasks.
  CONFORMANCE_OTHER_PROJECT_ID  Optional project of org B.
  CONFORMANCE_SINK_HOST         Webhook sink listen host (default 127.0.0.1).
  CONFORMANCE_SINK_PORT         Webhook sink port (default 0: ephemeral).
  CONFORMANCE_SINK_PUBLIC_URL   URL the target must call (default derived from host/port).
  CONFORMANCE_WEBHOOK_WAIT_S    Longest wait for a webhook delivery (default 60).
  CONFORMANCE_LIST_SETTLE_S     Longest a list may lag behind a write (default 6).
  CONFORMANCE_REQUEST_TIMEOUT_MS  Per-request timeout (default 10000).
  CONFORMANCE_MAX_RESPONSE_BYTES  Longest response body read (default 8388608 = 8 MiB).
  CONFORMANCE_BREAKER_FAILURES  Requests in a row without an answer that pause the run (default 5).
  CONFORMANCE_OUTAGE_WAIT_S     Longest the paused run probes the target before it stops; the
                                checks an outage interrupted run again (default 60; 0: stop at once).
  CONFORMANCE_RUN_DEADLINE_S    Longest a whole run may take, in seconds (default 1800).
  CONFORMANCE_CONCURRENCY       Checks of a suite file run at once, and requests one check
                                sends at once (default 8, at most 32).
  CONFORMANCE_SEED              fast-check seed, to reproduce a run (default random, reported).
  CONFORMANCE_NUM_RUNS          Runs per property (default 20).
  CONFORMANCE_SUITES            Comma-separated domains to run (default all:
                                ${DOMAINS.join(', ')}).
  CONFORMANCE_REPORT_DIR        Where reports go (default reports/).
  CONFORMANCE_REQUIREMENTS      Run only the checks of these requirement ids (comma-separated).
  CONFORMANCE_FAIL_ON_INCOMPLETE  true: an incomplete run (or load run) exits 3 instead of 0,
                                so that it fails a CI job (default false).
  CONFORMANCE_THROTTLE_BUDGET_S Longest the run may be held back waiting out HTTP 429, in
                                seconds, beyond the pacing the keys' limits impose (default
                                ${DEFAULTS.throttleBudgetS}); a run the limits would hold over 10 min is refused.
  CONFORMANCE_SKIP_DOCTOR       true: conformance run does not run the doctor's checks first.
  CONFORMANCE_EXPECTED_FAILURES A JSON file of requirement ids expected to fail, each with a
                                reason and an optional expiry date: their failures do not fail
                                the exit code; a stale (now passing) or expired entry does.
  CONFORMANCE_HAR               true: also write exchanges.har, every HTTP exchange of the run
                                (HAR 1.2, redacted like the reports, each tied to its check).
  CONFORMANCE_PACED             true: accept a long run paced under the keys' limits (no
                                10 min refusal, no budget; the progress line shows an ETA);
                                it must still fit CONFORMANCE_RUN_DEADLINE_S.

Load harness (conformance load; also reads the variables above):
  CONFORMANCE_LIMITED_KEYS      Comma-separated keys with the default limit, bursted in
                                parallel (default CONFORMANCE_LIMITED_KEY). The conformance run's
                                rate-limit suite also reads the first one that is not
                                CONFORMANCE_LIMITED_KEY (RL-PER-KEY-COUNTERS).
  CONFORMANCE_LOAD_SCENARIOS    Comma-separated scenarios (default all: ${LOAD_SCENARIOS.join(', ')}).
  CONFORMANCE_LOAD_BURST_REQUESTS     Requests per key in a burst (default ${LOAD_DEFAULTS.burstRequests}).
  CONFORMANCE_LOAD_BURST_CONNECTIONS  Connections per key in a burst (default ${LOAD_DEFAULTS.burstConnections}).
  CONFORMANCE_LOAD_SUSTAINED_S        Length of the sustained run in seconds (default ${LOAD_DEFAULTS.sustainedS}).
  CONFORMANCE_LOAD_SUSTAINED_PER_MIN  Its fixed arrival rate per minute (default ${LOAD_DEFAULTS.sustainedPerMin}).
  CONFORMANCE_LOAD_STEP_S       Seconds per throughput step (default ${LOAD_DEFAULTS.stepS}).
  CONFORMANCE_LOAD_CONCURRENCY  Connections per step, comma-separated (default ${LOAD_DEFAULTS.concurrency.join(',')}).
  CONFORMANCE_LOAD_ENDPOINTS    Endpoints measured (default all: ${LOAD_ENDPOINTS.join(', ')}).
  CONFORMANCE_LOAD_MAX_CREATES  Creates per step at most (default ${LOAD_DEFAULTS.maxCreatesPerStep}); every
                                created contact is tagged conformance-run-<run id> and deleted.
  CONFORMANCE_LOAD_WAIT_S       Longest wait for a key's fresh rate window (default ${LOAD_DEFAULTS.freshWaitS}).

Checks that need a variable that is not set are skipped with the reason.

Verdicts: CONFORMANT (every MUST requirement of the catalogue verified and passed),
INCOMPLETE (nothing failed, but a MUST requirement was not verified: skipped, inconclusive,
or not selected by CONFORMANCE_SUITES / CONFORMANCE_REQUIREMENTS), NON-CONFORMANT (a MUST
check failed), ERROR (the harness broke, or the run stopped early: the target stopped
answering, the throttling budget or the run deadline was spent; a response past
CONFORMANCE_MAX_RESPONSE_BYTES leaves its check without a verdict). The load harness likewise: passed, incomplete
(a rate scenario skipped or not selected), failed, error.

Doctor exit codes: 0 nothing is a problem (warnings allowed), 1 something is a problem,
2 the configuration cannot be read.

Exit codes:
  0  conformant (load: every rate scenario ran and held); also incomplete, unless
     CONFORMANCE_FAIL_ON_INCOMPLETE is set
  1  non-conformant (load: a rate scenario failed), or error (the harness broke, or the
     run stopped early)
  2  configuration error, or the target cannot be reached
  3  incomplete, with CONFORMANCE_FAIL_ON_INCOMPLETE=true
`;
