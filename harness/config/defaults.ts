/*
 * What a run may select and what it uses when a variable is unset, with the reason for each value.
 * The settings table (settings.ts) shows these values in .env.example, the docs and --help; the
 * schema (schema.ts) applies them.
 */

/** Domains a run can select with CONFORMANCE_SUITES; one suite file each. */
export const DOMAINS = [
  'rate-limit',
  'auth',
  'contacts',
  'time-entries',
  'batch',
  'expenses',
  'rates',
  'resources',
  'allocations',
  'tasks',
  'milestones',
  'reports',
  'security',
  'webhooks',
  'sequences',
] as const;
export type Domain = (typeof DOMAINS)[number];

/** Load harness scenarios (`conformance load`), selectable with CONFORMANCE_LOAD_SCENARIOS. */
export const LOAD_SCENARIOS = ['burst', 'keys', 'sustained', 'throughput'] as const;
export type LoadScenarioId = (typeof LOAD_SCENARIOS)[number];
/** Endpoints the throughput scenario measures, selectable with CONFORMANCE_LOAD_ENDPOINTS. */
export const LOAD_ENDPOINTS = ['list', 'get', 'create'] as const;
export type LoadEndpoint = (typeof LOAD_ENDPOINTS)[number];

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
  // file (more workers when distant, harness/runner/latency.ts) bring that to 1.4x the local time
  // (npm run bench); more gained nothing measurable there, and keeps fewer connections open.
  concurrency: 8,
  // CONFORMANCE_CONCURRENCY unset, from 40 ms away (harness/runner/latency.ts FILE_BUDGET): there a
  // file's time is its requests over this budget, a round trip each (the expenses file's 1,300
  // requests through 8 places need 8 s at 50 ms). Over https it stays 8: each place may open a
  // connection, and a handshake costs the target CPU; through the bench's TLS proxy on a busy
  // 2-core machine 8 workers x 16 left some 50 checks without an answer for 10 s, x 8 four.
  farConcurrency: 16,
  farTlsConcurrency: 8,
  // Beyond the pacing the keys' advertised limits already impose (the run stays under them), two
  // whole minutes of 429s: two windows of spec 8's per-minute limit. A key still refused after
  // that is limited below what it advertises or shared with someone else, not briefly unlucky.
  throttleBudgetS: 120,
  numRuns: 20,
  // The exploration (suites/sequences.test.ts): 40 random sequences of up to 12 operations, within
  // 15 s. Against the embedded reference 40 take about 5 s; against a distant or lagging target
  // the time bound ends it first (a pass on the sequences made, which the report counts).
  sequences: 40,
  sequencesS: 15,
  reportDir: 'reports',
  sinkHost: '127.0.0.1',
  sinkPort: 0,
} as const;

/** What sends the load scenarios' traffic (CONFORMANCE_LOAD_ENGINE). */
export const LOAD_ENGINES = ['node', 'locust'] as const;
export type LoadEngine = (typeof LOAD_ENGINES)[number];

export const LOAD_DEFAULTS = {
  engine: 'node',
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

export const LOCUST_DEFAULTS = {
  // Two workers on one machine already show whether adding senders adds throughput; a cluster says more.
  workers: 2,
  masterHost: '127.0.0.1',
  // Local workers reach the master on loopback; workers on other machines need it on every interface.
  masterBind: '127.0.0.1',
  externalMasterBind: '0.0.0.0',
  // Locust's own default master port: the port a cluster's firewall rules and manifests expect.
  masterPort: 5557,
  // Starting a worker machine, or a pod pulling its image, takes tens of seconds; two minutes
  // covers that, yet a worker that never comes ends the run within a few minutes.
  workerWaitS: 120,
  // Debian's python3-locust installs for Debian's own interpreter, which a pyenv python3 first on
  // PATH would hide.
  debianPython: '/usr/bin/python3',
  python: 'python3',
} as const;

export const LOCUST_MAX = { workers: 1000, workerWaitS: 3600 } as const;

/** Upper bounds that keep a mistyped value from turning a load run into an attack on the target. */
export const LOAD_MAX = { burstRequests: 10_000, connections: 1000, sustainedS: 3600, stepS: 600 } as const;

/** More would open connections by the hundred (two workers, each with this many checks, each sending this many requests). */
export const MAX_CONCURRENCY = 32;

/** Below this even an error body or one record may not fit: the bound would fail correct targets. */
export const MIN_RESPONSE_BYTES = 4096;
