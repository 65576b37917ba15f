import { renderSettingsHelp } from '../config/settings-help.js';
import { flagUsage } from '../config/settings-text.js';
import type { FlagCommand } from '../config/settings.js';
import { FLAG_SETTINGS, takesFlag, type CommandName } from './args.js';
import { INIT_VARIABLES } from '../init/variables.js';
import { LIST_HELP } from './list.js';
import { OPENAPI_HELP } from './openapi.js';

/** `conformance init --help`. */
const optionColumn = Math.max(...INIT_VARIABLES.map((v) => `${v.option} ${v.meta}`.length), '-o, --output PATH'.length) + 2;
const optionLine = (left: string, right: string): string => `  ${left.padEnd(optionColumn)}${right}\n`;

export const INIT_HELP =
  'Usage: conformance init [options]\n\n' +
  'Writes a commented .env (from .env.example) for testing your own server, learns what it can\n' +
  'from the target (project id, versionId, org B project id, the custom limit), then checks the\n' +
  'file with conformance doctor. A value comes from its option, else from the environment\n' +
  '(CONFORMANCE_*), else, on a terminal, from a question (keys are read without echo; Enter\n' +
  'leaves it empty). Every other variable stays empty: its default applies.\n\n' +
  'Options:\n' +
  optionLine('-o, --output PATH', 'Where to write (default ./.env; --dotenv PATH is the same)') +
  optionLine('--force', 'Overwrite the file if it exists') +
  optionLine('--no-learn', 'Do not ask the target anything') +
  optionLine('--no-doctor', 'Do not run conformance doctor on the written file') +
  INIT_VARIABLES.map((v) => optionLine(`${v.option} ${v.meta}`, `${v.name}: ${v.description}`)).join('') +
  optionLine('-h, --help', 'Show this help') +
  '\nKeys on the command line end up in your shell history and the process list: prefer the\n' +
  'environment or the questions. An option given as "" leaves its variable empty.\n' +
  'The file is written with mode 0600. Exit code: that of conformance doctor (0 when it found\n' +
  'nothing wrong, see conformance doctor --help), 0 with --no-doctor; 2 for a bad option or\n' +
  'value, or an existing file without --force; 130 when cancelled.\n' +
  '\nExamples:\n' +
  '  conformance init --url https://api.example.com/api/v1 --output staging.env\n' +
  '  CONFORMANCE_ADMIN_KEY=... conformance init --url https://api.example.com/api/v1 --no-doctor\n';

const line = (left: string, right: string): string => `  ${left.padEnd(20)}${right}`.trimEnd() + '\n';

/** `--url URL  CONFORMANCE_TARGET_URL: ...`, one per setting with a flag in the settings table that the command takes. */
const flagLines = (command: FlagCommand): string =>
  FLAG_SETTINGS.filter((s) => takesFlag(command, s.flag))
    .map((s) => line(flagUsage(s.flag), `${s.name} (${s.kind.type})`))
    .join('');
/** The flags taken by exactly these commands (none: by run, doctor and load alike), for the general help's groups. */
const flagsOf = (commands: readonly FlagCommand[] | undefined): string =>
  FLAG_SETTINGS.filter((s) => (s.flag.commands ?? []).join() === (commands ?? []).join())
    .map((s) => line(flagUsage(s.flag), `${s.name} (${s.kind.type})`))
    .join('');

const COMMON_LINES =
  line('--dotenv PATH', 'Read variables from this file instead of ./.env (it must exist)') +
  line('--no-dotenv', 'Read no file of variables, only the environment') +
  line('-h, --help', 'Show this help');

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
  load       Run the load harness (rate-limit exactness under load, throughput), from this
             process or Locust workers; load keys-file and load export --kubernetes prepare
             a run across machines (conformance load --help)
  list       List the checks a run would start with these settings, with the variables each
             needs and whether they are set, without running them (--json for JSON)
  openapi    Write the API as an OpenAPI 3.1 document: openapi [--out FILE] [--format yaml|json]
  certify    A full, unnarrowed run written as a signed, self-checking bundle:
             certify --product product.json [--private-key FILE] [--passphrase-env VAR]
             [--out DIR]; exit 0 only when conformant
  verify     Check a certification bundle without contacting any server:
             verify <bundle directory or .tar.gz> [--public-key FILE]; exit 0 valid, 1 invalid,
             2 unreadable
  keygen     Write an Ed25519 key pair for signing bundles: keygen [--out PREFIX] [--force]
  reference  Start the embedded reference server alone and print its URL, keys and the
             variables that point a run at it: reference [--port N]; Ctrl-C stops it
  help       Show this help, or a command's: conformance help run

