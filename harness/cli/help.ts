import { renderSettingsHelp } from '../config/settings-help.js';

/** `conformance --help`: the variables come from the settings table; keep the rest in step with docs/verdicts.md. */
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
  reference  Start the embedded reference server alone and print its URL, keys and the
             variables that point a run at it: reference [--port N]; Ctrl-C stops it
  help       Show this help

Options:
  -h, --help      Show this help
  -v, --version   Show the version
  --dotenv <path> Read variables from this file instead of ./.env
  --skip-doctor   run: do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)
  --rerun-failed [report.json]
                  run: only the requirements that failed or erred in that report (default
                  the latest in the report directory), with its seed and runs per property

Configuration comes from the environment or .env (the environment wins); every variable,
with its kind and bounds, is in .env.example and docs/configuration.md.

${renderSettingsHelp()}
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
