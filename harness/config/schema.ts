import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { isRequirementId } from '../spec/requirements.js';
import { readCaFile } from './ca-file.js';
import { parseStages, type Stage } from './stages.js';
import { parseThreshold, parseThresholdsFile, splitThresholds, type Threshold } from './thresholds.js';
import { emptySelection } from './selection.js';
import {
  DEFAULTS,
  DOMAINS,
  LOAD_DEFAULTS,
  LOAD_ENDPOINTS,
  LOAD_ENGINES,
  LOAD_MAX,
  LOAD_SCENARIOS,
  LOCUST_DEFAULTS,
  MAX_CONCURRENCY,
  MIN_RESPONSE_BYTES,
} from './defaults.js';
import type { Domain, LoadEndpoint, LoadEngine, LoadScenarioId } from './defaults.js';
import { SETTINGS, type SettingEntry } from './settings.js';

export { DEFAULTS, DOMAINS, LOAD_DEFAULTS, LOAD_ENDPOINTS, LOAD_SCENARIOS, LOCUST_DEFAULTS } from './defaults.js';
export type { Domain, LoadEndpoint, LoadEngine, LoadScenarioId } from './defaults.js';

type EnvShape = { [E in SettingEntry as E['name']]: ReturnType<E['kind']['schema']> };

/**
 * The public configuration interface (spec of the CLI): these names are stable. One field per
 * entry of the settings table (settings.ts), validated by that entry's kind.
 */
export const envSchema = z.object(Object.fromEntries(SETTINGS.map((s) => [s.name, s.kind.schema(s.name)])) as EnvShape);
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
  /**
   * How the clients reach the target (harness/http/network.ts): CONFORMANCE_CA_FILE, and whether
   * HTTP(S)_PROXY / NO_PROXY apply (not to the embedded server, which is on loopback).
   */
  readonly network: { readonly caFile?: string | undefined; readonly viaProxy: boolean };
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
  /**
   * CONFORMANCE_CONCURRENCY: checks of a suite file in flight at once, and requests one check sends
   * at once; undefined when not set: the runner chooses it by the target's distance (harness/runner/latency.ts).
   */
  readonly concurrency: number | undefined;
  readonly seed: number;
  readonly numRuns: number;
  /** CONFORMANCE_SEQUENCES, CONFORMANCE_SEQUENCES_S and CONFORMANCE_SEQUENCES_SHRINK_S: the exploration's sequences, time bound and shrinking bound. */
  readonly sequences: { readonly count: number; readonly seconds: number; readonly shrinkSeconds: number };
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
  /** CONFORMANCE_REFERENCE (--reference): the embedded reference server is tested on purpose (required in CI). */
  readonly reference: boolean;
  /** CONFORMANCE_HAR: write exchanges.har beside the report. */
  readonly har: boolean;
  /** CONFORMANCE_IMAGE_DIGEST: the digest of the container image the suite runs in (a certification bundle records it). */
  readonly imageDigest?: string | undefined;
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
  /** CONFORMANCE_LOAD_ENGINE: what sends the load scenarios' traffic (`conformance load` only). */
  readonly loadEngine: LoadEngine;
  /** The Locust engine's settings (CONFORMANCE_LOAD_WORKERS, CONFORMANCE_LOCUST_*). */
  readonly locust: LocustSettings;
}

