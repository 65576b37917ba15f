/**
 * The webhook delivery engine (spec 3.4, 6.2): turns events into deliveries, POSTs them to
 * the subscribers in the background and retries failures with exponential backoff.
 *
 * Choices where the spec is silent ("delivery timeout and spacing between retries: not
 * shown"):
 * - timeout: an attempt that has no complete answer within `timeoutMs` is aborted and
 *   counts as failed (like a non-2xx answer or a connection error);
 * - spacing: after failed attempt n the next one waits `backoffBaseMs * 2^(n-1)`;
 * - the body (`event`, `timestamp`, `data`) is serialised once, when the event happens:
 *   every attempt sends the same bytes and the same `X-Service-Delivery` id;
 * - each attempt reads the subscription again: it goes to the current url and is signed
 *   with the current secret (a retry after rotate-secret carries the new signature);
 *   deactivating a subscription does not stop the retries of an event it already took,
 *   deleting it does (its deliveries are deleted with it);
 * - 3xx answers are not followed: like any non-2xx they are failures;
 * - deliveries run concurrently; nothing orders the deliveries of one subscription;
 * - every attempt keeps the status it left (`retrying` when another follows, else `failed`
 *   or `delivered`); the delivery's status is its latest attempt's. How the log shows them
 *   (a row per attempt, or a record per delivery) is the route's choice (routes/webhooks.ts).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import type { DeliveriesPolicy } from './delivery.faults.js';
import { WebhookChoices, decodedSigningKey } from '../webhook-choices.js';
import {
  createDelivery,
  deliveryView,
  recordAttempt,
  subscribersOf,
  type Delivery,
  type DeliveryAttempt,
  type StoredSubscription,
} from '../models/webhooks.js';
import type { WebhookEvent } from '../schemas/webhooks.js';
import { PartitionedStore } from '../store.js';
import { StaleCopies } from '../stale-copies.js';

export interface WebhookOptions {
  /** The wait after failed attempt n is backoffBaseMs * 2^(n-1) (100, 200, 400, 800 by default). */
  backoffBaseMs: number;
  /** How long one attempt may wait for the answer's status before it is aborted and counts as failed. */
  timeoutMs: number;
}

/** Small on purpose: the embedded server of a conformance run should settle in seconds. */
export const DEFAULT_WEBHOOK_OPTIONS: Readonly<WebhookOptions> = { backoffBaseMs: 100, timeoutMs: 1000 };

/** spec 3.4, 6.2, 8: up to five attempts in total. */
export const MAX_ATTEMPTS = 5;

/** What the domain routes see of the webhooks: fire and forget, never awaited, never throws. */
export interface EventPublisher {
  /** `data` is the record the operation answered with; it goes out as the body's `data`. */
  publish(organisationId: string, event: WebhookEvent, data: unknown): void;
}

