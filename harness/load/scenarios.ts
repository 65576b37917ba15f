import type { Config, LoadEndpoint, LoadScenarioId, LoadSettings } from '../config/schema.js';
import { PACED_REQUESTS, SPEC_PACED_RUN_MS } from '../rate/smoothing.js';
import { FRESH_PROBES_PER_KEY } from './fresh-windows.js';
import { rampRequests, type Stage } from '../config/stages.js';

/*
 * The load scenarios as data: what each sends, with which keys, and the bounds it never exceeds.
 * The runner (run.ts) interprets them; nothing here touches the network.
 */

/** Which configured keys a scenario uses; resolved by `resolveKeys`. */
export type KeySelection =
  | { readonly role: 'admin' }
  /** `first`: the limited key; `spare`: another limited key when there is one; `all`: every limited key. */
  | { readonly role: 'limited'; readonly which: 'first' | 'spare' | 'all' };

export interface Bounds {
  /** Requests the scenario sends at most, probes and cleanup included. */
  readonly maxRequests: number;
  /** Wall time after which the runner stops the scenario and records an error. */
  readonly maxDurationMs: number;
}

interface ScenarioBase {
  readonly id: LoadScenarioId;
  /** What must hold, as the report shows it. */
  readonly name: string;
  readonly keys: KeySelection;
  readonly bounds: Bounds;
  /**
   * Runs beside the scenarios after it (it mostly waits between requests); a later scenario
   * that shares a key waits for it.
   */
  readonly background: boolean;
}

/** Scenarios 1 and 2: fire `requestsPerKey` at once on every key of a fresh window. */
export interface BurstScenario extends ScenarioBase {
  readonly kind: 'burst';
  readonly path: string;
  readonly requestsPerKey: number;
  readonly connectionsPerKey: number;
  readonly freshWaitMs: number;
}

/** Scenario 3: a fixed arrival rate just under the limit, for a while; no 429 allowed. */
export interface SustainedScenario extends ScenarioBase {
  readonly kind: 'sustained';
  readonly path: string;
  readonly ratePerMin: number;
  readonly durationS: number;
  readonly freshWaitMs: number;
}

export interface ThroughputStep {
  readonly endpoint: LoadEndpoint;
  /** Closed model: connections each sending when the last answer came. 0 for a ramp (open model). */
  readonly connections: number;
  readonly durationS: number;
  /** A step stops after this many requests even before its time is up (creates leave records behind). */
  readonly maxRequests: number;
  /** A ramp (CONFORMANCE_LOAD_STAGES): requests start on the stages' schedule (schedule.ts rampOffsets), not over connections. */
  readonly stages?: readonly Stage[];
}

/** Scenario 4: measurement only, on the admin key. */
export interface ThroughputScenario extends ScenarioBase {
  readonly kind: 'throughput';
  readonly steps: readonly ThroughputStep[];
}

export type Scenario = BurstScenario | SustainedScenario | ThroughputScenario;

/** Every burst and sustained request is this cheap read (spec 4.1: limit 1 to 100). */
export const PROBE_PATH = '/contacts?limit=1';

/** The throughput endpoints (spec 4.1). */
export const ENDPOINTS: Readonly<Record<LoadEndpoint, { readonly method: 'GET' | 'POST'; readonly label: string }>> = {
  list: { method: 'GET', label: 'GET /contacts?limit=20' },
  get: { method: 'GET', label: 'GET /contacts/{id}' },
  create: { method: 'POST', label: 'POST /contacts' },
};

/** Reads are bounded too, generously: 100 000 requests a second is more than any step reaches. */
const READ_REQUESTS_PER_SECOND_BOUND = 100_000;
/**
 * What the throughput steps may wait, in all, for the admin key's window to come back when too
 * little of it is left for the next step (run.ts): two of the spec's minutes and some margin.
 */
export const THROUGHPUT_WAIT_MS = 2 * 65_000;
/** Margin on top of the computed durations: process start, slow answers, cleanup. */
const SLACK_MS = 30_000;

/**
 * The scenarios of a run, in report order (1 to 4), from the settings. Execution order differs
 * (`executionOrder`).
 */
