import { dataRecord, isClass } from '../check/expect.js';
import { CheckInconclusive } from '../check/outcomes.js';
import type { ApiResponse } from '../http/client.js';

/**
 * The id of a record a check made to stand on, not to judge (the record a GET, PATCH or invalid
 * input goes to). A target that refused to make it leaves the check without a verdict: the
 * refusal may be a business rule the spec neither states nor forbids, and the create checks
 * (ENV-CREATE, <domain>-CREATE-VALID) are the ones that judge creating. Any 2xx will do here.
 */
export function setUpRecord(res: ApiResponse, what: string): string {
  if (!isClass(res.status, '2xx')) {
    throw new CheckInconclusive(`could not set up: the target refused to ${what} (answered ${res.status}); the create checks judge that refusal`, res.exchange);
  }
  return dataRecord(res).id;
}