/** How the Locust engine runs: where its master listens, where its workers are. */
export interface LocustSettings {
  /** CONFORMANCE_LOAD_WORKERS: workers expected (and, unless external, started here). */
  readonly workers: number;
  /** CONFORMANCE_LOCUST_EXTERNAL_WORKERS: start none; print what to start where and wait for them. */
  readonly externalWorkers: boolean;
  /** CONFORMANCE_LOCUST_MASTER_HOST: the address workers reach the master at. */
  readonly masterHost: string;
  /** CONFORMANCE_LOCUST_MASTER_BIND: the address the master listens on. */
  readonly masterBind: string;
  readonly masterPort: number;
  /** CONFORMANCE_LOCUST_WORKER_WAIT_S: bound on the wait for the expected workers. */
  readonly workerWaitS: number;
  /** CONFORMANCE_LOCUST_PYTHON: the interpreter that runs `-m locust`. */
  readonly python: string;
  /** CONFORMANCE_LOCUST_KEYS_FILE: the workers' keys file (undefined: the run writes one of its own for local workers). */
  readonly keysFile?: string | undefined;
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
  /** CONFORMANCE_LOAD_STAGES: a ramp per read endpoint after its steps; empty: none. */
  readonly stages: readonly Stage[];
  /** CONFORMANCE_LOAD_THRESHOLDS and the file of CONFORMANCE_LOAD_THRESHOLDS_FILE, in that order. */
  readonly thresholds: readonly Threshold[];
  /** CONFORMANCE_LOAD_METRICS_PUSH: a Pushgateway URL, or undefined. */
  readonly metricsPush?: string | undefined;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Variables whose value is never shown. */
const SECRET: ReadonlySet<string> = new Set(SETTINGS.filter((s) => 'secret' in s && s.secret).map((s) => s.name));

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
    const got = SECRET.has(variable) ? '' : ` (got ${JSON.stringify(picked[variable] ?? '')})`;
    throw new ConfigError(`${message}${got}`);
  }
  const env = parsed.data;
  const suites = selection('CONFORMANCE_SUITES', env.CONFORMANCE_SUITES, `a domain: ${DOMAINS.join(', ')}`);
  for (const suite of suites) {
    if (!(DOMAINS as readonly string[]).includes(suite)) {
      throw new ConfigError(`CONFORMANCE_SUITES: unknown domain "${suite}" (known: ${DOMAINS.join(', ')})`);
    }
  }
  const requirements = selection('CONFORMANCE_REQUIREMENTS', env.CONFORMANCE_REQUIREMENTS, 'a requirement id (the catalogue in any report lists them)');
  for (const id of requirements) {
    if (!isRequirementId(id)) throw new ConfigError(`CONFORMANCE_REQUIREMENTS: unknown requirement id "${id}" (see the catalogue in any report)`);
  }
  const nothingRuns = emptySelection((suites.length > 0 ? suites : DOMAINS) as Domain[], requirements);
  if (nothingRuns !== undefined) throw new ConfigError(nothingRuns);
  if (env.CONFORMANCE_TARGET_URL !== undefined && env.CONFORMANCE_ADMIN_KEY === undefined) {
    throw new ConfigError('CONFORMANCE_ADMIN_KEY: required when CONFORMANCE_TARGET_URL is set');
  }
  if ((env.CONFORMANCE_CUSTOM_LIMIT_KEY === undefined) !== (env.CONFORMANCE_CUSTOM_LIMIT === undefined)) {
    throw new ConfigError('CONFORMANCE_CUSTOM_LIMIT: set both CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT, or neither');
  }
  if (env.CONFORMANCE_TARGET_URL !== undefined && env.CONFORMANCE_REFERENCE === true) {
    throw new ConfigError(
      'CONFORMANCE_REFERENCE (--reference) and CONFORMANCE_TARGET_URL are both set: keep the URL to test your server, or --reference to test the embedded reference server, not both',
    );
  }
  for (const name of ['CONFORMANCE_REFERENCE_FAULTS', 'CONFORMANCE_REFERENCE_VARIANTS', 'CONFORMANCE_REFERENCE_RATE_WINDOW_S'] as const) {
    if (env.CONFORMANCE_TARGET_URL !== undefined && env[name] !== undefined) {
      throw new ConfigError(`${name}: only applies to the embedded reference server; unset CONFORMANCE_TARGET_URL`);
    }
  }
  const limitedKeys = splitList(env.CONFORMANCE_LIMITED_KEYS);
  const load = parseLoadSettings(env);
  // Read now, so a missing or malformed file is a configuration error before anything is sent.
  if (env.CONFORMANCE_CA_FILE !== undefined) readCaFile(env.CONFORMANCE_CA_FILE);
  return {
    targetUrl: env.CONFORMANCE_TARGET_URL ?? null,
    network: { caFile: env.CONFORMANCE_CA_FILE, viaProxy: env.CONFORMANCE_TARGET_URL !== undefined },
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
    concurrency: env.CONFORMANCE_CONCURRENCY === undefined ? undefined : atMost('CONFORMANCE_CONCURRENCY', env.CONFORMANCE_CONCURRENCY, MAX_CONCURRENCY),
    seed: env.CONFORMANCE_SEED ?? randomSeed(),
    numRuns: env.CONFORMANCE_NUM_RUNS ?? DEFAULTS.numRuns,
    sequences: sequenceBounds(env.CONFORMANCE_SEQUENCES, env.CONFORMANCE_SEQUENCES_S, env.CONFORMANCE_SEQUENCES_SHRINK_S),
    suites: (suites.length > 0 ? suites : [...DOMAINS]) as Domain[],
    allSuites: DOMAINS.every((d) => suites.length === 0 || suites.includes(d)),
    failOnIncomplete: env.CONFORMANCE_FAIL_ON_INCOMPLETE ?? false,
    throttleBudgetS: env.CONFORMANCE_THROTTLE_BUDGET_S ?? DEFAULTS.throttleBudgetS,
    paced: env.CONFORMANCE_PACED ?? false,
    skipDoctor: env.CONFORMANCE_SKIP_DOCTOR ?? false,
    reference: env.CONFORMANCE_REFERENCE ?? false,
    har: env.CONFORMANCE_HAR ?? false,
    expectedFailuresPath: env.CONFORMANCE_EXPECTED_FAILURES,
    imageDigest: env.CONFORMANCE_IMAGE_DIGEST,
    reportDir: env.CONFORMANCE_REPORT_DIR ?? DEFAULTS.reportDir,
    referenceFaults: splitList(env.CONFORMANCE_REFERENCE_FAULTS),
    referenceVariants: splitList(env.CONFORMANCE_REFERENCE_VARIANTS),
    referenceRateWindowS: env.CONFORMANCE_REFERENCE_RATE_WINDOW_S,
    requirements,
    load,
    loadEngine: oneValue('CONFORMANCE_LOAD_ENGINE', env.CONFORMANCE_LOAD_ENGINE ?? LOAD_DEFAULTS.engine, LOAD_ENGINES),
    locust: parseLocustSettings(env),
  };
}

