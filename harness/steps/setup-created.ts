import { dataRecord, expectStatus } from '../check/expect.js';
import { CheckInconclusive } from '../check/outcomes.js';
import type { ApiResponse } from '../http/client.js';

/**
 * The answer to a setup step: a record a check needs, not the thing it judges. A 4xx (a rule
 * the spec does not state may refuse the record) leaves the check inconclusive, never failed;
 * any other answer but `status` fails as before (a 5xx: the server broke).
 */
export function expectSetup(res: ApiResponse, status: number | '2xx', what: string): void {
  if (res.status >= 400 && res.status < 500) {
    throw new CheckInconclusive(
      `the setup step could not ${what}: answered ${res.status}, which a rule the spec does not state may explain; the check judges something else`,
      res.exchange ?? null,
    );
  }
  expectStatus(res, status, what);
}

/**
 * `expectSetup` for a create; the new record's id. Any 2xx will do: whether a create answers
 * exactly 201 is what ENV-CREATE and the create checks judge.
 */
export function setupCreated(res: ApiResponse, what: string): string {
  expectSetup(res, '2xx', what);
  return dataRecord(res).id;
}
