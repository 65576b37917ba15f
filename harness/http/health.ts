import { InternalError, RunStoppedError } from '../errors.js';

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

// Int32 slots of the shared state.
const CONSECUTIVE = 0;
/** 0 open for requests; 1 + index in KINDS once stopped. */
const STOPPED = 1;
const REASON_LENGTH = 2;
/** Whoever wins this slot writes the reason; the others leave it. */
const WRITER = 3;
/** Longest outage the run waits out, in ms; 0: the breaker stops the run at once (set by the runner). */
const OUTAGE_WAIT = 4;
/** 1 while the run is paused because the target stopped answering. */
const PAUSED = 5;
/** Outages so far: a check that saw this change while it ran was interrupted by one. */
const OUTAGES = 6;
/** Requests of every worker between their admission and their answer (or failure). */
const IN_FLIGHT = 7;
const SLOTS = 8;
/** BigInt64 slots after the Int32 ones: Date.now() of the latest answer (a clock every thread shares), and of the pause. */
const LAST_ANSWER_OFFSET = SLOTS * 4;
const PAUSED_AT_OFFSET = LAST_ANSWER_OFFSET + 8;
/** Date.now() of the latest request that got no answer. */
const LAST_FAILURE_OFFSET = PAUSED_AT_OFFSET + 8;
/** Date.now() at which the latest request that was answered had been sent. */
const ANSWERED_SENT_OFFSET = LAST_FAILURE_OFFSET + 8;
const REASON_OFFSET = ANSWERED_SENT_OFFSET + 8;
const REASON_BYTES = 1024;

export interface HealthState {
  readonly kind: StopKind;
  readonly reason: string;
}

export class TargetHealth {
  /** Bytes of the shared buffer a run allocates for it. */
  static readonly BYTES = REASON_OFFSET + REASON_BYTES;

  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  readonly #threshold: number;
  readonly #slots: Int32Array;
  readonly #lastAnswer: BigInt64Array;
  readonly #pausedAt: BigInt64Array;
  readonly #lastFailure: BigInt64Array;
  readonly #answeredSent: BigInt64Array;
  readonly #reason: Uint8Array;

  /** `threshold`: consecutive failures that open the breaker (CONFORMANCE_BREAKER_FAILURES). */
  constructor(threshold: number, buffer: SharedArrayBuffer | ArrayBuffer = new SharedArrayBuffer(TargetHealth.BYTES)) {
    if (buffer.byteLength < TargetHealth.BYTES) throw new InternalError(`TargetHealth needs ${TargetHealth.BYTES} bytes`);
    this.buffer = buffer;
    this.#threshold = Math.max(1, threshold);
    this.#slots = new Int32Array(buffer, 0, SLOTS);
    this.#lastAnswer = new BigInt64Array(buffer, LAST_ANSWER_OFFSET, 1);
    this.#pausedAt = new BigInt64Array(buffer, PAUSED_AT_OFFSET, 1);
    this.#lastFailure = new BigInt64Array(buffer, LAST_FAILURE_OFFSET, 1);
    this.#answeredSent = new BigInt64Array(buffer, ANSWERED_SENT_OFFSET, 1);
    this.#reason = new Uint8Array(buffer, REASON_OFFSET, REASON_BYTES);
  }

