import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { isRequirementId } from '../spec/requirements.js';

/** Domains a run can select with CONFORMANCE_SUITES; one suite file each. */
export const DOMAINS = ['rate-limit', 'auth', 'contacts', 'time-entries', 'batch', 'expenses', 'rates', 'resources', 'allocations', 'tasks', 'milestones', 'reports', 'security', 'webhooks'] as const;
export type Domain = (typeof DOMAINS)[number];

/** Load harness scenarios (`conformance load`), selectable with CONFORMANCE_LOAD_SCENARIOS. */
export const LOAD_SCENARIOS = ['burst', 'keys', 'sustained', 'throughput'] as const;
export type LoadScenarioId = (typeof LOAD_SCENARIOS)[number];
/** Endpoints the throughput scenario measures, selectable with CONFORMANCE_LOAD_ENDPOINTS. */
export const LOAD_ENDPOINTS = ['list', 'get', 'create'] as const;
export type LoadEndpoint = (typeof LOAD_ENDPOINTS)[number];

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, `${name}: expected a whole number`)
      .transform(Number)
      .pipe(z.number().int().positive(`${name}: expected a number greater than 0`))
      .optional(),
  );

/** A whole number of 0 or more (0 switches the behaviour off). */
const wholeNumber = (name: string, max: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, `${name}: expected a whole number from 0 to ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(0).max(max, `${name}: expected a whole number from 0 to ${max}`))
      .optional(),
  );

const uuid = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${name}: expected a UUID`)
      .optional(),
  );

const apiKey = (name: string) =>
  optionalString.pipe(z.string().regex(/^\S+$/, `${name}: an API key cannot contain spaces`).optional());

/**
 * The public configuration interface (spec of the CLI): these names are stable.
 * Every variable is listed in .env.example with its default.
 */
