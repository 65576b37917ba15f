import { readRateHeaders } from '../rate/headers.js';
import { interpretReset } from '../rate/reset.js';
import { FRESH_MAX_PROBES, waitForFreshWindow, type RateProbe } from '../rate/fresh.js';

export interface FreshKey {
  /** The budget left after the probe: X-RateLimit-Remaining of the probe (Limit − 1). */
  readonly remaining: number;
  readonly limit: number;
  /**
   * The earliest moment (clock of `now`) the probe may stop counting, by X-RateLimit-Reset read
   * low; Infinity when the header is missing or names a refill.
   */
  readonly deadline: number;
  /** When the window has surely ended: the deadline plus the precision of a whole-second Reset. */
  readonly surelyEnded: number;
  /**
   * X-RateLimit-Reset names the next refill (a bucket): the budget grows again from the probe on,
   * so what a burst may get is the budget plus what the limiter earns back from `probeSentAt`.
   */
  readonly refills: boolean;
  /** When the probe that found the window fresh was sent (clock of `now`). */
  readonly probeSentAt: number;
  /** Some probe of this key found part of its budget spent (harness/rate/fresh.ts `spent`). */
  readonly spent: boolean;
  /** Probes sent to this key, and each wait and why. */
  readonly probes: number;
  readonly waits: readonly string[];
}

export type FreshWindows =
  | {
      readonly fresh: true;
      readonly keys: readonly FreshKey[];
      readonly waitedMs: number;
      readonly probes: number;
      /** Some key's X-RateLimit-Reset named a refill: a later wait against this target may know it. */
      readonly refills: boolean;
    }
  | {
      readonly fresh: false;
      readonly index: number;
      readonly reason: string;
      readonly waitedMs: number;
      readonly probes: number;
      readonly waits: readonly (readonly string[])[];
    };

export interface FreshWindowsOptions {
  readonly maxWaitMs: number;
  readonly minResetMs: number;
  /** The target's window as far as known (a self-test's shortened window); unset: the spec's minute. */
  readonly windowMs?: number | undefined;
  /** Known from an earlier wait against this target: X-RateLimit-Reset names a refill. */
  readonly refills?: boolean | undefined;
  /** Told of each wait of a key as it starts, for progress output. */
  readonly onWait?: ((index: number, step: string) => void) | undefined;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Rounds of re-probing before giving up; each round only re-probes keys whose window ran out. */
const MAX_ROUNDS = 4;
/** Probes one key gets at most in one alignment: every round may run a whole wait. */
export const FRESH_PROBES_PER_KEY = MAX_ROUNDS * FRESH_MAX_PROBES;
/** Sent after a window has surely ended, so the server's clock has passed it. */
const MARGIN_MS = 250;
/**
 * A refilling key whose probe is older than this when the burst would start is probed again:
 * the burst's tolerance counts what it earned since, and a stale probe would loosen it.
 */
const REFILL_STALE_MS = 1000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * Brings every key to a fresh window at the same time, so a burst on all of them starts with each
 * key's full budget minus its one probe. Keys are probed in parallel (harness/rate/fresh.ts per
 * key); a key that was fresh early may see its window end while another key waits. Such keys are
 * probed again once their window has surely ended (Reset plus its precision), which opens a new
 * window for them alone: probing a key whose window is still running would spend one more request
 * of its budget (and on a sliding log keep it from being fresh for a whole window). A key whose
 * Reset names a refill (a bucket) has no window to end: its budget only grows, so it is probed
 * again right before the burst if its probe has grown old.
 */
export async function waitForFreshWindows(count: number, send: (index: number) => Promise<RateProbe>, options: FreshWindowsOptions): Promise<FreshWindows> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const started = now();
  const keys: FreshKey[] = new Array<FreshKey>(count);
  const probes = new Array<number>(count).fill(0);
  const waits: string[][] = Array.from({ length: count }, () => []);
  const spent = new Array<boolean>(count).fill(false);
  let refills = options.refills === true;
  let pending = Array.from({ length: count }, (_, i) => i);
  const total = (): number => probes.reduce((a, b) => a + b, 0);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const left = Math.max(0, options.maxWaitMs - (now() - started));
    const known = refills;
    const results = await Promise.all(
      pending.map((index) =>
        waitForFreshWindow(() => send(index), {
          maxWaitMs: left,
          minResetMs: options.minResetMs,
          windowMs: options.windowMs,
          refills: known,
          onWait: (step) => options.onWait?.(index, step),
          sleep,
          now,
        }),
      ),
    );
    for (let i = 0; i < pending.length; i++) {
      const result = results[i]!;
      const index = pending[i]!;
      probes[index] = probes[index]! + result.probes;
      waits[index]!.push(...result.waits);
      if (!result.fresh) return { fresh: false, index, reason: result.reason, waitedMs: now() - started, probes: total(), waits };
      refills ||= result.refills;
      spent[index] = spent[index]! || result.spent;
      const reset = readRateHeaders(result.probe.headers).values.reset;
      const at = now();
      const reading = reset === undefined || result.refills ? undefined : interpretReset(reset, at);
      keys[index] = {
        remaining: result.limit - 1,
        limit: result.limit,
        deadline: reading === undefined ? Number.POSITIVE_INFINITY : at + reading.msUntilReset,
        surelyEnded: reading === undefined ? Number.POSITIVE_INFINITY : at + reading.msUntilReset + reading.precisionMs,
        refills: result.refills,
        probeSentAt: result.probeSentAt,
        spent: spent[index]!,
        probes: probes[index]!,
        waits: [...waits[index]!],
      };
    }
    const at = now();
    const { stale, until } = staleKeys(keys, at, options.minResetMs);
    if (stale.length === 0) return { fresh: true, keys, waitedMs: at - started, probes: total(), refills };
    if (until - started > options.maxWaitMs) break;
    if (until > at) {
      const windowed = stale.filter((i) => !keys[i]!.refills);
      for (const i of stale) {
        const step = keys[i]!.refills
          ? `${seconds(until - at)}: another key's window had to end first; probed again so the burst starts right after this key's probe`
          : `${seconds(until - at)}: until its window has surely ended (X-RateLimit-Reset plus its precision), so that ${windowed.length === count ? 'every key' : 'it'} starts the burst in a fresh window`;
        waits[i]!.push(step);
        options.onWait?.(i, step);
      }
      await sleep(until - at);
    }
    pending = stale;
  }
  return {
    fresh: false,
    index: 0,
    reason: `the keys' windows could not be aligned within ${Math.round(options.maxWaitMs / 1000)} s`,
    waitedMs: now() - started,
    probes: total(),
    waits,
  };
}

/**
 * The keys to probe again before a burst, and when: a key whose window ends too soon is probed
 * once it has surely ended, which may be late enough for other keys' windows to end too (they
 * join, until none does); a refilling key whose probe would be old by then joins as well.
 */
export function staleKeys(keys: readonly FreshKey[], at: number, minResetMs: number): { stale: number[]; until: number } {
  const stale = new Set<number>();
  let until = at;
  for (;;) {
    let changed = false;
    for (const [i, k] of keys.entries()) {
      if (stale.has(i) || k.refills || k.deadline - until >= minResetMs) continue;
      stale.add(i);
      changed = true;
    }
    const next = Math.max(at, ...[...stale].map((i) => keys[i]!.surelyEnded + MARGIN_MS));
    if (!changed && next === until) break;
    until = next;
  }
  for (const [i, k] of keys.entries()) if (k.refills && until - k.probeSentAt > REFILL_STALE_MS) stale.add(i);
  return { stale: [...stale].sort((a, b) => a - b), until };
}
