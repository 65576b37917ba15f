import { defineFaults } from '../policy/declaration.js';

/** What may bend in the webhook delivery engine (spec 6): each field is one behaviour a fault can change. */
export interface DeliveriesPolicy {}

/** The spec's behaviour. */
export const DELIVERIES_POLICY: DeliveriesPolicy = {};

/** The faults of the webhook delivery engine (spec 6) (policy slot `deliveries`). */
export const DELIVERY_FAULTS = defineFaults({
  'sec-events-cross-org': {
    changes: 'an event is delivered to the subscriptions of every organisation, not only to those of the organisation whose operation caused it',
    suite: 'webhooks',
    breaks: 'SEC-EVENTS-ISOLATED',
  },
  'wh-signature-reserialised': {
    changes: 'webhook signatures are computed over JSON.stringify(JSON.parse(body), null, 1), not the bytes sent',
    suite: 'webhooks',
    breaks: 'WH-SIGNATURE',
  },
  'wh-retry-six': {
    changes: 'a failing webhook delivery is attempted 6 times before it is failed',
    suite: 'webhooks',
    breaks: 'WH-RETRY-LIMIT',
  },
  'wh-no-retry': {
    changes: 'a failed webhook delivery attempt is never retried',
    suite: 'webhooks',
    breaks: 'WH-RETRY-SUCCESS',
  },
  'wh-retry-gives-up-after-3': {
    changes: 'a failing webhook delivery is attempted 3 times, then recorded as failed',
    suite: 'webhooks',
    breaks: 'WH-RETRY-LIMIT',
  },
  'wh-only-200-success': {
    changes: 'webhook answers 201 and 204 count as failures and are retried',
    suite: 'webhooks',
    breaks: 'WH-2XX-SUCCESS',
  },
  'wh-timeout-not-retried': {
    changes: 'a webhook attempt that times out is recorded as delivered and not retried',
    suite: 'webhooks',
    breaks: 'WH-RETRY-TIMEOUT',
  },
  'wh-inactive-delivers': {
    changes: 'inactive webhook subscriptions receive events',
    suite: 'webhooks',
    breaks: 'WH-NOT-SUBSCRIBED',
  },
  'wh-all-events': {
    changes: 'webhook subscriptions receive every event whatever they list',
    suite: 'webhooks',
    breaks: 'WH-NOT-SUBSCRIBED',
  },
  'wh-event-header-mismatch': {
    changes: 'X-Service-Event is always task.created',
    suite: 'webhooks',
    breaks: 'WH-DELIVERY-HEADERS',
  },
  'wh-timestamp-no-ms': {
    changes: 'the delivery timestamp has no milliseconds (2026-01-01T10:00:00Z)',
    suite: 'webhooks',
    breaks: 'WH-DELIVERY-FORMAT',
  },
  'wh-no-expense-approved': {
    changes: 'expense.approved is never delivered',
    suite: 'webhooks',
    breaks: 'WH-TRIGGERS',
  },
  'wh-test-unsigned': {
    changes: 'the test delivery of POST /webhooks/{id}/test carries no X-Service-Signature',
    suite: 'webhooks',
    breaks: 'WH-TEST-DELIVERY',
  },
});
