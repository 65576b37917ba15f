import { InternalError, RunStoppedError } from '../errors.js';
import type { RequestGovernor } from '../http/client.js';
import { type TargetHealth } from '../http/health.js';
import { slotLayout, slotViews } from '../http/shared-slots.js';

/*
 * Issue 12, "throttling is diagnosed, not endured": what every client of a run shares about rate
 * limits, across all suite workers and the main process.
 *
 *  - Pacing: a key whose per-minute limit the target advertised (X-RateLimit-Limit, read before
 *    the run) gets its requests spaced to stay under it, so a run the limit allows never provokes
 *    429s in the first place (and a paced run is as fast as the limit lets it be).
 *  - The throttling budget: the wall-clock time during which at least one request was waiting out
 *    a 429. Past the budget the run stops through the shared TargetHealth (harness/http/health.ts):
 *    no further request goes out, and every check that has not finished says why.
 *  - Counters for the progress line: requests sent with the admin key, 429 waits.
 *
 * The state lives in a SharedArrayBuffer handed to every worker thread (vitest `provide`), like
 * TargetHealth's. Wall-clock time is `Date.now()`, the one clock every thread shares.
 */

/** Keys that can be paced at once (admin, member, other org). */
export const MAX_PACED_KEYS = 4;

/** The shared state, by name (harness/http/shared-slots.ts). */
const LAYOUT = slotLayout({
  int32: {
    lock: 1,
    /** Requests waiting out a 429 right now. */
    waiting: 1,
    /** 429s waited out so far. */
    waits: 1,
    /** Requests sent with the counted key (the admin key). */
    sent: 1,
    /** The exploration's sequences run so far, and how many it may run (0: no exploration under way). */
    sequencesDone: 1,
    sequencesPlanned: 1,
    /** 1 once the rate-limit suite's file is loaded (harness/check/head-start.ts). */
    rateLimitLoaded: 1,
  },
  float64: {
    /** When `waiting` last went from 0 to 1. */
    since: 1,
    /** Throttled time of the intervals already closed. */
    closed: 1,
    /** Per paced key: its theoretical arrival time (GCRA). */
    tat: MAX_PACED_KEYS,
    /** When the longest wait a check announced ends (harness/check/known-wait.ts), for the progress line's ETA. */
    knownUntil: 1,
  },
});
const LOCK = LAYOUT.int32.lock;
const WAITING = LAYOUT.int32.waiting;
const WAITS = LAYOUT.int32.waits;
const SENT = LAYOUT.int32.sent;
const SEQUENCES_DONE = LAYOUT.int32.sequencesDone;
const SEQUENCES_PLANNED = LAYOUT.int32.sequencesPlanned;
const RATE_LIMIT_LOADED = LAYOUT.int32.rateLimitLoaded;
const SINCE = LAYOUT.float64.since;
const CLOSED = LAYOUT.float64.closed;
const TAT = LAYOUT.float64.tat;
const KNOWN_UNTIL = LAYOUT.float64.knownUntil;

interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
}

/**
 * The shared numbers. Every method is safe to call from any thread at any time; the few
 * read-modify-write sequences on Float64 slots (which Atomics cannot touch) run under a lock.
 */
export class ThrottleLedger {
  static readonly BYTES = LAYOUT.bytes;

  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  readonly #ints: Int32Array;
  readonly #floats: Float64Array;
  readonly #now: () => number;

  constructor(buffer: SharedArrayBuffer | ArrayBuffer = new SharedArrayBuffer(ThrottleLedger.BYTES), now: () => number = Date.now) {
    const views = slotViews(LAYOUT, buffer, 'ThrottleLedger');
    this.buffer = buffer;
    this.#ints = views.int32;
    this.#floats = views.float64;
    this.#now = now;
  }

  #locked<T>(body: () => T): T {
    // Held for a handful of loads and stores: a blocked thread waits at most microseconds.
    // (A plain ArrayBuffer, outside a run, has one thread: nothing to wait for.)
    while (Atomics.compareExchange(this.#ints, LOCK, 0, 1) !== 0) {
      if (this.buffer instanceof SharedArrayBuffer) Atomics.wait(this.#ints, LOCK, 1, 1);
    }
    try {
      return body();
    } finally {
      Atomics.store(this.#ints, LOCK, 0);
      if (this.buffer instanceof SharedArrayBuffer) Atomics.notify(this.#ints, LOCK, 1);
    }
  }

  /** A request starts waiting out a 429. */
  beginWait(): void {
    this.#locked(() => {
      if (this.#ints[WAITING] === 0) this.#floats[SINCE] = this.#now();
      this.#ints[WAITING]! += 1;
      this.#ints[WAITS]! += 1;
    });
  }

  /** That request's wait is over (waited out, or cut short). */
  endWait(): void {
    this.#locked(() => {
      this.#ints[WAITING] = Math.max(0, this.#ints[WAITING]! - 1);
      if (this.#ints[WAITING] === 0) this.#floats[CLOSED]! += this.#now() - this.#floats[SINCE]!;
    });
  }

  /**
   * Wall-clock time during which at least one request was waiting out a 429. Two workers
   * waiting out the same minute count one minute: this is the time the run was held back.
   */
  throttledMs(): number {
    return this.#locked(() => this.#floats[CLOSED]! + (this.#ints[WAITING]! > 0 ? this.#now() - this.#floats[SINCE]! : 0));
  }

  waits(): number {
    return Atomics.load(this.#ints, WAITS);
  }

  /** A check starts a wait of `ms` it knows the length of (a rate window, a Retry-After). */
  noteKnownWait(ms: number): void {
    this.#locked(() => {
      this.#floats[KNOWN_UNTIL] = Math.max(this.#floats[KNOWN_UNTIL]!, this.#now() + ms);
    });
  }

