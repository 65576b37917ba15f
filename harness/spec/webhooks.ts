import { z } from 'zod';

/** Spec 2.10, 3.4, 4.11, 6 and 8 as the suite reads them. Generators are tested against these schemas. */

/** Spec 6.1: the exact event names, in the order of the table. */
export const EVENT_NAMES = [
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
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Events whose triggering operation the name implies among the documented endpoints (spec 6.2:
 * "Which operation triggers each event, beyond what the event name implies: not shown").
 */
export const TRIGGERED_EVENTS = [
  'task.created',
  'task.completed',
  'time_entry.created',
  'expense.created',
  'expense.approved',
  'milestone.completed',
] as const satisfies readonly EventName[];
export type TriggeredEvent = (typeof TRIGGERED_EVENTS)[number];

/**
 * Events no documented operation implies (invoices and quotes have no documented endpoints, spec
 * 4.12): a subscription listing only these receives nothing but test deliveries, so the suite uses
 * them for subscriptions that must stay quiet.
 */
export const QUIET_EVENTS = [
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'quote.created',
  'quote.sent',
  'quote.accepted',
  'quote.rejected',
] as const satisfies readonly EventName[];

/** Spec 3.4: delivery attempt statuses. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;

/** Spec 2.10 and 8. */
export const WEBHOOK_NAME_MAX = 255;
export const WEBHOOK_URL_MAX = 500;
/** Spec 3.4, 6.2, 8: "up to five attempts in total". */
export const MAX_ATTEMPTS = 5;
/** Spec 2.10: the signing secret's prefix. */
export const SECRET_PREFIX = 'whsec_';

/**
 * Spec 6.2: "ISO 8601 date-time in UTC with milliseconds". `Z` or `+00:00` both say UTC; more than
 * three fraction digits still carry the milliseconds (the precision is observed).
 */
export const DELIVERY_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,9}(Z|\+00:00)$/;

/** Spec 6.2: `sha256=<hex>`. */
export const SIGNATURE_HEADER = /^sha256=[0-9a-fA-F]{64}$/;

const fields = {
  name: z.string().min(1).max(WEBHOOK_NAME_MAX),
  url: z.url().max(WEBHOOK_URL_MAX),
  events: z.array(z.enum(EVENT_NAMES)).min(1),
  description: z.string(),
  isActive: z.boolean(),
};

export const subscriptionCreateSchema = z.object({
  name: fields.name,
  url: fields.url,
  events: fields.events,
  description: fields.description.optional(),
  isActive: fields.isActive.optional(),
});
export type SubscriptionCreate = z.infer<typeof subscriptionCreateSchema>;

export const subscriptionUpdateSchema = z.object({
  name: fields.name.optional(),
  url: fields.url.optional(),
  events: fields.events.optional(),
  description: fields.description.nullable().optional(),
  isActive: fields.isActive.optional(),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

/** Spec 6.2: the body of every delivery (the content of `data` is not shown). */
export const deliveryBodySchema = z.object({
  event: z.enum(EVENT_NAMES),
  timestamp: z
    .string()
    .regex(DELIVERY_TIMESTAMP, 'not an ISO 8601 UTC date-time with milliseconds')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'not a real date-time'),
  data: z.record(z.string(), z.unknown()),
});
