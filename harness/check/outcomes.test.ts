import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HarnessError } from '../errors.js';
import { CheckFailure, CheckInconclusive, CheckSkipped, isCheckOutcome } from './outcomes.js';
import { runProperty } from './property.js';

describe('check outcomes', () => {
  it('a skip and an inconclusive outcome are verdicts, not errors; a failure is an error with a code', () => {
    for (const outcome of [new CheckSkipped('no key'), new CheckInconclusive('too slow')]) {
      expect(outcome).not.toBeInstanceOf(Error);
      expect(isCheckOutcome(outcome)).toBe(true);
    }
    expect(new CheckFailure('wrong')).toBeInstanceOf(HarnessError);
    expect(isCheckOutcome(new CheckFailure('wrong'))).toBe(false);
    expect(isCheckOutcome(new Error('x'))).toBe(false);
  });

  it('a skip thrown inside a property reaches the check runner unchanged', async () => {
    const thrown = runProperty(
      fc.integer(),
      () => {
        throw new CheckSkipped('the target has no such record');
      },
      { seed: 1, numRuns: 5 },
    );
    await expect(thrown).rejects.toBeInstanceOf(CheckSkipped);
    await expect(thrown).rejects.toMatchObject({ message: 'the target has no such record' });
  });
});