export const envSchema = z.object({
  CONFORMANCE_TARGET_URL: optionalString.pipe(
    z
      .url({ message: 'CONFORMANCE_TARGET_URL: not a valid URL' })
      .refine((v) => /^https?:/i.test(v), 'CONFORMANCE_TARGET_URL: must be an http or https URL')
      .refine((v) => /\/api\/v1\/?$/.test(v), 'CONFORMANCE_TARGET_URL: must end with /api/v1')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  CONFORMANCE_ADMIN_KEY: apiKey('CONFORMANCE_ADMIN_KEY'),
  CONFORMANCE_MEMBER_KEY: apiKey('CONFORMANCE_MEMBER_KEY'),
  CONFORMANCE_OTHER_ORG_KEY: apiKey('CONFORMANCE_OTHER_ORG_KEY'),
  CONFORMANCE_LIMITED_KEY: apiKey('CONFORMANCE_LIMITED_KEY'),
  CONFORMANCE_CUSTOM_LIMIT_KEY: apiKey('CONFORMANCE_CUSTOM_LIMIT_KEY'),
  /** Load harness: keys with the default limit, bursted in parallel (scenario 2); default CONFORMANCE_LIMITED_KEY. */
  CONFORMANCE_LIMITED_KEYS: optionalString.pipe(
    z.string().regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, 'CONFORMANCE_LIMITED_KEYS: expected comma-separated API keys without spaces').optional(),
  ),
  CONFORMANCE_CUSTOM_LIMIT: positiveInt('CONFORMANCE_CUSTOM_LIMIT'),
  CONFORMANCE_PROJECT_ID: uuid('CONFORMANCE_PROJECT_ID'),
  CONFORMANCE_VERSION_ID: uuid('CONFORMANCE_VERSION_ID'),
  CONFORMANCE_OTHER_PROJECT_ID: uuid('CONFORMANCE_OTHER_PROJECT_ID'),
  CONFORMANCE_SINK_HOST: optionalString,
  CONFORMANCE_SINK_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, 'CONFORMANCE_SINK_PORT: expected a port number')
      .transform(Number)
      .pipe(z.number().int().min(0).max(65535, 'CONFORMANCE_SINK_PORT: expected a port number (0 to 65535)'))
      .optional(),
  ),
  CONFORMANCE_SINK_PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'CONFORMANCE_SINK_PUBLIC_URL: not a valid URL' }).optional(),
  ),
  CONFORMANCE_WEBHOOK_WAIT_S: positiveInt('CONFORMANCE_WEBHOOK_WAIT_S'),
  /** Longest a list may take to show a write made just before (a search index, a replica); 0 reads it once. */
  CONFORMANCE_LIST_SETTLE_S: wholeNumber('CONFORMANCE_LIST_SETTLE_S', 600),
  CONFORMANCE_REQUEST_TIMEOUT_MS: positiveInt('CONFORMANCE_REQUEST_TIMEOUT_MS'),
  /** Longest response body (or webhook delivery) read, in bytes; past it the exchange ends. */
  CONFORMANCE_MAX_RESPONSE_BYTES: positiveInt('CONFORMANCE_MAX_RESPONSE_BYTES'),
  /** Consecutive requests without an answer (timeouts, resets) after which the run stops sending. */
  CONFORMANCE_BREAKER_FAILURES: positiveInt('CONFORMANCE_BREAKER_FAILURES'),
  /** Longest outage the run pauses for (probing the target) before it stops; 0 stops at once. */
  CONFORMANCE_OUTAGE_WAIT_S: wholeNumber('CONFORMANCE_OUTAGE_WAIT_S', 3600),
  /** Longest a whole run may take, in seconds; what did not run by then is marked and the report written. */
  CONFORMANCE_RUN_DEADLINE_S: positiveInt('CONFORMANCE_RUN_DEADLINE_S'),
  /** Checks of one suite file in flight at once, and independent requests one check sends at once. */
  CONFORMANCE_CONCURRENCY: positiveInt('CONFORMANCE_CONCURRENCY'),
  CONFORMANCE_SEED: optionalString.pipe(
    z
      .string()
      .regex(/^-?[0-9]+$/, 'CONFORMANCE_SEED: expected an integer')
      .transform(Number)
      .pipe(z.number().int().min(-2147483648).max(2147483647, 'CONFORMANCE_SEED: expected a 32-bit integer'))
      .optional(),
  ),
  CONFORMANCE_NUM_RUNS: positiveInt('CONFORMANCE_NUM_RUNS'),
  CONFORMANCE_SUITES: optionalString,
  CONFORMANCE_REPORT_DIR: optionalString,
  /** Run only the checks of these requirement ids (comma-separated), e.g. to re-run a failure. */
  CONFORMANCE_REQUIREMENTS: optionalString,
  /** An incomplete run (a MUST requirement not verified) exits 3 instead of 0, so that it fails a CI job. */
  CONFORMANCE_FAIL_ON_INCOMPLETE: optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'CONFORMANCE_FAIL_ON_INCOMPLETE: expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  /**
   * Issue 12: how long the run may be held back waiting out HTTP 429 (wall-clock seconds) before
   * it stops and says why; a run the keys' advertised limits would hold too long is refused up front.
   */
  CONFORMANCE_THROTTLE_BUDGET_S: positiveInt('CONFORMANCE_THROTTLE_BUDGET_S'),
  /** true: accept a long run paced under the keys' limits (no refusal up front, no throttling budget). */
  CONFORMANCE_PACED: optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'CONFORMANCE_PACED: expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  /** A JSON file of requirement ids expected to fail, with a reason and an optional expiry date. */
  CONFORMANCE_EXPECTED_FAILURES: optionalString,
  /** true: the run also writes exchanges.har, every HTTP exchange of the run. */
  CONFORMANCE_HAR: optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'CONFORMANCE_HAR: expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  /** true: `conformance run` does not run the doctor's cheap checks first. */
  CONFORMANCE_SKIP_DOCTOR: optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'CONFORMANCE_SKIP_DOCTOR: expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  ),
  /** Self-test only: faults to switch on in the embedded reference server. */
  CONFORMANCE_REFERENCE_FAULTS: optionalString,
  /** Self-test only: legitimate alternative choices to switch on in the embedded reference server. */
  CONFORMANCE_REFERENCE_VARIANTS: optionalString,
  /**
   * Self-test only: the embedded reference server's rate window in seconds instead of 60. A short
   * window makes the reference non-conforming on purpose, so rate-limit self-tests need not wait a minute.
   */
  CONFORMANCE_REFERENCE_RATE_WINDOW_S: positiveInt('CONFORMANCE_REFERENCE_RATE_WINDOW_S'),
  /** Load harness: scenarios to run (comma-separated ids of LOAD_SCENARIOS; default all). */
  CONFORMANCE_LOAD_SCENARIOS: optionalString,
  /** Load harness scenarios 1 and 2: requests per key in one burst, and their connections. */
  CONFORMANCE_LOAD_BURST_REQUESTS: positiveInt('CONFORMANCE_LOAD_BURST_REQUESTS'),
  CONFORMANCE_LOAD_BURST_CONNECTIONS: positiveInt('CONFORMANCE_LOAD_BURST_CONNECTIONS'),
  /** Load harness scenario 3: how long, and the fixed arrival rate per minute (just under the limit). */
  CONFORMANCE_LOAD_SUSTAINED_S: positiveInt('CONFORMANCE_LOAD_SUSTAINED_S'),
  CONFORMANCE_LOAD_SUSTAINED_PER_MIN: positiveInt('CONFORMANCE_LOAD_SUSTAINED_PER_MIN'),
  /** Load harness scenario 4: seconds per step, connections per step, endpoints, creates per step at most. */
  CONFORMANCE_LOAD_STEP_S: positiveInt('CONFORMANCE_LOAD_STEP_S'),
  CONFORMANCE_LOAD_CONCURRENCY: optionalString,
  CONFORMANCE_LOAD_ENDPOINTS: optionalString,
  CONFORMANCE_LOAD_MAX_CREATES: positiveInt('CONFORMANCE_LOAD_MAX_CREATES'),
  /** Load harness: longest wait for a key's fresh rate window, in seconds. */
  CONFORMANCE_LOAD_WAIT_S: positiveInt('CONFORMANCE_LOAD_WAIT_S'),
});
export type Env = z.infer<typeof envSchema>;

