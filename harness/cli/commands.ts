import { parseRunArgs, runSyntax, type CommandName } from './args.js';
import type { CommandSyntax, OptionSpec } from './parse.js';

/*
 * The command table: every command of `conformance`, `reference` included, with its syntax (its
 * options, each with its help: loaded only when asked, so `--help` and `--version` start fast),
 * the prose of its `--help` (help.ts generates the text from the two), what it does with SIGINT
 * and SIGTERM, and its dispatch (`await import` of the file its flow lives in). Adding a command
 * is an entry here; adding an option is a line in its syntax.
 */

/**
 * What a command does on SIGINT and SIGTERM. `stop`: the first stops it cleanly (no new request,
 * what it created deleted, its report written with the signal), exit 130 / 143, a second quits at
 * once; `close`: it closes what it serves and exits 0; `default`: Node's own (the process ends).
 */
export type SignalHandling = 'stop' | 'close' | 'default';

/** What a command sends the target: `records` (it creates some), `reads` (GETs only) or `nothing`. */
export type Traffic = 'records' | 'reads' | 'nothing';

export interface CommandEntry {
  /** Its lines in the general help, beside its name. */
  readonly summary: readonly string[];
  /** Its `--help`: the usage and what it does (before the options), the rest (after them). */
  readonly help: { readonly usage: string; readonly about: string; readonly after: string; readonly column?: number };
  /** Its options, each with its help (the parser and the help read the same table). */
  readonly syntax: () => Promise<CommandSyntax>;
  /** Its sub-commands' own options (`load export`), listed in its help. */
  readonly subcommands?: () => Promise<Readonly<Record<string, CommandSyntax>>>;
  readonly traffic: Traffic;
  readonly signals: SignalHandling;
  /** Runs it with the arguments after its name; resolves with the exit code. */
  readonly dispatch: (rest: readonly string[]) => Promise<number>;
}

const FLAGS_NOTE =
  'A flag wins over the environment, which wins over the file (./.env or --dotenv).\nEvery variable: conformance --help, .env.example, docs/configuration.md.\n';

/** The reference server's options, from its own table (reference/cli-options.ts): its parser reads the same. */
async function referenceSyntax(): Promise<CommandSyntax> {
  const { REFERENCE_OPTIONS } = await import('../../reference/cli-options.js');
  const options: Record<`--${string}`, OptionSpec> = {};
  for (const option of REFERENCE_OPTIONS) {
    const value = 'value' in option ? option.value : undefined;
    options[`--${option.name}`] = {
      kind: value === undefined ? 'switch' : 'value',
      ...(value === undefined ? {} : { meta: value }),
      ...('short' in option ? { short: option.short } : {}),
      help: option.help,
    };
  }
  return { command: 'reference', options };
}

