import { InternalError } from '../errors.js';
import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { EVENT_NAMES, WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX, type EventName, type SubscriptionCreate, type SubscriptionUpdate } from '../spec/webhooks.js';
import { identifier, nonUrl, text, url } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

export interface SubscriptionConstraints {
  /**
   * The URLs a subscription may point at. A suite passes its own sink endpoints so that no
   * delivery ever leaves for a host nobody listens on; by default, plain https URLs.
   */
  readonly urls?: readonly string[];
  /** The event names a subscription may list (default: all 16 of spec 6.1). */
  readonly events?: readonly EventName[];
}

/** `n` characters, ASCII only, so every reading of "length" (bytes, UTF-16 units, code points) agrees. */
export function nameOfLength(n: number): string {
  const stem = 'Conformance webhook ';
  return n <= stem.length ? stem.slice(0, n).replace(/ $/, 'x') : stem + 'n'.repeat(n - stem.length);
}

/** `base` (a URL) padded with a path segment to exactly `n` characters (spec 2.10: at most 500). */
export function urlOfLength(base: string, n: number): string {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  if (prefix.length >= n) throw new InternalError(`cannot pad ${prefix.length} characters of URL to ${n}`);
  return prefix + '0'.repeat(n - prefix.length);
}

/**
 * One of the given URLs with a query no other body shares (a server may keep one subscription
 * per URL: the spec does not say), or a random URL.
 */
function urlArb(constraints: SubscriptionConstraints): fc.Arbitrary<string> {
  if (!constraints.urls || constraints.urls.length === 0) return url();
  const digits = fc.noShrink(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 8 }));
  return fc.tuple(fc.constantFrom(...constraints.urls), digits).map(([base, d]) => `${base}${base.includes('?') ? '&' : '?'}s=${d}`);
}

/** Spec 2.10 / 6.1: at least one event, each a known name, no repeats. */
export function eventList(allowed: readonly EventName[] = EVENT_NAMES): fc.Arbitrary<EventName[]> {
  return fc.subarray([...allowed], { minLength: 1 });
}

/** Spec 2.10 / 8: 1 to 255 characters, short ones more often than long ones. */
export function subscriptionName(): fc.Arbitrary<string> {
  // Never twice the same: a server may keep subscription names unique (the spec does not say).
  return fc.oneof({ arbitrary: identifier(40), weight: 4 }, { arbitrary: identifier(WEBHOOK_NAME_MAX), weight: 1 });
}

function optionalFields() {
  return { description: text(120), isActive: fc.boolean() };
}

/** Spec 2.10 create: name, url and events required; description and isActive optional. */
export function subscriptionCreate(constraints: SubscriptionConstraints = {}): fc.Arbitrary<SubscriptionCreate> {
  return fc.record(
    { name: subscriptionName(), url: urlArb(constraints), events: eventList(constraints.events), ...optionalFields() },
    { requiredKeys: ['name', 'url', 'events'] },
  );
}

/** A create body with every field set: the base against which updates are compared. */
export function subscriptionCreateFull(constraints: SubscriptionConstraints = {}): fc.Arbitrary<SubscriptionCreate> {
  return fc.record({ name: subscriptionName(), url: urlArb(constraints), events: eventList(constraints.events), ...optionalFields() });
}

/** Spec 2.10 update: every field optional, description nullable; at least one field present. */
export function subscriptionUpdate(constraints: SubscriptionConstraints = {}): fc.Arbitrary<SubscriptionUpdate> {
  const { description, isActive } = optionalFields();
  return fc
    .record(
      {
        name: subscriptionName(),
        url: urlArb(constraints),
        events: eventList(constraints.events),
        description: fc.option(description, { nil: null, freq: 4 }),
        isActive,
      },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0);
}

const notString = fc.oneof(fc.integer(), fc.constant(true), fc.constant(['a']), fc.constant({}));
const notBoolean = fc.constantFrom('true', 'false', 1, 0, 'yes');