/** Keys the checks may use, by role. */
export interface Keys {
  readonly admin: string;
  readonly member?: string | undefined;
  readonly otherOrg?: string | undefined;
  readonly limited?: string | undefined;
  readonly customLimit?: string | undefined;
}

export interface Config {
  /** null: start the embedded reference server. */
  readonly targetUrl: string | null;
  readonly keys: Partial<Keys>;
  /** Load harness scenario 2: keys with the default limit (CONFORMANCE_LIMITED_KEYS, else the limited key). */
  readonly limitedKeys: readonly string[];
  readonly customLimit?: number | undefined;
  readonly projectId?: string | undefined;
  readonly versionId?: string | undefined;
  readonly otherProjectId?: string | undefined;
  readonly sink: { readonly host: string; readonly port: number; readonly publicUrl?: string | undefined };
  readonly webhookWaitS: number;
  /** CONFORMANCE_LIST_SETTLE_S: how long a list may lag behind a write before a check says it does not show it. */
  readonly listSettleS: number;
  readonly requestTimeoutMs: number;
  /** CONFORMANCE_MAX_RESPONSE_BYTES: no response body or webhook delivery is read past this. */
  readonly maxResponseBytes: number;
  /** CONFORMANCE_BREAKER_FAILURES: consecutive requests without an answer that stop the run. */
  readonly breakerFailures: number;
  /** CONFORMANCE_OUTAGE_WAIT_S: past the breaker, the run pauses this long for the target to come back (0: it stops). */
  readonly outageWaitS: number;
  /** CONFORMANCE_RUN_DEADLINE_S: the whole run's time bound. */
  readonly runDeadlineS: number;
  /** CONFORMANCE_CONCURRENCY: checks of a suite file in flight at once, and requests one check sends at once. */
  readonly concurrency: number;
  readonly seed: number;
  readonly numRuns: number;
  readonly suites: readonly Domain[];
  /** CONFORMANCE_SUITES did not narrow the run. */
  readonly allSuites: boolean;
  /** CONFORMANCE_FAIL_ON_INCOMPLETE: an incomplete run (or load run) exits 3 instead of 0. */
  readonly failOnIncomplete: boolean;
  /** CONFORMANCE_THROTTLE_BUDGET_S: wall-clock seconds of waiting out 429s after which the run stops. */
  readonly throttleBudgetS: number;
  /** CONFORMANCE_PACED: a long run paced under the keys' limits is accepted (no budget, no refusal). */
  readonly paced: boolean;
  /** CONFORMANCE_SKIP_DOCTOR (or --skip-doctor): no preflight before a run against an external target. */
  readonly skipDoctor: boolean;
  /** CONFORMANCE_HAR: write exchanges.har beside the report. */
  readonly har: boolean;
  /** CONFORMANCE_EXPECTED_FAILURES: the file listing requirements expected to fail (read when the run starts). */
  readonly expectedFailuresPath?: string | undefined;
  readonly reportDir: string;
  readonly referenceFaults: readonly string[];
  /** Self-test only: reference-server variants (legitimate alternative choices). */
  readonly referenceVariants: readonly string[];
  /** Self-test only: the embedded reference server's rate window (undefined: 60 s as the spec says). */
  readonly referenceRateWindowS?: number | undefined;
  /** Empty: every check of the selected suites. */
  readonly requirements: readonly string[];
  /** `conformance load` only. */
  readonly load: LoadSettings;
}

