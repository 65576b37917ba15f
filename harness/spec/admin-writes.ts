/*
 * Spec 5.5 (and 4.11): creating, updating and deleting webhook subscriptions requires an admin
 * key. When the admin key the run was given is refused such a write for its rights, nothing the
 * spec lets a client ask tells "this key is no admin" from "this server refuses admins too":
 * the checks that need the write end unverified, with this one reason, never failed.
 */

/** `POST /webhooks`, `PATCH /webhooks/{id}`, `DELETE /webhooks/{id}`: the writes that need an admin key. */
export function isAdminWebhookWrite(method: string, path: string): boolean {
  const bare = path.split('?')[0]!;
  if (method === 'POST') return bare === '/webhooks';
  return (method === 'PATCH' || method === 'DELETE') && /^\/webhooks\/[^/]+$/.test(bare) && bare !== '/webhooks/events';
}

/** Statuses that say "not allowed" whatever the server's error model (spec 7: statuses not shown). */
export function isPermissionRefusal(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * The one line a run says when the admin key's webhook write was refused for its rights, e.g.
 * "POST /webhooks refused CONFORMANCE_ADMIN_KEY (403): either ...". Both parties are named.
 */
export function adminWebhookRefusal(request: string, status: number): string {
  return (
    `${request} refused CONFORMANCE_ADMIN_KEY (${status}): either the key has no admin rights or the server refuses admins' webhook writes (spec 5.5); ` +
    'checks that need an admin key are not verified'
  );
}