/** The exploration's bounds; shrinking a failure gets twice the time bound unless told. */
function sequenceBounds(count: number | undefined, seconds: number | undefined, shrinkSeconds: number | undefined): Config['sequences'] {
  const s = seconds ?? DEFAULTS.sequencesS;
  return { count: count ?? DEFAULTS.sequences, seconds: s, shrinkSeconds: shrinkSeconds ?? 2 * s };
}

function oneValue<T extends string>(name: string, value: string, known: readonly T[]): T {
  if (!(known as readonly string[]).includes(value)) throw new ConfigError(`${name}: expected ${known.join(' or ')} (got ${JSON.stringify(value)})`);
  return value as T;
}

function parseLocustSettings(env: Env): LocustSettings {
  const externalWorkers = env.CONFORMANCE_LOCUST_EXTERNAL_WORKERS ?? false;
  return {
    workers: env.CONFORMANCE_LOAD_WORKERS ?? LOCUST_DEFAULTS.workers,
    externalWorkers,
    masterHost: env.CONFORMANCE_LOCUST_MASTER_HOST ?? LOCUST_DEFAULTS.masterHost,
    masterBind: env.CONFORMANCE_LOCUST_MASTER_BIND ?? (externalWorkers ? LOCUST_DEFAULTS.externalMasterBind : LOCUST_DEFAULTS.masterBind),
    masterPort: env.CONFORMANCE_LOCUST_MASTER_PORT ?? LOCUST_DEFAULTS.masterPort,
    workerWaitS: env.CONFORMANCE_LOCUST_WORKER_WAIT_S ?? LOCUST_DEFAULTS.workerWaitS,
    python: env.CONFORMANCE_LOCUST_PYTHON ?? defaultPython(),
    keysFile: env.CONFORMANCE_LOCUST_KEYS_FILE,
  };
}

/** Debian's own interpreter when there is one: its python3-locust is not importable from another python3 first on PATH. */
export function defaultPython(): string {
  return existsSync(LOCUST_DEFAULTS.debianPython) ? LOCUST_DEFAULTS.debianPython : LOCUST_DEFAULTS.python;
}

