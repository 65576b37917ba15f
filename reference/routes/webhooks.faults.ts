import { defineFaults } from '../policy/declaration.js';

/** What may bend in the webhook subscription routes (spec 6): each field is one behaviour a fault can change. */
export interface WebhooksPolicy {}

/** The spec's behaviour. */
export const WEBHOOKS_POLICY: WebhooksPolicy = {};

/** The faults of the webhook subscription routes (spec 6) (policy slot `webhooks`). */
export const WEBHOOK_FAULTS = defineFaults({
  'sec-member-webhook-write': {
    changes: 'a key without admin rights can create, update and delete webhook subscriptions',
    suite: 'security',
    breaks: 'SEC-ADMIN-WEBHOOK-WRITE',
    also: ['SEC-ADMIN-403'],
  },
  'sec-webhook-cross-org-rotate': {
    changes: "POST /webhooks/{id}/rotate-secret works on other organisations' subscriptions",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
  },
  'wh-old-secret-after-rotate': {
    changes: 'webhook deliveries keep signing with the old secret after rotate-secret',
    suite: 'webhooks',
    breaks: 'WH-ROTATE',
  },
  'wh-events-list-incomplete': {
    changes: 'GET /webhooks/events lists 15 names, without milestone.completed',
    suite: 'webhooks',
    breaks: 'WH-EVENTS-LIST',
  },
  'wh-secret-hidden-on-get': {
    changes: 'GET /webhooks/{id} omits the secret',
    suite: 'webhooks',
    breaks: 'WH-SECRET',
  },
  'wh-name-unbounded': {
    changes: 'webhook names longer than 255 characters are accepted',
    suite: 'webhooks',
    breaks: 'WH-FIELD-RULES',
  },
  'wh-unknown-event-accepted': {
    changes: 'webhook events accepts names outside spec 6.1',
    suite: 'webhooks',
    breaks: 'WH-FIELD-RULES',
  },
  'wh-deliveries-filter-ignored': {
    changes: 'GET /webhooks/{id}/deliveries ignores the status filter',
    suite: 'webhooks',
    breaks: 'WH-DELIVERIES-LIST',
  },
  'wh-active-default-false': {
    changes: 'webhook subscriptions created without isActive are inactive',
    suite: 'webhooks',
    breaks: 'WH-CREATE-VALID',
  },
  'wh-update-events-merged': {
    changes: 'webhook update adds the events sent to the listed ones instead of replacing them',
    suite: 'webhooks',
    breaks: 'WH-UPDATE-VALID',
  },
  'wh-filter-active-ignored': {
    changes: 'GET /webhooks ignores the isActive filter',
    suite: 'webhooks',
    breaks: 'WH-FILTER-ACTIVE',
  },
  'wh-delete-deactivates': {
    changes: 'DELETE /webhooks/{id} answers 204 but only sets isActive false: GET still returns the subscription',
    suite: 'webhooks',
    breaks: 'WH-DELETE',
  },
});
