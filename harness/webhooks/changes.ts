import type { CheckContext } from '../check/check.js';
import { ensure, expectStatus } from '../check/expect.js';
import { secretsIn } from '../sink/secrets.js';
import type { WebhookSink } from '../sink/sink.js';
import { SECRET_PREFIX, type EventName } from '../spec/webhooks.js';
import type { SideSubscription } from './side-by-side.js';
import { subscribeAll, type Subscriber } from './subscriptions.js';

/* WH-SUBSCRIPTION-CHANGES' steps: the subscriptions side by side, and one change of each per round. */

/**
 * Six subscriptions, each changing one attribute: events and isActive twice each (one created
 * without `event` or inactive, one created listening and active), url (between two sink endpoints)
 * and the secret (rotated every round). A forgotten change shows as a delivery, not as an absence,
 * when it should have shut the event out: the first change of the pair created listening, the
 * second of the pair created shut out, any change of url or secret.
 */
export async function sideBySide(t: CheckContext, sink: WebhookSink, event: EventName, quiet: EventName, made: Subscriber[]): Promise<SideSubscription[]> {
  await subscribeAll(
    t,
    sink,
    [
      { events: [quiet], label: 'side by side, changes events' },
      { events: [event], label: 'side by side, changes events from listening' },
      { events: [event], isActive: false, label: 'side by side, changes isActive' },
      { events: [event], label: 'side by side, changes isActive from active' },
      { events: [event], label: 'side by side, changes url' },
      { events: [event], label: 'side by side, rotates its secret' },
    ],
    made,
  );
  const [events, listening, inactive, active, url, secret] = made as [Subscriber, Subscriber, Subscriber, Subscriber, Subscriber, Subscriber];
  const side = (s: Subscriber, changing: SideSubscription['changing'], listens: boolean, isActive: boolean, state: string, twoUrls = false) => ({
    id: s.id,
    label: `the subscription that changes ${changing === 'secret' ? 'its secret' : changing} (${s.id})`,
    changing,
    endpoints: twoUrls ? [s.endpoint, sink.endpoint({})] : [s.endpoint],
    listens,
    isActive,
    at: 0,
    secret: s.secret,
    retired: [],
    state,
  });
  return [
    side(events, 'events', false, true, `events ${JSON.stringify([quiet])} (create)`),
    side(listening, 'events', true, true, `events ${JSON.stringify([event])} (create)`),
    side(inactive, 'isActive', true, false, 'isActive false (create)'),
    side(active, 'isActive', true, true, 'isActive true (create)'),
    side(url, 'url', true, true, 'url the first of two (create)', true),
    side(secret, 'secret', true, true, 'the secret of the create'),
  ];
}

/**
 * Round `round`'s change of one subscription, applied on the target (PATCH answering 200, or
 * rotate-secret answering 200 with a new secret in its data or on GET) and then in the model.
 */
export async function applyChange(t: CheckContext, s: SideSubscription, round: number, event: EventName, quiet: EventName): Promise<void> {
  const where = `round ${round}`;
  if (s.changing === 'secret') {
    const res = await t.api.post(`/webhooks/${s.id}/rotate-secret`);
    expectStatus(res, 200, `rotate the secret (${where})`);
    const old = s.secret;
    // Spec 4.11 "result in data" shows no result: the new secret may be in it, or only on GET /webhooks/{id}.
    const offered = secretsIn((res.json as { data?: unknown } | undefined)?.data).filter((x) => x.value.length > SECRET_PREFIX.length && x.value !== old);
    let fresh = offered[0]?.value;
    if (fresh === undefined) {
      const back = await t.api.get(`/webhooks/${s.id}`);
      fresh = secretsIn((back.json as { data?: unknown } | undefined)?.data).find((x) => x.value.length > SECRET_PREFIX.length && x.value !== old)?.value;
    }
    if (old !== undefined) s.retired.push(old);
    s.secret = fresh;
    s.state = `the secret of rotation ${s.retired.length} (${where})`;
    return;
  }
  const body =
    s.changing === 'events'
      ? { events: s.listens ? [quiet] : [event] }
      : s.changing === 'isActive'
        ? { isActive: !s.isActive }
        : { url: s.endpoints[1 - s.at]!.url };
  const res = await t.api.patch(`/webhooks/${s.id}`, body);
  expectStatus(res, 200, `PATCH ${JSON.stringify(body)} (${where})`);
  ensure(res.json !== undefined, `expected a JSON body for PATCH ${JSON.stringify(body)}`, res);
  if (s.changing === 'events') s.listens = !s.listens;
  else if (s.changing === 'isActive') s.isActive = !s.isActive;
  else s.at = 1 - s.at;
  const now = s.changing === 'url' ? `url the ${s.at === 0 ? 'first' : 'second'} of two` : `${Object.keys(body)[0]} ${JSON.stringify(Object.values(body)[0])}`;
  s.state = `${now} (PATCH of ${where}, answered 200)`;
}
