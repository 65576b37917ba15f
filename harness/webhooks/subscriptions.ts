import type { CheckContext } from '../check/check.js';
import { dataRecord, ensure, expectStatus } from '../check/expect.js';
import { mapLimit } from '../check/concurrency.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { ApiResponse } from '../http/client.js';
import { secretOf } from '../sink/secrets.js';
import type { SinkEndpoint, SinkScript, WebhookSink } from '../sink/sink.js';
import type { EventName } from '../spec/webhooks.js';
import { sameValue } from '../steps/compare.js';
import { uniqueToken } from '../steps/unique-token.js';

/* Webhook subscriptions (spec 2.10, 4.11): made for a check, pointed at the sink, compared with what was sent. */

export interface Subscriber {
  readonly id: string;
  /** The secret from the create response (undefined when it carries none: WH-SECRET reports that). */
  readonly secret: string | undefined;
  readonly endpoint: SinkEndpoint;
  readonly events: readonly EventName[];
  readonly record: Record<string, unknown>;
}

export interface SubscribeOptions {
  readonly events: readonly EventName[];
  readonly script?: SinkScript;
  readonly isActive?: boolean;
  /** Words for the name, so the target's own records say which check made them. */
  readonly label: string;
}

/** The body of a subscription the suite makes: findable through its description. */
export function subscriptionBody(t: CheckContext, url: string, events: readonly EventName[], label: string): Record<string, unknown> {
  return { name: `Conformance ${label} ${uniqueToken('')}`, url, events: [...events], description: runTag(t.run) };
}

/**
 * A fresh sink endpoint (its own URL and script) and a subscription pointing at it, made with the
 * admin key (spec 5.5). Fails the check unless 201: every webhook check stands on this.
 */
export async function subscribe(t: CheckContext, sink: WebhookSink, options: SubscribeOptions): Promise<Subscriber> {
  const endpoint = sink.endpoint(options.script ?? {});
  const body = {
    ...subscriptionBody(t, endpoint.url, options.events, options.label),
    ...(options.isActive !== undefined ? { isActive: options.isActive } : {}),
  };
  const res = await t.api.post('/webhooks', body);
  expectStatus(res, 201, `create a webhook subscription (${options.label})`);
  const record = dataRecord(res);
  const secret = secretOf(record)?.value;
  if (secret !== undefined) endpoint.useSecret(secret);
  return { id: record.id, secret, endpoint, events: options.events, record };
}

/**
 * Several subscriptions made side by side (at most CONFORMANCE_CONCURRENCY at once), each as
 * `subscribe` makes it. Every one made is pushed to `into`, in the order of `options`, before the
 * first failure (in that order) is thrown: the caller's teardown deletes them all.
 */
export async function subscribeAll(t: CheckContext, sink: WebhookSink, options: readonly SubscribeOptions[], into: Subscriber[]): Promise<void> {
  const made = await mapLimit(options, t.run.concurrency, (one) =>
    subscribe(t, sink, one).then(
      (subscriber) => ({ subscriber }),
      (error: unknown) => ({ error }),
    ),
  );
  for (const outcome of made) if ('subscriber' in outcome) into.push(outcome.subscriber);
  const failed = made.find((outcome) => 'error' in outcome);
  if (failed !== undefined && 'error' in failed) throw failed.error;
}

/**
 * Best-effort deletes, side by side (at most CONFORMANCE_CONCURRENCY at once), so the target
 * stops calling the sink; the end-of-file cleanup catches the rest.
 */
export async function unsubscribe(t: CheckContext, ...subscribers: ReadonlyArray<Subscriber | undefined>): Promise<void> {
  const present = subscribers.filter((subscriber): subscriber is Subscriber => subscriber !== undefined);
  await mapLimit(present, t.run.concurrency, async (subscriber) => {
    try {
      await t.api.delete(`/webhooks/${subscriber.id}`);
    } catch {
      // The check's own verdict matters more than a failed teardown.
    }
  });
}

/** The subscriptions collection for the cross-cutting checks; subscriptions list quiet events only. */
export function subscriptionsCollection(url: (t: CheckContext) => Promise<string>, events: readonly EventName[]): Collection {
  return {
    path: '/webhooks',
    noun: 'webhook subscription',
    createBody: async (t) => subscriptionBody(t, await url(t), events, 'crud'),
    updateBody: () => ({ description: 'updated by the conformance suite' }),
  };
}

export function eventsMatch(expected: readonly string[], actual: unknown): boolean {
  return Array.isArray(actual) && JSON.stringify([...actual].map(String).sort()) === JSON.stringify([...expected].sort());
}

/** The same URL once both are serialised the standard way (a server may normalise, e.g. the host's case). */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * The first field of `expected` the record does not hold. Events compare as a set (a server may
 * keep them in another order); a null description also accepts an absent or empty one (spec 2:
 * response contents beyond the input fields are not shown); text compares up to white space and
 * Unicode normal form.
 */
export function subscriptionMismatch(record: Record<string, unknown>, expected: Record<string, unknown>): string | undefined {
  for (const [field, value] of Object.entries(expected)) {
    const actual = record[field];
    if (field === 'events') {
      if (!eventsMatch(value as string[], actual)) return `expected events ${JSON.stringify(value)} (in any order), got ${JSON.stringify(actual)}`;
      continue;
    }
    // A cleared text may read back null, absent or "" (a server may store an empty string).
    if (value === null && (actual === null || actual === undefined || actual === '')) continue;
    if (field === 'url' && typeof value === 'string' && typeof actual === 'string' && sameUrl(value, actual)) continue;
    // Text with its white space collapsed or in another Unicode normal form (compare.ts sameValue).
    if (JSON.stringify(actual) !== JSON.stringify(value) && !sameValue(value, actual))
      return `expected ${field} ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`;
  }
  return undefined;
}

export function expectSubscription(record: Record<string, unknown>, expected: Record<string, unknown>, what: string, res: ApiResponse): void {
  const problem = subscriptionMismatch(record, expected);
  ensure(problem === undefined, `${what}: ${problem}`, res);
}

export async function createSubscription(
  t: CheckContext,
  body: Record<string, unknown>,
  what = 'create a webhook subscription',
): Promise<{ res: ApiResponse; record: Record<string, unknown> & { id: string } }> {
  const res = await t.api.post('/webhooks', body);
  expectStatus(res, 201, what);
  return { res, record: dataRecord(res) };
}

export async function readSubscription(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> & { id: string } }> {
  const res = await t.api.get(`/webhooks/${id}`);
  expectStatus(res, 200, 'read the webhook subscription back');
  return { res, record: dataRecord(res) };
}

export async function remove(t: CheckContext, id: string): Promise<void> {
  await t.api.delete(`/webhooks/${id}`);
}
