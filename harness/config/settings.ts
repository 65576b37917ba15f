import {
  DEFAULTS,
  DOMAINS,
  LOAD_DEFAULTS,
  LOAD_ENDPOINTS,
  LOAD_ENGINES,
  LOAD_MAX,
  LOAD_SCENARIOS,
  LOCUST_DEFAULTS,
  LOCUST_MAX,
  MAX_CONCURRENCY,
  MIN_RESPONSE_BYTES,
} from './defaults.js';
import { KINDS, positive, textOf, upTo, type Kind } from './kinds.js';
import { SPEC_DEFAULT_LIMIT, SPEC_WINDOW_MS } from '../spec/rate-limit.js';

/*
 * Every CONFORMANCE_* variable, once. The schema validates with each entry's kind; .env.example,
 * the tables of docs/configuration.md and docs/load.md, `conformance --help` and the questions of
 * `conformance init` are all made from this table (`npm run settings` rewrites the files), so a
 * variable is added, renamed or explained here and nowhere else.
 *
 * Texts are Markdown-lite: `code` and [links](page.md) relative to docs/; the plain-text outputs
 * drop the backticks and show a link as its text and the page.
 */

/** The sections settings are listed under, in this order. */
export const GROUPS = {
  target: { title: 'The server under test, its keys and data' },
  webhooks: { title: 'Webhook sink' },
  bounds: { title: 'Time, size and throttling bounds' },
  run: { title: 'What runs, and what it writes' },
  load: { title: 'Load harness', note: '`conformance load`; it also reads the variables above.' },
  locust: { title: 'Load across machines', note: 'The Locust engine of `conformance load --engine=locust` only.' },
  reference: { title: 'Self-tests only', note: 'The embedded reference server; refused with `CONFORMANCE_TARGET_URL`.' },
} as const;
export type Group = keyof typeof GROUPS;
export interface GroupInfo {
  readonly title: string;
  /** One line under the title. */
  readonly note?: string;
}

/** Who needs a setting, as the docs table says it. */
export const NEEDS = {
  ownServer: 'testing your own server',
  rateLimit: 'the rate-limit checks',
  webhooks: 'the webhook checks',
  distant: 'a slow, distant or fragile target',
  network: 'a target behind a private CA or a proxy',
  throttled: 'a target that throttles the run',
  debugging: 'narrowing or reproducing a run',
  ci: 'CI jobs',
  certification: 'certification',
  load: 'the load harness',
  locust: 'the Locust engine',
  selfTests: 'self-tests only',
} as const;
export type Need = keyof typeof NEEDS;

/** What `conformance init` does for a variable it fills in. */
export interface InitQuestion {
  /** The command-line option that sets it, e.g. `--admin-key`. */
  readonly option: string;
  /** What the option's value is, for `init --help`. */
  readonly meta: string;
  /** One line for `init --help` and the prompt. */
  readonly ask: string;
  /** Asked on a terminal when neither an option nor the environment gave it. */
  readonly prompted: boolean;
  /** conformance init can learn it from the target (harness/init/learn.ts). */
  readonly learnable: boolean;
}

export interface Setting {
  readonly name: `CONFORMANCE_${string}`;
  readonly kind: Kind;
  /** What applies when it is unset. */
  readonly default: string;
  /** One sentence, shown everywhere (--help included). */
  readonly description: string;
  /** Further sentences for .env.example and the docs. */
  readonly more?: string;
  readonly needs: readonly Need[];
  readonly group: Group;
  /** An API key (or a list of them): never echoed in an error, read without echo by init. */
  readonly secret?: boolean;
  readonly init?: InitQuestion;
  /** The option of `run`, `doctor` and `load` that sets it for one command, over the environment and .env. */
  readonly flag?: SettingFlag;
  /**
   * It describes the server of CONFORMANCE_TARGET_URL (a key, an id, where that server reaches the
   * sink): set without a URL, the configuration is refused, since the embedded reference server would
   * be tested with its own seeded keys and ids while the user believes theirs were used.
   */
  readonly targetOnly?: boolean;
}

/** The commands whose options come from the settings table. */
export type FlagCommand = 'run' | 'doctor' | 'load';

