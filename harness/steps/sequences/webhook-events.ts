import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiResponse } from '../../http/client.js';
import type { SinkEndpoint } from '../../sink/sink.js';
import { boundName } from './log.js';
import { RuleBroken } from './model.js';
import { judgeSignature, ok, OPERATION_EVENT, subscriptionsOf, type HookSink, type Subscription } from './webhooks.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Events sent by operations in a webhook sequence (spec 6.1, 6.2): POST /expenses sends
 * expense.created, the event its name implies (WH-TRIGGERS relies on the same). Each subscription
 * is judged by the events last written for it (its create, then each accepted PATCH of events):
 * - one that lists the event, live and not written inactive: a delivery about the expense that
 *   arrives is signed with its current secret (judgeSignature); none within the wait is observed
 *   (asynchronous, never failed);
 * - one that does not list it: no delivery about the expense may arrive (WH-NOT-SUBSCRIBED, a MUST
 *   of the webhooks suite). One whose events listed it before a PATCH took it out is tolerated for
 *   the run's webhook wait after that PATCH, as WH-NOT-SUBSCRIBED tolerates a late deactivation (a
 *   server may cache its subscriptions); within it, the delivery is observed;
 * - an inactive or deleted one: the spec does not say here (3.5 implies it only): observed.
 * A delivery is tied to the expense by its id in the body (spec 6.2 does not show `data`); one
 * that does not name it is not judged.
 */

type Command = fc.AsyncCommand<SequenceWorld, SequenceWorld>;

/**
 * The requests at an endpoint about a record: its id anywhere in the body (spec 6.2 does not show
 * `data`), of the event when one is given (the body's `event`, else `X-Service-Event`), as
 * harness/webhooks/received.ts ties them (a layer harness/steps/ does not import).
 */
function about(endpoint: SinkEndpoint, marker: string, event?: string): SinkEndpoint['received'] {
  return endpoint.received.filter((r) => {
    if (!r.rawBody.toString('utf8').includes(marker)) return false;
    if (event === undefined) return true;
    const named = (r.json as { event?: unknown } | undefined)?.event;
    return (typeof named === 'string' ? named : r.headers['x-service-event']) === event;
  });
}

/** An event fired, and the subscriptions that must never get it (checked again at the end: it may come late). */
interface Fired {
  readonly marker: string;
  readonly label: string;
  readonly at: number;
  readonly exchange: ApiResponse['exchange'];
  readonly never: ReadonlyArray<{ readonly sub: Subscription; readonly why: string }>;
}

interface EventState {
  readonly fired: Fired[];
  /** When the tolerance for a subscription whose events dropped the event ends, after a delivery it got within it. */
  toleratedUntil: number | undefined;
}

const states = new WeakMap<SequenceWorld, EventState>();
const stateOf = (world: SequenceWorld): EventState => {
  let state = states.get(world);
  if (state === undefined) states.set(world, (state = { fired: [], toleratedUntil: undefined }));
  return state;
};

const lists = (events: readonly unknown[]): boolean => events.includes(OPERATION_EVENT);

/** Where the events last written leave a subscription: listing the event, or since when they no longer do (undefined: never did). */
export function standing(
  sub: Pick<Subscription, 'eventsWritten'>,
): { readonly listed: true } | { readonly listed: false; readonly droppedAt: number | undefined } {
  const written = sub.eventsWritten;
  if (lists(written.at(-1)?.events ?? [])) return { listed: true };
  const last = written.findLastIndex((w) => lists(w.events));
  return { listed: false, droppedAt: last === -1 ? undefined : written[last + 1]!.at };
}

function expenseBody(hooks: HookSink): Record<string, unknown> {
  return {
    expenseType: 'direct_cost',
    amount: 12.5,
    date: '2024-05-14',
    description: 'Conformance sequence webhook event',
    ...(hooks.tag === undefined ? {} : { tags: [hooks.tag] }),
  };
}