Options of every command:
  -h, --help          Show the command's own help (also: conformance help <command>)
  -V, --version       Show the version
  --dotenv PATH       Read variables from this file instead of ./.env (it must exist)
  --no-dotenv         Read no file of variables, only the environment

Options of run, doctor and load (they win over the environment and .env):
${flagsOf(undefined)}
run and doctor:
${flagsOf(['run', 'doctor'])}
run and load:
  --skip-doctor       Do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)

load only:
${flagsOf(['load'])}  --threshold EXPR    A k6-like threshold, repeatable, e.g. 'http_req_duration:p(95)<300'
                      (also CONFORMANCE_LOAD_THRESHOLDS); one crossed: exit 1
  --stage DUR:TARGET  A ramp stage, repeatable, e.g. --stage 30s:20 --stage 1m:50
                      (requests per second; also CONFORMANCE_LOAD_STAGES)
run only:
${flagsOf(['run'])}  --rerun-failed [report.json]
                      Only the requirements that failed or erred in that report (default
                      the latest in the report directory), with its seed and runs per property

Configuration comes from the environment or .env (the environment wins); every variable,
with its kind and bounds, is in .env.example and docs/configuration.md.

${renderSettingsHelp()}
Checks that need a variable that is not set are skipped with the reason; conformance list
shows which, and why, before a run.

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
  1  non-conformant (load: a rate scenario failed or a threshold was crossed), or error (the harness broke, or the
     run stopped early)
  2  configuration error, or the target cannot be reached
  3  incomplete, with CONFORMANCE_FAIL_ON_INCOMPLETE=true
  130/143  run: interrupted by SIGINT (Ctrl-C) / SIGTERM; the report is written (verdict
     interrupted) and the run's records deleted within 8 s; a second signal quits at once
