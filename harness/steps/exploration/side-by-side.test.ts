import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawRuns, Lanes, lanesFor, markRan, shrinkRun } from './side-by-side.js';

/*
 * The runs drawn up front and the shrinking from a run's place must give what fc.check one run
 * after another gives: the same runs in the same order, the same shrunk counterexample and path.
 * A toy model of the exploration's shape (a chained domain, an opening array, fc.commands, an
 * optional second list mapped in), whose fault is an interaction: a push of 3 after a push of 7.
 */

interface Toy {
  pushed: number[];
}
class Push implements fc.AsyncCommand<Toy, Toy> {
  constructor(readonly n: number) {}
  check(): boolean {
    return true;
  }
  async run(_: Toy, real: Toy): Promise<void> {
    await Promise.resolve();
    if (this.n === 3 && real.pushed.includes(7)) throw new Error('3 after 7');
    real.pushed.push(this.n);
  }
  toString(): string {
    return `push ${this.n}`;
  }
}
type Cmds = Iterable<fc.AsyncCommand<Toy, Toy>>;
type Run = readonly [Cmds, Cmds, Cmds?];

const push = (max: number) => fc.nat({ max }).map((n) => new Push(n));
const arb: fc.Arbitrary<Run> = fc
  .tuple(
    fc.constantFrom(5, 9).chain((max) => fc.tuple(fc.array(push(max), { maxLength: 2 }), fc.commands([push(max)], { maxCommands: 12, size: 'max' }))),
    fc.commands([push(9)], { maxCommands: 6 }),
    fc.nat({ max: 2 }),
  )
  .map(([[opening, rest], more, turn]) => (turn === 0 ? ([opening, rest, more] as const) : ([opening, rest] as const)));

const describeRun = ([opening, rest, more]: Run): string =>
  JSON.stringify([[...opening].map(String), [...rest].map(String), more === undefined ? null : [...more].map(String)]);

async function runToy([opening, rest, more]: Run): Promise<void> {
  const toy: Toy = { pushed: [] };
  await fc.asyncModelRun(() => ({ model: toy, real: toy }), [...opening, ...rest]);
  if (more !== undefined) await fc.asyncModelRun(() => ({ model: toy, real: toy }), more);
}

describe('runs side by side', () => {
  it('draws the runs fc.check makes with the seed, in its order', async () => {
    for (const seed of [1, 42, 20261128]) {
      const seen: string[] = [];
      await fc.check(
        fc.asyncProperty(arb, async (run) => void seen.push(describeRun(run))),
        { seed, numRuns: 30 },
      );
      expect(drawRuns(arb, seed, 30).map(describeRun)).toEqual(seen);
    }
  });

  it('shrinks the lowest failing run to the counterexample and path of a run one after another', async () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const plain = await fc.check(fc.asyncProperty(arb, runToy), { seed, numRuns: 40 });
      // Side by side: every run drawn, four at once, the lowest failure shrunk from its place.
      const runs = drawRuns(arb, seed, 40);
      const failures = new Map<number, unknown>();
      await new Lanes(4).run(
        runs.length,
        () => true,
        async (i) => {
          try {
            await runToy(runs[i]!);
            return true;
          } catch (error) {
            failures.set(i, error);
            return false;
          }
        },
      );
      expect(failures.size > 0).toBe(plain.failed);
      if (!plain.failed) continue;
      const index = Math.min(...failures.keys());
      expect(index + 1).toBe(plain.numRuns);
      const shrunk = await shrinkRun(arb, runToy, { seed, numRuns: 40, index, ran: runs[index]!, error: failures.get(index), timeLimitMs: 10_000 });
      expect(shrunk.counterexamplePath).toBe(plain.counterexamplePath);
      expect(fc.stringify(shrunk.counterexample)).toBe(fc.stringify(plain.counterexample));
      compared += 1;
    }
    // The fault is found by some seeds (the comparison above is not empty).
    expect(compared).toBeGreaterThan(3);
  });

  it('marks nothing when the run drawn again is another one', () => {
    const [a, b] = drawRuns(arb, 7, 2);
    expect(describeRun(a!) === describeRun(b!) || !markRan(a, b)).toBe(true);
    expect(markRan(a, drawRuns(arb, 7, 1)[0])).toBe(true);
  });
});

describe('lanes', () => {
  it('starts runs in order, at most the width at once, and no more after one answers false', async () => {
    const lanes = new Lanes(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await lanes.run(
      20,
      () => true,
      async (i) => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return i !== 6;
      },
    );
    expect(most).toBe(3);
    expect(started).toEqual([...started].sort((x, y) => x - y));
    // Run 6 ended the starting: those beside it (7, 8) still ran, none after.
    expect(Math.max(...started)).toBeLessThanOrEqual(8);
    expect(started).toContain(6);
  });

  it('opens more lanes when the width grows while runs wait', async () => {
    const lanes = new Lanes(1);
    let most = 0;
    let running = 0;
    await lanes.run(
      6,
      () => true,
      async (i) => {
        most = Math.max(most, ++running);
        if (i === 0) lanes.width = 3;
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return true;
      },
    );
    expect(most).toBe(3);
  });

  it('stops starting when mayStart refuses, and throws the lowest error once the runs end', async () => {
    const ran: number[] = [];
    await expect(
      new Lanes(2).run(
        10,
        (i) => i < 5,
        async (i) => {
          ran.push(i);
          if (i === 1) throw new Error('one');
          return true;
        },
      ),
    ).rejects.toThrow('one');
    expect(ran).toEqual([0, 1]);
  });

  it('runs two sequences at once next to the target, more far away, never past the concurrency', () => {
    expect(lanesFor(1, 8)).toBe(2);
    expect(lanesFor(20, 8)).toBeGreaterThan(2);
    expect(lanesFor(60, 8)).toBeGreaterThanOrEqual(lanesFor(20, 8));
    expect(lanesFor(60, 3)).toBe(3);
    expect(lanesFor(1, 1)).toBe(1);
  });
});