export interface SettingFlag {
  readonly name: `--${string}`;
  /** What its value is, e.g. `URL`; absent: a switch that sets the variable to `true` (`--name=false` still sets it). */
  readonly meta?: string;
  /** The commands that take it; absent: `run`, `doctor` and `load`. */
  readonly commands?: readonly FlagCommand[];
}

const code = (s: string | number | boolean): string => `\`${s}\``;

export const SETTINGS = [
  {
    name: 'CONFORMANCE_TARGET_URL',
    kind: KINDS.apiUrl,
    default: 'unset: the embedded reference server on a loopback port',
    description: 'Base URL of the server under test, ending in `/api/v1`.',
    more: 'Unset, the run tests the embedded reference server with the keys and ids of `fixtures/seed.json`: a key or id set below without this URL is refused (exit 2), and in CI the run needs `--reference`.',
    needs: ['ownServer'],
    group: 'target',
    flag: { name: '--url', meta: 'URL' },
    init: { option: '--url', meta: 'URL', ask: 'Base URL of the server under test, ending in /api/v1', prompted: true, learnable: false },
  },
  {
    name: 'CONFORMANCE_REFERENCE',
    kind: KINDS.flag,
    default: `${code(false)}: outside CI an unset target URL still tests the embedded reference server`,
    description: '`true`: test the embedded reference server on purpose, like `--reference`; refused with `CONFORMANCE_TARGET_URL`.',
    more: 'In CI (the variable `CI` set to anything but `false` or `0`, as GitHub Actions, GitLab CI and most others do) a run without a target URL is refused unless this is set, so an unset or misspelt URL never tests the reference server instead of yours (see [Continuous integration](ci.md)).',
    needs: ['ci', 'selfTests'],
    group: 'target',
    flag: { name: '--reference' },
  },
  {
    name: 'CONFORMANCE_ADMIN_KEY',
    targetOnly: true,
    kind: KINDS.apiKey,
    default: 'required with a target URL',
    description: 'Org A admin key used by the functional checks.',
    more: 'Give it a high custom per-minute limit on the target: the functional checks send many requests.',
    needs: ['ownServer'],
    group: 'target',
    secret: true,
    init: { option: '--admin-key', meta: 'KEY', ask: 'Org A admin key with a high custom per-minute limit', prompted: true, learnable: false },
  },
  {
    name: 'CONFORMANCE_MEMBER_KEY',
    targetOnly: true,
    kind: KINDS.apiKey,
    default: 'unset: the checks that need it are skipped',
    description: 'Org A key without admin rights.',
    needs: ['ownServer'],
    group: 'target',
    secret: true,
    init: { option: '--member-key', meta: 'KEY', ask: 'Org A key without admin rights', prompted: true, learnable: false },
  },
  {
    name: 'CONFORMANCE_OTHER_ORG_KEY',
    targetOnly: true,
    kind: KINDS.apiKey,
    default: 'unset: the isolation checks are skipped',
    description: 'A key of a second organisation (org B).',
    needs: ['ownServer'],
    group: 'target',
    secret: true,
    init: { option: '--other-org-key', meta: 'KEY', ask: 'A key of a second organisation (org B)', prompted: true, learnable: false },
  },
  {
    name: 'CONFORMANCE_LIMITED_KEY',
    targetOnly: true,
    kind: KINDS.apiKey,
    default: 'unset',
    description: `Org A key without admin rights and with the default ${SPEC_DEFAULT_LIMIT}/min limit, used only by the rate-limit checks (it reads and creates contacts).`,
    more: 'Nothing else may use it during a run.',
    needs: ['rateLimit', 'load'],
    group: 'target',
    secret: true,
    init: {
      option: '--limited-key',
      meta: 'KEY',
      ask: `Org A key with the default ${SPEC_DEFAULT_LIMIT}/min limit that nothing else uses`,
      prompted: true,
      learnable: false,
    },
  },
  {
    name: 'CONFORMANCE_LIMITED_KEYS',
    targetOnly: true,
    kind: KINDS.apiKeys,
    default: code('CONFORMANCE_LIMITED_KEY'),
    description: `Org A keys with the default ${SPEC_DEFAULT_LIMIT}/min limit, comma-separated, that the load harness bursts in parallel.`,
    more: 'The rate-limit suite also reads the first one other than `CONFORMANCE_LIMITED_KEY` (`RL-PER-KEY-COUNTERS`): nothing else may use it during a run.',
    needs: ['rateLimit', 'load'],
    group: 'target',
    secret: true,
    init: {
      option: '--limited-keys',
      meta: 'KEY,KEY',
      ask: 'More org A keys with the default limit, comma-separated (load harness)',
      prompted: true,
      learnable: false,
    },
  },
  {
    name: 'CONFORMANCE_CUSTOM_LIMIT_KEY',
    targetOnly: true,
    kind: KINDS.apiKey,
    default: 'unset',
    description: 'A key with a custom per-minute limit, used only by the rate-limit checks; set it and `CONFORMANCE_CUSTOM_LIMIT`, or neither.',
    more: 'Nothing else may use it during a run.',
    needs: ['rateLimit'],
    group: 'target',
    secret: true,
    init: {
      option: '--custom-limit-key',
      meta: 'KEY',
      ask: 'Org A key with a custom per-minute limit that nothing else uses',
      prompted: true,
      learnable: false,
    },
  },
  {
    name: 'CONFORMANCE_CUSTOM_LIMIT',
    targetOnly: true,
    kind: positive('requests per minute'),
    default: 'unset',
    description: "The custom-limit key's per-minute limit; set it and `CONFORMANCE_CUSTOM_LIMIT_KEY`, or neither.",
    needs: ['rateLimit'],
    group: 'target',
    init: { option: '--custom-limit', meta: 'N', ask: "That key's per-minute limit (learnt from X-RateLimit-Limit)", prompted: false, learnable: true },
  },
  {
    name: 'CONFORMANCE_PROJECT_ID',
    targetOnly: true,
    kind: KINDS.uuid,
    default: 'unset',
    description: 'A project (root task) of org A.',
    needs: ['ownServer'],
    group: 'target',
    init: { option: '--project-id', meta: 'UUID', ask: 'A project (root task) of org A (learnt: GET /projects)', prompted: false, learnable: true },
  },
  {
    name: 'CONFORMANCE_VERSION_ID',
    targetOnly: true,
    kind: KINDS.uuid,
    default: 'unset',
    description: "A versionId valid for the tasks of `CONFORMANCE_PROJECT_ID`'s project.",
    needs: ['ownServer'],
    group: 'target',
    init: {
      option: '--version-id',
      meta: 'UUID',
      ask: "A versionId valid for that project's tasks (learnt when the target shows one)",
      prompted: false,
      learnable: true,
    },
  },
  {
    name: 'CONFORMANCE_OTHER_PROJECT_ID',
    targetOnly: true,
    kind: KINDS.uuid,
    default: 'unset',
    description: 'A project of org B.',
    needs: ['ownServer'],
    group: 'target',
    init: {
      option: '--other-project-id',
      meta: 'UUID',
      ask: 'A project of org B (learnt: GET /projects with the org B key)',
      prompted: false,
      learnable: true,
    },
  },
  {
    name: 'CONFORMANCE_CA_FILE',
    kind: textOf('path of a PEM file'),
    default: "unset: Node's own CAs (and `NODE_EXTRA_CA_CERTS`)",
    description:
      "A PEM file of the CA that signed an https target's certificate (a private or company CA), trusted on top of Node's own by every client of the run.",
    more: '`NODE_EXTRA_CA_CERTS` works too, for the whole process. Proxies come from `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY` (see [Networks](troubleshooting.md#networks)).',
    needs: ['network'],
    group: 'target',
  },
  {
    name: 'CONFORMANCE_SINK_HOST',
    kind: textOf('host'),
    default: code(DEFAULTS.sinkHost),
    description: 'Where the webhook sink listens.',
    needs: ['webhooks'],
    group: 'webhooks',
    init: { option: '--sink-host', meta: 'HOST', ask: `Where the webhook sink listens (default ${DEFAULTS.sinkHost})`, prompted: false, learnable: false },
  },
  {
    name: 'CONFORMANCE_SINK_PORT',
    kind: KINDS.port,
    default: `${code(DEFAULTS.sinkPort)}: an ephemeral port`,
    description: 'The port the webhook sink listens on.',
    needs: ['webhooks'],
    group: 'webhooks',
    init: { option: '--sink-port', meta: 'PORT', ask: `The webhook sink port (default ${DEFAULTS.sinkPort}: ephemeral)`, prompted: false, learnable: false },
  },
  {
    name: 'CONFORMANCE_SINK_PUBLIC_URL',
    targetOnly: true,
    kind: KINDS.url,
    default: 'derived from the host and port',
    description: 'The URL the target must call to reach the webhook sink; set it when the target runs on another host.',
    needs: ['webhooks'],
    group: 'webhooks',
    init: {
      option: '--sink-public-url',
      meta: 'URL',
      ask: 'The URL the target must call to reach the sink (when it runs elsewhere)',
      prompted: false,
      learnable: false,
    },
  },
  {
    name: 'CONFORMANCE_WEBHOOK_WAIT_S',
    kind: positive('seconds'),
    default: code(DEFAULTS.webhookWaitS),
    description: 'Longest wait for an asynchronous webhook behaviour, such as a delivery.',
    needs: ['webhooks'],
    group: 'webhooks',
  },
  {
    name: 'CONFORMANCE_LIST_SETTLE_S',
    kind: upTo(600, 'seconds'),
    default: `${code(DEFAULTS.listSettleS)} (${code(0)}: read once)`,
    description: 'Longest a list may take to show a write made just before (a search index, a read replica).',
    more: 'A check reads the list again until it does, and records the wait as an observation (`list-consistency`).',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_REQUEST_TIMEOUT_MS',
    kind: positive('milliseconds'),
    default: code(DEFAULTS.requestTimeoutMs),
    description: 'Per-request timeout.',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_MAX_RESPONSE_BYTES',
    kind: positive(`bytes, at least ${MIN_RESPONSE_BYTES}`, { min: MIN_RESPONSE_BYTES }),
    default: `${code(DEFAULTS.maxResponseBytes)} (8 MiB: a page of 100 records many times over)`,
    description: 'Longest response body (and webhook delivery, at most 1 MiB) read.',
    more: 'A larger answer ends its exchange: its check errs, saying so, and memory stays bounded.',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_BREAKER_FAILURES',
    kind: positive('requests'),
    default: code(DEFAULTS.breakerFailures),
    description:
      'Requests in a row without an answer (timeouts, resets, refused connections) after which the run pauses (see [When the target misbehaves](troubleshooting.md)).',
    more: 'A target still away after `CONFORMANCE_OUTAGE_WAIT_S` stops the run: what did not run is marked with the reason, and the verdict is error.',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_OUTAGE_WAIT_S',
    kind: upTo(3600, 'seconds'),
    default: `${code(DEFAULTS.outageWaitS)} (${code(0)}: stop at once)`,
    description: 'Longest the paused run probes the target, with backoff, before it stops (see [Why did my run stop?](why-did-my-run-stop.md)).',
    more: 'When the target answers again (a deploy, a restart) the checks the outage interrupted run again from the start.',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_RUN_DEADLINE_S',
    kind: positive('seconds'),
    default: code(DEFAULTS.runDeadlineS),
    description: 'Longest a whole run may take.',
    more: 'At the deadline the run stops, marks what did not run and writes every report file; the verdict is error.',
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_CONCURRENCY',
    kind: positive(`whole number, at most ${MAX_CONCURRENCY}`, { max: MAX_CONCURRENCY }),
    default: `${code(DEFAULTS.concurrency)}; ${code(DEFAULTS.farConcurrency)} from 40 ms away (${code(DEFAULTS.farTlsConcurrency)} over https)`,
    description:
      "Checks of one suite file that run at once, and independent requests one check sends at once, a property's generated cases among them (see [Distance](preparing-your-server.md#distance)).",
    more: "The requests a suite file sends ahead side by side (a property's cases, a field table's invalid values) share one budget of this size, and so do its end-of-file deletes. Against a distant target (a round trip of 5 ms or more) the suites also run in 4 workers instead of 2, in 6 from 40 ms and in 8 from 80 ms unless this is set below its default (more workers mean more requests in flight). Unset, it follows the distance (the first round trips): from 40 ms each file keeps more requests in flight, as its time there is its requests over this budget; set, it is kept exactly at any distance. The run's start line says what it chose.",
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_THROTTLE_BUDGET_S',
    kind: positive('seconds'),
    default: `${code(DEFAULTS.throttleBudgetS)} (two windows of a per-minute limit)`,
    description:
      "Longest the run may be held back waiting out HTTP 429, in wall-clock seconds, beyond the pacing the keys' advertised limits impose (see [When the keys' limits are too low](rate-limiting.md#when-the-keys-limits-are-too-low)).",
    more: "Past it the run stops, marks what did not run and writes the report; the verdict is error. Before the run, one the keys' limits would hold longer than 10 minutes is refused (exit 2).",
    needs: ['throttled'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_SEQUENCES_S',
    kind: upTo(3600, 'seconds'),
    default: code(DEFAULTS.sequencesS),
    description:
      'Longest the exploration runs sequences before it stops starting new ones (shrinking a failure gets twice as long unless `CONFORMANCE_SEQUENCES_SHRINK_S` says).',
    more: "Never more requests than this long at the keys' paced rates allows.",
    needs: ['distant'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_SEQUENCES_SHRINK_S',
    kind: upTo(7200, 'seconds'),
    default: `twice \`CONFORMANCE_SEQUENCES_S\` (${code(0)}: the first failing sequence, unshrunk)`,
    description: 'Longest the exploration shrinks a failing sequence to the shortest that still breaks the same rule.',
    more: 'Past it the shortest sequence found so far is reported; the rule fails either way, only the reproducer is longer.',
    needs: ['debugging'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_PACED',
    kind: KINDS.flag,
    default: code(false),
    description: "`true`: accept a long run paced under the keys' limits (no refusal up front, no throttling budget).",
    more: 'The progress line shows an ETA; the run must still fit `CONFORMANCE_RUN_DEADLINE_S`.',
    needs: ['throttled'],
    group: 'bounds',
  },
  {
    name: 'CONFORMANCE_SUITES',
    kind: textOf('domains, comma-separated'),
    default: 'all',
    description: `Comma-separated domains to run: ${DOMAINS.map(code).join(', ')}.`,
    needs: ['debugging'],
    group: 'run',
    flag: { name: '--suites', meta: 'LIST', commands: ['run'] },
  },
  {
    name: 'CONFORMANCE_REQUIREMENTS',
    kind: textOf('requirement ids, comma-separated'),
    default: 'every check',
    description: 'Run only the checks of these requirement ids, e.g. to re-run a failure.',
    needs: ['debugging'],
    group: 'run',
    flag: { name: '--requirements', meta: 'IDS', commands: ['run'] },
  },
  {
    name: 'CONFORMANCE_SEED',
    kind: KINDS.int32,
    default: 'random, reported',
    description: 'fast-check seed: set it to the seed a report shows to reproduce that run.',
    needs: ['debugging'],
    group: 'run',
    flag: { name: '--seed', meta: 'N', commands: ['run'] },
  },
  {
    name: 'CONFORMANCE_NUM_RUNS',
    kind: positive('runs'),
    default: code(DEFAULTS.numRuns),
    description: 'Runs per property.',
    more: `A certification runs at least ${DEFAULTS.numRuns}.`,
    needs: ['debugging', 'certification'],
    group: 'run',
    flag: { name: '--num-runs', meta: 'N', commands: ['run', 'doctor'] },
  },
  {
    name: 'CONFORMANCE_SEQUENCES',
    kind: positive('sequences'),
    default: code(DEFAULTS.sequences),
    description: 'Random sequences of operations the exploration (domain `sequences`) runs against its model of the spec.',
    more: "Each is up to 3 creates and 16 operations over contacts, time entries, expenses, resources and tasks, with reads, lists and the other organisation's key interleaved; a failure is shrunk to the shortest failing sequence (docs/exploration.md).",
    needs: ['debugging', 'certification'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_REPORT_DIR',
    kind: textOf('directory'),
    default: code(`${DEFAULTS.reportDir}/`),
    description: 'Where reports are written.',
    needs: ['ci'],
    group: 'run',
    flag: { name: '--report-dir', meta: 'DIR' },
  },
  {
    name: 'CONFORMANCE_FAIL_ON_INCOMPLETE',
    kind: KINDS.flag,
    default: code(false),
    description:
      '`true`: an incomplete run (a MUST requirement not verified: skipped, inconclusive or not selected) exits 3 instead of 0, so that it fails a CI job.',
    more: 'Applies to the load harness too (see [Verdicts and exit codes](verdicts.md)).',
    needs: ['ci'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_EXPECTED_FAILURES',
    kind: textOf('path of a JSON file'),
    default: 'unset',
    description:
      'A JSON file of requirements expected to fail, each with a reason and an optional expiry date: `[{ "id": "CT-EMAIL-FORMAT", "reason": "…", "expires": "2027-01-31" }]`.',
    more: 'A failure of a listed requirement is reported as expected and does not fail the exit code (the verdict stays what the checks say); an entry whose requirement passes now (stale: remove it) or whose date has passed fails the run, so the list only shrinks. Never accepted by `conformance certify`.',
    needs: ['ci'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_HAR',
    kind: KINDS.flag,
    default: code(false),
    description: '`true`: also write `exchanges.har` beside the report, every HTTP exchange of the run in HAR 1.2.',
    more: "Each entry holds the request, the response status, headers and body (up to the read bound and at most 1 MiB) and timings, redacted like the reports, and names the check that sent it (`_check`: the check's key in `report.json`; `null` for the end-of-file deletes).",
    needs: ['debugging'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_IMAGE_DIGEST',
    kind: KINDS.imageDigest,
    default: 'unset',
    description:
      "The digest of the container image the suite runs in, recorded in a certification bundle beside the package version (`environment.json`'s `tool.image`) and shown by `conformance verify`; `load export --kubernetes` writes it as the pods' annotation conformance/image-digest.",
    more: "A container cannot learn its own digest: pass it at run time, `-e CONFORMANCE_IMAGE_DIGEST=$(podman image inspect --format '{{.Digest}}' IMAGE)` (see [Certification](certification.md)). The image's name and id are read from `/run/.containerenv` too when podman wrote them there (`--privileged` only).",
    needs: ['certification'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_SKIP_DOCTOR',
    kind: KINDS.flag,
    default: code(false),
    description:
      "`true`: `conformance run` and `conformance load` do not run the doctor's quick checks first, like `--skip-doctor` (see [The doctor](doctor.md)).",
    more: "Against your own server it runs them by default, and stops with exit 2 on a problem that would make the run meaningless: keys swapped, the other-organisation key in org A, a project that is not org A's.",
    needs: ['ownServer'],
    group: 'run',
  },
  {
    name: 'CONFORMANCE_LOAD_SCENARIOS',
    kind: textOf('scenarios, comma-separated'),
    default: 'all',
    description: `Scenarios to run, comma-separated: ${LOAD_SCENARIOS.map(code).join(', ')}.`,
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_BURST_REQUESTS',
    kind: positive(`requests, at most ${LOAD_MAX.burstRequests}`, { max: LOAD_MAX.burstRequests }),
    default: code(LOAD_DEFAULTS.burstRequests),
    description: 'Requests per key in one burst (the burst and keys scenarios).',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_BURST_CONNECTIONS',
    kind: positive(`connections, at most ${LOAD_MAX.connections}`, { max: LOAD_MAX.connections }),
    default: code(LOAD_DEFAULTS.burstConnections),
    description: 'Connections per key in one burst, never more than its requests.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_SUSTAINED_S',
    kind: positive(`seconds, at most ${LOAD_MAX.sustainedS}`, { max: LOAD_MAX.sustainedS }),
    default: code(LOAD_DEFAULTS.sustainedS),
    description: 'Length of the sustained run.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_SUSTAINED_PER_MIN',
    kind: positive('requests per minute'),
    default: code(LOAD_DEFAULTS.sustainedPerMin),
    description: 'Fixed arrival rate of the sustained run, just under the limit.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_STEP_S',
    kind: positive(`seconds, at most ${LOAD_MAX.stepS}`, { max: LOAD_MAX.stepS }),
    default: code(LOAD_DEFAULTS.stepS),
    description: 'Seconds per throughput step.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_CONCURRENCY',
    kind: textOf(`connections, comma-separated, each at most ${LOAD_MAX.connections}`),
    default: code(LOAD_DEFAULTS.concurrency.join(',')),
    description: 'Connections per throughput step, comma-separated.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_ENDPOINTS',
    kind: textOf('endpoints, comma-separated'),
    default: 'all',
    description: `Endpoints the throughput scenario measures: ${LOAD_ENDPOINTS.map(code).join(', ')}.`,
    more: '`get` creates one contact to read; `list` alone writes nothing.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_MAX_CREATES',
    kind: positive('creates'),
    default: code(LOAD_DEFAULTS.maxCreatesPerStep),
    description: 'Creates per throughput step at most; every contact created is tagged `conformance-run-<run id>` and deleted.',
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_WAIT_S',
    kind: positive('seconds'),
    default: code(LOAD_DEFAULTS.freshWaitS),
    description: "Longest wait for a key's fresh rate window.",
    more: "The moment the headers name (up to a minute), then a full minute after the key's last use, for a limiter that gives its budget back gradually.",
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_STAGES',
    kind: textOf('stages DURATION:TARGET, comma-separated'),
    default: 'unset: no ramp, steps only',
    description:
      'A ramp of each read endpoint of the throughput scenario after its steps, as k6 stages: `30s:20,1m:50,30s:0` moves the arrival rate in straight lines from 0 to 20 requests per second in 30 s, to 50 in a minute, back to 0.',
    more: "Open model: requests start on schedule whatever earlier answers are doing, within the admin key's advertised budget. `--stage 30s:20` (repeated) sets it for one run. `create` keeps its steps only.",
    needs: ['load'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_THRESHOLDS',
    kind: textOf('expressions, separated by ; or line breaks'),
    default: 'unset: no threshold',
    description:
      'Pass/fail thresholds on the measured traffic, as k6 writes them: `http_req_duration{scenario:throughput}:p(95)<300;http_req_failed:rate<0.01`; one crossed makes the run fail (exit 1).',
    more: '`--threshold EXPR` (repeated) sets them for one run. See [Thresholds](load.md#thresholds) for the metrics, tags and aggregations.',
    needs: ['load', 'ci'],
    group: 'load',
  },
  {
    name: 'CONFORMANCE_LOAD_THRESHOLDS_FILE',
    kind: textOf('path of a JSON file'),
    default: 'unset: no file',
    description: "A JSON file of thresholds: an array of expressions, or k6's thresholds object; added to `CONFORMANCE_LOAD_THRESHOLDS`.",
    needs: ['load', 'ci'],
    group: 'load',
    flag: { name: '--thresholds', meta: 'FILE', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOAD_METRICS_PUSH',
    kind: KINDS.url,
    default: 'unset: the metrics are written, not pushed',
    description:
      "A Prometheus Pushgateway to push the run's metrics to, e.g. `http://pushgateway:9091/metrics/job/conformance-load`; `load-metrics.prom` (OpenMetrics text) and `load-metrics.jsonl` are written either way.",
    more: 'A failed push is one warning line; it does not change the verdict or the exit code.',
    needs: ['load', 'ci'],
    group: 'load',
    flag: { name: '--metrics-push', meta: 'URL', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOAD_ENGINE',
    kind: textOf(LOAD_ENGINES.join(' or ')),
    default: code(LOAD_DEFAULTS.engine),
    description:
      "What sends the scenarios' traffic: `node` (this process) or `locust` (Locust master and workers, see [Load across machines](load.md#load-across-machines)).",
    more: 'Either way this process probes the keys and judges the counts: the verdict does not depend on the engine.',
    needs: ['load'],
    group: 'load',
    flag: { name: '--engine', meta: 'ENGINE', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOAD_WORKERS',
    kind: positive(`workers, at most ${LOCUST_MAX.workers}`, { max: LOCUST_MAX.workers }),
    default: code(LOCUST_DEFAULTS.workers),
    description: "Locust workers that share each scenario's traffic.",
    more: 'Started on this machine, unless `CONFORMANCE_LOCUST_EXTERNAL_WORKERS` says they run elsewhere; the `node` engine ignores it.',
    needs: ['locust'],
    group: 'load',
    flag: { name: '--workers', meta: 'N', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOCUST_EXTERNAL_WORKERS',
    kind: KINDS.flag,
    default: code(false),
    description:
      '`true`: start no worker here; print what to start on each worker machine (also `locust-workers.txt` in the report directory) and wait for the workers.',
    more: 'The wait is bounded by `CONFORMANCE_LOCUST_WORKER_WAIT_S`.',
    needs: ['locust'],
    group: 'locust',
    flag: { name: '--external-workers', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOCUST_MASTER_HOST',
    kind: textOf('host name or address'),
    default: code(LOCUST_DEFAULTS.masterHost),
    description: 'The address worker machines reach the Locust master at, as the printed worker command gives it.',
    needs: ['locust'],
    group: 'locust',
    flag: { name: '--master-host', meta: 'HOST', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOCUST_MASTER_BIND',
    kind: textOf('address'),
    default: `${code(LOCUST_DEFAULTS.masterBind)}; ${code(LOCUST_DEFAULTS.externalMasterBind)} with external workers`,
    description: 'The address the Locust master listens on.',
    more: 'Its port carries jobs and counts, never a key; still, keep it reachable by the workers only.',
    needs: ['locust'],
    group: 'locust',
    flag: { name: '--master-bind', meta: 'ADDR', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOCUST_MASTER_PORT',
    kind: positive('port, 1 to 65535', { max: 65535 }),
    default: code(LOCUST_DEFAULTS.masterPort),
    description: 'The port the Locust master listens on and workers connect to.',
    needs: ['locust'],
    group: 'locust',
    flag: { name: '--master-port', meta: 'PORT', commands: ['load'] },
  },
  {
    name: 'CONFORMANCE_LOCUST_WORKER_WAIT_S',
    kind: positive(`seconds, at most ${LOCUST_MAX.workerWaitS}`, { max: LOCUST_MAX.workerWaitS }),
    default: code(LOCUST_DEFAULTS.workerWaitS),
    description: 'Longest the master waits for the expected workers to connect; then the run stops with an error saying how many came.',
    needs: ['locust'],
    group: 'locust',
  },
  {
    name: 'CONFORMANCE_LOCUST_PYTHON',
    kind: textOf('path of a Python 3 with Locust'),
    default: `${code(LOCUST_DEFAULTS.debianPython)} when it exists, else ${code(LOCUST_DEFAULTS.python)}`,
    description: "The Python that runs Locust's master and the local workers (`python -m locust`).",
    more: "Debian's `python3-locust` needs Debian's own `/usr/bin/python3`, not another `python3` first on `PATH`.",
    needs: ['locust'],
    group: 'locust',
  },
  {
    name: 'CONFORMANCE_LOCUST_KEYS_FILE',
    kind: textOf('path of a JSON file'),
    default: 'a file of the run, mode 0600, for the local workers',
    description: 'On each worker machine: the file of API keys the workers send with, a JSON array (`conformance load keys-file PATH` writes it, mode 0600).',
    more: 'Jobs name keys by their place in it: a key never travels on a command line, in a Locust message or in a result. `conformance load keys-file` without a path writes here.',
    needs: ['locust'],
    group: 'locust',
  },
  {
    name: 'CONFORMANCE_REFERENCE_FAULTS',
    kind: textOf('fault ids, comma-separated'),
    default: 'none',
    description: 'Faults (mutants) to switch on in the embedded reference server (see `reference/faults.ts`).',
    needs: ['selfTests'],
    group: 'reference',
  },
  {
    name: 'CONFORMANCE_REFERENCE_VARIANTS',
    kind: textOf('variant ids, comma-separated'),
    default: 'none',
    description: 'Legitimate alternative choices to switch on in the embedded reference server (see `reference/variants.ts`).',
    needs: ['selfTests'],
    group: 'reference',
  },
  {
    name: 'CONFORMANCE_REFERENCE_RATE_WINDOW_S',
    kind: positive('seconds'),
    default: `${code(SPEC_WINDOW_MS / 1000)}, as the spec says`,
    description: "The embedded reference server's rate window.",
    more: 'A short window makes the reference non-conforming on purpose, so rate-limit self-tests need not wait a minute.',
    needs: ['selfTests'],
    group: 'reference',
  },
] as const satisfies readonly Setting[];

export type SettingEntry = (typeof SETTINGS)[number];
export type SettingName = SettingEntry['name'];
/** The settings `conformance init` fills in, in the order it asks. */
export type InitSettingName = Extract<SettingEntry, { readonly init: InitQuestion }>['name'];
