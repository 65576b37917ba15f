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
