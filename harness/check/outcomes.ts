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

/** The check cannot apply here (a variable is not set, a precondition does not hold). */
export class CheckSkipped extends HarnessError {
  constructor(reason: string) {
    super('CHECK_SKIPPED', reason);
  }
}

/** An asynchronous behaviour did not finish in the allowed time: neither pass nor fail. */
export class CheckInconclusive extends HarnessError {
  readonly exchange: ExchangeRecord | null;
  constructor(message: string, exchange: ExchangeRecord | null = null) {
    super('CHECK_INCONCLUSIVE', message);
    this.exchange = exchange;
  }
}