export function buildScenarios(settings: LoadSettings, requestTimeoutMs: number): Scenario[] {
  const freshWaitMs = settings.freshWaitS * 1000;
  // A key that admits fewer than its budget with short refusals gets a paced run (run.ts, a smoothing limiter).
  const pacedMs = SPEC_PACED_RUN_MS + requestTimeoutMs;
  const burstDurationMs = freshWaitMs + Math.ceil(settings.burstRequests / settings.burstConnections) * requestTimeoutMs + pacedMs + SLACK_MS;
  const all: Scenario[] = [
    {
      id: 'burst',
      kind: 'burst',
      name:
        `MUST admit exactly the key's budget of a burst of ${settings.burstRequests} requests over ${settings.burstConnections} connections, and refuse the rest with 429 and Retry-After` +
        ' (a smoothing limiter may admit fewer, asking for a short wait, if it then admits a paced run)',
      keys: { role: 'limited', which: 'first' },
      path: PROBE_PATH,
      requestsPerKey: settings.burstRequests,
      connectionsPerKey: settings.burstConnections,
      freshWaitMs,
      background: false,
      // The burst, the probes of its fresh-window wait (fresh-windows.ts) and a paced run, twice:
      // a burst one over its tolerance is repeated once (run.ts).
      bounds: { maxRequests: 2 * (settings.burstRequests + FRESH_PROBES_PER_KEY + PACED_REQUESTS), maxDurationMs: 2 * burstDurationMs },
    },
    {
      id: 'keys',
      kind: 'burst',
      name: `MUST give each limited key its own limit: ${settings.burstRequests} requests on every key at once admit each key's budget`,
      keys: { role: 'limited', which: 'all' },
      path: PROBE_PATH,
      requestsPerKey: settings.burstRequests,
      connectionsPerKey: settings.burstConnections,
      freshWaitMs,
      background: false,
      // Per key; the runner multiplies by the number of keys.
      bounds: { maxRequests: 2 * (settings.burstRequests + FRESH_PROBES_PER_KEY + PACED_REQUESTS), maxDurationMs: 2 * (burstDurationMs + freshWaitMs) },
    },
    {
      id: 'sustained',
      kind: 'sustained',
      name: `MUST NOT refuse a steady ${settings.sustainedPerMin}/min (fixed arrival rate) for ${settings.sustainedS} s on a key with the default limit`,
      keys: { role: 'limited', which: 'spare' },
      path: PROBE_PATH,
      ratePerMin: settings.sustainedPerMin,
      durationS: settings.sustainedS,
      freshWaitMs,
      background: true,
      bounds: {
        maxRequests: Math.floor((settings.sustainedS * settings.sustainedPerMin) / 60) + FRESH_PROBES_PER_KEY,
        maxDurationMs: freshWaitMs + settings.sustainedS * 1000 + requestTimeoutMs + SLACK_MS,
      },
    },
    throughputScenario(settings, requestTimeoutMs),
  ];
  return all.filter((s) => settings.scenarios.includes(s.id));
}

function throughputScenario(settings: LoadSettings, requestTimeoutMs: number): ThroughputScenario {
  // Reads first, creates last, so the list and get steps see the store as it was.
  const steps: ThroughputStep[] = [];
  for (const endpoint of settings.endpoints) {
    for (const connections of settings.concurrency) {
      const maxRequests = endpoint === 'create' ? settings.maxCreatesPerStep : settings.stepS * READ_REQUESTS_PER_SECOND_BOUND;
      // autocannon gives every connection at least one request of the step's budget.
      steps.push({ endpoint, connections: Math.min(connections, maxRequests), durationS: settings.stepS, maxRequests });
    }
    // A ramp after the steps of each read: a schedule job sends GETs only, and creates keep their bounded steps.
    if (settings.stages.length > 0 && endpoint !== 'create') {
      const durationS = settings.stages.reduce((sum, st) => sum + st.durationS, 0);
      steps.push({ endpoint, connections: 0, durationS, maxRequests: rampRequests(settings.stages), stages: settings.stages });
    }
  }
  const order: Record<LoadEndpoint, number> = { list: 0, get: 1, create: 2 };
  steps.sort((a, b) => order[a.endpoint] - order[b.endpoint]);
  const creates = steps.filter((s) => s.endpoint === 'create').reduce((sum, s) => sum + s.maxRequests, 0);
  const reads = steps.filter((s) => s.endpoint !== 'create').reduce((sum, s) => sum + s.maxRequests, 0);
  const cleanupMs = Math.max(60_000, creates * 20);
  return {
    id: 'throughput',
    kind: 'throughput',
    name:
      `Throughput and latency of ${settings.endpoints.join(', ')} on the admin key at ${settings.concurrency.join(', ')} connections` +
      `${settings.stages.length > 0 ? `, then a ramp of ${stagesText(settings.stages)}` : ''} (measurement)`,
    keys: { role: 'admin' },
    steps,
    background: false,
    bounds: {
      // Reads, creates, their deletes, the fixture of `get` and its delete, the sweep's lists, and
      // the budget probe before each step (twice when it waits for the key's window).
      maxRequests: reads + 2 * creates + 2 + 50 + 2 * steps.length,
      maxDurationMs: steps.reduce((sum, st) => sum + 2 * requestTimeoutMs + st.durationS * 1000, 0) + THROUGHPUT_WAIT_MS + cleanupMs + SLACK_MS,
    },
  };
}

