import { defineFaults } from '../policy/declaration.js';
import type { Scope } from '../policy/kinds.js';
import type { WebhookEvent } from '../schemas/webhooks.js';
import { MAX_ATTEMPTS } from './engine.js';

/** What may bend in the webhook delivery engine (spec 6): each field is one behaviour a fault or a variant can change. */
export interface DeliveriesPolicy {
  /** Whose subscribers get an event: its organisation's (spec 5.7, 6), or every organisation's. */
  readonly scope: Scope;
  /** Events never delivered (spec 6.1: none). */
  readonly silentEvents: readonly WebhookEvent[];
  /** Inactive subscriptions get events too (spec 2.10: no). */
  readonly toInactive: boolean;
  /** Subscriptions get events they do not list too (spec 6: no). */
  readonly toUnlisted: boolean;
  /** Attempts in all before a delivery is failed (spec 3.4, 6.2, 8: 5). */
  readonly maxAttempts: number;
  /** Which answers count as delivered: any 2xx (spec 3.4, 6.2), or 200 alone. */
  readonly success: 'any-2xx' | 'only-200';
  /** An attempt that times out fails and is retried (spec 6.2), or counts as delivered. */
  readonly timedOut: 'failed' | 'delivered';
  /** The body's timestamp carries milliseconds (spec 6.2). */
  readonly timestampMs: boolean;
  /** The bytes the signature is computed over, from the bytes sent (spec 6.2: those very bytes). */
  readonly signed: (body: Buffer) => Buffer;
  /** X-Service-Event names the delivery's event (null, spec 6.2), or always this one. */
  readonly fixedEventHeader: WebhookEvent | null;
  /** Test deliveries carry X-Service-Signature (spec 4.11, 6.2). */
  readonly testSigned: boolean;
  /**
   * Deactivations and rotations take effect at once and the whole secret is the key (the
   * reference's choice), or a deactivation applies late, the old secret signs a while more and
   * the key is the base64 decoding of the part after whsec_ (webhook-choices.ts).
   */
  readonly lateChanges: boolean;
}

/** The spec's behaviour. */
export const DELIVERIES_POLICY: DeliveriesPolicy = {
  scope: 'organisation',
  silentEvents: [],
  toInactive: false,
  toUnlisted: false,
  maxAttempts: MAX_ATTEMPTS,
  success: 'any-2xx',
  timedOut: 'failed',
  timestampMs: true,
  signed: (body) => body,
  fixedEventHeader: null,
  testSigned: true,
  lateChanges: false,
};

/** wh-signature-reserialised: the body parsed and serialised again, one space of indent. */
const reserialised = (body: Buffer): Buffer => Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 1));

/** The faults of the webhook delivery engine (spec 6) (policy slot `deliveries`). */
export const DELIVERY_FAULTS = defineFaults({
  'sec-events-cross-org': {
    changes: 'an event is delivered to the subscriptions of every organisation, not only to those of the organisation whose operation caused it',
    suite: 'webhooks',
    breaks: 'SEC-EVENTS-ISOLATED',
    policy: { deliveries: { scope: 'everywhere' } },
  },
  'wh-signature-reserialised': {
    changes: 'webhook signatures are computed over JSON.stringify(JSON.parse(body), null, 1), not the bytes sent',
    suite: 'webhooks',
    breaks: 'WH-SIGNATURE',
    policy: { deliveries: { signed: reserialised } },
  },
  'wh-retry-six': {
    changes: 'a failing webhook delivery is attempted 6 times before it is failed',
    suite: 'webhooks',
    breaks: 'WH-RETRY-LIMIT',
    policy: { deliveries: { maxAttempts: MAX_ATTEMPTS + 1 } },
  },
  'wh-no-retry': {
    changes: 'a failed webhook delivery attempt is never retried',
    suite: 'webhooks',
    breaks: 'WH-RETRY-SUCCESS',
    policy: { deliveries: { maxAttempts: 1 } },
  },
  'wh-retry-gives-up-after-3': {
    changes: 'a failing webhook delivery is attempted 3 times, then recorded as failed',
    suite: 'webhooks',
    breaks: 'WH-RETRY-LIMIT',
    policy: { deliveries: { maxAttempts: 3 } },
  },
  'wh-only-200-success': {
    changes: 'webhook answers 201 and 204 count as failures and are retried',
    suite: 'webhooks',
    breaks: 'WH-2XX-SUCCESS',
    policy: { deliveries: { success: 'only-200' } },
  },
  'wh-timeout-not-retried': {
    changes: 'a webhook attempt that times out is recorded as delivered and not retried',
    suite: 'webhooks',
    breaks: 'WH-RETRY-TIMEOUT',
    policy: { deliveries: { timedOut: 'delivered' } },
  },
  'wh-inactive-delivers': {
    changes: 'inactive webhook subscriptions receive events',
    suite: 'webhooks',
    breaks: 'WH-NOT-SUBSCRIBED',
    policy: { deliveries: { toInactive: true } },
  },
  'wh-all-events': {
    changes: 'webhook subscriptions receive every event whatever they list',
    suite: 'webhooks',
    breaks: 'WH-NOT-SUBSCRIBED',
    policy: { deliveries: { toUnlisted: true } },
  },
  'wh-event-header-mismatch': {
    changes: 'X-Service-Event is always task.created',
    suite: 'webhooks',
    breaks: 'WH-DELIVERY-HEADERS',
    policy: { deliveries: { fixedEventHeader: 'task.created' } },
  },
  'wh-timestamp-no-ms': {
    changes: 'the delivery timestamp has no milliseconds (2026-01-01T10:00:00Z)',
    suite: 'webhooks',
    breaks: 'WH-DELIVERY-FORMAT',
    policy: { deliveries: { timestampMs: false } },
  },
  'wh-no-expense-approved': {
    changes: 'expense.approved is never delivered',
    suite: 'webhooks',
    breaks: 'WH-TRIGGERS',
    policy: { deliveries: { silentEvents: ['expense.approved'] } },
  },
  'wh-test-unsigned': {
    changes: 'the test delivery of POST /webhooks/{id}/test carries no X-Service-Signature',
    suite: 'webhooks',
    breaks: 'WH-TEST-DELIVERY',
    policy: { deliveries: { testSigned: false } },
  },
});