`;

const FLAGS_NOTE =
  'A flag wins over the environment, which wins over the file (./.env or --dotenv).\nEvery variable: conformance --help, .env.example, docs/configuration.md.\n';

/**
 * Each command's own `--help` (`conformance <command> --help`, `conformance help <command>`): its
 * options and examples. A new command adds its entry here.
 */
export const COMMAND_HELP: Readonly<Record<Exclude<CommandName, 'help'>, string>> = {
  run:
    'Usage: conformance run [options]\n\n' +
    'Runs the conformance suites and writes the report (the default command). Against your own\n' +
    "server it runs the doctor's quick checks first and stops (exit 2) on a problem that would\n" +
    'make the run meaningless. Without a target URL it tests the embedded reference server (in CI\n' +
    'only with --reference; keys or ids without a URL are refused), and every output says so.\n\n' +
    'Options:\n' +
    flagLines('run') +
    line('--skip-doctor', "Do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)") +
    line('--rerun-failed [report.json]', '') +
    line('', 'Only the requirements that failed or erred in that report (default') +
    line('', 'the latest in the report directory), with its seed and runs per property') +
    COMMON_LINES +
    '\n' +
    FLAGS_NOTE +
    '\nProgress (stderr): one character per check: . passed, s skipped, ? inconclusive, - ended by\n' +
    'a stop of the run; a line for each FAIL, WARN or ERROR. Past 30 s a status line, whose ETA\n' +
    'counts the waits a check announced (the rate-limit window): docs/reading-the-report.md.\n' +
    '\nExamples:\n' +
    '  conformance run --url https://api.example.com/api/v1     (CONFORMANCE_ADMIN_KEY set)\n' +
    '  conformance run --suites contacts,tasks --report-dir out\n' +
    '  conformance run --requirements CT-NAME-MIN --seed 1234\n' +
    '  conformance run --rerun-failed\n\n' +
    'Exit codes: 0 conformant (also incomplete, unless CONFORMANCE_FAIL_ON_INCOMPLETE), 1\n' +
    'non-conformant or error, 2 configuration error or unreachable target, 3 incomplete with\n' +
    'CONFORMANCE_FAIL_ON_INCOMPLETE=true, 130 / 143 interrupted by SIGINT (Ctrl-C) / SIGTERM (within\n' +
    '8 s: the run stops sending, deletes what it created and writes the report, verdict\n' +
    'interrupted; a second signal quits at once and says what may be left).\n',
  doctor:
    'Usage: conformance doctor [options]\n\n' +
    'Checks the configuration against the target, item by item, with the fix for every\n' +
    'problem; writes doctor.json to the report directory. Sends a few requests, runs no suite.\n\n' +
    'Options:\n' +
    flagLines('doctor') +
    COMMON_LINES +
    '\n' +
    FLAGS_NOTE +
    '\nExamples:\n' +
    '  conformance doctor\n' +
    '  conformance doctor --url https://api.example.com/api/v1 --dotenv staging.env\n\n' +
    'Exit codes: 0 nothing is a problem (warnings allowed), 1 something is a problem, 2 the\n' +
    'configuration cannot be read.\n',
  init: INIT_HELP,
  list: LIST_HELP,
  openapi: OPENAPI_HELP,
  load:
    'Usage: conformance load [options]\n' +
    '       conformance load keys-file [PATH] [options]\n' +
    '       conformance load export --kubernetes DIR [--image IMAGE] [options]\n\n' +
    'Runs the load harness: rate-limit exactness under load, and throughput. Against your own\n' +
    "server it first runs the doctor's quick checks, like conformance run. Its own settings are\n" +
    'the CONFORMANCE_LOAD_* and CONFORMANCE_LOCUST_* variables (conformance --help, docs/load.md).\n' +
    'With --engine=locust, Locust workers send the traffic (--workers N started here, or\n' +
    'elsewhere with --external-workers: it prints what to start on each machine); this\n' +
    'process still probes the keys and judges, so the verdict does not depend on the engine.\n\n' +
    'For a run across machines:\n' +
    line('keys-file [PATH]', "Write the workers' keys file (a JSON array, mode 0600) from this") +
    line('', 'configuration, to CONFORMANCE_LOCUST_KEYS_FILE when PATH is left out;') +
    line('', 'no key is printed') +
    line('export --kubernetes DIR', '') +
    line('', 'Write Kubernetes manifests (master Job and Service, worker Job, the') +
    line('', 'locustfile as a ConfigMap, Secret shapes without keys) and README.txt;') +
    line('', '--image IMAGE sets the image (default work-management-conformance:VERSION,') +
    line('', 'the image npm run image builds)') +
    '\n' +
    'Options:\n' +
    flagLines('load') +
    line('--threshold EXPR', "A k6-like threshold, repeatable: 'METRIC{tag:value}:AGG OP NUMBER',") +
    line('', "e.g. 'http_req_duration{scenario:throughput}:p(95)<300', 'http_req_failed:rate<0.01',") +
    line('', "'http_reqs{endpoint:list}:rate>=50'; one crossed: exit 1 (docs/load.md#thresholds)") +
    line('--stage DUR:TARGET', 'A ramp stage, repeatable: the arrival rate moves in a straight line to') +
    line('', 'TARGET requests per second over DUR (--stage 30s:20 --stage 1m:50 --stage 30s:0)') +
    line('--skip-doctor', "Do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)") +
    COMMON_LINES +
    '\n' +
    FLAGS_NOTE +
    '\nExamples:\n' +
    '  conformance load\n' +
    '  CONFORMANCE_LOAD_SCENARIOS=burst conformance load --url https://api.example.com/api/v1\n' +
    "  conformance load --threshold 'http_req_duration{scenario:throughput}:p(95)<300' --threshold 'http_req_failed:rate<0.01'\n" +
    '  CONFORMANCE_LOAD_SCENARIOS=throughput conformance load --stage 30s:20 --stage 1m:50 --stage 30s:0\n' +
    '  conformance load --engine=locust --workers 2\n' +
    '  conformance load --engine=locust --external-workers --workers 8 --master-host 10.0.0.5\n' +
    '  conformance load keys-file /etc/conformance/locust-keys.json\n' +
    '  conformance load export --kubernetes k8s --workers 8\n\n' +
    'Exit codes: 0 every rate scenario ran and held (also incomplete, unless\n' +
    'CONFORMANCE_FAIL_ON_INCOMPLETE), 1 a rate scenario failed, a threshold was crossed or the\n' +
    'harness broke, 2 a usage error (a threshold that does not parse),\n' +
    'configuration error or the target is not the API, 3 incomplete with\n' +
    'CONFORMANCE_FAIL_ON_INCOMPLETE=true, 130 / 143 interrupted by SIGINT / SIGTERM (report\n' +
    'written, records deleted).\n',
  certify:
    'Usage: conformance certify --product FILE [options]\n\n' +
    'A full, unnarrowed run written as a signed, self-checking bundle. Refuses a narrowed\n' +
    'configuration (CONFORMANCE_SUITES, CONFORMANCE_REQUIREMENTS, fewer runs per property...).\n\n' +
    'Options:\n' +
    line('--product FILE', 'product.json: vendor, product, version, targetUrl, contact (required)') +
    line('--private-key FILE', 'Sign the bundle with this Ed25519 key (conformance keygen makes one)') +
    line('--passphrase-env VAR', "The variable holding the private key's passphrase") +
    line('--out DIR', 'Where to write the bundle (default <report dir>/certification-<run id>)') +
    COMMON_LINES +
    '\nExamples:\n' +
    '  conformance certify --product product.json --private-key vendor.key\n' +
    '  conformance certify --product product.json --out bundle --dotenv prod.env\n\n' +
    'Exit codes: 0 conformant (bundle written), 1 not conformant (bundle written, not certified),\n' +
    '2 configuration refused or unreadable, 130 / 143 interrupted by SIGINT / SIGTERM (report\n' +
    'written, records deleted, no bundle).\n',
  verify:
    'Usage: conformance verify <bundle directory or .tar.gz> [options]\n\n' +
    'Checks a certification bundle without contacting any server: every file against the\n' +
    'manifest, the report against its checks, and the signature when a public key is given.\n\n' +
    'Options:\n' +
    line('--public-key FILE', "The signer's public key (PEM); without it the signature is not checked") +
    line('-h, --help', 'Show this help') +
    '\nExamples:\n' +
    '  conformance verify certification-20250101.tar.gz --public-key vendor.pub\n' +
    '  conformance verify reports/certification-20250101\n\n' +
    'Exit codes: 0 valid, 1 invalid, 2 unreadable.\n',
  keygen:
    'Usage: conformance keygen [options]\n\n' +
    'Writes an Ed25519 key pair for signing certification bundles: PREFIX.key (private, mode\n' +
    '0600) and PREFIX.pub (public).\n\n' +
    'Options:\n' +
    line('--out PREFIX', 'Where to write (default ./conformance-signing)') +
    line('--force', 'Overwrite an existing pair') +
    line('-h, --help', 'Show this help') +
    '\nExamples:\n' +
    '  conformance keygen --out vendor\n\n' +
    'Exit codes: 0 written, 2 a file exists (give --force or another --out).\n',
  reference:
    'Usage: conformance reference [options]\n\n' +
    'Starts the embedded reference server (in memory, seeded from fixtures/seed.json) on its own\n' +
    'and prints its URL, its keys and the CONFORMANCE_* variables that point a run at it. It runs\n' +
    'until Ctrl-C.\n\n' +
    'Options:\n' +
    line('--port N', 'Port to listen on; 0 (the default) picks a free one') +
    line('--host HOST', 'Interface to listen on (default 127.0.0.1)') +
    line('--faults a,b', "Switch on deliberate faults (the self-tests' mutants)") +
    line('--variants a,b', 'Switch on legitimate choices the spec leaves open') +
    line('-h, --help', 'Show this help') +
    '\nExamples:\n' +
    '  conformance reference --port 8080\n' +
    '  conformance reference --variants eventual-lists\n\n' +
    'Exit codes: 0 stopped by Ctrl-C, 2 a bad option or a port in use.\n',
};

/** The help for `conformance help [command]` or `conformance [command] --help`. */
export function helpFor(command: CommandName | undefined): string {
  return command === undefined || command === 'help' ? HELP : COMMAND_HELP[command];
}