export const COMMAND_TABLE: Readonly<Record<Exclude<CommandName, 'help'>, CommandEntry>> & { readonly help: CommandEntry } = {
  run: {
    summary: [
      'Run the conformance suites and write the report (default); against your own',
      "server it runs the doctor's quick checks first and stops (exit 2) on a problem",
      'that would make the run meaningless',
    ],
    help: {
      usage: 'Usage: conformance run [options]',
      about:
        'Runs the conformance suites and writes the report (the default command). Against your own\n' +
        "server it runs the doctor's quick checks first and stops (exit 2) on a problem that would\n" +
        'make the run meaningless. Without a target URL it tests the embedded reference server (in CI\n' +
        'only with --reference; keys or ids without a URL are refused), and every output says so.\n',
      after:
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
    },
    syntax: async () => runSyntax('run'),
    traffic: 'records',
    signals: 'stop',
    dispatch: async (rest) => (await import('./run-command.js')).runCommand(parseRunArgs('run', rest)),
  },
  doctor: {
    summary: [
      'Check the configuration against the target, item by item, with the fix for',
      'every problem; writes doctor.json to the report directory (npm run doctor)',
    ],
    help: {
      usage: 'Usage: conformance doctor [options]',
      about:
        'Checks the configuration against the target, item by item, with the fix for every\n' +
        'problem; writes doctor.json to the report directory. Sends a few requests, runs no suite.\n',
      after:
        '\n' +
        FLAGS_NOTE +
        '\nExamples:\n' +
        '  conformance doctor\n' +
        '  conformance doctor --url https://api.example.com/api/v1 --dotenv staging.env\n\n' +
        'Exit codes: 0 nothing is a problem (warnings allowed), 1 something is a problem, 2 the\n' +
        'configuration cannot be read, 130 / 143 stopped by SIGINT / SIGTERM (doctor.json written\n' +
        'with stoppedBy, what it created deleted; a second signal quits at once).\n',
    },
    syntax: async () => runSyntax('doctor'),
    traffic: 'records',
    signals: 'stop',
    dispatch: async (rest) => (await import('./doctor-command.js')).doctorCommand(parseRunArgs('doctor', rest)),
  },
  init: {
    summary: ['Write a commented .env for your own server (learns ids from it), then run', 'the doctor; "conformance init --help" for its options'],
    help: {
      usage: 'Usage: conformance init [options]',
      about:
        'Writes a commented .env (from .env.example) for testing your own server, learns what it can\n' +
        'from the target (project id, versionId, org B project id, the custom limit), then checks the\n' +
        'file with conformance doctor. A value comes from its option, else from the environment\n' +
        '(CONFORMANCE_*), else, on a terminal, from a question (keys are read without echo; Enter\n' +
        'leaves it empty). Every other variable stays empty: its default applies.\n',
      after:
        '\nKeys on the command line end up in your shell history and the process list: prefer the\n' +
        'environment or the questions. An option given as "" leaves its variable empty.\n' +
        'The file is written with mode 0600. Exit code: that of conformance doctor (0 when it found\n' +
        'nothing wrong, see conformance doctor --help), 0 with --no-doctor; 2 for a bad option or\n' +
        'value, or an existing file without --force; 130 when cancelled.\n' +
        '\nExamples:\n' +
        '  conformance init --url https://api.example.com/api/v1 --output staging.env\n' +
        '  CONFORMANCE_ADMIN_KEY=... conformance init --url https://api.example.com/api/v1 --no-doctor\n',
      column: 24,
    },
    syntax: async () => (await import('./init-args.js')).INIT_SYNTAX,
    // It only reads the target (to learn ids); the doctor it runs after is `doctor`, with its own stop.
    traffic: 'reads',
    signals: 'default',
    dispatch: async (rest) => (await import('./init-command.js')).initCommand(rest),
  },
  load: {
    summary: [
      'Run the load harness (rate-limit exactness under load, throughput), from this',
      'process or Locust workers; load keys-file and load export --kubernetes prepare',
      'a run across machines (conformance load --help)',
    ],
    help: {
      usage:
        'Usage: conformance load [options]\n' +
        '       conformance load keys-file [PATH] [options]\n' +
        '       conformance load export --kubernetes DIR [--image IMAGE] [options]',
      about:
        'Runs the load harness: rate-limit exactness under load, and throughput. Against your own\n' +
        "server it first runs the doctor's quick checks, like conformance run. Its own settings are\n" +
        'the CONFORMANCE_LOAD_* and CONFORMANCE_LOCUST_* variables (conformance --help, docs/load.md).\n' +
        'With --engine=locust, Locust workers send the traffic (--workers N started here, or\n' +
        'elsewhere with --external-workers: it prints what to start on each machine); this\n' +
        'process still probes the keys and judges, so the verdict does not depend on the engine.\n\n' +
        'For a run across machines:\n' +
        "  keys-file [PATH]    Write the workers' keys file (a JSON array, mode 0600) from this\n" +
        '                      configuration, to CONFORMANCE_LOCUST_KEYS_FILE when PATH is left out;\n' +
        '                      no key is printed\n' +
        '  export --kubernetes DIR\n' +
        '                      Write Kubernetes manifests (master Job and Service, worker Job, the\n' +
        '                      locustfile as a ConfigMap, Secret shapes without keys) and README.txt;\n' +
        '                      --image IMAGE sets the image (default work-management-conformance:VERSION,\n' +
        '                      the image npm run image builds)\n',
      after:
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
    },
    syntax: async () => runSyntax('load'),
    subcommands: async () => {
      const { EXPORT_OPTIONS } = await import('./load-tools.js');
      return { 'keys-file': runSyntax('load'), export: { ...runSyntax('load'), options: { ...runSyntax('load').options, ...EXPORT_OPTIONS } } };
    },
    traffic: 'records',
    signals: 'stop',
    dispatch: async (rest) => {
      // `load keys-file` and `load export`: the tools of a run across machines (load-tools.ts); they send nothing.
      if (rest[0] === 'keys-file' || rest[0] === 'export') return (await import('./load-tools.js')).runLoadTool(rest[0], rest.slice(1));
      return (await import('./load-command.js')).loadCommand(parseRunArgs('load', rest));
    },
  },
  list: {
    summary: [
      'List the checks a run would start with these settings, with the variables each',
      'needs and whether they are set, without running them (--json for JSON)',
    ],
    help: {
      usage: 'Usage: conformance list [--json] [options]',
      about:
        'Lists, without running anything or contacting the target, every check that conformance run\n' +
        'would start with these settings and this selection: one row per requirement and suite, with\n' +
        'its level, spec section, the variables it needs and whether they are set (a check whose\n' +
        'variable is not set would be skipped "not configured"). Without a target URL every key and id\n' +
        "comes from the embedded reference server's seed.\n",
      after:
        '\nExamples:\n' +
        '  conformance list --suites contacts,security\n' +
        '  conformance list --url https://api.example.com/api/v1 --json > checks.json\n\n' +
        'Exit codes: 0 listed, 2 a bad option or configuration (as for conformance run).\n',
    },
    syntax: async () => (await import('./list-args.js')).listSyntax(),
    traffic: 'nothing',
    signals: 'default',
    dispatch: async (rest) => (await import('./list.js')).list(rest),
  },
  openapi: {
    summary: ['Write the API as an OpenAPI 3.1 document: openapi [--out FILE] [--format yaml|json]'],
    help: {
      usage: 'Usage: conformance openapi [--out FILE] [--format yaml|json]',
      about:
        "Writes the API as an OpenAPI 3.1 document, generated from the suite's own field tables and\n" +
        'schemas: every documented operation with its parameters, bodies (types, formats, bounds,\n' +
        'required, nullable, strictness), responses (the data envelope, pagination, 204 deletes, 429\n' +
        'with Retry-After, the rate headers), both key schemes, the signed webhook deliveries and each\n' +
        "operation's requirement ids (x-requirements). Where the spec is silent (response fields, error\n" +
        'statuses and bodies) the document stays open and says so. Contacts no server. The package ships\n' +
        'it too: schemas/openapi.json and schemas/openapi.yaml.\n',
      after:
        '\nExamples:\n' +
        '  conformance openapi --out openapi.yaml\n' +
        '  conformance openapi --format json > openapi.json\n' +
        '  npx @stoplight/prism-cli proxy openapi.yaml https://api.example.com/api/v1 --errors\n\n' +
        'Exit codes: 0 written, 2 a bad option or a file that cannot be written.\n',
    },
    syntax: async () => (await import('./openapi-args.js')).OPENAPI_SYNTAX,
    traffic: 'nothing',
    signals: 'default',
    dispatch: async (rest) => (await import('./openapi.js')).openapi(rest),
  },
  certify: {
    summary: [
      'A full, unnarrowed run written as a signed, self-checking bundle:',
      'certify --product product.json [--private-key FILE] [--passphrase-env VAR]',
      '[--out DIR]; exit 0 only when conformant',
    ],
    help: {
      usage: 'Usage: conformance certify --product FILE [options]',
      about:
        'A full, unnarrowed run written as a signed, self-checking bundle. Refuses a narrowed\n' +
        'configuration (CONFORMANCE_SUITES, CONFORMANCE_REQUIREMENTS, fewer runs per property...).\n',
      after:
        '\nExamples:\n' +
        '  conformance certify --product product.json --private-key vendor.key\n' +
        '  conformance certify --product product.json --out bundle --dotenv prod.env\n\n' +
        'Exit codes: 0 conformant (bundle written), 1 not conformant (bundle written, not certified),\n' +
        '2 configuration refused or unreadable, 130 / 143 interrupted by SIGINT / SIGTERM (report\n' +
        'written, records deleted, no bundle).\n',
    },
    syntax: async () => (await import('./certify-args.js')).CERTIFY_SYNTAX,
    traffic: 'records',
    signals: 'stop',
    dispatch: async (rest) => (await import('./certify.js')).certify(rest),
  },
  verify: {
    summary: [
      'Check a certification bundle without contacting any server:',
      'verify <bundle directory or .tar.gz> [--public-key FILE]; exit 0 valid, 1 invalid,',
      '2 unreadable',
    ],
    help: {
      usage: 'Usage: conformance verify <bundle directory or .tar.gz> [options]',
      about:
        'Checks a certification bundle without contacting any server: every file against the\n' +
        'manifest, the report against its checks, and the signature when a public key is given.\n',
      after:
        '\nExamples:\n' +
        '  conformance verify certification-20250101.tar.gz --public-key vendor.pub\n' +
        '  conformance verify reports/certification-20250101\n\n' +
        'Exit codes: 0 valid, 1 invalid, 2 unreadable.\n',
    },
    syntax: async () => (await import('./certify-args.js')).VERIFY_SYNTAX,
    traffic: 'nothing',
    signals: 'default',
    dispatch: async (rest) => (await import('./certify.js')).verify(rest),
  },
  keygen: {
    summary: ['Write an Ed25519 key pair for signing bundles: keygen [--out PREFIX] [--force]'],
    help: {
      usage: 'Usage: conformance keygen [options]',
      about: 'Writes an Ed25519 key pair for signing certification bundles: PREFIX.key (private, mode\n' + '0600) and PREFIX.pub (public).\n',
      after: '\nExamples:\n' + '  conformance keygen --out vendor\n\n' + 'Exit codes: 0 written, 2 a file exists (give --force or another --out).\n',
    },
    syntax: async () => (await import('./certify-args.js')).KEYGEN_SYNTAX,
    traffic: 'nothing',
    signals: 'default',
    dispatch: async (rest) => (await import('./certify.js')).keygen(rest),
  },
  reference: {
    summary: [
      'Start the embedded reference server alone and print its URL, keys and the',
      'variables that point a run at it: reference [--port N]; Ctrl-C stops it',
    ],
    help: {
      usage: 'Usage: conformance reference [options]',
      about:
        'Starts the embedded reference server (in memory, seeded from fixtures/seed.json) on its own\n' +
        'and prints its URL, its keys and the CONFORMANCE_* variables that point a run at it. It runs\n' +
        'until Ctrl-C.\n',
      after:
        '\nExamples:\n' +
        '  conformance reference --port 8080\n' +
        '  conformance reference --variants eventual-lists\n\n' +
        'Exit codes: 0 stopped by Ctrl-C or SIGTERM, 2 a bad option or a port in use.\n',
      column: 21,
    },
    syntax: referenceSyntax,
    traffic: 'nothing',
    signals: 'close',
    // The server on its own until a signal closes it (reference/command.ts reads its options from the same table).
    dispatch: async (rest) => {
      const { referenceErrorLine, runReference } = await import('../../reference/command.js');
      return runReference(rest, process.env, { stdout: process.stdout, stderr: process.stderr, program: 'conformance reference' }).catch((error: unknown) => {
        process.stderr.write(`conformance ${referenceErrorLine(error)}\n`);
        return 2;
      });
    },
  },
  help: {
    summary: ["Show this help, or a command's: conformance help run"],
    help: { usage: 'Usage: conformance help [command]', about: "Shows the general help, or a command's own.\n", after: '' },
    syntax: async () => ({ command: 'help', options: {} }),
    traffic: 'nothing',
    signals: 'default',
    // parseRequest answers `help` before any dispatch (main.ts).
    dispatch: async () => {
      const { InternalError } = await import('../errors.js');
      throw new InternalError('help is answered before dispatch');
    },
  },
};
