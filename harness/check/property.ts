import fc from 'fast-check';
import type { PropertyRecord } from '../report/model.js';
import { CheckFailure } from './outcomes.js';

export interface PropertyOptions {
  readonly numRuns?: number;
  readonly seed?: number;
  /** Replay a known counterexample path (from a report). */
  readonly path?: string;
}

function show(value: unknown): string {
  const text = fc.stringify(value);
  return text.length > 1500 ? `${text.slice(0, 1500)}...` : text;
}

/**
 * fast-check inside an ordinary check (TOOLCHAIN: faster than @fast-check/vitest, and the check
 * keeps seed, path and counterexample). The failing run's own CheckFailure keeps its exchange.
 */
export async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: PropertyOptions & { seed: number; numRuns: number },
): Promise<PropertyRecord> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed: options.seed,
    numRuns: options.numRuns,
    ...(options.path !== undefined ? { path: options.path } : {}),
    endOnFailure: false,
    // Shrinking replays requests; keep it bounded against slow targets.
    interruptAfterTimeLimit: 60_000,
    markInterruptAsFailure: false,
  });
  const record: PropertyRecord = {
    seed: details.seed,
    path: details.counterexamplePath ?? null,
    numRuns: details.numRuns,
    counterexample: details.counterexample ? show(details.counterexample[0]) : null,
  };
  if (!details.failed) return record;
  const cause = details.errorInstance;
  // Anything but a CheckFailure is the harness breaking (or a skip): pass it on unchanged.
  if (!(cause instanceof CheckFailure)) throw cause instanceof Error ? cause : new Error(String(cause));
  const failure = new CheckFailure(`${cause.message}; counterexample ${record.counterexample}`, cause.exchange);
  failure.property = record;
  throw failure;
}
