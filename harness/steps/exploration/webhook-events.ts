import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiResponse } from '../../http/client.js';
import type { SinkEndpoint } from '../../sink/sink.js';
import { boundName } from './log.js';
import { RuleBroken } from './model.js';
import type { Body, SequenceDomain } from './domains.js';
import { deliveryWait, judgeSignature, ok, OPERATION_EVENTS, subscriptionsOf, type HookSink, type OperationEvent, type Subscription } from './webhooks.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Events sent by operations in a webhook sequence (spec 6.1, 6.2: the event each operation's name
 * implies; WH-TRIGGERS relies on the same): POST /expenses sends expense.created, POST /time-entries
 * time_entry.created, POST /tasks task.created, POST /milestones/{id}/complete milestone.completed
 * (spec 3.3 names it) and POST /expenses/{id}/approve expense.approved (only when approve answered
 * 2xx: a server may refuse it, observed). Each subscription is judged by the events last written
 * for it (its create, then each accepted PATCH of events):
 * - one that lists the event, live and not written inactive: a delivery of it about the record that
 *   arrives is signed with its current secret (judgeSignature); none within the wait is observed
 *   (asynchronous, never failed);
 * - one that does not list it: no delivery of it about the record may arrive (WH-NOT-SUBSCRIBED, a MUST
 *   of the webhooks suite). One whose events listed it before a PATCH took it out is tolerated for
 *   the propagation bound after that PATCH (PROPAGATION_MS), as WH-NOT-SUBSCRIBED tolerates a late deactivation (a
 *   server may cache its subscriptions); within it, the delivery is observed;
 * - an inactive or deleted one: the spec does not say here (3.5 implies it only): observed.
 * A delivery is tied to the record by its id in the body (spec 6.2 does not show `data`) and to the
 * event by its name (the body's `event`, else X-Service-Event); one that names neither is not judged.
 * The event a command sends is drawn among those some subscription of the sequence ever listed.
 */

type Command = fc.AsyncCommand<SequenceWorld, SequenceWorld>;

/**
 * The requests at an endpoint about a record: its id anywhere in the body (spec 6.2 does not show
 * `data`), of the event given (the body's `event`, else `X-Service-Event`), as
 * harness/webhooks/received.ts ties them (a layer harness/steps/ does not import).
 */
export function about(endpoint: SinkEndpoint, marker: string, event: string): SinkEndpoint['received'] {
  return endpoint.received.filter((r) => {
    if (!r.rawBody.toString('utf8').includes(marker)) return false;
    const named = (r.json as { event?: unknown } | undefined)?.event;
    return (typeof named === 'string' ? named : r.headers['x-service-event']) === event;
  });
}

/** An event fired, and the subscriptions that must never get it (checked again at the end: it may come late). */
interface Fired {
  readonly event: OperationEvent;
  readonly marker: string;
  readonly label: string;
  /** The operation that sent it, as the report names it. */
  readonly operation: string;
  readonly at: number;
  readonly exchange: ApiResponse['exchange'];
  readonly never: ReadonlyArray<{ readonly sub: Subscription; readonly why: string }>;
}

interface EventState {
  readonly fired: Fired[];
  /**
   * When the tolerance for a subscription whose events dropped an event ends, after a delivery it
   * got within it, the event to send again then, and how long that delivery took.
   */
  tolerated: { until: number; readonly event: OperationEvent; readonly bodies: EventBodies; readonly tookMs: number } | undefined;
}

const states = new WeakMap<SequenceWorld, EventState>();
const stateOf = (world: SequenceWorld): EventState => {
  let state = states.get(world);
  if (state === undefined) states.set(world, (state = { fired: [], tolerated: undefined }));
  return state;
};

const lists = (events: readonly unknown[], event: OperationEvent): boolean => events.includes(event);

/** Where the events last written leave a subscription: listing the event, or since when they no longer do (undefined: never did). */
export function standing(
  sub: Pick<Subscription, 'eventsWritten'>,
  event: OperationEvent,
): { readonly listed: true } | { readonly listed: false; readonly droppedAt: number | undefined } {
  const written = sub.eventsWritten;
  if (lists(written.at(-1)?.events ?? [], event)) return { listed: true };
  const last = written.findLastIndex((w) => lists(w.events, event));
  return { listed: false, droppedAt: last === -1 ? undefined : written[last + 1]!.at };
}

export function expenseBody(hooks: HookSink): Record<string, unknown> {
  return {
    expenseType: 'direct_cost',
    amount: 12.5,
    date: '2024-05-14',
    description: 'Conformance sequence webhook event',
    ...(hooks.tag === undefined ? {} : { tags: [hooks.tag] }),
  };
}

/** Bodies from the domain generators for the records an event needs (drawn with the command). */
export type EventBodies = Readonly<Partial<Record<'time-entries' | 'tasks' | 'milestones', Body>>>;

/** The domain each event's record is made in, when it is not an expense. */
const DOMAIN_OF: Partial<Record<OperationEvent, keyof EventBodies>> = {
  'time_entry.created': 'time-entries',
  'task.created': 'tasks',
  'milestone.completed': 'milestones',
};

/** The record an event is about, made by the operation that sends it. */
interface Sent {
  readonly id: string;
  readonly label: string;
  readonly operation: string;
  readonly res: ApiResponse;
}

/** Creates a record in `domain` with org A's key (a plain create: the run's cleanup deletes it); undefined when refused (observed). */
async function create(world: SequenceWorld, domain: SequenceDomain | undefined, path: string, body: Body | undefined, letter: string, why: string) {
  const filled = domain === undefined ? body : body === undefined ? undefined : await world.fill(domain, body);
  if (filled === undefined) return undefined;
  const res = await world.send('A', 'POST', path, { body: filled, rule: 'SEQ-READ-AFTER-WRITE', letter });
  const id = dataOf(res)?.['id'];
  if (!ok(res) || typeof id !== 'string') {
    world.observe('sequence-refused-write', `POST ${path} (${why})`, `refused (${res.status})`);
    return undefined;
  }
  return { id, res };
}

/** Sends the event: the operation its name implies, on a record made for it. Undefined when a step was refused (observed). */
async function send(world: SequenceWorld, hooks: HookSink, event: OperationEvent, bodies: EventBodies): Promise<Sent | undefined> {
  const why = `to send ${event}`;
  const domainName = DOMAIN_OF[event];
  if (domainName !== undefined) {
    const domain = hooks.domains?.find((d) => d.name === domainName);
    if (domain === undefined) return undefined;
    const made = await create(world, domain, domain.path, bodies[domainName], domain.letter, why);
    if (made === undefined) return undefined;
    const label = `${domain.noun} $${boundName(world.log, made.id) ?? domain.letter}`;
    if (event !== 'milestone.completed') return { id: made.id, label, operation: `POST ${domain.path}`, res: made.res };
    const res = await world.send('A', 'POST', `/milestones/${made.id}/complete`, { rule: 'SEQ-READ-AFTER-WRITE' });
    if (!ok(res)) return void world.observe('sequence-refused-write', `POST /milestones/{id}/complete (${why})`, `refused (${res.status})`);
    return { id: made.id, label, operation: 'POST /milestones/{id}/complete', res };
  }
  const made = await create(world, undefined, '/expenses', expenseBody(hooks), 'E', why);
  if (made === undefined) return undefined;
  const label = `expense $${boundName(world.log, made.id) ?? 'E'}`;
  if (event === 'expense.created') return { id: made.id, label, operation: 'POST /expenses', res: made.res };
  // A server may refuse approval (a business rule: another key must approve, say): nothing is sent then.
  const res = await world.send('A', 'POST', `/expenses/${made.id}/approve`, { rule: 'SEQ-READ-AFTER-WRITE' });
  if (!ok(res)) return void world.observe('sequence-refused-write', `POST /expenses/{id}/approve (${why})`, `refused (${res.status})`);
  return { id: made.id, label, operation: 'POST /expenses/{id}/approve', res };
}

/**
 * The events some subscription of the sequence ever listed, in the order of OPERATION_EVENTS; with
 * `dropped`, those a PATCH took out of a live subscription's events, when there are any (what a
 * copy the PATCH did not refresh would still deliver).
 */
function listedEver(world: SequenceWorld, dropped: boolean): OperationEvent[] {
  const subs = subscriptionsOf(world);
  const ever = OPERATION_EVENTS.filter((event) => subs.some((s) => s.eventsWritten.some((w) => lists(w.events, event))));
  const taken = ever.filter((event) =>
    subs.some((s) => {
      const now = standing(s, event);
      return s.state === 'live' && !now.listed && now.droppedAt !== undefined;
    }),
  );
  return dropped && taken.length > 0 ? taken : ever;
}

/**
 * The operation that sends `event`, then each subscription judged by its events (see above).
 * `wrongWaitMs`: wait at least this long (within the delivery wait) for a delivery that should not come.
 */
async function fireEvent(world: SequenceWorld, hooks: HookSink, event: OperationEvent, bodies: EventBodies, wrongWaitMs = 0): Promise<void> {
  const subs = subscriptionsOf(world);
  const state = stateOf(world);
  const sent = await send(world, hooks, event, bodies);
  if (sent === undefined) return;
  const { id, label, operation, res } = sent;
  const at = Date.now();
  const live = subs.filter((s) => s.state === 'live');
  const listening = live.filter((s) => standing(s, event).listed && s.fields['isActive'] !== false);
  const never: Array<{ sub: Subscription; why: string }> = [];
  const tolerated: Array<{ sub: Subscription; until: number }> = [];
  for (const sub of live) {
    const now = standing(sub, event);
    if (now.listed) continue;
    if (now.droppedAt === undefined) never.push({ sub, why: 'whose events never listed it' });
    else if (at - now.droppedAt >= hooks.graceMs)
      never.push({
        sub,
        why: `whose events no longer list it since a PATCH ${at - now.droppedAt} ms before (a late change is tolerated for ${hooks.graceMs} ms)`,
      });
    else tolerated.push({ sub, until: now.droppedAt + hooks.graceMs });
  }
  const fired: Fired = { event, marker: id, label, operation, at, exchange: res.exchange, never };
  state.fired.push(fired);
  const wait = deliveryWait(hooks);
  const served = await hooks.sink.waitFor(() => listening.every((s) => about(s.endpoint, id, event).length > 0), {
    timeoutMs: listening.length === 0 ? 0 : wait,
  });
  // A grace after the listening ones were served (twice their delay, 20 ms at least, or as asked): a wrong delivery would be about as quick;
  // a later one is missed here, never invented, and looked for again at the audit.
  const latency = Date.now() - at;
  await hooks.sink.waitFor(() => [...never, ...tolerated].some(({ sub }) => about(sub.endpoint, id, event).length > 0), {
    timeoutMs: Math.min(wait, Math.max(20, 2 * latency, wrongWaitMs)),
  });
  for (const sub of listening) {
    const delivery = about(sub.endpoint, id, event)[0];
    if (delivery === undefined) continue;
    judgeSignature(world, hooks, sub, delivery, `the ${event} delivery about ${label}`, `${event} after ${operation}`, res.exchange);
  }
  if (listening.length > 0) {
    if (!served) hooks.misses += 1;
    world.observe(
      'sequence-webhook-event',
      `${event} after ${operation}, to a subscription listing it`,
      served ? 'delivered' : `not every one within ${wait} ms (not judged)`,
    );
  }
  judgeNever(fired);
  for (const { sub, until } of tolerated) {
    const delivery = about(sub.endpoint, id, event)[0];
    const got = delivery !== undefined;
    world.observe(
      'sequence-webhook-event',
      `${event} to a subscription whose events a PATCH took it out of, within the tolerated wait`,
      got ? 'delivered (tolerated)' : 'not delivered',
    );
    if (got && until > (state.tolerated?.until ?? 0)) state.tolerated = { until, event, bodies, tookMs: delivery.arrivedAt - at };
  }
  for (const sub of subs.filter((s) => s.state === 'deleted' || (standing(s, event).listed && s.fields['isActive'] === false))) {
    world.observe(
      'sequence-webhook-event',
      `${event} to ${sub.state === 'deleted' ? 'a deleted' : 'an inactive'} subscription that listed it`,
      about(sub.endpoint, id, event).length > 0 ? 'delivered' : 'not delivered',
    );
  }
}

function judgeNever(fired: Fired): void {
  for (const { sub, why } of fired.never) {
    // Events written since: a server fanning an event out later (a queue, a worker) may follow them.
    if ((sub.eventsWritten.at(-1)?.at ?? 0) > fired.at) continue;
    const wrong = about(sub.endpoint, fired.marker, fired.event);
    if (wrong.length === 0) continue;
    throw new RuleBroken(
      'SEQ-READ-AFTER-WRITE',
      `${fired.event} about ${fired.label} (${fired.operation}) reached ${sub.label} ${wrong[0]!.arrivedAt - fired.at} ms later, ${why}; the events last written for it: ${JSON.stringify(sub.eventsWritten.at(-1)?.events ?? [])}`,
      fired.exchange,
    );
  }
}

class HookEvent implements Command {
  constructor(
    readonly hooks: HookSink,
    readonly pick: number,
    readonly bodies: EventBodies,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    // Only events some subscription ever listed: elsewhere nothing new is learned cheaply.
    // One command in two favours an event a PATCH took out of some subscription's events.
    const events = listedEver(world, this.pick % 2 === 0);
    if (events.length === 0) return;
    await fireEvent(world, this.hooks, events[Math.floor(this.pick / 2) % events.length]!, this.bodies);
  }
  toString(): string {
    return `operation event #${this.pick}`;
  }
}

/**
 * The event command of a webhook sequence (one entry among the webhook commands: each costs a
 * short wait), with bodies from the domain generators for the records its event may need.
 */
export function eventCommands(hooks: HookSink): Array<fc.Arbitrary<Command>> {
  const generated = Object.fromEntries(
    Object.values(DOMAIN_OF).flatMap((name) => {
      const domain = hooks.domains?.find((d) => d.name === name);
      return domain === undefined ? [] : [[name, domain.create]];
    }),
  ) as Record<string, fc.Arbitrary<Body>>;
  return [fc.tuple(fc.nat({ max: 30 }), fc.record(generated)).map(([pick, bodies]) => new HookEvent(hooks, pick, bodies as EventBodies))];
}

/**
 * Before the webhook audit: deliveries that came late are judged again; and when a subscription
 * whose events dropped an event still got it within the tolerated wait (the propagation bound),
 * the sequence waits it out and sends that event once more (a copy a PATCH never refreshes shows then).
 */
export async function eventAudit(world: SequenceWorld, hooks: HookSink): Promise<void> {
  const state = states.get(world);
  if (state === undefined) return;
  for (const fired of state.fired) judgeNever(fired);
  const tolerated = state.tolerated;
  // At most the propagation bound: on a target that applies changes at once nothing was tolerated.
  if (tolerated === undefined || tolerated.until - Date.now() > hooks.graceMs) return;
  await sleep(Math.max(0, tolerated.until - Date.now()) + 10);
  state.tolerated = undefined;
  // The copy's delivery would come about as late as the tolerated one did: twice that is waited for it.
  await fireEvent(world, hooks, tolerated.event, tolerated.bodies, 2 * tolerated.tookMs);
}
