import fc from 'fast-check';

/*
 * The exploration's sequences side by side (issue 32): far from the target a sequence is a chain
 * of round trips, and forty of them one after another reached the exploration's time bound after
 * about ten at 20 ms. The runs of a seed are drawn up front (`fc.sample` gives the values
 * `fc.check` would run with that seed, in its order), run a few at a time, and the lowest failing
 * run is then shrunk by fast-check from its place in the seed's stream (`path`), one candidate at
 * a time: the replay seed, the counterexample and its path stay what a run one after another gives.
 */

/**
 * Sequences in flight at once, by the shortest round trip seen (as harness/runner/latency.ts
 * gives workers, whose thresholds these are: a layer harness/steps/ does not import). Next to the
 * target two: the machine's CPU is the bound there, and two still run the side-by-side path the
 * self-tests exercise; farther more, each sequence mostly waiting for its answers. Never more
 * than CONFORMANCE_CONCURRENCY (requests one check has in flight: each sequence sends one at a time).
 * Far away 16 (the file's budget there when not set): 50 ms away 8 left the exploration the run's
 * longest chain, 157 round trips for 40 sequences (bench, issue 32).
 */
export const SEQUENCE_LANES = { near: 2, distant: 6, far: 16 } as const;
const DISTANT_MS = 5;
const FAR_MS = 40;

export function lanesFor(roundTripMs: number, concurrency: number): number {
  const wanted = roundTripMs < DISTANT_MS ? SEQUENCE_LANES.near : roundTripMs < FAR_MS ? SEQUENCE_LANES.distant : SEQUENCE_LANES.far;
  return Math.max(1, Math.min(wanted, Math.floor(concurrency)));
}

/**
 * Runs started in index order, at most `width` at once. The width may change while they run (the
 * distance is learned from the first answers): a wider one starts more at once, a narrower one
 * lets those running end.
 */
export class Lanes {
  #width: number;
  #wake: (() => void) | undefined;

  constructor(width: number) {
    this.#width = Math.max(1, width);
  }

  get width(): number {
    return this.#width;
  }

  set width(width: number) {
    const wider = width > this.#width;
    this.#width = Math.max(1, width);
    if (wider) this.#wake?.();
  }

  /**
   * `run(index)` for the indexes from 0 in order, each once `mayStart(index, running)` allows it
   * (false: none starts after it). A run that answers false, or throws, starts no more; those
   * already running end first, then the error of the lowest index that threw is thrown.
   */
  async run(count: number, mayStart: (index: number, running: number) => boolean, run: (index: number) => Promise<boolean>): Promise<void> {
    const running = new Set<Promise<void>>();
    const errors = new Map<number, unknown>();
    let stop = false;
    for (let index = 0; index < count && !stop; ) {
      if (running.size >= this.#width) {
        // A lane frees when a run ends, or more open when the width grows.
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
          void Promise.race(running).then(resolve);
        });
        this.#wake = undefined;
        continue;
      }
      if (!mayStart(index, running.size)) break;
      const at = index++;
      const done: Promise<void> = run(at)
        .then(
          (goOn) => void (stop ||= !goOn),
          (error: unknown) => {
            errors.set(at, error);
            stop = true;
          },
        )
        .finally(() => running.delete(done));
      running.add(done);
    }
    await Promise.all(running);
    if (errors.size > 0) throw errors.get(Math.min(...errors.keys()));
  }
}

/** The runs `fc.check` makes of `arb` with `seed`, in its order (the first `numRuns`). */
export function drawRuns<V>(arb: fc.Arbitrary<V>, seed: number, numRuns: number): V[] {
  return fc.sample(arb, { seed, numRuns });
}

/**
 * fast-check's shrinking of run `index` of `seed`, which already ran as `ran` (drawn by drawRuns)
 * and failed with `error`: `fc.check` from that run's place in the seed's stream. Its first call
 * gets the same run again: the commands `ran` ran are marked as run (fast-check shrinks those
 * only) and it fails with `error` without sending anything again; every later candidate is
 * judged by `predicate`, one at a time. Should the run drawn again differ from `ran` (it does
 * not: the same seed and place), it is judged by `predicate` as well.
 */
export function shrinkRun<V>(
  arb: fc.Arbitrary<V>,
  predicate: (value: V) => Promise<void>,
  options: { readonly seed: number; readonly numRuns: number; readonly index: number; readonly ran: V; readonly error: unknown; readonly timeLimitMs: number },
): Promise<fc.RunDetails<[V]>> {
  let first = true;
  const property = fc.asyncProperty(arb, async (value) => {
    if (first) {
      first = false;
      if (markRan(value, options.ran)) throw options.error;
    }
    await predicate(value);
  });
  return fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    path: String(options.index),
    interruptAfterTimeLimit: options.timeLimitMs,
    markInterruptAsFailure: false,
  });
}

/** fast-check's mark on the commands of `fc.commands` that ran (its shrinker keeps only those). */
interface Ran {
  hasRan: boolean;
}
const isRan = (c: unknown): c is Ran => typeof (c as Partial<Ran> | null)?.hasRan === 'boolean';

/**
 * Copies onto `fresh` the marks of the commands that ran in `ran`, when both are the same run
 * (arrays and command lists of the same commands, by their descriptions); false, marking
 * nothing, otherwise.
 */
export function markRan(fresh: unknown, ran: unknown): boolean {
  const pairs: Array<readonly [Ran, Ran]> = [];
  const same = (a: unknown, b: unknown): boolean => {
    if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
    if (isRan(a) || isRan(b)) {
      if (!isRan(a) || !isRan(b) || String(a) !== String(b)) return false;
      pairs.push([a, b]);
      return true;
    }
    // A command list (fast-check's CommandsIterable) iterates its commands.
    const iterable = (x: unknown): x is Iterable<unknown> => typeof (x as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] === 'function';
    if (typeof a === 'object' && a !== null && iterable(a)) return iterable(b) && same([...a], [...b]);
    if (typeof a === 'object' && a !== null) return typeof b === 'object' && b !== null && String(a) === String(b);
    return a === b;
  };
  if (!same(fresh, ran)) return false;
  for (const [a, b] of pairs) a.hasRan = b.hasRan;
  return true;
}