/** Names that are not event names of spec 6.1: near misses (case, separators, other verbs) and others. */
export function unknownEventName(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('Task.Created', 'TASK.CREATED', 'task_created', 'task.deleted', 'expense.rejected', 'invoice.*', '*', 'contact.created', ''),
    text(12).filter((s) => !(EVENT_NAMES as readonly string[]).includes(s)),
  );
}

/** Longer than 500 characters: the boundary (501) and beyond. */
const longUrl = fc
  .oneof(fc.constant(WEBHOOK_URL_MAX + 1), fc.integer({ min: WEBHOOK_URL_MAX + 1, max: 2000 }))
  .map((n) => urlOfLength('https://hooks.example.com/receiver', n));

/** Longer than 255 characters: the boundary (256) and beyond. */
const longName = fc.oneof(fc.constant(WEBHOOK_NAME_MAX + 1), fc.integer({ min: WEBHOOK_NAME_MAX + 1, max: 1000 })).map(nameOfLength);

/** Rules create and update share (spec 2.10, 6.1, 8). */
const FIELD_BREAKERS: readonly Breaker[] = [
  { rule: 'empty name', requirementId: 'WH-FIELD-RULES', field: 'name', value: fc.constant('') },
  { rule: 'name longer than 255 characters', requirementId: 'WH-FIELD-RULES', field: 'name', value: longName },
  { rule: 'name not a string', requirementId: 'WH-FIELD-RULES', field: 'name', value: notString },
  { rule: 'url not a URL', requirementId: 'WH-FIELD-RULES', field: 'url', value: nonUrl() },
  { rule: 'url longer than 500 characters', requirementId: 'WH-FIELD-RULES', field: 'url', value: longUrl },
  { rule: 'url not a string', requirementId: 'WH-FIELD-RULES', field: 'url', value: notString },
  { rule: 'events empty', requirementId: 'WH-FIELD-RULES', field: 'events', value: fc.constant([]) },
  {
    rule: 'events with an unknown event name',
    requirementId: 'WH-FIELD-RULES',
    field: 'events',
    value: fc.tuple(fc.subarray([...EVENT_NAMES], { maxLength: 3 }), unknownEventName()).map(([known, unknown]) => [...known, unknown]),
  },
  {
    rule: 'events not an array',
    requirementId: 'WH-FIELD-RULES',
    field: 'events',
    value: fc.constantFrom<unknown>('task.created', 'task.created,expense.created', 1, { event: 'task.created' }),
  },
  {
    rule: 'events item not a string',
    requirementId: 'WH-FIELD-RULES',
    field: 'events',
    value: fc.constantFrom<unknown>([1], [true], [{ name: 'task.created' }], [['task.created']]),
  },
  { rule: 'description not a string', requirementId: 'WH-FIELD-RULES', field: 'description', value: notString },
  { rule: 'isActive not a boolean', requirementId: 'WH-FIELD-RULES', field: 'isActive', value: notBoolean },
  // Only description is nullable (spec 2.10); the others are typed values with no null.
  ...(['name', 'url', 'events', 'isActive'] as const).map((field) => nulled(field, 'WH-FIELD-RULES')),
];

const CREATE_ONLY_BREAKERS: readonly Breaker[] = [missing('name', 'WH-FIELD-RULES'), missing('url', 'WH-FIELD-RULES'), missing('events', 'WH-FIELD-RULES')];

/** Create bodies that each break exactly one rule of spec 2.10. */
export function subscriptionCreateViolations(constraints: SubscriptionConstraints = {}): ViolationCase[] {
  return violations(subscriptionCreate(constraints), [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS]);
}

/** Update bodies that each break exactly one rule of spec 2.10. */
export function subscriptionUpdateViolations(constraints: SubscriptionConstraints = {}): ViolationCase[] {
  return violations(subscriptionUpdate(constraints), FIELD_BREAKERS);
}

/** The requirement ids the invalid cases cover, for one check per requirement. */
export function subscriptionViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? [...CREATE_ONLY_BREAKERS, ...FIELD_BREAKERS] : FIELD_BREAKERS);
}
