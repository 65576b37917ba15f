import type { RequestGuard } from '../http/client.js';
import { adminWebhookRefusal, isAdminWebhookWrite, isPermissionRefusal } from '../spec/admin-writes.js';
import { CheckSkipped } from './outcomes.js';
import type { RunContext } from './run-context.js';

/*
 * Spec 5.5: webhook writes need an admin key. A refusal of the configured admin key's write for
 * its rights cannot tell "the key is no admin" from "the server refuses admins": every check that
 * needs such a write (directly, or to subscribe for an event or a delivery) ends unverified with
 * one reason naming both, never failed or inconclusive. The checks that judge refusals (a member
 * key's writes, the authentication checks) send other keys and are not guarded.
 */

/** `PATCH /webhooks/{id}`: the request as the reason names it. */
function requestLabel(method: string, path: string): string {
  return `${method} ${path.split('?')[0]!.replace(/^\/webhooks\/[^/]+$/, '/webhooks/{id}')}`;
}

/**
 * The guard of the admin key's client. `refused`: nothing is sent, the check skips with the
 * preflight's reason. Absent (nothing asked before the run): a 401 or 403 answer skips it with
 * the same kind of reason. `proven`: nothing to guard, a refusal is the target's to answer for.
 */
export function adminWebhookGuard(writes: RunContext['adminWebhookWrites']): RequestGuard {
  if (writes === 'proven') return {};
  if (writes !== undefined) {
    return {
      before: (request) => {
        if (isAdminWebhookWrite(request.method, request.path)) throw new CheckSkipped(writes.refused);
      },
    };
  }
  return {
    after: (request, response) => {
      if (isAdminWebhookWrite(request.method, request.path) && isPermissionRefusal(response.status)) {
        throw new CheckSkipped(adminWebhookRefusal(requestLabel(request.method, request.path), response.status));
      }
    },
  };
}
