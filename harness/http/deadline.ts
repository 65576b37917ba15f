/**
 * One request's abort signal: its own deadline (headers and body alike) joined with the check's
 * signal, as `AbortSignal.any([AbortSignal.timeout(ms), signal])` would give, but with one
 * controller and one plain timer that is cleared once the body is read (the built-in pair costs
 * a weakly tracked timer and signal per request, left to fire and be collected later).
 */
export class RequestDeadline {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #outer: AbortSignal | undefined;
  readonly #onOuterAbort: (() => void) | undefined;
  #timedOut = false;

  constructor(timeoutMs: number, outer?: AbortSignal) {
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // Like AbortSignal.timeout: a pending deadline does not keep the process alive.
    this.#timer.unref();
    this.#outer = outer;
    if (outer !== undefined) {
      if (outer.aborted) this.#controller.abort(outer.reason);
      else {
        this.#onOuterAbort = () => this.#controller.abort(outer.reason);
        outer.addEventListener('abort', this.#onOuterAbort, { once: true });
      }
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The deadline passed (whatever else aborted the request too). */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** The request is over: the timer and the listener on the outer signal go. */
  dispose(): void {
    clearTimeout(this.#timer);
    if (this.#onOuterAbort !== undefined) this.#outer?.removeEventListener('abort', this.#onOuterAbort);
  }
}