/** The load harness's settings (CONFORMANCE_LOAD_*); the scenarios are built from them. */
export interface LoadSettings {
  readonly scenarios: readonly LoadScenarioId[];
  readonly burstRequests: number;
  readonly burstConnections: number;
  readonly sustainedS: number;
  readonly sustainedPerMin: number;
  readonly stepS: number;
  readonly concurrency: readonly number[];
  readonly endpoints: readonly LoadEndpoint[];
  readonly maxCreatesPerStep: number;
  readonly freshWaitS: number;
}

export const DEFAULTS = {
  webhookWaitS: 60,
  listSettleS: 6,
  requestTimeoutMs: 10_000,
  // A page of 100 records (spec 4 and 8: limit at most 100) is tens of KB, a report page of 500 rows
  // a few hundred; 8 MiB leaves room for records with long free-text fields several times over,
  // while a few such bodies in flight at once cost tens of MB, not the machine.
  maxResponseBytes: 8 * 1024 * 1024,
  // Five requests in a row without an answer, across every worker: a target that drops one
  // request in a hundred almost never does that (1e-10), a dead one does it within seconds.
  breakerFailures: 5,
  // A deploy or a restart of a staging server takes seconds to a minute: the run waits that out
  // (and re-runs what it interrupted) rather than ending with every check left unverified.
  outageWaitS: 60,
  // A full run takes 1 to 2 minutes against a nearby server, 5 to 10 against a distant or
  // throttling one (the rate-limit suite alone may wait 2 minutes for fresh windows): 30 minutes
  // never cuts a working run short, yet a stuck one still ends, with its report, within the hour.
  runDeadlineS: 1800,
  // Every request waits a round trip: the functional suites send about 8,800 requests, three
  // minutes of waiting one after another against a target 20 ms away. 8 checks at a time per
  // file (4 workers when distant, harness/runner/latency.ts) bring that to 1.4x the local time
  // (npm run bench); more gained nothing measurable there, and keeps fewer connections open.
  concurrency: 8,
  // Beyond the pacing the keys' advertised limits already impose (the run stays under them), two
  // whole minutes of 429s: two windows of spec 8's per-minute limit. A key still refused after
  // that is limited below what it advertises or shared with someone else, not briefly unlucky.
  throttleBudgetS: 120,
  numRuns: 20,
  reportDir: 'reports',
  sinkHost: '127.0.0.1',
  sinkPort: 0,
} as const;

export const LOAD_DEFAULTS = {
  burstRequests: 150,
  burstConnections: 50,
  sustainedS: 120,
  sustainedPerMin: 55,
  stepS: 3,
  concurrency: [1, 10, 50, 100],
  maxCreatesPerStep: 2000,
  // The moment the headers name (at most a minute) and then a full minute after the key's last
  // use, for a limiter that gives its budget back gradually (harness/rate/fresh.ts), plus margin.
  freshWaitS: 135,
} as const;

/** Upper bounds that keep a mistyped value from turning a load run into an attack on the target. */
const LOAD_MAX = { burstRequests: 10_000, connections: 1000, sustainedS: 3600, stepS: 600 } as const;


