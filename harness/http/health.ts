import { RunStoppedError } from '../errors.js';
import { slotLayout, slotViews } from './shared-slots.js';

/*
 * Issue 12, "a run that always ends": the run's view of the target's health, shared by every
 * client of every suite worker. A breaker: after `threshold` requests in a row got no answer
 * (timeouts, resets, refused connections, bytes that are no HTTP), it opens and every further
 * request fails at once without touching the network, so a dead target costs `threshold`
 * timeouts instead of one per request the run still had to send. It never closes again within
 * the run: results after a target came back would be mixed with results of its outage.
 *
 * "In a row" is in the order requests were sent, not the order they failed: a failure counts
 * only when nothing was answered since its request went out. Checks run side by side, so the
 * few requests a target drops (one in 150, say) may all time out together while everything
 * else waits on them; they were sent between answers, and the target is not dead.
 * The main process also stops the run through it when the run deadline passes.
 *
 * The state lives in a SharedArrayBuffer: the runner hands the same buffer to every worker
 * thread (vitest `provide`), so one worker's failures count for all and the main process reads
 * why the run stopped. Where no shared buffer reaches a worker (a process pool cannot carry
 * one), each worker keeps its own breaker: it then opens after `threshold` failures of its own.
 */

/** Why no further requests are sent. */
/** `throttled`: the run spent its throttling budget waiting out 429s (harness/runner/throttle.ts). */
/** `interrupted`: SIGINT or SIGTERM reached the runner (harness/runner/interrupt.ts). */
export type StopKind = 'breaker' | 'deadline' | 'throttled' | 'interrupted';

// A new kind goes last: the shared state stores a kind as its index here.
const KINDS: readonly StopKind[] = ['breaker', 'deadline', 'throttled', 'interrupted'];

const REASON_BYTES = 1024;

/** The shared state, by name (harness/http/shared-slots.ts). */
const LAYOUT = slotLayout({
  int32: {
    consecutive: 1,
    /** 0 open for requests; 1 + index in KINDS once stopped. */
    stopped: 1,
    reasonLength: 1,
    /** Whoever wins this slot writes the reason; the others leave it. */
    writer: 1,
    /** Longest outage the run waits out, in ms; 0: the breaker stops the run at once (set by the runner). */
    outageWait: 1,
    /** 1 while the run is paused because the target stopped answering. */
    paused: 1,
    /** Outages so far: a check that saw this change while it ran was interrupted by one. */
    outages: 1,
    /** Requests of every worker between their admission and their answer (or failure). */
    inFlight: 1,
  },
  // Date.now() values (a clock every thread shares).
  bigint64: {
    /** Of the latest answer. */
    lastAnswer: 1,
    /** Of the pause. */
    pausedAt: 1,
    /** Of the latest request that got no answer. */
    lastFailure: 1,
    /** At which the latest request that was answered had been sent. */
    answeredSent: 1,
  },
  bytes: { reason: REASON_BYTES },
});
const I = LAYOUT.int32;
const B = LAYOUT.bigint64;

export interface HealthState {
  readonly kind: StopKind;
  readonly reason: string;
}

export class TargetHealth {
  /** Bytes of the shared buffer a run allocates for it. */
  static readonly BYTES = LAYOUT.bytes;

  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  readonly #threshold: number;
  readonly #slots: Int32Array;
  readonly #clocks: BigInt64Array;
  readonly #reason: Uint8Array;

  /** `threshold`: consecutive failures that open the breaker (CONFORMANCE_BREAKER_FAILURES). */
  constructor(threshold: number, buffer: SharedArrayBuffer | ArrayBuffer = new SharedArrayBuffer(TargetHealth.BYTES)) {
    const views = slotViews(LAYOUT, buffer, 'TargetHealth');
    this.buffer = buffer;
    this.#threshold = Math.max(1, threshold);
    this.#slots = views.int32;
    this.#clocks = views.bigint64;
    this.#reason = views.bytes.reason;
  }

