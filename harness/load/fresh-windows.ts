import { readRateHeaders } from '../rate/headers.js';
import { interpretReset } from '../rate/reset.js';
import { waitForFreshWindow, type RateProbe } from '../rate/fresh.js';

export interface FreshKey {
  /** The budget left after the probe: X-RateLimit-Remaining of the probe (Limit − 1). */
  readonly remaining: number;
  readonly limit: number;
  /** When the window ends by X-RateLimit-Reset (clock of `now`); Infinity when the header is missing. */
  readonly deadline: number;
}

export type FreshWindows =
  | { readonly fresh: true; readonly keys: readonly FreshKey[]; readonly waitedMs: number; readonly probes: number }
  | { readonly fresh: false; readonly index: number; readonly reason: string; readonly waitedMs: number; readonly probes: number };

export interface FreshWindowsOptions {
  readonly maxWaitMs: number;
  readonly minResetMs: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Rounds of re-probing before giving up; each round only re-probes keys whose window ran out. */
const MAX_ROUNDS = 4;

/**
 * Brings every key to a fresh window at the same time, so a burst on all of them starts with each
 * key's full budget minus its one probe. Keys are probed in parallel; a key that was fresh early
 * may see its window end while another key waits. Such keys are probed again once their window
 * has surely ended (Reset is rounded up), which opens a new window for them alone: probing a key
 * whose window is still running would spend one more request of its budget.
 */
export async function waitForFreshWindows(
  count: number,
  send: (index: number) => Promise<RateProbe>,
  options: FreshWindowsOptions,
): Promise<FreshWindows> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const started = now();
  const keys: FreshKey[] = new Array<FreshKey>(count);
  let pending = Array.from({ length: count }, (_, i) => i);
  let probes = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const left = Math.max(0, options.maxWaitMs - (now() - started));
    const results = await Promise.all(
      pending.map((index) => waitForFreshWindow(() => send(index), { maxWaitMs: left, minResetMs: options.minResetMs, sleep, now })),
    );
    for (let i = 0; i < pending.length; i++) {
      const result = results[i]!;
      const index = pending[i]!;
      probes += result.probes;
      if (!result.fresh) return { fresh: false, index, reason: result.reason, waitedMs: now() - started, probes };
      const reset = readRateHeaders(result.probe.headers).values.reset;
      const at = now();
      keys[index] = {
        remaining: result.limit - 1,
        limit: result.limit,
        deadline: reset === undefined ? Number.POSITIVE_INFINITY : at + interpretReset(reset, at).msUntilReset,
      };
    }
    const at = now();
    const stale = keys.map((k, i) => (k.deadline - at < options.minResetMs ? i : -1)).filter((i) => i >= 0);
    if (stale.length === 0) return { fresh: true, keys, waitedMs: at - started, probes };
    const until = Math.max(...stale.map((i) => keys[i]!.deadline));
    if (until - started + 250 > options.maxWaitMs) break;
    await sleep(Math.max(0, until - at) + 250);
    pending = stale;
  }
  return { fresh: false, index: 0, reason: `the keys' windows could not be aligned within ${Math.round(options.maxWaitMs / 1000)} s`, waitedMs: now() - started, probes };
}
