import { readRateHeaders } from './headers.js';
import { interpretReset, type ResetUnit } from './reset.js';
import { readRetryAfter } from './retry-after.js';

/** What a probe request answered; enough to judge the key's window. */
export interface RateProbe {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface FreshWindowOptions {
  /** Give up after waiting this long in total (a minute window needs a little over 60 s). */
  readonly maxWaitMs: number;
  /** The window must have at least this long left by X-RateLimit-Reset, so a burst fits in it. */
  readonly minResetMs: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

export type FreshWindow =
  | {
      readonly fresh: true;
      /** The probe that found the window fresh: it used one request of the budget. */
      readonly probe: RateProbe;
      readonly limit: number;
      readonly resetUnit: ResetUnit | undefined;
      readonly waitedMs: number;
      readonly probes: number;
    }
  | { readonly fresh: false; readonly last: RateProbe; readonly waitedMs: number; readonly probes: number; readonly reason: string };

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the key's window is fresh: a probe is admitted and `X-RateLimit-Remaining` is one
 * below `X-RateLimit-Limit` (or equal to it), with enough of the window left. Otherwise it waits as long as
 * Retry-After or X-RateLimit-Reset says (at least a second) and probes again, until maxWaitMs.
 * Back-to-back runs against the same key work because the second run waits here.
 */
export async function waitForFreshWindow(send: () => Promise<RateProbe>, options: FreshWindowOptions): Promise<FreshWindow> {
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const started = now();
  let probes = 0;
  for (;;) {
    const probe = await send();
    probes += 1;
    const { values } = readRateHeaders(probe.headers);
    const reset = values.reset === undefined ? undefined : interpretReset(values.reset, now());
    const admitted = probe.status >= 200 && probe.status < 300;
    let waitMs: number | undefined;
    let reason: string;
    const retryAfter = probe.headers['retry-after'];
    // Refused with another status but a Retry-After (503, say): still a wait, not a broken probe.
    if (!admitted && probe.status !== 429 && retryAfter === undefined) {
      return { fresh: false, last: probe, waitedMs: now() - started, probes, reason: `the probe request answered ${probe.status}` };
    }
    if (values.limit === undefined || values.remaining === undefined) {
      if (admitted) return { fresh: false, last: probe, waitedMs: now() - started, probes, reason: 'the probe response has no readable X-RateLimit-Limit and X-RateLimit-Remaining' };
      reason = 'the key is over its limit';
    } else if (admitted && (values.remaining === values.limit - 1 || values.remaining === values.limit)) {
      // Limit - 1 after counting this probe; a server that reports the count before it shows Limit.
      if (reset === undefined || reset.msUntilReset >= options.minResetMs) {
        return { fresh: true, probe, limit: values.limit, resetUnit: reset?.unit, waitedMs: now() - started, probes };
      }
      reason = `only ${reset.msUntilReset} ms of the window are left`;
      waitMs = reset.msUntilReset;
    } else {
      reason = admitted ? `${values.remaining} of ${values.limit} requests remain` : 'the key is over its limit';
    }
    if (!admitted) {
      const retry = readRetryAfter(retryAfter, probe.headers['date'], now());
      if (retry.ok) waitMs = retry.ms;
    }
    waitMs ??= reset?.msUntilReset ?? 5000;
    const elapsed = now() - started;
    if (elapsed >= options.maxWaitMs) {
      return { fresh: false, last: probe, waitedMs: elapsed, probes, reason: `not fresh after ${Math.round(elapsed / 1000)} s: ${reason}` };
    }
    await sleep(Math.min(Math.max(waitMs + 250, 1000), options.maxWaitMs - elapsed + 250));
  }
}
