/**
 * JSON Schemas for webhook subscriptions, written from spec 2.10, 3.4, 4.11, 6.1 and 8.
 * Bodies are not strict: unknown properties (a `secret` or `id` sent by the client among
 * them) pass and are dropped.
 */
import { BOOLEAN_FIELD, objectSchema, STRING_FIELD, type FieldSchema } from './common.js';

/** spec 6.1, in the table's order: the exact event names, also answered by GET /webhooks/events. */
export const WEBHOOK_EVENTS = [
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'quote.created',
  'quote.sent',
  'quote.accepted',
  'quote.rejected',
  'project.created',
  'project.completed',
  'task.created',
  'task.completed',
  'time_entry.created',
  'expense.created',
  'expense.approved',
  'milestone.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** spec 3.4 */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** spec 2.10, 8: name 1 to 255 characters, url at most 500. */
export const WEBHOOK_NAME_MAX = 255;
export const WEBHOOK_URL_MAX = 500;

/**
 * spec 2.10 says "URL format" only. The reference takes absolute http and https URLs (the
 * only schemes it can POST to): ajv's `uri` format plus a scheme check, any case.
 */
export const WEBHOOK_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';

export const WEBHOOK_FIELDS = ['name', 'url', 'events', 'description', 'isActive'] as const;

export interface WebhookCreateInput {
  name: string;
  url: string;
  /** Event names of 6.1 (any strings under the wh-unknown-event-accepted fault); duplicates are kept as sent. */
  events: string[];
  description?: string;
  isActive?: boolean;
}

export interface WebhookUpdateInput {
  name?: string;
  url?: string;
  events?: string[];
  description?: string | null;
  isActive?: boolean;
}

/** Rules a fault may switch off; all false means the spec's rules. */
export interface WebhookSchemaLoosening {
  nameUnbounded?: boolean;
  unknownEventAccepted?: boolean;
}

function fieldSchemas(loose: WebhookSchemaLoosening): Record<(typeof WEBHOOK_FIELDS)[number], FieldSchema> {
  return {
    name: loose.nameUnbounded ? { type: 'string', minLength: 1 } : { type: 'string', minLength: 1, maxLength: WEBHOOK_NAME_MAX },
    url: { type: 'string', format: 'uri', pattern: WEBHOOK_URL_PATTERN, maxLength: WEBHOOK_URL_MAX },
    events: {
      type: 'array',
      minItems: 1,
      items: loose.unknownEventAccepted ? { type: 'string' } : { type: 'string', enum: [...WEBHOOK_EVENTS] },
    },
    description: STRING_FIELD,
    isActive: BOOLEAN_FIELD,
  };
}

/** spec 2.10 Create column: name, url and events required; nothing nullable. */
export function webhookCreateSchema(loose: WebhookSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), { required: ['name', 'url', 'events'] });
}

/** spec 2.10 Update column: everything optional; description nullable. */
export function webhookUpdateSchema(loose: WebhookSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), { nullable: ['description'] });
}
