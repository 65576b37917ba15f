import { RequestFailedError } from '../errors.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure, CheckInconclusive, CheckSkipped } from './outcomes.js';
import { SHRINK_BUDGET, runProperty } from './property.js';

const OPTIONS = { seed: 42, numRuns: 50 };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('runProperty', () => {
  it('shrinks a CheckFailure to a small counterexample, replaying the predicate', async () => {
    let calls = 0;
    const error = await failure(
      runProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        async (n) => {
          calls += 1;
          if (n >= 1000) throw new CheckFailure(`${n} is too big`);
        },
        OPTIONS,
      ),
    );
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).property).toMatchObject({ seed: 42, counterexample: '1000' });
    expect((error as Error).message).toMatch(/^1000 is too big; counterexample 1000$/);
    expect(calls).toBeGreaterThan(5);
  });

  // Issue 12: shrinking replayed requests after a timeout, against a target that was already failing.
  it('ends at the first transport failure: no further predicate call sends anything, and the error passes unchanged', async () => {
    let sent = 0;
    const noAnswer = new RequestFailedError('GET http://target/api/v1/contacts: no answer within 3000 ms');
    const error = await failure(
      runProperty(
        fc.record({ name: fc.string(), tags: fc.array(fc.string()) }),
        async () => {
          sent += 1;
          if (sent === 3) throw noAnswer;
        },
        OPTIONS,
      ),
    );
    expect(error).toBe(noAnswer);
    expect(sent).toBe(3);
  });

  it('passes a skip on unchanged after one call', async () => {
    let calls = 0;
    const skip = new CheckSkipped('not configured: CONFORMANCE_MEMBER_KEY is not set');
    const error = await failure(
      runProperty(
        fc.integer(),
        async () => {
          calls += 1;
          throw skip;
        },
        OPTIONS,
      ),
    );
    expect(error).toBe(skip);
    expect(calls).toBe(1);
  });

  it('still fails the check when shrinking a real counterexample hits a transport failure', async () => {
    let calls = 0;
    const error = await failure(
      runProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        async (n) => {
          calls += 1;
          if (calls === 4) throw new RequestFailedError('GET http://target/api/v1/contacts: socket hang up');
          if (n >= 1000) throw new CheckFailure(`${n} is too big`);
        },
        OPTIONS,
      ),
    );
    expect(error).toBeInstanceOf(CheckFailure);
    const failed = error as CheckFailure;
    expect(failed.message).toMatch(/^\d+ is too big; counterexample \d+ \(shrinking stopped early: GET http:\/\/target\/api\/v1\/contacts: socket hang up\)$/);
    expect(failed.property?.path).toBeNull();
    expect(Number(failed.property?.counterexample)).toBeGreaterThanOrEqual(1000);
    expect(calls).toBe(4);
  });

  it('does not shrink a failure the target does not repeat: one more run, then the check fails unshrunk', async () => {
    let calls = 0;
    const error = await failure(
      runProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        async () => {
          calls += 1;
          // A target that garbles one answer in twenty, whatever the input.
          if (calls % 20 === 5) throw new CheckFailure('expected a JSON object body (GET /contacts answered 200: {\u0000garbage)');
        },
        OPTIONS,
      ),
    );
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as Error).message).toMatch(
      /^expected a JSON object body .*; counterexample \d+ \(the same input passed when sent again: the target answers inconsistently; not shrunk\)$/,
    );
    // The failing run and the one confirming run; no shrinking.
    expect(calls).toBe(6);
  });

  it('spends at most SHRINK_BUDGET runs shrinking, and says so', async () => {
    let calls = 0;
    const error = await failure(
      runProperty(
        fc.array(fc.string({ minLength: 5, maxLength: 20 }), { minLength: 40, maxLength: 60 }),
        async (list) => {
          calls += 1;
          if (list.length >= 40 && list.every((s) => s.length >= 5)) throw new CheckFailure(`a list of ${list.length}`);
        },
        OPTIONS,
      ),
    );
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as Error).message).toMatch(new RegExp(`^a list of \\d+; counterexample \\[.*\\] \\(shrinking stopped after ${SHRINK_BUDGET} runs\\)$`));
    // The first failure, its confirmation, then the budget.
    expect(calls).toBe(2 + SHRINK_BUDGET);
  });

  it('says so when its time limit stopped it before any run finished (never a bare "null" error)', async () => {
    const slow = runProperty(fc.integer(), () => new Promise((resolve) => setTimeout(resolve, 30)), { seed: 1, numRuns: 10, timeLimitMs: 1 });
    await expect(slow).rejects.toThrow(/stopped at its time limit \(0 s\) before any of its runs finished/);
    await expect(
      runProperty(fc.integer(), () => new Promise((resolve) => setTimeout(resolve, 30)), { seed: 1, numRuns: 10, timeLimitMs: 1 }),
    ).rejects.toBeInstanceOf(CheckInconclusive);
  });

  it('is inconclusive, not passed, when its time limit cut it off after some runs', async () => {
    // Three runs finish at once and the fourth never does, so the limit cuts it off after exactly
    // three, however busy the machine (fast-check reads its own clock; fake timers cannot reach it).
    let calls = 0;
    const partial = runProperty(fc.integer(), () => (++calls <= 3 ? Promise.resolve() : new Promise<void>(() => {})), {
      seed: 1,
      numRuns: 50,
      timeLimitMs: 300,
    });
    await expect(partial).rejects.toThrow(/made 3 of 50 runs before its time limit/);
  });
});