/** POST /expenses, then each subscription judged by its events (see above). */
async function fireEvent(world: SequenceWorld, hooks: HookSink): Promise<void> {
  const subs = subscriptionsOf(world);
  // Only where some subscription ever listed the event: elsewhere nothing new is learned cheaply.
  if (!subs.some((s) => s.eventsWritten.some((w) => lists(w.events)))) return;
  const state = stateOf(world);
  const res = await world.send('A', 'POST', '/expenses', { body: expenseBody(hooks), rule: 'SEQ-READ-AFTER-WRITE', letter: 'E' });
  const id = dataOf(res)?.['id'];
  if (!ok(res) || typeof id !== 'string') return world.observe('sequence-refused-write', 'POST /expenses (to send expense.created)', `refused (${res.status})`);
  const at = Date.now();
  const label = `expense $${boundName(world.log, id) ?? 'E'}`;
  const live = subs.filter((s) => s.state === 'live');
  const listening = live.filter((s) => standing(s).listed && s.fields['isActive'] !== false);
  const never: Array<{ sub: Subscription; why: string }> = [];
  const tolerated: Array<{ sub: Subscription; until: number }> = [];
  for (const sub of live) {
    const now = standing(sub);
    if (now.listed) continue;
    if (now.droppedAt === undefined) never.push({ sub, why: 'whose events never listed it' });
    else if (at - now.droppedAt >= hooks.graceMs)
      never.push({
        sub,
        why: `whose events no longer list it since a PATCH ${at - now.droppedAt} ms before (a late change is tolerated for ${hooks.graceMs} ms)`,
      });
    else tolerated.push({ sub, until: now.droppedAt + hooks.graceMs });
  }
  const fired: Fired = { marker: id, label, at, exchange: res.exchange, never };
  state.fired.push(fired);
  const wait = hooks.misses >= 2 ? 0 : hooks.waitMs;
  const served = await hooks.sink.waitFor(() => listening.every((s) => about(s.endpoint, id, OPERATION_EVENT).length > 0), {
    timeoutMs: listening.length === 0 ? 0 : wait,
  });
  // A grace after the listening ones were served (twice their delay, 20 ms at least): a wrong delivery would be about as quick;
  // a later one is missed here, never invented, and looked for again at the audit.
  const latency = Date.now() - at;
  await hooks.sink.waitFor(() => [...never, ...tolerated].some(({ sub }) => about(sub.endpoint, id).length > 0), {
    timeoutMs: Math.min(wait, Math.max(20, 2 * latency)),
  });
  for (const sub of listening) {
    const delivery = about(sub.endpoint, id, OPERATION_EVENT)[0];
    if (delivery === undefined) continue;
    judgeSignature(world, hooks, sub, delivery, `the ${OPERATION_EVENT} delivery about ${label}`, `${OPERATION_EVENT} after POST /expenses`, res.exchange);
  }
  if (listening.length > 0) {
    if (!served) hooks.misses += 1;
    world.observe(
      'sequence-webhook-event',
      `${OPERATION_EVENT} after POST /expenses, to a subscription listing it`,
      served ? 'delivered' : `not every one within ${wait} ms (not judged)`,
    );
  }
  judgeNever(fired);
  for (const { sub, until } of tolerated) {
    const got = about(sub.endpoint, id).length > 0;
    world.observe(
      'sequence-webhook-event',
      `${OPERATION_EVENT} to a subscription whose events a PATCH took it out of, within the tolerated wait`,
      got ? 'delivered (tolerated)' : 'not delivered',
    );
    if (got) state.toleratedUntil = Math.max(state.toleratedUntil ?? 0, until);
  }
  for (const sub of subs.filter((s) => s.state === 'deleted' || (standing(s).listed && s.fields['isActive'] === false))) {
    world.observe(
      'sequence-webhook-event',
      `${OPERATION_EVENT} to ${sub.state === 'deleted' ? 'a deleted' : 'an inactive'} subscription that listed it`,
      about(sub.endpoint, id).length > 0 ? 'delivered' : 'not delivered',
    );
  }
}

function judgeNever(fired: Fired): void {
  for (const { sub, why } of fired.never) {
    // Events written since: a server fanning an event out later (a queue, a worker) may follow them.
    if ((sub.eventsWritten.at(-1)?.at ?? 0) > fired.at) continue;
    const wrong = about(sub.endpoint, fired.marker);
    if (wrong.length === 0) continue;
    throw new RuleBroken(
      'SEQ-READ-AFTER-WRITE',
      `${OPERATION_EVENT} about ${fired.label} (POST /expenses) reached ${sub.label} ${wrong[0]!.arrivedAt - fired.at} ms later, ${why}; the events last written for it: ${JSON.stringify(sub.eventsWritten.at(-1)?.events ?? [])}`,
      fired.exchange,
    );
  }
}

class HookEvent implements Command {
  constructor(readonly hooks: HookSink) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    await fireEvent(world, this.hooks);
  }
  toString(): string {
    return `POST /expenses (${OPERATION_EVENT})`;
  }
}

/** The event command of a webhook sequence (one entry among the webhook commands: each costs a short wait). */
export function eventCommands(hooks: HookSink): Array<fc.Arbitrary<Command>> {
  return [fc.constant(new HookEvent(hooks))];
}

/**
 * Before the webhook audit: deliveries that came late are judged again; and when a subscription
 * whose events dropped the event still got it within the tolerated wait, and that wait ends within
 * one delivery wait, the sequence waits it out and fires once more (a copy a PATCH never refreshes
 * shows then).
 */
export async function eventAudit(world: SequenceWorld, hooks: HookSink): Promise<void> {
  const state = states.get(world);
  if (state === undefined) return;
  for (const fired of state.fired) judgeNever(fired);
  const until = state.toleratedUntil;
  if (until === undefined || until - Date.now() > hooks.waitMs) return;
  await sleep(Math.max(0, until - Date.now()) + 10);
  state.toleratedUntil = undefined;
  await fireEvent(world, hooks);
}