function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Validates the environment once; the first problem becomes a ConfigError naming the variable. */
export function parseEnv(source: Record<string, string | undefined>, randomSeed: () => number): Config {
  const picked: Record<string, string | undefined> = {};
  for (const name of Object.keys(envSchema.shape)) picked[name] = source[name];
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? '');
    const message = issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
    // Never echo a key back: it would land in CI logs.
    const got = /KEY/.test(variable) ? '' : ` (got ${JSON.stringify(picked[variable] ?? '')})`;
    throw new ConfigError(`${message}${got}`);
  }
  const env = parsed.data;
  const suites = splitList(env.CONFORMANCE_SUITES);
  for (const suite of suites) {
    if (!(DOMAINS as readonly string[]).includes(suite)) {
      throw new ConfigError(`CONFORMANCE_SUITES: unknown domain "${suite}" (known: ${DOMAINS.join(', ')})`);
    }
  }
  const requirements = splitList(env.CONFORMANCE_REQUIREMENTS);
  for (const id of requirements) {
    if (!isRequirementId(id)) throw new ConfigError(`CONFORMANCE_REQUIREMENTS: unknown requirement id "${id}" (see the catalogue in any report)`);
  }
  if (env.CONFORMANCE_TARGET_URL !== undefined && env.CONFORMANCE_ADMIN_KEY === undefined) {
    throw new ConfigError('CONFORMANCE_ADMIN_KEY: required when CONFORMANCE_TARGET_URL is set');
  }
  if ((env.CONFORMANCE_CUSTOM_LIMIT_KEY === undefined) !== (env.CONFORMANCE_CUSTOM_LIMIT === undefined)) {
    throw new ConfigError('CONFORMANCE_CUSTOM_LIMIT: set both CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT, or neither');
  }
  for (const name of ['CONFORMANCE_REFERENCE_FAULTS', 'CONFORMANCE_REFERENCE_VARIANTS', 'CONFORMANCE_REFERENCE_RATE_WINDOW_S'] as const) {
    if (env.CONFORMANCE_TARGET_URL !== undefined && env[name] !== undefined) {
      throw new ConfigError(`${name}: only applies to the embedded reference server; unset CONFORMANCE_TARGET_URL`);
    }
  }
  const limitedKeys = splitList(env.CONFORMANCE_LIMITED_KEYS);
  const load = parseLoadSettings(env);
  return {
    targetUrl: env.CONFORMANCE_TARGET_URL ?? null,
    keys: {
      admin: env.CONFORMANCE_ADMIN_KEY,
      member: env.CONFORMANCE_MEMBER_KEY,
      otherOrg: env.CONFORMANCE_OTHER_ORG_KEY,
      limited: env.CONFORMANCE_LIMITED_KEY,
      customLimit: env.CONFORMANCE_CUSTOM_LIMIT_KEY,
    },
    limitedKeys: limitedKeys.length > 0 ? limitedKeys : env.CONFORMANCE_LIMITED_KEY !== undefined ? [env.CONFORMANCE_LIMITED_KEY] : [],
    customLimit: env.CONFORMANCE_CUSTOM_LIMIT,
    projectId: env.CONFORMANCE_PROJECT_ID,
    versionId: env.CONFORMANCE_VERSION_ID,
    otherProjectId: env.CONFORMANCE_OTHER_PROJECT_ID,
    sink: {
      host: env.CONFORMANCE_SINK_HOST ?? DEFAULTS.sinkHost,
      port: env.CONFORMANCE_SINK_PORT ?? DEFAULTS.sinkPort,
      publicUrl: env.CONFORMANCE_SINK_PUBLIC_URL,
    },
    webhookWaitS: env.CONFORMANCE_WEBHOOK_WAIT_S ?? DEFAULTS.webhookWaitS,
    listSettleS: env.CONFORMANCE_LIST_SETTLE_S ?? DEFAULTS.listSettleS,
    requestTimeoutMs: env.CONFORMANCE_REQUEST_TIMEOUT_MS ?? DEFAULTS.requestTimeoutMs,
    maxResponseBytes: atLeast('CONFORMANCE_MAX_RESPONSE_BYTES', env.CONFORMANCE_MAX_RESPONSE_BYTES ?? DEFAULTS.maxResponseBytes, MIN_RESPONSE_BYTES),
    breakerFailures: env.CONFORMANCE_BREAKER_FAILURES ?? DEFAULTS.breakerFailures,
    outageWaitS: env.CONFORMANCE_OUTAGE_WAIT_S ?? DEFAULTS.outageWaitS,
    runDeadlineS: env.CONFORMANCE_RUN_DEADLINE_S ?? DEFAULTS.runDeadlineS,
    concurrency: atMost('CONFORMANCE_CONCURRENCY', env.CONFORMANCE_CONCURRENCY ?? DEFAULTS.concurrency, MAX_CONCURRENCY),
    seed: env.CONFORMANCE_SEED ?? randomSeed(),
    numRuns: env.CONFORMANCE_NUM_RUNS ?? DEFAULTS.numRuns,
    suites: (suites.length > 0 ? suites : [...DOMAINS]) as Domain[],
    allSuites: DOMAINS.every((d) => suites.length === 0 || suites.includes(d)),
    failOnIncomplete: env.CONFORMANCE_FAIL_ON_INCOMPLETE ?? false,
    throttleBudgetS: env.CONFORMANCE_THROTTLE_BUDGET_S ?? DEFAULTS.throttleBudgetS,
    paced: env.CONFORMANCE_PACED ?? false,
    skipDoctor: env.CONFORMANCE_SKIP_DOCTOR ?? false,
    har: env.CONFORMANCE_HAR ?? false,
    expectedFailuresPath: env.CONFORMANCE_EXPECTED_FAILURES,
    reportDir: env.CONFORMANCE_REPORT_DIR ?? DEFAULTS.reportDir,
    referenceFaults: splitList(env.CONFORMANCE_REFERENCE_FAULTS),
    referenceVariants: splitList(env.CONFORMANCE_REFERENCE_VARIANTS),
    referenceRateWindowS: env.CONFORMANCE_REFERENCE_RATE_WINDOW_S,
    requirements,
    load,
  };
}