describe('runProperty with cases sent ahead (concurrency above 1)', () => {
  /** The error a run rejects with, and every value the predicate was called with, in call order. */
  async function traced<T>(arbitrary: fc.Arbitrary<T>, fails: (value: T) => boolean, concurrency: number, seed: number) {
    const values: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const error = await failure(
      runProperty(
        arbitrary,
        async (value) => {
          values.push(fc.stringify(value));
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 1));
          inFlight--;
          if (fails(value)) throw new CheckFailure(`${fc.stringify(value)} is refused`);
        },
        { seed, numRuns: 30, concurrency },
      ),
    );
    return { error, values, maxInFlight };
  }

  it('fails with the same seed, path, counterexample and message as one case at a time', async () => {
    const arbitrary = fc.record({ name: fc.string(), hours: fc.integer({ min: 0, max: 100 }), tags: fc.array(fc.string()) });
    const fails = (v: { name: string; hours: number; tags: string[] }) => v.hours > 60 && v.tags.length > 0;
    let compared = 0;
    for (const seed of [1, 7, 42, 1234, -99]) {
      const alone = await traced(arbitrary, fails, 1, seed);
      const ahead = await traced(arbitrary, fails, 4, seed);
      if (!(alone.error instanceof CheckFailure)) continue;
      compared += 1;
      expect(ahead.error).toBeInstanceOf(CheckFailure);
      const [a, b] = [alone.error, ahead.error as CheckFailure];
      expect(b.property).toEqual(a.property);
      expect(b.property?.path).not.toBeNull();
      expect(b.message).toBe(a.message);
      // The cases sent ahead of the first failure, then the same confirmation and shrinking; at
      // most concurrency - 1 cases past the first failure were in flight and are extra.
      expect(ahead.maxInFlight).toBeGreaterThan(1);
      expect(ahead.maxInFlight).toBeLessThanOrEqual(4);
      expect(ahead.values.length - alone.values.length).toBeGreaterThanOrEqual(0);
      expect(ahead.values.length - alone.values.length).toBeLessThanOrEqual(3);
      expect([...ahead.values].sort()).toEqual(expect.arrayContaining([...alone.values].sort()));
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it('sends each case of a passing property once, the very cases fast-check draws for the seed, at most `concurrency` at once', async () => {
    const arbitraries: Array<fc.Arbitrary<unknown>> = [
      fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
      fc.tuple(fc.record({ a: fc.option(fc.date({ noInvalidDate: true })) }), fc.subarray(['x', 'y', 'z'], { minLength: 1 })),
      fc.integer({ min: 1, max: 4 }).chain((n) => fc.array(fc.double(), { minLength: n, maxLength: n })),
    ];
    for (const [i, arbitrary] of arbitraries.entries()) {
      const alone = await traced(arbitrary, () => false, 1, 5 + i);
      const ahead = await traced(arbitrary, () => false, 3, 5 + i);
      expect(alone.error).toBeUndefined();
      expect(ahead.error).toBeUndefined();
      expect(alone.values).toHaveLength(30);
      // Started in fast-check's order; their answers may come back in any.
      expect(ahead.values).toEqual(alone.values);
      expect(ahead.maxInFlight).toBe(3);
    }
  });

  it('ends at the first transport failure, passed on unchanged, with nothing sent once it returns', async () => {
    let sent = 0;
    let settledAfter = 0;
    let returned = false;
    const noAnswer = new RequestFailedError('GET http://target/api/v1/contacts: no answer within 3000 ms');
    const error = await failure(
      runProperty(
        fc.integer(),
        async () => {
          const n = ++sent;
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (returned) settledAfter += 1;
          if (n === 3) throw noAnswer;
        },
        { ...OPTIONS, concurrency: 4 },
      ),
    );
    returned = true;
    expect(error).toBe(noAnswer);
    // The third case and those in flight beside it; none started after it failed.
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(6);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settledAfter).toBe(0);
  });

  it('is inconclusive, not passed, when its time limit cut it off after some runs', async () => {
    let calls = 0;
    const partial = runProperty(fc.integer(), () => (++calls <= 3 ? Promise.resolve() : new Promise<void>(() => {})), {
      seed: 1,
      numRuns: 50,
      timeLimitMs: 300,
      concurrency: 4,
    });
    await expect(partial).rejects.toThrow(/made 3 of 50 runs before its time limit/);
  });

  it('replays a known path one case at a time', async () => {
    const arbitrary = fc.integer({ min: 0, max: 1_000_000 });
    const first = await traced(arbitrary, (n) => n >= 1000, 1, 42);
    const path = (first.error as CheckFailure).property!.path!;
    let inFlight = 0;
    let maxInFlight = 0;
    const replayed = await failure(
      runProperty(
        arbitrary,
        async (n) => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 1));
          inFlight--;
          if (n >= 1000) throw new CheckFailure(`${n} is refused`);
        },
        { seed: 42, numRuns: 30, path, concurrency: 4 },
      ),
    );
    expect((replayed as CheckFailure).property?.counterexample).toBe('1000');
    expect(maxInFlight).toBe(1);
  });
});
