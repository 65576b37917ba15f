import { readRateHeaders } from './headers.js';
import { interpretReset } from './reset.js';
import { refillAllowance, SPEC_WINDOW_MS } from './tolerance.js';

/** One answer to a key that is not being bursted, read for its X-RateLimit-* headers. */
export interface CounterSample {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** This client's clock when the answer arrived (an epoch X-RateLimit-Reset needs it). */
  readonly atMs: number;
}

/**
 * `own`: the key's Remaining moved by its own requests only; `fell`: it fell by more, so its
 * counter counted another key's requests (spec 5.6, 8: the limit is per key); `reset`: its
 * window visibly reset or refilled between the readings, which says nothing either way;
 * `unreadable`: the headers cannot show a fall.
 */
export type CounterVerdictKind = 'own' | 'fell' | 'reset' | 'unreadable';

export interface CounterVerdict {
  readonly kind: CounterVerdictKind;
  /** e.g. `second limited key: X-RateLimit-Remaining 58 → 57 over 1 own request while the limited key sent 65`. */
  readonly summary: string;
}

export interface OwnCounterInput {
  /** Which key, for the summary (never the key itself). */
  readonly name: string;
  readonly before: CounterSample;
  readonly after: CounterSample;
  /** The key's own requests counted after `before`'s: `after` itself, and any in between. */
  readonly ownRequests: number;
  /** From sending `before` to receiving `after`: the longest the server can have seen pass. */
  readonly elapsedMs: number;
  /** What the other key did meanwhile, e.g. `the limited key sent 65 (60 admitted)`. */
  readonly meanwhile: string;
  /** The window the limit refills over (tolerance.ts refillWindowMs); the spec's minute by default. */
  readonly windowMs?: number | undefined;
}

const requests = (n: number): string => `${n} own request${n === 1 ? '' : 's'}`;

/**
 * Whether a key's counter moved only by its own requests while another key spent its budget.
 * No limiter design lowers a key's Remaining except by that key's requests: a window reset, a
 * sliding window and a refill only raise it. So a fall by more than its own requests is a
 * counter shared with another key, whatever the design; a rise beyond what a refill earns back
 * in the elapsed time (or a reset moment that jumped a window ahead) means the window reset,
 * and the reading is no evidence for independence.
 */
export function judgeOwnCounter(input: OwnCounterInput): CounterVerdict {
  const { name, before, after, ownRequests: k, elapsedMs, meanwhile } = input;
  const b = readRateHeaders(before.headers).values;
  const a = readRateHeaders(after.headers).values;
  if (b.remaining === undefined || b.limit === undefined || a.remaining === undefined) {
    return { kind: 'unreadable', summary: `${name}: X-RateLimit-Remaining or X-RateLimit-Limit unreadable (answers ${before.status}, ${after.status})` };
  }
  const moved = `${name}: X-RateLimit-Remaining ${b.remaining} → ${a.remaining} over ${requests(k)} while ${meanwhile}`;
  if (b.remaining < k + 1) {
    return { kind: 'unreadable', summary: `${moved}; with ${b.remaining} left before, a fall beyond its own requests could not show` };
  }
  const low = b.remaining - k;
  if (a.remaining < low) {
    return { kind: 'fell', summary: `${moved}: it fell by ${b.remaining - a.remaining}, more than its own ${k}, so its counter counts other keys' requests` };
  }
  // A refilling limiter earns requests back; one that reports whole requests may show one more.
  const windowMs = input.windowMs ?? SPEC_WINDOW_MS;
  const allowance = refillAllowance(b.limit, elapsedMs, windowMs);
  if (a.remaining > low + allowance + 1) {
    return {
      kind: 'reset',
      summary: `${moved}: it rose by ${a.remaining - low} more than its own requests allow (refill +${allowance}), so its window reset between the readings`,
    };
  }
  const jump = resetJumpMs(before, after);
  // The reset moment may move on by the time passed and by what its own requests cost a refilling
  // limiter (a minute / limit each), plus a second of precision for each of two whole-second values.
  const movable = elapsedMs + k * (windowMs / b.limit) + 2000;
  if (jump !== undefined && jump > movable) {
    return {
      kind: 'reset',
      summary: `${moved}, but its X-RateLimit-Reset moved ${(jump / 1000).toFixed(1)} s later (at most ${(movable / 1000).toFixed(1)} s without a reset), so its window reset between the readings`,
    };
  }
  return { kind: 'own', summary: moved };
}

/** How much later `after`'s reset moment is than `before`'s, by the unit each value reads as. */
function resetJumpMs(before: CounterSample, after: CounterSample): number | undefined {
  const b = readRateHeaders(before.headers, before.atMs).values.reset;
  const a = readRateHeaders(after.headers, after.atMs).values.reset;
  if (b === undefined || a === undefined) return undefined;
  const at = (reset: string, sample: CounterSample): number => sample.atMs + interpretReset(reset, sample.atMs).msUntilReset;
  return at(a, after) - at(b, before);
}
