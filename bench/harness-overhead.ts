import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runThroughputStep, stepRequest } from '../harness/load/throughput.js';

/**
 * Harness overhead: the load harness's GET-by-id throughput step (autocannon driven from our
 * code, with our latency histogram and progress hooks) against the autocannon CLI on the same
 * route, same connections and duration, alternating so drift on a noisy machine hits both.
 */
const AUTOCANNON = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));

export interface OverheadRound {
  readonly harnessRps: number;
  readonly cliRps: number;
  /** The CLI's total over its own duration, next to its per-second average. */
  readonly cliTotalRps: number;
}

export interface Overhead {
  readonly rounds: readonly OverheadRound[];
  readonly harnessRps: number;
  readonly cliRps: number;
  readonly ratio: number;
  readonly harnessP99Ms: number;
}

interface CliJson {
  readonly requests: { readonly average: number; readonly total: number };
  readonly duration: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** `autocannon -c C -d N -H x-api-key=... --json URL` in its own process; the key never reaches our output. */
export async function runAutocannonCli(url: string, key: string, connections: number, durationS: number): Promise<CliJson> {
  const child = spawn(AUTOCANNON, ['-c', String(connections), '-d', String(durationS), '-H', `x-api-key=${key}`, '--json', url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the autocannon CLI exited ${code}`);
  const json = JSON.parse(out.slice(out.indexOf('{'))) as CliJson;
  if (json.non2xx > 0 || json.errors > 0) throw new Error(`the autocannon CLI saw ${json.non2xx} non-2xx and ${json.errors} errors`);
  return json;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function measureHarnessOverhead(
  baseUrl: string,
  key: string,
  contactId: string,
  options: { readonly connections: number; readonly durationS: number; readonly rounds: number },
): Promise<Overhead> {
  const request = stepRequest('get', 'bench', contactId);
  const step = (durationS: number) => ({ endpoint: 'get' as const, connections: options.connections, durationS, maxRequests: Number.MAX_SAFE_INTEGER });
  // Warm-up of the server and of this process's JIT.
  await runThroughputStep(baseUrl, key, step(1), request, { timeoutMs: 10_000 });
  const rounds: OverheadRound[] = [];
  let p99 = 0;
  for (let i = 0; i < options.rounds; i++) {
    const harness = await runThroughputStep(baseUrl, key, step(options.durationS), request, { timeoutMs: 10_000, onTick: () => {} });
    if (harness.non2xx > 0 || harness.errors > 0) throw new Error(`the harness step saw ${harness.non2xx} non-2xx and ${harness.errors} errors`);
    // No non-2xx answer: the step measured the endpoint, so its figures are there.
    p99 = Math.max(p99, harness.latencyMs!.p99);
    const cli = await runAutocannonCli(`${baseUrl}${request.path}`, key, options.connections, options.durationS);
    rounds.push({ harnessRps: harness.requestsPerSecond!, cliRps: cli.requests.average, cliTotalRps: cli.requests.total / cli.duration });
  }
  const harnessRps = median(rounds.map((r) => r.harnessRps));
  const cliRps = median(rounds.map((r) => r.cliRps));
  return { rounds, harnessRps, cliRps, ratio: harnessRps / cliRps, harnessP99Ms: p99 };
}