/** More would open connections by the hundred (two workers, each with this many checks, each sending this many requests). */
const MAX_CONCURRENCY = 32;

/** Below this even an error body or one record may not fit: the bound would fail correct targets. */
const MIN_RESPONSE_BYTES = 4096;

function atLeast(name: string, value: number, min: number): number {
  if (value < min) throw new ConfigError(`${name}: at least ${min} (got ${value})`);
  return value;
}

function atMost(name: string, value: number, max: number): number {
  if (value > max) throw new ConfigError(`${name}: at most ${max} (got ${value})`);
  return value;
}

function oneOf<T extends string>(name: string, value: string | undefined, known: readonly T[]): T[] {
  const picked = splitList(value);
  for (const item of picked) {
    if (!(known as readonly string[]).includes(item)) throw new ConfigError(`${name}: unknown value "${item}" (known: ${known.join(', ')})`);
  }
  return (picked.length > 0 ? [...new Set(picked)] : [...known]) as T[];
}

function parseLoadSettings(env: Env): LoadSettings {
  const concurrency = splitList(env.CONFORMANCE_LOAD_CONCURRENCY).map((item) => {
    if (!/^[0-9]+$/.test(item) || Number(item) < 1) {
      throw new ConfigError(`CONFORMANCE_LOAD_CONCURRENCY: expected comma-separated whole numbers greater than 0 (got ${JSON.stringify(item)})`);
    }
    return atMost('CONFORMANCE_LOAD_CONCURRENCY', Number(item), LOAD_MAX.connections);
  });
  const burstRequests = atMost('CONFORMANCE_LOAD_BURST_REQUESTS', env.CONFORMANCE_LOAD_BURST_REQUESTS ?? LOAD_DEFAULTS.burstRequests, LOAD_MAX.burstRequests);
  const burstConnections = atMost('CONFORMANCE_LOAD_BURST_CONNECTIONS', env.CONFORMANCE_LOAD_BURST_CONNECTIONS ?? LOAD_DEFAULTS.burstConnections, LOAD_MAX.connections);
  const sustainedS = atMost('CONFORMANCE_LOAD_SUSTAINED_S', env.CONFORMANCE_LOAD_SUSTAINED_S ?? LOAD_DEFAULTS.sustainedS, LOAD_MAX.sustainedS);
  return {
    scenarios: oneOf('CONFORMANCE_LOAD_SCENARIOS', env.CONFORMANCE_LOAD_SCENARIOS, LOAD_SCENARIOS),
    burstRequests,
    // More connections than requests would leave some idle.
    burstConnections: Math.min(burstConnections, burstRequests),
    sustainedS,
    sustainedPerMin: env.CONFORMANCE_LOAD_SUSTAINED_PER_MIN ?? LOAD_DEFAULTS.sustainedPerMin,
    stepS: atMost('CONFORMANCE_LOAD_STEP_S', env.CONFORMANCE_LOAD_STEP_S ?? LOAD_DEFAULTS.stepS, LOAD_MAX.stepS),
    concurrency: concurrency.length > 0 ? [...new Set(concurrency)] : [...LOAD_DEFAULTS.concurrency],
    endpoints: oneOf('CONFORMANCE_LOAD_ENDPOINTS', env.CONFORMANCE_LOAD_ENDPOINTS, LOAD_ENDPOINTS),
    maxCreatesPerStep: env.CONFORMANCE_LOAD_MAX_CREATES ?? LOAD_DEFAULTS.maxCreatesPerStep,
    freshWaitS: env.CONFORMANCE_LOAD_WAIT_S ?? LOAD_DEFAULTS.freshWaitS,
  };
}