/** spec 6.2: `sha256=` and the hex HMAC-SHA256 of the body bytes keyed with the secret. */
export function signatureOf(body: Buffer | string, secret: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** spec 6.2: ISO 8601 in UTC with milliseconds (unless the policy drops them). */
function timestampOf(at: Date, withMs: boolean): string {
  const iso = at.toISOString();
  return withMs ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
}

interface Job {
  organisationId: string;
  deliveryId: string;
  subscriptionId: string;
  event: string;
  /** The serialised body, the same bytes on every attempt. */
  body: Buffer;
  /** Attempts already made. */
  made: number;
  /** A delivery asked for with POST /webhooks/{id}/test. */
  test: boolean;
  /** What the attempts use instead of the subscription's current url and secret (only under the faults of a test sender's copy). */
  readonly pinned?: Partial<Pick<StoredSubscription, 'url' | 'signingSecret'>> | undefined;
}

interface Outcome {
  responseStatus: number | null;
  error: string | null;
  timedOut: boolean;
}

export interface DeliveryEngineOptions extends Partial<WebhookOptions> {
  /** The subscriptions store shared with the /webhooks routes. */
  subscriptions: PartitionedStore<StoredSubscription>;
  /** What the faults and variants change in the deliveries (the app's policy.deliveries; DELIVERIES_POLICY is the spec's). */
  policy: DeliveriesPolicy;
  now?: () => Date;
}

/**
 * Holds the deliveries (per organisation, creation order) and the retry timers. `close()`
 * stops everything: timers are cleared, attempts in flight aborted, and what was not
 * delivered stays `pending` or `retrying`.
 */
export class DeliveryEngine implements EventPublisher {
  readonly #subscriptions: PartitionedStore<StoredSubscription>;
  readonly #deliveries = new PartitionedStore<Delivery>();
  readonly #policy: DeliveriesPolicy;
  readonly #now: () => Date;
  readonly #backoffBaseMs: number;
  readonly #timeoutMs: number;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #stop = new AbortController();
  // own connection pool, destroyed on close, so that no keep-alive socket outlives the app
  readonly #agent = new Agent();
  #closed = false;
  /** Late deactivation, a rotation grace, the decoded signing key (when the policy asks for late changes). */
  readonly choices: WebhookChoices | undefined;
  /**
   * The events each subscription listed when it was made, a copy the dispatcher reads instead of
   * the store's (only under the interaction fault seq-webhook-events-copy: routes/webhooks.ts keeps it).
   */
  readonly eventCopies = new StaleCopies<StoredSubscription>();
  /**
   * Values the dispatcher reads instead of the store's, per subscription (only under the faults of
   * dispatchKeepsFirstChange: routes/webhooks.ts pins a field at its first change).
   */
  readonly dispatchPins = new Map<string, Partial<Pick<StoredSubscription, 'events' | 'url' | 'isActive'>>>();
  /**
   * Deleted subscriptions the dispatcher still delivers to, per organisation (only under the
   * interaction fault seq-webhook-delete-keeps-dispatch: routes/webhooks.ts keeps them).
   */
  readonly deletedCopies = new StaleCopies<StoredSubscription>();

  constructor(options: DeliveryEngineOptions) {
    this.#subscriptions = options.subscriptions;
    this.#policy = options.policy;
    this.#now = options.now ?? (() => new Date());
    this.#backoffBaseMs = options.backoffBaseMs ?? DEFAULT_WEBHOOK_OPTIONS.backoffBaseMs;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_OPTIONS.timeoutMs;
    this.choices = options.policy.lateChanges ? new WebhookChoices(() => this.#now().getTime()) : undefined;
  }

  /** spec 2.10, 6: one delivery per active subscription of the organisation that lists the event. */
  publish(organisationId: string, event: WebhookEvent, data: unknown): void {
    if (this.#closed) return;
    if (this.#policy.silentEvents.includes(event)) return;
    const owners = this.#policy.scope === 'everywhere' ? this.#subscriptions.organisationIds() : [organisationId];
    for (const owner of owners) {
      const listed = [...this.#subscriptions.list(owner), ...this.deletedCopies.ownedBy(owner)].map((s) => {
        const copy = this.eventCopies.get(s.id);
        const pinned = { ...s, ...this.dispatchPins.get(s.id) };
        return copy === undefined ? pinned : { ...pinned, events: copy.events };
      });
      const subscribers = subscribersOf(listed, event, {
        includeInactive: this.#policy.toInactive,
        anyEvent: this.#policy.toUnlisted,
        ...(this.choices !== undefined ? { active: (s: StoredSubscription) => this.choices!.stillActive(s) } : {}),
      });
      for (const subscription of subscribers) this.#enqueue(owner, subscription.id, event, data);
    }
  }

  /**
   * spec 4.11 test: a delivery of the subscription's first listed event with data
   * `{ "test": true }`, sent whether or not the subscription is active (it was asked for).
   */
  sendTest(organisationId: string, subscription: StoredSubscription, pinned?: Job['pinned']): Delivery {
    return this.#enqueue(organisationId, subscription.id, subscription.events[0] ?? 'task.created', { test: true }, true, pinned);
  }

  /** The subscription's deliveries, oldest first (copies). */
  deliveries(organisationId: string, subscriptionId: string): Delivery[] {
    return this.#deliveries
      .list(organisationId)
      .filter((d) => d.subscriptionId === subscriptionId)
      .map(deliveryView);
  }

  /** Every delivery of the organisation, oldest first (copies): the fault wh-deliveries-of-organisation lists them for any subscription. */
  organisationDeliveries(organisationId: string): Delivery[] {
    return this.#deliveries.list(organisationId).map(deliveryView);
  }

  /** A deleted subscription: its deliveries go, and so do their pending retries. */
  forget(organisationId: string, subscriptionId: string): void {
    this.dispatchPins.delete(subscriptionId);
    for (const delivery of this.#deliveries.list(organisationId)) {
      if (delivery.subscriptionId === subscriptionId) this.#deliveries.delete(organisationId, delivery.id);
    }
  }

  /** Resolves once no attempt is in flight and no retry is waiting (tests). */
  whenIdle(): Promise<void> {
    if (this.#idle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops retries and aborts attempts in flight; safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#stop.abort(new Error('webhook engine closed'));
    await Promise.allSettled([...this.#inFlight]);
    await this.#agent.destroy();
    this.#notifyIdle();
  }

  #idle(): boolean {
    return this.#closed || (this.#timers.size === 0 && this.#inFlight.size === 0);
  }

  #notifyIdle(): void {
    if (!this.#idle()) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** spec 3.4, 6.2: any 2xx is success (unless the policy takes 200 alone). */
  #successful(status: number): boolean {
    return this.#policy.success === 'only-200' ? status === 200 : status >= 200 && status < 300;
  }

  #enqueue(organisationId: string, subscriptionId: string, event: string, data: unknown, test = false, pinned?: Job['pinned']): Delivery {
    const at = this.#now();
    const delivery = this.#deliveries.insert(organisationId, createDelivery(randomUUID(), subscriptionId, event, at.toISOString(), randomUUID()));
    const body = Buffer.from(JSON.stringify({ event, timestamp: timestampOf(at, this.#policy.timestampMs), data }));
    // even the first attempt waits for the next turn of the event loop: the API answers first
    this.#schedule({ organisationId, deliveryId: delivery.id, subscriptionId, event, body, made: 0, test, pinned }, 0);
    return deliveryView(delivery);
  }

  #schedule(job: Job, delayMs: number): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const attempt: Promise<void> = this.#attempt(job).finally(() => {
        this.#inFlight.delete(attempt);
        this.#notifyIdle();
      });
      this.#inFlight.add(attempt);
    }, delayMs);
    // a waiting retry alone does not keep the process alive (the listening server does)
    timer.unref();
    this.#timers.add(timer);
  }

  async #attempt(job: Job): Promise<void> {
    const stored = this.#subscriptions.get(job.organisationId, job.subscriptionId) ?? this.deletedCopies.get(job.subscriptionId);
    if (stored === undefined || this.#deliveries.get(job.organisationId, job.deliveryId) === undefined) return;
    const pinnedUrl = this.dispatchPins.get(stored.id)?.url;
    const subscription = { ...(pinnedUrl === undefined ? stored : { ...stored, url: pinnedUrl }), ...job.pinned };
    const number = job.made + 1;
    const at = this.#now().toISOString();
    const outcome = await this.#send(subscription, job);
    // closed meanwhile, or the subscription (and with it the delivery) deleted: nothing to record
    const current = this.#deliveries.get(job.organisationId, job.deliveryId);
    if (this.#closed || current === undefined) return;

    const delivered =
      (outcome.responseStatus !== null && this.#successful(outcome.responseStatus)) || (outcome.timedOut && this.#policy.timedOut === 'delivered');
    // a policy that gives up early says so: the last attempt's status is a final `failed`
    const status: DeliveryAttempt['status'] = delivered ? 'delivered' : number >= this.#policy.maxAttempts ? 'failed' : 'retrying';
    const completedAt = this.#now().toISOString();
    // the first attempt takes the id its pending row showed
    const id = number === 1 ? current.firstAttemptId : randomUUID();
    const attempt: DeliveryAttempt = { id, attempt: number, status, at, completedAt, responseStatus: outcome.responseStatus, error: outcome.error };
    this.#deliveries.replace(job.organisationId, recordAttempt(current, attempt, completedAt));
    if (status === 'retrying') this.#schedule({ ...job, made: number }, this.#backoffBaseMs * 2 ** (number - 1));
  }

  /** The whole secret, or under webhook-choices the decoded key of the secret in force (the old one within its grace). */
  #signingKey(subscription: StoredSubscription): string | Buffer {
    return this.choices === undefined ? subscription.signingSecret : decodedSigningKey(this.choices.signingSecret(subscription));
  }

  async #send(subscription: StoredSubscription, job: Job): Promise<Outcome> {
    const signed = this.#policy.signed(job.body);
    const unsigned = job.test && !this.#policy.testSigned;
    const headers = {
      'content-type': 'application/json',
      'x-service-event': this.#policy.fixedEventHeader ?? job.event,
      ...(unsigned ? {} : { 'x-service-signature': signatureOf(signed, this.#signingKey(subscription)) }),
      'x-service-delivery': job.deliveryId,
    };
    // Held here until the attempt ends: Node 20 may garbage-collect a timeout signal that only
    // AbortSignal.any() refers to, and the attempt then never times out (nodejs/node#57736).
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await request(subscription.url, {
        method: 'POST',
        headers,
        body: job.body,
        dispatcher: this.#agent,
        signal: AbortSignal.any([this.#stop.signal, timeout]),
      });
      // the status decides; the answer's body is read (so the connection can be reused) and ignored
      await response.body.dump().catch(() => undefined);
      return { responseStatus: response.statusCode, error: null, timedOut: false };
    } catch (error) {
      if (timeout.aborted || (error as Error).name === 'TimeoutError')
        return { responseStatus: null, error: `timeout after ${this.#timeoutMs} ms`, timedOut: true };
      const { code, message } = error as NodeJS.ErrnoException;
      return { responseStatus: null, error: code === undefined ? message : `${code}: ${message}`, timedOut: false };
    }
  }
}