  /** Why the run stopped sending, or null while requests may go out. */
  get stopped(): HealthState | null {
    const code = Atomics.load(this.#slots, STOPPED);
    if (code === 0) return null;
    const length = Atomics.load(this.#slots, REASON_LENGTH);
    return { kind: KINDS[code - 1] ?? 'breaker', reason: new TextDecoder().decode(this.#reason.slice(0, length)) };
  }

  get consecutiveFailures(): number {
    return Atomics.load(this.#slots, CONSECUTIVE);
  }

  /**
   * Counts a request in flight until the returned function is called. Counted before the
   * request is admitted, so once the run stopped, `inFlight` only goes down: the runner waits
   * for it to reach 0 before it cancels the checks, and the ids those requests bring back are
   * known (harness/runner/interrupt.ts).
   */
  sending(): () => void {
    Atomics.add(this.#slots, IN_FLIGHT, 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      Atomics.sub(this.#slots, IN_FLIGHT, 1);
    };
  }

  get inFlight(): number {
    return Atomics.load(this.#slots, IN_FLIGHT);
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
    Atomics.store(this.#slots, OUTAGE_WAIT, Math.max(0, Math.min(2 ** 31 - 1, Math.round(ms))));
  }

  get outageWaitMs(): number {
    return Atomics.load(this.#slots, OUTAGE_WAIT);
  }

  /** Since when (Date.now()) the run is paused, or null while it is not. */
  get pausedSince(): number | null {
    return Atomics.load(this.#slots, PAUSED) === 1 ? Number(Atomics.load(this.#pausedAt, 0)) : null;
  }

  /** Date.now() of the latest request without an answer (0: none yet). */
  get lastFailureAt(): number {
    return Number(Atomics.load(this.#lastFailure, 0));
  }

  /** When the latest answered request had been sent: a failure after it is not yet explained. */
  get answeredSentAt(): number {
    return Number(Atomics.load(this.#answeredSent, 0));
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
    return Atomics.load(this.#slots, OUTAGES);
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
    Atomics.store(this.#slots, CONSECUTIVE, 0);
    this.recordAnswer(now);
    Atomics.store(this.#slots, PAUSED, 0);
  }

  /** The target answered (any status, even a body too large to read): it is alive. */
  recordAnswer(now: number = Date.now(), sentAt: number = now): void {
    raiseTo(this.#answeredSent, sentAt);
    Atomics.store(this.#slots, CONSECUTIVE, 0);
    const at = BigInt(Math.floor(now));
    for (let seen = Atomics.load(this.#lastAnswer, 0); seen < at; ) {
      const was = Atomics.compareExchange(this.#lastAnswer, 0, seen, at);
      if (was === seen) break;
      seen = was;
    }
  }

  /**
   * A request sent at `sentAt` (Date.now()) got no answer; opens the breaker at the threshold.
   * `what` says which and why. Not counted when something was answered after it was sent.
   */
  recordFailure(what: string, sentAt: number = Date.now()): void {
    raiseTo(this.#lastFailure, Date.now());
    if (BigInt(Math.floor(sentAt)) < Atomics.load(this.#lastAnswer, 0)) return;
    // Requests in flight when the pause began fail too: the outage is already known.
    if (Atomics.load(this.#slots, PAUSED) === 1) return;
    const count = Atomics.add(this.#slots, CONSECUTIVE, 1) + 1;
    if (count >= this.#threshold && this.outageWaitMs > 0) {
      // A bad minute is not a bad run: pause, and let the prober see whether the target comes back.
      if (Atomics.compareExchange(this.#slots, PAUSED, 0, 1) === 0) {
        Atomics.store(this.#pausedAt, 0, BigInt(Math.floor(Date.now())));
        Atomics.add(this.#slots, OUTAGES, 1);
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
    if (Atomics.compareExchange(this.#slots, WRITER, 0, 1) !== 0) return;
    let bytes = new TextEncoder().encode(reason);
    if (bytes.length > REASON_BYTES) bytes = new TextEncoder().encode(`${reason.slice(0, REASON_BYTES / 4 - 3)}...`);
    this.#reason.set(bytes);
    Atomics.store(this.#slots, REASON_LENGTH, bytes.length);
    // Last: a reader that sees the kind also sees the reason written before it.
    Atomics.store(this.#slots, STOPPED, KINDS.indexOf(kind) + 1);
  }
}

/** Raises a shared clock slot to `value` (epoch ms) unless it is already later. */
function raiseTo(slot: BigInt64Array, value: number): void {
  const at = BigInt(Math.floor(value));
  for (let seen = Atomics.load(slot, 0); seen < at; ) {
    const was = Atomics.compareExchange(slot, 0, seen, at);
    if (was === seen) break;
    seen = was;
  }
}
