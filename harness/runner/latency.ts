import { RequestFailedError, ResponseTooLargeError } from '../errors.js';
import type { Domain } from '../config/schema.js';
import { DEFAULTS } from '../config/defaults.js';
import { ApiClient, RAW_429, type AuthStyle } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import type { TargetNetwork } from '../http/network.js';

/*
 * How far away the target is, and how many workers the run gives the suites for it:
 * every request waits a round trip, so a distant target needs more requests in flight for the
 * run to take about as long as against a near one; a near one gains nothing from more workers
 * on a 2-core machine, where they would compete with the embedded server for the CPU.
 */

/** A round trip at least this long is a target elsewhere (loopback answers in a millisecond or two). */
export const DISTANT_MS = 5;
/** A round trip at least this long is a target across a wide network (another region, a vendor's sandbox). */
export const FAR_MS = 40;
/** A round trip at least this long is a target across an ocean: its chains outweigh the CPU of more workers. */
export const FARTHER_MS = 80;
/**
 * Workers for the functional suites: near; distant; far and farther, unless the target takes few
 * requests at once (CONFORMANCE_CONCURRENCY below its default: a distant run's count).
 * A worker costs CPU once (it loads the harness and the suites' modules), then mostly waits for
 * answers: far away a file's length is its longest chain of dependent round trips, and a
 * worker's the sum of its files'; the more files run at once, the closer the run comes to its
 * longest file. Measured (bench, the 13 functional files but the exploration, a quiet 2-core
 * machine, 8.3 s locally): 4 workers 14.0, 24.1 and 42.8 s 20, 50 and 100 ms away; 8 workers
 * 15.6, 17.1 and 28.4 s: 20 ms away the CPU the extra workers take costs more than their
 * overlap gains. 16 workers opened twice the connections, and over TLS (a handshake each)
 * through a proxy on a busy machine some requests then went unanswered for 10 s; so did 8
 * workers with 16 checks of a file at once, where 8 with 8 passed. Issue 32, once the chains
 * were short (all 14 functional files, paired runs on a 2-core machine): 50 ms away 6 workers
 * beat 8 in 6 pairs of 6 (18.2 to 20.4 s against 19.2 to 22.8 s, 2 CPU-s less: each worker's
 * start-up is about 1 CPU-s); 100 ms away 8 beat 6 in 3 of 3 (22.7 to 23.0 s against 23.6 to
 * 25.4 s); 4 took 30.5 and 31.2 s there.
 */
export const FUNCTIONAL_WORKERS = { near: 2, distant: 4, far: 6, farther: 8 } as const;

/**
 * Requests one suite file has in flight at once (its checks side by side, and what they send
 * ahead) when CONFORMANCE_CONCURRENCY is not set: near and distant the default; far, more, since
 * there a file's time is its requests over this budget, each place held a round trip: the
 * expenses file's 1,300 requests through 8 places at ~100 ms need at least 8 s whatever its
 * chains. Over TLS far keeps `farTls`: each place may open a connection, and a handshake costs
 * the target (and a TLS proxy before it) CPU that plain HTTP does not (harness/config/defaults.ts
 * says what was measured).
 */
export const FILE_BUDGET = {
  near: DEFAULTS.concurrency,
  distant: DEFAULTS.concurrency,
  far: DEFAULTS.farConcurrency,
  farTls: DEFAULTS.farTlsConcurrency,
} as const;

/**
 * The run's per-file request budget: CONFORMANCE_CONCURRENCY exactly when the user set it (a
 * fragile target's limit is never raised), else FILE_BUDGET by distance.
 */
export function concurrencyFor(roundTrip: number, set: number | undefined, tls: boolean): number {
  if (set !== undefined) return set;
  if (roundTrip < DISTANT_MS) return FILE_BUDGET.near;
  if (roundTrip < FAR_MS) return FILE_BUDGET.distant;
  return tls ? FILE_BUDGET.farTls : FILE_BUDGET.far;
}

/**
 * The start line that says how the run meets the target's distance, for a target 5 ms or more
 * away (next to it the run is as documented: 2 workers, CONFORMANCE_CONCURRENCY's default).
 */
export function distanceLine(roundTrip: number, workers: number, concurrency: number, set: boolean): string | undefined {
  if (roundTrip < DISTANT_MS && !set) return undefined;
  const budget = set ? 'CONFORMANCE_CONCURRENCY' : 'CONFORMANCE_CONCURRENCY not set: chosen for the distance';
  return `the target answers in ${Math.round(roundTrip)} ms: the suites run in ${workers} worker${workers === 1 ? '' : 's'}, each file with ${concurrency} request${concurrency === 1 ? '' : 's'} in flight at most (${budget})`;
}

/**
 * The shortest of `samples` sequential round trips of `GET /contacts?limit=1` with the admin key,
 * in ms: after the start-up probe, so the connection is open and both sides are warm; the
 * shortest is the distance, the others carry the target's or this machine's hiccups.
 */
export async function roundTripMs(
  baseUrl: string,
  options: {
    readonly key: string | undefined;
    readonly authStyle: AuthStyle;
    readonly timeoutMs: number;
    readonly redactor: Redactor;
    readonly network?: TargetNetwork;
  },
  samples = 3,
): Promise<number> {
  // A 429 is a round trip too: never wait one out here (a key spent by an earlier run would hold the start).
  const client = new ApiClient({
    baseUrl,
    key: options.key,
    authStyle: options.authStyle,
    timeoutMs: options.timeoutMs,
    redactor: options.redactor,
    throttle: RAW_429,
    ...(options.network ? { network: options.network } : {}),
  });
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    try {
      await client.get('/contacts', { limit: 1 });
    } catch (cause) {
      // A sample that got no answer says nothing about distance (a hostile or flaky target): the
      // checks will meet that target's failures themselves, with a verdict, not a stopped start.
      if (cause instanceof RequestFailedError || cause instanceof ResponseTooLargeError) continue;
      throw cause;
    }
    shortest = Math.min(shortest, performance.now() - started);
  }
  // No sample answered: plan as for a nearby target.
  return Number.isFinite(shortest) ? shortest : 0;
}

/**
 * Vitest workers for a run: the functional suites get more against a distant target; the
 * rate-limit suite, which mostly waits, always has one of its own beside them (the runner starts
 * it first), and more again against a far one. Each file keeps its own budget of `concurrency`
 * requests at once, so more workers mean more requests in flight: a target given a
 * CONFORMANCE_CONCURRENCY below the default (one that takes few requests at once) keeps the
 * workers of a distant run.
 */
export function workersFor(suites: readonly Domain[], roundTrip: number, concurrency: number = DEFAULTS.concurrency): number {
  const functional = suites.filter((domain) => domain !== 'rate-limit').length;
  const wanted =
    roundTrip < DISTANT_MS
      ? FUNCTIONAL_WORKERS.near
      : roundTrip < FAR_MS || concurrency < DEFAULTS.concurrency
        ? FUNCTIONAL_WORKERS.distant
        : roundTrip < FARTHER_MS
          ? FUNCTIONAL_WORKERS.far
          : FUNCTIONAL_WORKERS.farther;
  return Math.max(1, Math.min(wanted, functional) + (suites.includes('rate-limit') ? 1 : 0));
}