/** `0→20/s in 30 s, →50/s in 60 s`: a ramp's stages as the report names them. */
export function stagesText(stages: readonly Stage[]): string {
  return stages.map((st, i) => `${i === 0 ? '0' : ''}→${st.target}/s in ${st.durationS} s`).join(', ');
}

/**
 * The order scenarios start in: `keys` first, while every limited key is still fresh; then the
 * sustained run in the background on a spare key; the single-key burst once its key's window is
 * fresh again; throughput last (it does not touch limited keys). Against the embedded reference
 * with three limited keys the whole run takes about sustainedS + 60 s instead of adding up.
 *
 * No two scenarios that share a key ever run at once (run.ts waits), and each waits for a fresh
 * window on its keys; the order decides what that wait costs. When the burst and the sustained run
 * share their key (a single limited key, `keysOf`), the burst goes first: its requests leave every
 * limiter's window together (a sliding log lets them go all at once a window later), so the
 * sustained run waits at most a window. The other way round, the sustained run's requests, spread
 * over its whole length, leave a sliding log one by one, and the burst would wait out the moment
 * the headers name and then a full window after its own probe.
 */
export function executionOrder(scenarios: readonly Scenario[], keysOf: (scenario: Scenario) => readonly string[] = () => []): Scenario[] {
  const burst = scenarios.find((s) => s.id === 'burst');
  const sustained = scenarios.find((s) => s.id === 'sustained');
  const shared = burst !== undefined && sustained !== undefined && keysOf(burst).some((k) => keysOf(sustained).includes(k));
  const rank: Record<LoadScenarioId, number> = shared ? { keys: 0, burst: 1, sustained: 2, throughput: 3 } : { keys: 0, sustained: 1, burst: 2, throughput: 3 };
  return [...scenarios].sort((a, b) => rank[a.id] - rank[b.id]);
}

/** The keys of `scenario` that earlier scenarios (in execution order) used, by scenario. */
export function sharedKeys(
  order: readonly Scenario[],
  scenario: Scenario,
  keysOf: (scenario: Scenario) => readonly string[],
): Array<{ id: LoadScenarioId; keys: string[] }> {
  const mine = keysOf(scenario);
  const earlier = order.slice(0, order.indexOf(scenario));
  return earlier.map((s) => ({ id: s.id, keys: keysOf(s).filter((k) => mine.includes(k)) })).filter((s) => s.keys.length > 0);
}

export interface ResolvedKey {
  /** How reports name the key: never the key itself. */
  readonly label: string;
  readonly key: string;
}

export type KeyResolution = { readonly ok: true; readonly keys: readonly ResolvedKey[] } | { readonly ok: false; readonly reason: string };

/** The configured keys a selection names; a missing key makes the scenario skipped with the reason. */
export function resolveKeys(selection: KeySelection, config: Pick<Config, 'keys' | 'limitedKeys'>): KeyResolution {
  if (selection.role === 'admin') {
    return config.keys.admin === undefined
      ? { ok: false, reason: 'CONFORMANCE_ADMIN_KEY is not set' }
      : { ok: true, keys: [{ label: 'admin key', key: config.keys.admin }] };
  }
  const limited = [...config.limitedKeys];
  if (config.keys.limited !== undefined && !limited.includes(config.keys.limited)) limited.unshift(config.keys.limited);
  if (limited.length === 0) return { ok: false, reason: 'neither CONFORMANCE_LIMITED_KEY nor CONFORMANCE_LIMITED_KEYS is set' };
  const labelled = limited.map((key, i) => ({ label: `limited key ${i + 1} of ${limited.length}`, key }));
  const first = labelled.find((k) => k.key === config.keys.limited) ?? labelled[0]!;
  if (selection.which === 'all') return { ok: true, keys: labelled };
  if (selection.which === 'first') return { ok: true, keys: [first] };
  // The last limited key that is not the burst's, so the two can overlap in time.
  const spare = [...labelled].reverse().find((k) => k.key !== first.key) ?? first;
  return { ok: true, keys: [spare] };
}
