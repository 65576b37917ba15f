import fc from 'fast-check';

/*
 * A property's cases sent ahead of fast-check, side by side. Far from the target each case
 * costs its round trips; sent one after another, a property of 20 cases costs twenty times
 * that. The cases fast-check will generate are known before it runs them: the same seed draws
 * the same values (fc.sample walks the same generator as fc.check). So they are sent up front,
 * a few at a time, and fast-check, running as it always did, is handed each case's outcome
 * instead of sending it again. Its seed, path, shrinking and counterexample stay its own: only
 * the first failure's predecessors come from here; shrinking sends its cases one at a time.
 */

/** One case's outcome: passed, or what the predicate threw. */
type Outcome = { readonly passed: true } | { readonly passed: false; readonly error: unknown };

/** A case that was never sent ahead (the pool had stopped): fast-check sends it itself. */
const NOT_SENT = Symbol('not sent');

interface Slot<T> {
  readonly value: T;
  /** The value as generated, for telling that fast-check asks for this very case. */
  readonly shown: string;
  readonly outcome: Promise<Outcome | typeof NOT_SENT>;
  settle(outcome: Outcome | typeof NOT_SENT): void;
}

export interface CasesAheadOptions {
  readonly seed: number;
  readonly numRuns: number;
  /** Cases in flight at once. */
  readonly concurrency: number;
  /** After this moment (performance.now()) no further case starts: fast-check's own time limit. */
  readonly deadline: number;
  /** A budget the cases share with others' (the suite file's): each case waits for a place in it. */
  readonly gate?: <R>(fn: () => Promise<R>) => Promise<R>;
}

export class CasesAhead<T> {
  readonly #slots: Slot<T>[];
  readonly #predicate: (value: T) => Promise<void>;
  readonly #gate: <R>(fn: () => Promise<R>) => Promise<R>;
  #next = 0;
  #taken = 0;
  #stopped = false;
  readonly #pool: Promise<void>;
  readonly #deadline: number;

  /**
   * Starts sending at once. The values are drawn as fc.check draws them for `seed` (fc.sample of
   * the arbitrary itself: a sample of an fc.asyncProperty draws differently from its 11th case on).
   */
  constructor(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options: CasesAheadOptions) {
    this.#predicate = predicate;
    this.#gate = options.gate ?? ((fn) => fn());
    this.#deadline = options.deadline;
    const values = fc.sample(arbitrary, { seed: options.seed, numRuns: options.numRuns });
    this.#slots = values.map((value) => {
      let settle!: Slot<T>['settle'];
      const outcome = new Promise<Outcome | typeof NOT_SENT>((resolve) => (settle = resolve));
      return { value, shown: fc.stringify(value), outcome, settle };
    });
    const workers = Math.max(1, Math.min(Math.floor(options.concurrency), this.#slots.length));
    this.#pool = Promise.all(Array.from({ length: workers }, () => this.#work(options.deadline))).then(() => this.#release());
  }

  async #work(deadline: number): Promise<void> {
    while (!this.#stopped && this.#next < this.#slots.length) {
      if (performance.now() >= deadline) {
        this.#stopped = true;
        break;
      }
      const slot = this.#slots[this.#next++]!;
      try {
        await this.#gate(() => this.#predicate(slot.value));
        slot.settle({ passed: true });
      } catch (error) {
        // The first failure ends the cases sent ahead: fast-check, in order, stops at it and
        // shrinks from there; a case after it is no case it would have sent.
        this.#stopped = true;
        slot.settle({ passed: false, error });
      }
    }
  }

  /** Every case not started: fast-check sends it itself, if it asks for it. */
  #release(): void {
    for (let i = this.#next; i < this.#slots.length; i++) this.#slots[i]!.settle(NOT_SENT);
  }

  /**
   * The outcome of the next case fast-check runs, `value` (it asks in order, before its first
   * failure). Undefined when that case was not sent ahead, or is not the case drawn here (then
   * fast-check's own value is sent, as it would have been).
   */
  async take(value: T): Promise<Outcome | undefined> {
    const slot = this.#slots[this.#taken++];
    if (slot === undefined) return undefined;
    const outcome = await slot.outcome;
    if (outcome === NOT_SENT || fc.stringify(value) !== slot.shown) return undefined;
    return outcome;
  }

  /**
   * Starts no further case and waits for those in flight, so that nothing is sent once the
   * property has ended; at most until the deadline, where fast-check too stops waiting for a
   * run that does not end.
   */
  async settle(): Promise<void> {
    this.#stopped = true;
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, this.#deadline - performance.now()))));
    try {
      await Promise.race([this.#pool, bound]);
    } finally {
      clearTimeout(timer);
    }
  }
}
