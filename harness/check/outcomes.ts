import { HarnessError } from '../errors.js';
import type { ExchangeRecord, PropertyRecord } from '../report/model.js';

/** The target does not do what the requirement says: the check fails (never a harness crash). */
export class CheckFailure extends HarnessError {
  readonly exchange: ExchangeRecord | null;
  property: PropertyRecord | null = null;
  constructor(message: string, exchange: ExchangeRecord | null = null) {
    super('CHECK_FAILED', message);
    this.exchange = exchange;
  }
}

/*
 * A check that neither passes nor fails ends with an outcome: skipped or inconclusive. The check's
 * body throws one to unwind, and the check runner (check.ts) records it. They are verdicts, not
 * errors: they extend no error class, carry no stack and no error code.
 */

/** The check cannot apply here (a variable is not set, a precondition does not hold). */
export class CheckSkipped {
  readonly outcome = 'skip';
  readonly message: string;
  constructor(reason: string) {
    this.message = reason;
  }
}

/** An asynchronous behaviour did not finish in the allowed time: neither pass nor fail. */
export class CheckInconclusive {
  readonly outcome = 'inconclusive';
  readonly message: string;
  readonly exchange: ExchangeRecord | null;
  constructor(message: string, exchange: ExchangeRecord | null = null) {
    this.message = message;
    this.exchange = exchange;
  }
}

/** A skip or an inconclusive outcome (not an error). */
export function isCheckOutcome(value: unknown): value is CheckSkipped | CheckInconclusive {
  return value instanceof CheckSkipped || value instanceof CheckInconclusive;
}
