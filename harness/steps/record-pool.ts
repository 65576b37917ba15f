import { REUSE_POOL_MAX } from '../config/reuse-pool.js';

/**
 * The records a property's runs take turns on, at most `max` of them (harness/config/reuse-pool.ts):
 * `take` hands out a free one, or leave to make one (undefined) while fewer than `max` are out,
 * or waits for one to be given back. A run that made none (its create failed) gives its leave
 * back with `release`, so no run waits for a record that will never come. Every wait ends when a
 * run holding a record ends: each run gives back what it took in a `finally`.
 */
export class RecordPool<T> {
  readonly #free: T[] = [];
  readonly #waiting: Array<(value: T | undefined) => void> = [];
  readonly #max: number;
  #out = 0;

  constructor(max = REUSE_POOL_MAX) {
    this.#max = Math.max(1, max);
  }

  take(): Promise<T | undefined> {
    const held = this.#free.pop();
    if (held !== undefined) return Promise.resolve(held);
    if (this.#out < this.#max) {
      this.#out += 1;
      return Promise.resolve(undefined);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** A record back (the one taken, or the one made in its place). */
  give(value: T): void {
    const next = this.#waiting.shift();
    if (next !== undefined) next(value);
    else this.#free.push(value);
  }

  /** Leave to make a record given back unused. */
  release(): void {
    const next = this.#waiting.shift();
    if (next !== undefined) next(undefined);
    else this.#out -= 1;
  }
}
