import { availableParallelism } from 'node:os';
import { splitUrl } from '../harness/load/burst.js';
import { NodeEngine, type JobResult, type LoadEngine } from '../harness/load/engine.js';
import { LocustEngine } from '../harness/load/locust/engine.js';
import type { ThroughputStep } from '../harness/load/scenarios.js';
import type { Job } from '../harness/load/tally.js';
import { tallyOfKey } from '../harness/load/tally-merge.js';
import { throughputStepOf } from '../harness/load/throughput.js';

/*
 * Engines side by side: the same GET /contacts/{id} throughput job (one key, the admin key) sent
 * by the Node engine, by Locust with one worker and by Locust with two, against one reference
 * server in its own process, in alternating rounds. Every figure comes from the engine's tally
 * through the judge's own code (tally-merge.ts, throughputStepOf), so the engines are measured
 * the way a load run reports them. Each Locust engine is started once and reused for its rounds.
 */

const TIMEOUT_MS = 10_000;
const WORKER_WAIT_MS = 30_000;

/** Something that runs a throughput job and hands back its tallies: the Node engine or a Locust master. */
interface Sender {
  readonly name: string;
  /** Node's version, or Locust's. */
  readonly version: string;
  run(job: Job, origin: string): Promise<Pick<JobResult, 'workers' | 'tallies'>>;
  close(): Promise<void>;
}

function nodeSender(keys: readonly string[]): Sender {
  const engine: LoadEngine = new NodeEngine();
  return {
    name: 'node',
    version: engine.version,
    run: (job, origin) => engine.runJob(job, keys, { origin }),
    close: () => engine.close(),
  };
}

async function locustSender(keys: readonly string[], workers: number): Promise<Sender> {
  const engine = await LocustEngine.start({ workers, keys, workerWaitMs: WORKER_WAIT_MS });
  return {
    name: `locust-${workers}`,
    version: engine.locustVersion,
    run: (job, origin) => engine.runJob(job, origin),
    close: () => engine.close(),
  };
}

export interface EngineRound {
  /** req/s of each sender in this round, by name (node, locust-1, locust-2). */
  readonly rps: Readonly<Record<string, number>>;
  /** Locust with two workers: each worker's share of the answers in this round. */
  readonly locust2Shares: readonly number[];
}

