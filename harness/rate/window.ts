import { readRateHeaders } from './headers.js';
import { interpretReset } from './reset.js';
import { SPEC_WINDOW_MS } from './tolerance.js';

/**
 * What one key's rate headers have shown about the length of its window. Every meaning a
 * per-minute limiter gives X-RateLimit-Reset (the end of a fixed window, the moment the oldest
 * counted request leaves a sliding one, the next or the last refill of a bucket) lies at most a
 * window ahead, so the longest wait any reading showed is a lower bound of the window; spec 8
 * gives the upper bound, a minute. A fresh-window wait uses it to wait "a full window after the
 * key's last use" without waiting a minute on a server whose window is shorter (self-tests).
 */
export class WindowEstimate {
  #longestMs = 0;
  #refills = false;

  /** Notes one response's X-RateLimit-Reset, read at `nowMs` (an epoch value needs the time). */
  note(headers: Readonly<Record<string, string>>, nowMs: number = Date.now()): void {
    const reset = readRateHeaders(headers).values.reset;
    if (reset === undefined) return;
    const reading = interpretReset(reset, nowMs);
    // A whole-second value may stand for up to a second more (reset.ts); never beyond the spec's minute.
    this.#longestMs = Math.max(this.#longestMs, Math.min(SPEC_WINDOW_MS, reading.msUntilReset + reading.precisionMs));
  }

  /** The longest wait seen, within the spec's minute; undefined before any reading. */
  get longestMs(): number | undefined {
    return this.#longestMs > 0 ? this.#longestMs : undefined;
  }

  /**
   * Notes what a fresh-window wait learnt: the key's X-RateLimit-Reset names a refill (a bucket),
   * so a later wait takes a full budget whose reset is near as fresh at once.
   */
  noteRefills(refills: boolean): void {
    this.#refills ||= refills;
  }

  /** Whether the key's X-RateLimit-Reset was seen to name a refill. */
  get refills(): boolean {
    return this.#refills;
  }
}
