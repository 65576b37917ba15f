import { randomBytes } from 'node:crypto';
import { WEBHOOK_FIELDS, type DeliveryStatus, type WebhookCreateInput, type WebhookEvent, type WebhookUpdateInput } from '../schemas/webhooks.js';
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
  /** Variant webhook-choices: whether a subscription takes events (a deactivation applies late). */
  active?: (subscription: StoredSubscription) => boolean;
}

/** spec 2.10, 6: an event goes to the active subscriptions (of its organisation) that list it. */
export function subscribersOf(subscriptions: readonly StoredSubscription[], event: WebhookEvent, selection: SubscriberSelection = {}): StoredSubscription[] {
  const active = selection.active ?? ((s: StoredSubscription) => s.isActive);
  return subscriptions.filter((s) => (selection.includeInactive || active(s)) && (selection.anyEvent || s.events.includes(event)));
}

/** One attempt to deliver (spec 6.2: "every attempt is recorded"). */
export interface DeliveryAttempt {
  /** The attempt's own id: the id of its row in the plain deliveries log. */
  id: string;
  /** 1-based. */
  attempt: number;
  /**
   * What this attempt left: `delivered` (2xx), `retrying` (failed, another attempt follows) or
   * `failed` (failed, the last one). An attempt keeps its status; the delivery's moves on.
   */
  status: Exclude<DeliveryStatus, 'pending'>;
  /** When the attempt was sent. */
  at: string;
  /** When its outcome (answer, timeout or error) was known. */
  completedAt: string;
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
  /** The id the first attempt's row carries; the log shows it as `pending` until that attempt is made. */
  firstAttemptId: string;
  createdAt: string;
  updatedAt: string;
}

export function createDelivery(id: string, subscriptionId: string, event: string, now: string, firstAttemptId: string): Delivery {
  return { id, subscriptionId, event, status: 'pending', attempts: [], attemptCount: 0, firstAttemptId, createdAt: now, updatedAt: now };
}

/** A delivery with one more attempt recorded; the delivery's status becomes the attempt's. */
export function recordAttempt(existing: Delivery, attempt: DeliveryAttempt, now: string): Delivery {
  const attempts = [...existing.attempts.map((a) => ({ ...a })), { ...attempt }];
  return { ...existing, status: attempt.status, attempts, attemptCount: attempts.length, updatedAt: now };
}

/** A copy safe to hand out (the engine keeps replacing its own). */
export function deliveryView(delivery: Delivery): Delivery {
  return { ...delivery, attempts: delivery.attempts.map((a) => ({ ...a })) };
}

/**
 * A row of the plain deliveries log (spec 4.11: "Lists delivery attempts"): one per attempt,
 * carrying that attempt's status, so the rows of a delivery that failed five times read
 * retrying, retrying, retrying, retrying, failed. A delivery not attempted yet shows one
 * `pending` row (its first attempt, to come), which becomes that attempt's row.
 */
export interface DeliveryAttemptRow {
  id: string;
  /** The delivery the attempt belongs to: the `X-Service-Delivery` value it was sent with. */
  deliveryId: string;
  subscriptionId: string;
  event: string;
  attempt: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  /** When the attempt was sent (the pending row: when the delivery was created). */
  createdAt: string;
  /** When its outcome was known; null while pending. */
  completedAt: string | null;
}

export function attemptRows(delivery: Delivery): DeliveryAttemptRow[] {
  const common = { deliveryId: delivery.id, subscriptionId: delivery.subscriptionId, event: delivery.event };
  if (delivery.attempts.length === 0) {
    return [
      {
        id: delivery.firstAttemptId,
        ...common,
        attempt: 1,
        status: 'pending',
        responseStatus: null,
        error: null,
        createdAt: delivery.createdAt,
        completedAt: null,
      },
    ];
  }
  return delivery.attempts.map((a) => ({
    id: a.id,
    ...common,
    attempt: a.attempt,
    status: a.status,
    responseStatus: a.responseStatus,
    error: a.error,
    createdAt: a.at,
    completedAt: a.completedAt,
  }));
}

/**
 * The record of the `deliveries-per-delivery` variant: one per delivery, its status the
 * delivery's current one, its attempts inside, each with its own status and times.
 */
export interface DeliveryRecord {
  id: string;
  subscriptionId: string;
  event: string;
  status: DeliveryStatus;
  attempts: Array<Pick<DeliveryAttempt, 'attempt' | 'status' | 'responseStatus' | 'error'> & { sentAt: string; completedAt: string }>;
  attemptCount: number;
  createdAt: string;
  updatedAt: string;
}

export function deliveryRecord(delivery: Delivery): DeliveryRecord {
  const { id, subscriptionId, event, status, attemptCount, createdAt, updatedAt } = delivery;
  const attempts = delivery.attempts.map((a) => ({
    attempt: a.attempt,
    status: a.status,
    responseStatus: a.responseStatus,
    error: a.error,
    sentAt: a.at,
    completedAt: a.completedAt,
  }));
  return { id, subscriptionId, event, status, attempts, attemptCount, createdAt, updatedAt };
}

export interface DeliveryFilter {
  status?: string;
}

/** spec 4.11 deliveries filter, on whatever carries a status (a row, or a delivery record). */
export function filterDeliveries<T extends { status: string }>(items: readonly T[], filter: DeliveryFilter): T[] {
  return items.filter((d) => filter.status === undefined || d.status === filter.status);
}