/**
 * A narrowing list: unset (or blank) selects everything, but a value that names nothing (",")
 * is a mistake, and running everything instead would hide it.
 */
function selection(name: string, value: string | undefined, what: string): string[] {
  const picked = splitList(value);
  if (value !== undefined && picked.length === 0) {
    throw new ConfigError(`${name}: selects nothing (got ${JSON.stringify(value)}); name at least ${what}, or unset it to run everything`);
  }
  return picked;
}

function atLeast(name: string, value: number, min: number): number {
  if (value < min) throw new ConfigError(`${name}: expected a whole number of ${min} or more (got ${value})`);
  return value;
}

function atMost(name: string, value: number, max: number): number {
  if (value > max) throw new ConfigError(`${name}: expected a whole number from 1 to ${max} (got ${value})`);
  return value;
}

function oneOf<T extends string>(name: string, value: string | undefined, known: readonly T[]): T[] {
  const picked = selection(name, value, `one of ${known.join(', ')}`);
  for (const item of picked) {
    if (!(known as readonly string[]).includes(item)) throw new ConfigError(`${name}: unknown value "${item}" (known: ${known.join(', ')})`);
  }
  return (picked.length > 0 ? [...new Set(picked)] : [...known]) as T[];
}

function parseLoadSettings(env: Env): LoadSettings {
  const concurrency = splitList(env.CONFORMANCE_LOAD_CONCURRENCY).map((item) => {
    if (!/^[0-9]+$/.test(item) || Number(item) < 1) {
      throw new ConfigError(
        `CONFORMANCE_LOAD_CONCURRENCY: expected comma-separated whole numbers from 1 to ${LOAD_MAX.connections} (got ${JSON.stringify(item)})`,
      );
    }
    return atMost('CONFORMANCE_LOAD_CONCURRENCY', Number(item), LOAD_MAX.connections);
  });
  const burstRequests = atMost('CONFORMANCE_LOAD_BURST_REQUESTS', env.CONFORMANCE_LOAD_BURST_REQUESTS ?? LOAD_DEFAULTS.burstRequests, LOAD_MAX.burstRequests);
  const burstConnections = atMost(
    'CONFORMANCE_LOAD_BURST_CONNECTIONS',
    env.CONFORMANCE_LOAD_BURST_CONNECTIONS ?? LOAD_DEFAULTS.burstConnections,
    LOAD_MAX.connections,
  );
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
    stages: loadStages(env.CONFORMANCE_LOAD_STAGES),
    thresholds: loadThresholds(env.CONFORMANCE_LOAD_THRESHOLDS, env.CONFORMANCE_LOAD_THRESHOLDS_FILE),
    metricsPush: env.CONFORMANCE_LOAD_METRICS_PUSH,
  };
}

function loadStages(text: string | undefined): Stage[] {
  const parsed = parseStages([text ?? '']);
  if (!parsed.ok) throw new ConfigError(`CONFORMANCE_LOAD_STAGES: ${parsed.problem}`);
  return parsed.stages;
}

/** Thresholds from the variable, then from the file; every problem is refused in one line (exit 2). */
function loadThresholds(text: string | undefined, file: string | undefined): Threshold[] {
  const thresholds: Threshold[] = [];
  for (const item of splitThresholds(text)) {
    const parsed = parseThreshold(item);
    if (!parsed.ok) throw new ConfigError(`CONFORMANCE_LOAD_THRESHOLDS: ${parsed.problem}`);
    thresholds.push(parsed.threshold);
  }
  if (file === undefined) return thresholds;
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `CONFORMANCE_LOAD_THRESHOLDS_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give the path of a JSON file of thresholds`,
    );
  }
  const fromFile = parseThresholdsFile(content);
  if (fromFile.problems.length > 0)
    throw new ConfigError(
      `CONFORMANCE_LOAD_THRESHOLDS_FILE ${file}: ${fromFile.problems[0]}${fromFile.problems.length > 1 ? ` (and ${fromFile.problems.length - 1} more)` : ''}`,
    );
  return [...thresholds, ...fromFile.thresholds];
}
