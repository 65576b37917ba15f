import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant webhook-choices: webhook behaviour the spec leaves open, chosen otherwise than the plain
 * reference server does.
 * - The HMAC key is the base64 decoding of the part after `whsec_` (the Standard Webhooks
 *   convention; spec 6.2 says "keyed with the subscription secret" and shows no encoding).
 * - rotate-secret answers `{ data: { rotated: true } }` (spec 4.11: "result in data", not shown);
 *   the new secret shows on GET /webhooks/{id}. The old secret keeps signing for a grace period.
 * - Every failed attempt is logged `failed`, also when a retry follows (spec 3.4: "Transitions
 *   between the four values: not shown").
 * - Deactivating a subscription (PATCH isActive false) applies to events after a delay, as a
 *   server caching its subscriptions would.
 * - A description cleared with null (or never given) reads back as "".
 * - Subscription records carry `lastCheckedAt`, a time that moves by itself on every read.
 * - The deliveries of a subscription that does not exist are an empty list (200), not a 404.
 */

/** How long a deactivated subscription still receives events. */
export const DEACTIVATION_DELAY_MS = 2000;
/** How long the previous secret still signs after rotate-secret. */
export const ROTATION_GRACE_MS = 1500;

/** The HMAC key of a `whsec_` secret under this variant: its part after the prefix, base64-decoded. */
export function decodedSigningKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** The moments the engine needs to apply deactivation late and keep the old secret a while. */
export class WebhookChoices {
  readonly #deactivated = new Map<string, number>();
  readonly #rotated = new Map<string, { previous: string; at: number }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  deactivated(subscriptionId: string): void {
    this.#deactivated.set(subscriptionId, this.#now());
  }

  rotated(subscriptionId: string, previousSigningSecret: string): void {
    this.#rotated.set(subscriptionId, { previous: previousSigningSecret, at: this.#now() });
  }

  /** An inactive subscription deactivated less than DEACTIVATION_DELAY_MS ago still takes events. */
  stillActive(subscription: { id: string; isActive: boolean }): boolean {
    if (subscription.isActive) return true;
    const at = this.#deactivated.get(subscription.id);
    return at !== undefined && this.#now() - at < DEACTIVATION_DELAY_MS;
  }

  /** The secret an attempt is signed with: the previous one within the grace period. */
  signingSecret(subscription: { id: string; signingSecret: string }): string {
    const rotation = this.#rotated.get(subscription.id);
    return rotation !== undefined && this.#now() - rotation.at < ROTATION_GRACE_MS ? rotation.previous : subscription.signingSecret;
  }
}

function isSubscription(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'url' in value && 'events' in value;
}

function reshape(record: Record<string, unknown>, at: string): Record<string, unknown> {
  return { ...record, description: record['description'] ?? '', lastCheckedAt: at };
}

/** An onSend hook on /webhooks answers: the rotate result without the secret, "" descriptions, a moving lastCheckedAt. */
export async function webhookChoicesHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const path = request.url.split('?')[0] ?? '';
  if (!/\/webhooks(\/|$)/.test(path) || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  if (request.method === 'GET' && /\/deliveries$/.test(path) && reply.statusCode === 404) {
    reply.code(200);
    return JSON.stringify({ data: [], pagination: { limit: 50, offset: 0, total: 0 } });
  }
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (body === null || typeof body !== 'object' || !('data' in body)) return payload;
    if (/\/rotate-secret$/.test(path) && reply.statusCode === 200) return JSON.stringify({ ...body, data: { rotated: true } });
    const at = new Date().toISOString();
    const data = body['data'];
    if (Array.isArray(data)) return JSON.stringify({ ...body, data: data.map((item) => (isSubscription(item) ? reshape(item, at) : item)) });
    if (isSubscription(data)) return JSON.stringify({ ...body, data: reshape(data, at) });
    return payload;
  } catch {
    return payload;
  }
}