  /** Why the run stopped sending, or null while requests may go out. */
  get stopped(): HealthState | null {
    const code = Atomics.load(this.#slots, I.stopped);
    if (code === 0) return null;
    const length = Atomics.load(this.#slots, I.reasonLength);
    return { kind: KINDS[code - 1] ?? 'breaker', reason: new TextDecoder().decode(this.#reason.slice(0, length)) };
  }

  get consecutiveFailures(): number {
    return Atomics.load(this.#slots, I.consecutive);
  }

  /**
   * Counts a request in flight until the returned function is called. Counted before the
   * request is admitted, so once the run stopped, `inFlight` only goes down: the runner waits
   * for it to reach 0 before it cancels the checks, and the ids those requests bring back are
   * known (harness/runner/interrupt.ts).
   */
  sending(): () => void {
    Atomics.add(this.#slots, I.inFlight, 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      Atomics.sub(this.#slots, I.inFlight, 1);
    };
  }

  get inFlight(): number {
    return Atomics.load(this.#slots, I.inFlight);
  }

  /** Before each request: throws RunStoppedError once the run stopped sending. */
  admit(): void {
    const state = this.stopped;
    if (state !== null) throw new RunStoppedError(state.kind, state.reason);
  }

  /**
   * The longest outage the run waits out before it stops (CONFORMANCE_OUTAGE_WAIT_S), set once by
   * the runner: past the breaker's threshold the run then pauses instead of stopping, and its
   * prober (harness/runner/outage.ts) resumes or stops it. 0: stop at once.
   */
  set outageWaitMs(ms: number) {
    Atomics.store(this.#slots, I.outageWait, Math.max(0, Math.min(2 ** 31 - 1, Math.round(ms))));
  }

  get outageWaitMs(): number {
    return Atomics.load(this.#slots, I.outageWait);
  }

  /** Since when (Date.now()) the run is paused, or null while it is not. */
  get pausedSince(): number | null {
    return Atomics.load(this.#slots, I.paused) === 1 ? Number(Atomics.load(this.#clocks, B.pausedAt)) : null;
  }

  /** Date.now() of the latest request without an answer (0: none yet). */
  get lastFailureAt(): number {
    return Number(Atomics.load(this.#clocks, B.lastFailure));
  }

  /** When the latest answered request had been sent: a failure after it is not yet explained. */
  get answeredSentAt(): number {
    return Number(Atomics.load(this.#clocks, B.answeredSent));
  }

  /**
   * After a check saw a request go unanswered: waits (at most `boundMs`) until it is clear
   * whether that was an outage (the breaker paused the run, now or since `outagesBefore`) or a
   * single lost request (the target answered something after the failure). True: an outage.
   */
  async outageSince(outagesBefore: number, boundMs: number): Promise<boolean> {
    const failedAt = this.lastFailureAt;
    const deadline = Date.now() + boundMs;
    for (;;) {
      if (this.outages !== outagesBefore || this.pausedSince !== null) return true;
      // A request sent after the failure was answered: the target is there, one request was lost.
      if (this.stopped !== null || this.answeredSentAt > failedAt || Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Outages so far: a check that sees this change while it runs was interrupted. */
  get outages(): number {
    return Atomics.load(this.#slots, I.outages);
  }

  /**
   * Before each request: waits while the run is paused (bounded: the outage wait and a margin,
   * in case the prober is gone), then admits it or throws RunStoppedError.
   */
  async ready(): Promise<void> {
    const deadline = Date.now() + this.outageWaitMs + 10_000;
    while (this.pausedSince !== null && this.stopped === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.admit();
  }

  /** The target answers again: requests go out from now on, the failures before it forgotten. */
  resume(now: number = Date.now()): void {
    Atomics.store(this.#slots, I.consecutive, 0);
    this.recordAnswer(now);
    Atomics.store(this.#slots, I.paused, 0);
  }

  /** The target answered (any status, even a body too large to read): it is alive. */
  recordAnswer(now: number = Date.now(), sentAt: number = now): void {
    raiseTo(this.#clocks, B.answeredSent, sentAt);
    Atomics.store(this.#slots, I.consecutive, 0);
    raiseTo(this.#clocks, B.lastAnswer, now);
  }

  /**
   * A request sent at `sentAt` (Date.now()) got no answer; opens the breaker at the threshold.
   * `what` says which and why. Not counted when something was answered after it was sent.
   */
  recordFailure(what: string, sentAt: number = Date.now()): void {
    raiseTo(this.#clocks, B.lastFailure, Date.now());
    if (BigInt(Math.floor(sentAt)) < Atomics.load(this.#clocks, B.lastAnswer)) return;
    // Requests in flight when the pause began fail too: the outage is already known.
    if (Atomics.load(this.#slots, I.paused) === 1) return;
    const count = Atomics.add(this.#slots, I.consecutive, 1) + 1;
    if (count >= this.#threshold && this.outageWaitMs > 0) {
      // A bad minute is not a bad run: pause, and let the prober see whether the target comes back.
      if (Atomics.compareExchange(this.#slots, I.paused, 0, 1) === 0) {
        Atomics.store(this.#clocks, B.pausedAt, BigInt(Math.floor(Date.now())));
        Atomics.add(this.#slots, I.outages, 1);
      }
      return;
    }
    if (count >= this.#threshold) {
      this.stop(
        'breaker',
        `the target stopped answering: ${count} requests in a row got no answer (CONFORMANCE_BREAKER_FAILURES=${this.#threshold}; last: ${what}); no further requests were sent`,
      );
    }
  }

  /** Stops every further request with this reason; the first stop wins. */
  stop(kind: StopKind, reason: string): void {
    if (Atomics.compareExchange(this.#slots, I.writer, 0, 1) !== 0) return;
    let bytes = new TextEncoder().encode(reason);
    if (bytes.length > REASON_BYTES) bytes = new TextEncoder().encode(`${reason.slice(0, REASON_BYTES / 4 - 3)}...`);
    this.#reason.set(bytes);
    Atomics.store(this.#slots, I.reasonLength, bytes.length);
    // Last: a reader that sees the kind also sees the reason written before it.
    Atomics.store(this.#slots, I.stopped, KINDS.indexOf(kind) + 1);
  }
}

/** Raises a shared clock slot to `value` (epoch ms) unless it is already later. */
function raiseTo(clocks: BigInt64Array, slot: number, value: number): void {
  const at = BigInt(Math.floor(value));
  for (let seen = Atomics.load(clocks, slot); seen < at; ) {
    const was = Atomics.compareExchange(clocks, slot, seen, at);
    if (was === seen) break;
    seen = was;
  }
}
