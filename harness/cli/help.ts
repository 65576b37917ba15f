import { DOMAINS } from '../config/schema.js';

/** `conformance --help`: keep in step with README and .env.example. */
export const HELP = `Usage: conformance <command> [options]

Commands:
  run        Run the conformance suites and write the report (default)
  help       Show this help

Options:
  -h, --help      Show this help
  -v, --version   Show the version
  --dotenv <path> Read variables from this file instead of ./.env

Configuration comes from the environment or .env (the environment wins):
  CONFORMANCE_TARGET_URL        Base URL ending in /api/v1. Unset: test the embedded
                                reference server (fixtures/seed.json) on a loopback port.
  CONFORMANCE_ADMIN_KEY         Org A admin key (required with a target URL).
  CONFORMANCE_MEMBER_KEY        Org A key without admin rights.
  CONFORMANCE_OTHER_ORG_KEY     A key of a second organisation (org B).
  CONFORMANCE_LIMITED_KEY       Org A key with the default 60/min limit (rate-limit checks only).
  CONFORMANCE_CUSTOM_LIMIT_KEY  Optional key with a custom per-minute limit ...
  CONFORMANCE_CUSTOM_LIMIT      ... and that limit.
  CONFORMANCE_PROJECT_ID        A project (root task) of org A.
  CONFORMANCE_VERSION_ID        A versionId valid for that project's tasks.
  CONFORMANCE_OTHER_PROJECT_ID  Optional project of org B.
  CONFORMANCE_SINK_HOST         Webhook sink listen host (default 127.0.0.1).
  CONFORMANCE_SINK_PORT         Webhook sink port (default 0: ephemeral).
  CONFORMANCE_SINK_PUBLIC_URL   URL the target must call (default derived from host/port).
  CONFORMANCE_WEBHOOK_WAIT_S    Longest wait for a webhook delivery (default 60).
  CONFORMANCE_REQUEST_TIMEOUT_MS  Per-request timeout (default 10000).
  CONFORMANCE_SEED              fast-check seed, to reproduce a run (default random, reported).
  CONFORMANCE_NUM_RUNS          Runs per property (default 20).
  CONFORMANCE_SUITES            Comma-separated domains to run (default all:
                                ${DOMAINS.join(', ')}).
  CONFORMANCE_REPORT_DIR        Where reports go (default reports/).
  CONFORMANCE_REQUIREMENTS      Run only the checks of these requirement ids (comma-separated).

Checks that need a variable that is not set are skipped with the reason.

Exit codes:
  0  every MUST requirement passed
  1  a MUST requirement failed, or the harness broke during the run
  2  configuration error, or the target cannot be reached
`;
