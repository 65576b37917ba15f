import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_FIELDS,
  type DeliveryStatus,
  type WebhookCreateInput,
  type WebhookEvent,
  type WebhookUpdateInput,
} from '../schemas/webhooks.js';
import { applyPatch, pickFields } from './fields.js';

/**
 * A webhook subscription as the API shows it: every field of spec 2.10 (table order),
 * description null when unset, plus the signing `secret` and timestamps.
 */
export interface Subscription {
  id: string;
  name: string;
  url: string;
  events: string[];
  description: string | null;
  isActive: boolean;
  secret: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The stored form: `signingSecret` is the secret deliveries are signed with. It always
 * equals `secret`, except under the wh-old-secret-after-rotate fault, where rotate-secret
 * replaces `secret` but leaves `signingSecret`. It is never shown.
 */
export interface StoredSubscription extends Subscription {
  signingSecret: string;
}

/** A subscription without its secret: the form of list items. */
export type SubscriptionSummary = Omit<Subscription, 'secret'>;

/** spec 2.10: `whsec_` followed by 32 random hex digits (128 bits). */
export function newSecret(): string {
  return `whsec_${randomBytes(16).toString('hex')}`;
}

/** spec 2.10: isActive defaults to true; description to null (the spec gives no default). */
export function createSubscription(input: WebhookCreateInput, id: string, secret: string, now: string): StoredSubscription {
  return {
    id,
    name: input.name,
    url: input.url,
    events: [...input.events],
    description: null,
    isActive: true,
    ...pickFields(input, WEBHOOK_FIELDS),
    secret,
    createdAt: now,
    updatedAt: now,
    signingSecret: secret,
  } as StoredSubscription;
}

export function patchSubscription(existing: StoredSubscription, input: WebhookUpdateInput, now: string): StoredSubscription {
  return applyPatch(existing, pickFields(input, WEBHOOK_FIELDS), now, {});
}

/** rotate-secret; `keepSigning` (the wh-old-secret-after-rotate fault) leaves the signing secret as it was. */
export function rotateSecret(existing: StoredSubscription, secret: string, now: string, keepSigning = false): StoredSubscription {
  return {
    ...existing,
    events: [...existing.events],
    secret,
    signingSecret: keepSigning ? existing.signingSecret : secret,
    updatedAt: now,
  };
}

/** GET /webhooks/{id}, create and update: the record with its secret. */
export function subscriptionView(stored: StoredSubscription): Subscription {
  const { signingSecret: _signingSecret, ...view } = stored;
  return { ...view, events: [...view.events] };
}

/**
 * GET /webhooks items: the record without its secret. spec 2.10 promises the secret on
 * create and on a read by id only; a list is the place it would leak most easily.
 */
export function subscriptionSummary(stored: StoredSubscription): SubscriptionSummary {
  const { signingSecret: _signingSecret, secret: _secret, ...summary } = stored;
  return { ...summary, events: [...summary.events] };
}

export interface SubscriptionFilter {
  isActive?: boolean;
}

/** spec 4.11 list filter. */
export function filterSubscriptions(subscriptions: readonly StoredSubscription[], filter: SubscriptionFilter): StoredSubscription[] {
  return subscriptions.filter((s) => filter.isActive === undefined || s.isActive === filter.isActive);
}

export interface SubscriberSelection {
  /** Fault wh-inactive-delivers: inactive subscriptions receive events too. */
  includeInactive?: boolean;
  /** Fault wh-all-events: the subscription's event list is not consulted. */
  anyEvent?: boolean;
}

/** spec 2.10, 6: an event goes to the active subscriptions (of its organisation) that list it. */
export function subscribersOf(
  subscriptions: readonly StoredSubscription[],
  event: WebhookEvent,
  selection: SubscriberSelection = {},
): StoredSubscription[] {
  return subscriptions.filter((s) => (selection.includeInactive || s.isActive) && (selection.anyEvent || s.events.includes(event)));
}

/** One attempt to deliver (spec 6.2: "every attempt is recorded"). */
export interface DeliveryAttempt {
  /** 1-based. */
  attempt: number;
  /** When the attempt was sent. */
  at: string;
  /** The receiver's HTTP status, or null when no response arrived (timeout, connection error). */
  responseStatus: number | null;
  /** Why no response arrived (e.g. `timeout after 1000 ms`, `ECONNREFUSED ...`); null when one did. */
  error: string | null;
}

/**
 * One event occurrence for one subscription (spec 3.4, 4.11). Retries add attempts to the
 * same delivery; they are not new deliveries.
 *
 * status: `pending` until the first attempt is recorded, `retrying` between a failed
 * attempt and the next one, `delivered` after a 2xx, `failed` after the last attempt failed.
 */
export interface Delivery {
  id: string;
  subscriptionId: string;
  event: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  createdAt: string;
  updatedAt: string;
}

export function createDelivery(id: string, subscriptionId: string, event: string, now: string): Delivery {
  return { id, subscriptionId, event, status: 'pending', attempts: [], attemptCount: 0, createdAt: now, updatedAt: now };
}

/** A delivery with one more attempt recorded and its new status. */
export function recordAttempt(existing: Delivery, attempt: DeliveryAttempt, status: DeliveryStatus, now: string): Delivery {
  const attempts = [...existing.attempts.map((a) => ({ ...a })), { ...attempt }];
  return { ...existing, status, attempts, attemptCount: attempts.length, updatedAt: now };
}

/** A copy safe to hand out (the engine keeps replacing its own). */
export function deliveryView(delivery: Delivery): Delivery {
  return { ...delivery, attempts: delivery.attempts.map((a) => ({ ...a })) };
}

export interface DeliveryFilter {
  status?: string;
}

/** spec 4.11 deliveries filter. */
export function filterDeliveries(deliveries: readonly Delivery[], filter: DeliveryFilter): Delivery[] {
  return deliveries.filter((d) => filter.status === undefined || d.status === filter.status);
}
