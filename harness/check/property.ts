import fc from 'fast-check';
import type { PropertyRecord } from '../report/model.js';
import { CasesAhead } from './cases-ahead.js';
import { CheckFailure, CheckInconclusive, isCheckOutcome } from './outcomes.js';

export interface PropertyOptions {
  readonly numRuns?: number;
  readonly seed?: number;
  /** Replay a known counterexample path (from a report). */
  readonly path?: string;
  /**
   * After this long no new run starts (shrinking included). A paced run (CONFORMANCE_PACED)
   * gives more: its requests are spaced out on purpose. Default PROPERTY_TIME_LIMIT_MS.
   */
  readonly timeLimitMs?: number;
  /**
   * Cases sent at once ahead of fast-check (harness/check/cases-ahead.ts); 1 or absent: one
   * after another. A replay of a known path is always sent one case at a time.
   */
  readonly concurrency?: number;
  /** The budget the cases sent ahead share with other checks' (harness/check/cases-ahead.ts). */
  readonly gate?: <R>(fn: () => Promise<R>) => Promise<R>;
}

/** How long a property may run against an ordinary target before fast-check stops starting runs. */
export const PROPERTY_TIME_LIMIT_MS = 60_000;

/** Runs of the predicate a shrink may spend at most (a few per field of a typical body). */
export const SHRINK_BUDGET = 60;

function show(value: unknown): string {
  const text = fc.stringify(value);
  return text.length > 1500 ? `${text.slice(0, 1500)}...` : text;
}

/**
 * fast-check inside an ordinary check (TOOLCHAIN: faster than @fast-check/vitest, and the check
 * keeps seed, path and counterexample). The failing run's own CheckFailure keeps its exchange.
 *
 * Only a CheckFailure is shrunk. Anything else thrown by the predicate (no answer, a reset, a body
 * past the read bound, the breaker, a skip) ends the property at once: fast-check
 * treats every throw as a counterexample and would replay request after request while shrinking
 * it, against a target that is already failing. From the first such error on, the predicate
 * throws it again without sending anything, so the shrinker walks down its tree in memory and
 * the error is passed on unchanged.
 *
 * A CheckFailure is shrunk only while it is worth the requests. Before shrinking, the failing
 * input is sent once more: a target that then passes it answers inconsistently (a proxy that
 * garbles one answer in twenty, say), and shrinking would chase its noise from input to input
 * through hundreds of requests; the check fails on what it saw, unshrunk. And shrinking stops
 * after SHRINK_BUDGET further runs. Either way the runs not made count as passing, so fast-check
 * ends on the last input that really failed, and the message says shrinking was cut short.
 *
 * With `concurrency` above 1 the cases fast-check will draw are sent ahead of it, side by side
 * (CasesAhead), and fast-check is handed their outcomes in its own order: up to and including
 * the first failure it sees exactly what it would have seen sending them itself, so the seed,
 * the path and the counterexample are the same; the confirmation and shrinking send their
 * cases one at a time, as before.
 */