export interface EngineFigures {
  readonly rounds: readonly EngineRound[];
  readonly nodeRps: number;
  readonly locust1Rps: number;
  readonly locust2Rps: number;
  /** Locust with 2 workers over the Node engine. */
  readonly locust2OverNode: number;
  /** Locust with 2 workers over Locust with 1: what a second worker adds. */
  readonly locust2OverLocust1: number;
  readonly locustVersion: string;
  readonly connections: number;
  readonly durationS: number;
  readonly cores: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One throughput job through `sender`: its req/s as a load run's report would show it, and each worker's answers. */
async function measure(sender: Sender, job: Extract<Job, { kind: 'throughput' }>, origin: string): Promise<{ rps: number; shares: number[] }> {
  const result = await sender.run(job, origin);
  const { tally, workers } = tallyOfKey(result, job.keyIndex, job.bucketMs);
  const step: ThroughputStep = { endpoint: 'get', connections: job.connections, durationS: job.durationS, maxRequests: job.maxRequests };
  const record = throughputStepOf(step, tally);
  if (record.non2xx > 0 || record.errors > 0) {
    throw new Error(
      `${sender.name}: the throughput job saw ${record.non2xx} non-2xx answers and ${record.errors} errors (${JSON.stringify(record.statusCounts)})`,
    );
  }
  if (record.requests === 0) throw new Error(`${sender.name}: the throughput job got no answer`);
  // No non-2xx answer: the step measured the endpoint, so its req/s is there.
  return { rps: record.requestsPerSecond!, shares: workers.map((w) => w.admitted) };
}

/**
 * Runs the job `rounds` times on each sender (node, locust-1, locust-2 in turn, after one short
 * warm-up each) against `baseUrl` (the reference's `/api/v1`), reading contact `contactId` with `key`.
 */
export async function measureEngines(
  baseUrl: string,
  key: string,
  contactId: string,
  options: { readonly connections: number; readonly durationS: number; readonly rounds: number },
): Promise<EngineFigures> {
  const target = splitUrl(baseUrl, `/contacts/${encodeURIComponent(contactId)}`);
  const job = (id: string, durationS: number): Extract<Job, { kind: 'throughput' }> => ({
    kind: 'throughput',
    id,
    keyIndex: 0,
    method: 'GET',
    path: target.path,
    body: null,
    connections: options.connections,
    durationS,
    maxRequests: Number.MAX_SAFE_INTEGER,
    timeoutMs: TIMEOUT_MS,
    bucketMs: 1000,
  });
  const keys = [key];
  const senders: Sender[] = [];
  try {
    senders.push(nodeSender(keys));
    for (const workers of [1, 2]) {
      const sender = await locustSender(keys, workers);
      senders.push(sender);
    }
    // A short job each first: it warms the server, the JIT and the senders' connections.
    for (const sender of senders) await measure(sender, job(`bench-warmup-${sender.name}`, 1), target.origin);
    const rounds: EngineRound[] = [];
    for (let i = 0; i < options.rounds; i++) {
      const rps: Record<string, number> = {};
      let locust2Shares: number[] = [];
      for (const sender of senders) {
        const measured = await measure(sender, job(`bench-${sender.name}-${i + 1}`, options.durationS), target.origin);
        rps[sender.name] = measured.rps;
        if (sender.name === 'locust-2') locust2Shares = measured.shares;
      }
      rounds.push({ rps, locust2Shares });
    }
    const of = (name: string): number => median(rounds.map((r) => r.rps[name]!));
    const nodeRps = of('node');
    const locust1Rps = of('locust-1');
    const locust2Rps = of('locust-2');
    return {
      rounds,
      nodeRps,
      locust1Rps,
      locust2Rps,
      locust2OverNode: locust2Rps / nodeRps,
      locust2OverLocust1: locust2Rps / locust1Rps,
      locustVersion: senders[1]!.version,
      connections: options.connections,
      durationS: options.durationS,
      cores: availableParallelism(),
    };
  } finally {
    // Every sender started is closed, even when one failed to start or a job failed.
    await Promise.allSettled(senders.map((s) => s.close()));
  }
}

/** The bench's lines for these figures. */
export function formatEngines(f: EngineFigures): string {
  const row = (label: string, rps: number): string => `  ${label.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s`;
  return [
    `load engines side by side: GET /contacts/{id} on one reference server (own process), ${f.connections} connections, ${f.durationS} s each, ${f.rounds.length} alternating rounds (median):`,
    row('Node engine (autocannon)', f.nodeRps),
    row(`Locust ${f.locustVersion}, 1 worker`, f.locust1Rps),
    row(`Locust ${f.locustVersion}, 2 workers`, f.locust2Rps),
    ...f.rounds.map(
      (r, i) =>
        `    round ${i + 1}: node ${r.rps['node']!.toFixed(0)}, locust-1 ${r.rps['locust-1']!.toFixed(0)}, locust-2 ${r.rps['locust-2']!.toFixed(0)} (answers per worker ${r.locust2Shares.join(' + ')})`,
    ),
    `  ratio Locust-2/Node: ${(f.locust2OverNode * 100).toFixed(1)}%; Locust-2/Locust-1: ${f.locust2OverLocust1.toFixed(2)}x ` +
      `(all on this ${f.cores}-core machine with the server: the workers, the master and the server share the cores, ` +
      'so a second worker here adds less than a second machine would; a Python worker is slower per core than Node)',
    '',
  ].join('\n');
}