  /** What is left of the longest wait under way that a check announced (0: none). */
  knownWaitLeftMs(): number {
    return this.#locked(() => Math.max(0, this.#floats[KNOWN_UNTIL]! - this.#now()));
  }

  /** The rate-limit suite's file is loaded: the workers that waited for it go on. */
  markRateLimitLoaded(): void {
    Atomics.store(this.#ints, RATE_LIMIT_LOADED, 1);
    if (this.buffer instanceof SharedArrayBuffer) Atomics.notify(this.#ints, RATE_LIMIT_LOADED);
  }

  /** Resolves once the rate-limit suite's file is loaded, or after `timeoutMs` (at once without a shared buffer). */
  async rateLimitLoaded(timeoutMs: number): Promise<void> {
    if (!(this.buffer instanceof SharedArrayBuffer) || Atomics.load(this.#ints, RATE_LIMIT_LOADED) === 1) return;
    // Node has it since 16; TypeScript's lib only from es2024.
    const waiting = (Atomics as unknown as AtomicsWaitAsync).waitAsync(this.#ints, RATE_LIMIT_LOADED, 0, timeoutMs);
    if (waiting.async) await waiting.value;
  }

  /** The exploration (suites/sequences.test.ts) has run `done` of at most `planned` sequences. */
  noteSequences(done: number, planned: number): void {
    Atomics.store(this.#ints, SEQUENCES_DONE, done);
    Atomics.store(this.#ints, SEQUENCES_PLANNED, planned);
  }

  /** The exploration's progress, once it began. */
  sequences(): { readonly done: number; readonly planned: number } | undefined {
    const planned = Atomics.load(this.#ints, SEQUENCES_PLANNED);
    return planned > 0 ? { done: Atomics.load(this.#ints, SEQUENCES_DONE), planned } : undefined;
  }

  countSent(): void {
    Atomics.add(this.#ints, SENT, 1);
  }

  sent(): number {
    return Atomics.load(this.#ints, SENT);
  }

  /**
   * Reserves the next request of paced key `slot` (GCRA, a virtual-scheduling token bucket):
   * one request every `intervalMs` on average, up to `burstMs / intervalMs` early. Answers how
   * long to wait before sending it.
   */
  reserve(slot: number, intervalMs: number, burstMs: number): number {
    if (slot < 0 || slot >= MAX_PACED_KEYS) throw new InternalError(`pacing slot ${slot} out of range`);
    return this.#locked(() => {
      const now = this.#now();
      const tat = Math.max(this.#floats[TAT + slot]!, now);
      this.#floats[TAT + slot] = tat + intervalMs;
      return Math.max(0, tat - burstMs - now);
    });
  }
}

/**
 * Paced keys send at this share of their advertised limit, evenly spaced (no burst): any minute
 * sees at most 90% of the limit plus one, which leaves room for the requests the target counts
 * that the run did not send through a paced client (the runner's probes before the suites start,
 * another tool using the key) and for clock jitter at a fixed window's edge. A run its limit
 * does not hold back is not paced at all (harness/runner/throttle-preflight.ts).
 */
export const PACING_SHARE = 0.9;

/** The requests per minute a key with this advertised limit is paced at. */
export function pacedRate(limitPerMinute: number): number {
  return limitPerMinute * PACING_SHARE;
}

export interface PacedKey {
  /** The key itself (workers hold the keys anyway: it never leaves the run). */
  readonly key: string;
  /** Its variable, for messages (`CONFORMANCE_ADMIN_KEY`). */
  readonly variable: string;
  /** What X-RateLimit-Limit said before the run. */
  readonly limitPerMinute: number;
}

/** The run's throttling policy, decided in the main process and handed to every worker. */
export interface ThrottlePolicy {
  /**
   * Stop the run once it was held back this long by 429s (CONFORMANCE_THROTTLE_BUDGET_S);
   * null: a paced run (CONFORMANCE_PACED=true), which waits as long as the limits say.
   */
  readonly budgetMs: number | null;
  /** How each request handles a 429: the longest single wait, and how many waits before it gives up. */
  readonly retries: { readonly maxWaitMs: number; readonly maxRetries: number };
  /** Keys whose advertised limits the run stays under. At most MAX_PACED_KEYS. */
  readonly paced: readonly PacedKey[];
  /** Requests with this key are counted (for the ETA): the admin key. */
  readonly countedKey?: string | undefined;
  /** Keys by variable, to name the key whose 429 spent the budget. */
  readonly variables: Readonly<Record<string, string>>;
}

/** A run that is not paced: a request waits out a 429 at most three times, at most 65 s each (a minute window plus slack). */
export const BUDGETED_RETRIES = { maxWaitMs: 65_000, maxRetries: 3 } as const;
/**
 * A paced run accepts waiting, but a request the target still refuses after ten windows is not
 * going to get through: its check ends (ThrottledError), the run goes on.
 */
export const PACED_RETRIES = { maxWaitMs: 65_000, maxRetries: 10 } as const;

/** How often a wait looks up from its sleep: at the budget, a stop or a cancelled check. */
const SLICE_MS = 250;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `125 s`, `12 min 5 s`, `2 h 15 min`: durations in messages, to the precision that matters. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  const min = Math.round(s / 60);
  return min % 60 === 0 ? `${min / 60} h` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** Why the run stopped when the budget was spent: the cause and the fix, in one line. */
export function budgetReason(throttledMs: number, budgetMs: number, variable: string | undefined): string {
  const which = variable === undefined ? 'the keys' : `${variable} (the key of the last 429)`;
  return (
    `throttled: ${formatWait(throttledMs)} spent waiting out HTTP 429 (CONFORMANCE_THROTTLE_BUDGET_S=${Math.round(budgetMs / 1000)}): ` +
    `the target's per-minute limit of ${which} is too low for this run; give it a higher limit (spec 5.6), ` +
    'narrow the run (CONFORMANCE_SUITES, CONFORMANCE_NUM_RUNS), or set CONFORMANCE_PACED=true to accept a paced run'
  );
}

export interface GovernorOptions {
  readonly sleep?: (ms: number) => Promise<void>;
  /** The clock the sleeps are measured with (tests advance a fake one from their sleep). */
  readonly now?: () => number;
}

/**
 * The RequestGovernor every client of a run shares (harness/http/client.ts calls it around each
 * request): paces, counts, waits out 429s against the budget, and stops the run through
 * `health` when the budget is spent.
 */
export class ThrottleGovernor implements RequestGovernor {
  readonly #ledger: ThrottleLedger;
  readonly #health: TargetHealth | undefined;
  readonly #policy: ThrottlePolicy;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  readonly #slots: ReadonlyMap<string, { slot: number; intervalMs: number }>;

  constructor(ledger: ThrottleLedger, health: TargetHealth | undefined, policy: ThrottlePolicy, options: GovernorOptions = {}) {
    this.#ledger = ledger;
    this.#health = health;
    this.#policy = policy;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#now = options.now ?? Date.now;
    this.#slots = new Map(
      policy.paced.slice(0, MAX_PACED_KEYS).map((paced, slot) => {
        return [paced.key, { slot, intervalMs: 60_000 / pacedRate(paced.limitPerMinute) }];
      }),
    );
  }

  get retries(): ThrottlePolicy['retries'] {
    return this.#policy.retries;
  }

  async beforeRequest(key: string | undefined, signal?: AbortSignal): Promise<void> {
    this.#health?.admit();
    const pacing = key === undefined ? undefined : this.#slots.get(key);
    if (pacing !== undefined) {
      const waitMs = this.#ledger.reserve(pacing.slot, pacing.intervalMs, 0);
      if (waitMs > 0) await this.#sleepUnlessStopped(waitMs, signal, () => {});
      this.#health?.admit();
    }
    if (key !== undefined && key === this.#policy.countedKey) this.#ledger.countSent();
  }

  async waitOut429(key: string | undefined, ms: number, signal?: AbortSignal): Promise<void> {
    this.#health?.admit();
    this.#ledger.beginWait();
    try {
      await this.#sleepUnlessStopped(ms, signal, () => this.#checkBudget(key));
    } finally {
      this.#ledger.endWait();
    }
  }

  /** Past the budget: stop the run (the first worker to notice writes the reason) and refuse. */
  #checkBudget(key: string | undefined): void {
    const { budgetMs } = this.#policy;
    if (budgetMs === null) return;
    const throttled = this.#ledger.throttledMs();
    if (throttled <= budgetMs) return;
    const reason = budgetReason(throttled, budgetMs, key === undefined ? undefined : this.#policy.variables[key]);
    if (this.#health === undefined) throw new RunStoppedError('throttled', reason);
    this.#health.stop('throttled', reason);
    this.#health.admit();
  }

  /** Sleeps `ms` in slices; throws when the run stops meanwhile, returns early when the check is cancelled. */
  async #sleepUnlessStopped(ms: number, signal: AbortSignal | undefined, everySlice: () => void): Promise<void> {
    const end = this.#now() + ms;
    for (;;) {
      everySlice();
      this.#health?.admit();
      const left = end - this.#now();
      if (left <= 0 || signal?.aborted) return;
      await this.#sleep(Math.min(left, SLICE_MS));
    }
  }
}