export async function runProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: PropertyOptions & { seed: number; numRuns: number },
): Promise<PropertyRecord> {
  let broken: { readonly error: unknown } | undefined;
  /** The last value that failed the check for real, in case shrinking is cut short by `broken`. */
  let lastFailure: { readonly error: CheckFailure; readonly value: T } | undefined;
  /** Why shrinking ended before fast-check would have ended it, if it did. */
  let cutShort: string | undefined;
  let shrinkRuns = 0;
  const timeLimitMs = options.timeLimitMs ?? PROPERTY_TIME_LIMIT_MS;
  const ahead =
    options.path === undefined && (options.concurrency ?? 1) > 1
      ? new CasesAhead(arbitrary, predicate, {
          seed: options.seed,
          numRuns: options.numRuns,
          concurrency: options.concurrency ?? 1,
          ...(options.gate === undefined ? {} : { gate: options.gate }),
          deadline: performance.now() + timeLimitMs,
        })
      : undefined;
  const guarded = async (value: T): Promise<void> => {
    if (broken !== undefined) throw broken.error;
    if (lastFailure !== undefined) {
      if (cutShort !== undefined) return;
      if (++shrinkRuns > SHRINK_BUDGET) {
        cutShort = `shrinking stopped after ${SHRINK_BUDGET} runs`;
        return;
      }
    }
    // Before the first failure fast-check asks for its cases in order: sent ahead already.
    const sent = lastFailure === undefined ? await ahead?.take(value) : undefined;
    try {
      if (sent === undefined) await predicate(value);
      else if (!sent.passed) throw sent.error;
    } catch (error) {
      if (!(error instanceof CheckFailure)) {
        broken = { error };
        throw error;
      }
      const first = lastFailure === undefined;
      lastFailure = { error, value };
      if (first) await confirm(value);
      throw error;
    }
  };
  /** The first failing input once more: does the target fail it again? */
  const confirm = async (value: T): Promise<void> => {
    try {
      await predicate(value);
      cutShort = 'the same input passed when sent again: the target answers inconsistently; not shrunk';
    } catch (error) {
      if (!(error instanceof CheckFailure)) broken = { error };
    }
  };
  let details: fc.RunDetails<[T]>;
  try {
    details = await fc.check(fc.asyncProperty(arbitrary, guarded), {
      seed: options.seed,
      numRuns: options.numRuns,
      ...(options.path !== undefined ? { path: options.path } : {}),
      endOnFailure: false,
      // Shrinking replays requests; keep it bounded against slow targets.
      interruptAfterTimeLimit: timeLimitMs,
      markInterruptAsFailure: false,
    });
  } finally {
    // Cases still in flight ahead (past a failure) end before the check does.
    await ahead?.settle();
  }
  const record: PropertyRecord = {
    seed: details.seed,
    path: details.counterexamplePath ?? null,
    numRuns: details.numRuns,
    counterexample: details.counterexample ? show(details.counterexample[0]) : null,
  };
  const limitS = Math.round(timeLimitMs / 1000);
  // Cut off by its time limit after some runs passed: not a pass, since not every run was made.
  if (!details.failed && details.interrupted && details.numRuns < options.numRuns) {
    throw new CheckInconclusive(`the property made ${details.numRuns} of ${options.numRuns} runs before its time limit (${limitS} s); all of them passed`);
  }
  if (!details.failed) return record;
  const cause = details.errorInstance;
  // fast-check reports an interruption before any run finished as a failure without an error.
  if (cause === null || cause === undefined) {
    throw new CheckInconclusive(`the property was stopped at its time limit (${limitS} s) before any of its runs finished`);
  }
  if (cause instanceof CheckFailure && cutShort !== undefined) {
    const failure = new CheckFailure(`${cause.message}; counterexample ${record.counterexample} (${cutShort})`, cause.exchange);
    failure.property = record;
    throw failure;
  }
  if (!(cause instanceof CheckFailure)) {
    // A real counterexample was found, then shrinking hit a harness-side error: the check still
    // failed, with the smallest counterexample shrinking reached (its path is not known).
    if (lastFailure !== undefined) {
      const shown = show(lastFailure.value);
      const reason = (broken?.error as Error | undefined)?.message ?? String(broken?.error);
      const failure = new CheckFailure(
        `${lastFailure.error.message}; counterexample ${shown} (shrinking stopped early: ${reason})`,
        lastFailure.error.exchange,
      );
      failure.property = { ...record, path: null, counterexample: shown };
      throw failure;
    }
    // A skip or an inconclusive outcome passes on unchanged; anything else is the harness breaking.
    throw cause instanceof Error || isCheckOutcome(cause) ? cause : new Error(String(cause));
  }
  const failure = new CheckFailure(`${cause.message}; counterexample ${record.counterexample}`, cause.exchange);
  failure.property = record;
  throw failure;
}
