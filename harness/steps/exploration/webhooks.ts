import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { ApiResponse } from '../../http/client.js';
import { walkPages } from '../../http/pager.js';
import { secretOf } from '../../sink/secrets.js';
import { SinkEndpoint, type Received, type WebhookSink } from '../../sink/sink.js';
import { QUIET_EVENTS } from '../../spec/webhooks.js';
import { subscriptionMismatch } from '../../webhooks/subscriptions.js';
import { settled } from '../settle.js';
import { boundName } from './log.js';
import { RuleBroken } from './model.js';
import type { SequenceDomain } from './domains.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Webhook subscriptions (spec 2.10, 4.11, 6) as sequences of their own: create, read (with its
 * secret), update (url, events, isActive, name, description with null clearing), delete, list by
 * isActive, rotate-secret, and test deliveries judged at the sink and in the deliveries list.
 * Subscriptions list events no documented operation sends (QUIET_EVENTS), and about one list in
 * three also one or two events the sequence's own operations send (POST /expenses sends expense.created; webhook-events.ts). Deliveries are asynchronous: a wait that runs
 * out is observed, never failed.
 */

type Command = fc.AsyncCommand<SequenceWorld, SequenceWorld>;
type Body = Record<string, unknown>;

/** The sink the sequences' subscriptions point at, and how long a sequence waits for one delivery. */
export interface HookSink {
  readonly sink: WebhookSink;
  readonly waitMs: number;
  /** How long a subscription change may take to reach the deliveries (PROPAGATION_MS, as WH-ROTATE and WH-NOT-SUBSCRIBED tolerate it). */
  readonly graceMs: number;
  /** The run's tag, on the expenses the sequences make to send events (webhook-events.ts). */
  readonly tag?: string;
  /** Awaited deliveries that did not arrive within the wait (`deliveryWait`). */
  misses: number;
  /**
   * The exploration's domains: time entries, tasks and milestones are made from their generators
   * and in their scope to send their events (webhook-events.ts); without them only the expense events are sent.
   */
  readonly domains?: readonly SequenceDomain[] | undefined;
}

/**
 * How long a sequence waits for one delivery: nothing once two awaited deliveries were missed while
 * none has ever reached the sink (it may be out of the target's reach). A target whose deliveries
 * do reach it, only late on a busy machine, keeps its waits: the checks that need a delivery (a
 * dropped event still sent after the tolerated wait, webhook-events.ts) would see nothing without.
 */
export function deliveryWait(hooks: HookSink): number {
  return hooks.misses >= 2 && hooks.sink.delivered === 0 ? 0 : hooks.waitMs;
}

/** One subscription a sequence made, as the model holds it. */
export interface Subscription {
  readonly id: string;
  readonly label: string;
  endpoint: SinkEndpoint;
  state: 'live' | 'deleted';
  /** The fields written, as last accepted (isActive once known). */
  fields: Body;
  /** The secret now (undefined: to be learned from the next read), and those it had before, with when they were replaced. */
  secret: string | undefined;
  /** Undefined: a secret never learned (two rotations with no read between, whose answers showed none). */
  readonly replaced: Array<{ readonly secret: string | undefined; readonly at: number }>;
  /** The events lists written (the create's, then each accepted PATCH's), with when: what an operation's event is judged by (webhook-events.ts). */
  readonly eventsWritten: Array<{ readonly events: readonly unknown[]; readonly at: number }>;
}

const states = new WeakMap<SequenceWorld, Subscription[]>();
export const subscriptionsOf = (world: SequenceWorld): Subscription[] => {
  let subs = states.get(world);
  if (subs === undefined) states.set(world, (subs = []));
  return subs;
};

/**
 * The events operations of a webhook sequence send (spec 6.1, 6.2: the operation each name implies;
 * spec 3.3 names milestone.completed), as WH-TRIGGERS relies on (webhook-events.ts sends and judges them).
 */
export const OPERATION_EVENTS = ['expense.created', 'time_entry.created', 'task.created', 'milestone.completed', 'expense.approved'] as const;
export type OperationEvent = (typeof OPERATION_EVENTS)[number];

export const ok = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;
const URL_PLACEHOLDER = '@sink-url';

/** The written fields a record shows that it holds otherwise (fields it leaves out are not judged: spec 2). */
export function differs(fields: Body, shown: Body): string | undefined {
  const present = Object.fromEntries(Object.entries(fields).filter(([f, v]) => Object.hasOwn(shown, f) || v === null));
  return subscriptionMismatch(shown, present);
}

function pickLive(world: SequenceWorld, pick: number, all = false): Subscription | undefined {
  const subs = subscriptionsOf(world).filter((s) => all || s.state === 'live');
  return subs.length === 0 ? undefined : subs[pick % subs.length];
}

/** The secret a read shows, judged against the model: the current one (spec 2.10, 4.11), learned once after a rotation that did not show it. */
function judgeSecret(sub: Subscription, data: Body, what: string, res: ApiResponse): void {
  const shown = secretOf(data)?.value;
  if (shown === undefined) return;
  if (sub.secret === undefined) {
    if (sub.replaced.some((r) => r.secret === shown)) {
      throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} shows the secret rotate-secret replaced; the read must show its secret, the new one`, res.exchange);
    }
    sub.secret = shown;
    sub.endpoint.useSecret(shown);
    return;
  }
  if (shown !== sub.secret) {
    const old = sub.replaced.some((r) => r.secret === shown);
    throw new RuleBroken(
      'SEQ-READ-AFTER-WRITE',
      `${what} shows ${old ? 'the secret rotate-secret replaced' : 'a secret it never had'}, not its current one${old ? ' (the one the rotation gave)' : ''}`,
      res.exchange,
    );
  }
}

export async function readSubscription(world: SequenceWorld, sub: Subscription): Promise<void> {
  const what = `GET /webhooks/{${sub.label}}`;
  const res = await world.send('A', 'GET', `/webhooks/${sub.id}`, { rule: sub.state === 'deleted' ? 'SEQ-DELETE-GONE' : 'SEQ-READ-AFTER-WRITE' });
  if (sub.state === 'deleted') {
    if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${sub.label} was deleted`, res.exchange);
    return;
  }
  const data = dataOf(res);
  if (!ok(res) || data === undefined)
    throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered ${res.status}; ${sub.label} was created and never deleted`, res.exchange);
  const problem = differs(sub.fields, data);
  if (problem !== undefined) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what}: ${problem} (the value last written)`, res.exchange);
  // isActive is learned when the create left it out (spec 2.10 says it defaults to true; WH-CREATE-VALID judges that).
  if (typeof data['isActive'] === 'boolean' && !Object.hasOwn(sub.fields, 'isActive')) sub.fields['isActive'] = data['isActive'];
  judgeSecret(sub, data, what, res);
}

/** POST /webhooks: a subscription of quiet events, pointing at an endpoint of its own. */
class HookCreate implements Command {
  constructor(
    readonly hooks: HookSink,
    readonly body: Body,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const endpoint = this.hooks.sink.endpoint({});
    // A name of its own each time: a server may keep names unique (the spec does not say), and a replay makes the same body.
    const body = { ...this.body, name: `${String(this.body['name'])} ${randomBytes(3).toString('hex')}`, url: endpoint.url };
    const res = await world.send('A', 'POST', '/webhooks', { body, rule: 'SEQ-READ-AFTER-WRITE', letter: 'W' });
    if (!ok(res)) return world.observe('sequence-refused-write', 'POST /webhooks', `refused (${res.status})`);
    const data = dataOf(res);
    const id = data?.['id'];
    if (data === undefined || typeof id !== 'string')
      throw new RuleBroken('SEQ-READ-AFTER-WRITE', `POST /webhooks answered ${res.status} without the created subscription's id in data`, res.exchange);
    const secret = secretOf(data)?.value;
    if (secret !== undefined) endpoint.useSecret(secret);
    const sub: Subscription = {
      id,
      label: `subscription $${boundName(world.log, id) ?? 'W'}`,
      endpoint,
      state: 'live',
      fields: { ...body },
      secret,
      replaced: [],
      eventsWritten: [{ events: Array.isArray(this.body['events']) ? this.body['events'] : [], at: Date.now() }],
    };
    subscriptionsOf(world).push(sub);
    const problem = differs(sub.fields, data);
    if (problem !== undefined) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `the answer to POST /webhooks: ${problem}`, res.exchange);
  }
  toString(): string {
    return `create subscription ${JSON.stringify(this.body)}`;
  }
}

class HookRead implements Command {
  constructor(readonly pick: number) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const sub = pickLive(world, this.pick, true);
    if (sub !== undefined) await readSubscription(world, sub);
  }
  toString(): string {
    return `read subscription #${this.pick}`;
  }
}

/** PATCH /webhooks/{id}: some of url (a new endpoint), events, isActive, name, description (null clears it). */
class HookUpdate implements Command {
  constructor(
    readonly hooks: HookSink,
    readonly pick: number,
    readonly body: Body,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const sub = pickLive(world, this.pick);
    if (sub === undefined) return;
    const endpoint = this.body['url'] === URL_PLACEHOLDER ? this.hooks.sink.endpoint({}) : undefined;
    const body: Body = { ...this.body, ...(endpoint === undefined ? {} : { url: endpoint.url }) };
    if (typeof body['name'] === 'string') body['name'] = `${body['name']} ${randomBytes(3).toString('hex')}`;
    const what = `PATCH /webhooks/{${sub.label}}`;
    const res = await world.send('A', 'PATCH', `/webhooks/${sub.id}`, { body, rule: 'SEQ-READ-AFTER-WRITE' });
    if (!ok(res)) {
      if (res.status === 404) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${sub.label} was created and never deleted`, res.exchange);
      return world.observe('sequence-refused-write', 'PATCH /webhooks', `refused (${res.status})`);
    }
    Object.assign(sub.fields, body);
    if (Array.isArray(body['events'])) sub.eventsWritten.push({ events: body['events'], at: Date.now() });
    if (endpoint !== undefined) {
      if (sub.secret !== undefined) endpoint.useSecret(sub.secret);
      sub.endpoint = endpoint;
    }
    const data = dataOf(res);
    const problem = data === undefined ? undefined : differs(sub.fields, data);
    if (problem !== undefined) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `the answer to ${what}: ${problem}`, res.exchange);
  }
  toString(): string {
    return `update subscription #${this.pick} ${JSON.stringify(this.body)}`;
  }
}

class HookDelete implements Command {
  constructor(readonly pick: number) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const sub = pickLive(world, this.pick);
    if (sub === undefined) return;
    const res = await world.send('A', 'DELETE', `/webhooks/${sub.id}`, { rule: 'SEQ-DELETE-GONE' });
    if (!ok(res)) {
      if (res.status === 404)
        throw new RuleBroken('SEQ-READ-AFTER-WRITE', `DELETE /webhooks/{${sub.label}} answered 404; it was created and never deleted`, res.exchange);
      return world.observe('sequence-refused-write', 'DELETE /webhooks', `refused (${res.status})`);
    }
    sub.state = 'deleted';
  }
  toString(): string {
    return `delete subscription #${this.pick}`;
  }
}

/**
 * GET /webhooks, plain or by isActive (spec 4.11): a deleted subscription is never listed, a live
 * one whose isActive is known is listed by the filter it matches and not by the other. A list
 * without the filter may leave inactive ones out; other subscriptions of the organisation share
 * the list, so there is no total to count, and one not seen in five full pages is not judged.
 */
export async function judgeHookList(world: SequenceWorld, filter: boolean | undefined): Promise<void> {
  const subs = subscriptionsOf(world);
  if (subs.length === 0) return;
  const query = filter === undefined ? {} : { isActive: String(filter) };
  const shown = filter === undefined ? 'GET /webhooks' : `GET /webhooks?isActive=${filter}`;
  await world.settled(async () => {
    const ids = new Set<string>();
    const { complete } = await walkPages(
      (window) => world.send('A', 'GET', '/webhooks', { query: { ...query, ...window }, rule: 'SEQ-LIST-AFTER-WRITE' }),
      (res) => {
        const data = (res.json as { data?: unknown } | undefined)?.data;
        if (res.status !== 200 || !Array.isArray(data))
          throw new RuleBroken('SEQ-LIST-AFTER-WRITE', `${shown} answered ${res.status}${Array.isArray(data) ? '' : ' without a data array'}`, res.exchange);
        for (const item of data) {
          const id = (item as { id?: unknown } | null)?.id;
          if (typeof id === 'string') ids.add(id.toLowerCase());
        }
        return data;
      },
      { maxPages: 5 },
    );
    for (const sub of subs) {
      const listed = ids.has(sub.id.toLowerCase());
      const active = sub.fields['isActive'];
      if (sub.state === 'deleted') {
        if (listed) throw new RuleBroken('SEQ-DELETE-GONE', `${shown} lists ${sub.label}, which was deleted`, world.lastExchange);
        continue;
      }
      if (typeof active !== 'boolean') continue;
      const expected = filter === undefined ? (active ? true : undefined) : active === filter;
      if (expected === undefined || listed === expected || (!listed && !complete)) continue;
      throw new RuleBroken(
        'SEQ-LIST-AFTER-WRITE',
        `${shown} ${listed ? 'lists' : 'leaves out'} ${sub.label}, whose isActive is ${active} (the value last written${Object.hasOwn(sub.fields, 'isActive') ? '' : ' or learned'})`,
        world.lastExchange,
      );
    }
  });
}

class HookList implements Command {
  constructor(readonly filter: boolean | undefined) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    await judgeHookList(world, this.filter);
  }
  toString(): string {
    return `list subscriptions ${this.filter === undefined ? '' : `isActive=${this.filter}`}`;
  }
}

/** POST /webhooks/{id}/rotate-secret (spec 4.11, 6.2): the secret is replaced; the new one is taken from the answer when it shows one, else learned at the next read. */
class HookRotate implements Command {
  constructor(readonly pick: number) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const sub = pickLive(world, this.pick);
    if (sub === undefined) return;
    const res = await world.send('A', 'POST', `/webhooks/${sub.id}/rotate-secret`, { rule: 'SEQ-READ-AFTER-WRITE' });
    if (!ok(res)) {
      if (res.status === 404)
        throw new RuleBroken(
          'SEQ-READ-AFTER-WRITE',
          `POST /webhooks/{${sub.label}}/rotate-secret answered 404; it was created and never deleted`,
          res.exchange,
        );
      return world.observe('sequence-refused-write', 'POST /webhooks/{id}/rotate-secret', `refused (${res.status})`);
    }
    sub.replaced.push({ secret: sub.secret, at: Date.now() });
    const offered = secretOf((res.json as { data?: unknown } | undefined)?.data)?.value;
    sub.secret = offered !== undefined && !sub.replaced.some((r) => r.secret === offered) ? offered : undefined;
    if (sub.secret !== undefined) sub.endpoint.useSecret(sub.secret);
  }
  toString(): string {
    return `rotate the secret of subscription #${this.pick}`;
  }
}

/**
 * A delivery that reached the subscription's endpoint is signed with its current secret (spec 6.2,
 * 4.11); one a rotation replaced less than the propagation bound before is tolerated, as WH-ROTATE
 * tolerates it, and one the sequence never saw is not judged. False when it was not judged.
 */
export function judgeSignature(
  world: SequenceWorld,
  hooks: HookSink,
  sub: Subscription,
  delivery: Received,
  what: string,
  subject: string,
  exchange: ApiResponse['exchange'],
): boolean {
  if (sub.secret === undefined || SinkEndpoint.verifiesWith(delivery, sub.secret)) return true;
  const old = sub.replaced.find((r) => r.secret !== undefined && SinkEndpoint.verifiesWith(delivery, r.secret));
  // A secret a rotation replaced before the sequence learned it may be the one that signed (within the grace).
  const unknown = sub.replaced.find((r) => r.secret === undefined && delivery.arrivedAt - r.at < hooks.graceMs);
  if (old === undefined && unknown !== undefined) {
    world.observe(
      'sequence-webhook-delivery',
      `${subject} after rotate-secret`,
      'signed with a secret the sequence never saw (one a rotation replaced): not judged',
    );
    return false;
  }
  if (old === undefined || delivery.arrivedAt - old.at >= hooks.graceMs) {
    throw new RuleBroken(
      'SEQ-READ-AFTER-WRITE',
      `${what} to ${sub.label} ${old === undefined ? 'verifies with none of the secrets it had' : `is still signed with a secret rotate-secret replaced ${delivery.arrivedAt - old.at} ms before (tolerated for ${hooks.graceMs} ms)`}; its current secret is the one ${sub.replaced.length > 0 ? 'the last rotation gave' : 'the create gave'}`,
      exchange,
    );
  }
  world.observe('sequence-webhook-delivery', `${subject} after rotate-secret`, 'signed with the old secret within the tolerated wait');
  return true;
}

/**
 * POST /webhooks/{id}/test (spec 4.11, 6.2): the delivery that reaches the endpoint is signed with
 * the current secret (an older one is tolerated for the propagation bound after its rotation,
 * as WH-ROTATE tolerates it), and the deliveries list of the subscription comes to record it.
 * Nothing within the wait is observed, never failed; an inactive subscription's test is observed.
 */
class HookTest implements Command {
  constructor(
    readonly hooks: HookSink,
    readonly pick: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const sub = pickLive(world, this.pick);
    if (sub === undefined) return;
    const endpoint = sub.endpoint;
    const before = endpoint.received.length;
    const res = await world.send('A', 'POST', `/webhooks/${sub.id}/test`, { rule: 'SEQ-READ-AFTER-WRITE' });
    if (!ok(res)) {
      if (res.status === 404)
        throw new RuleBroken('SEQ-READ-AFTER-WRITE', `POST /webhooks/{${sub.label}}/test answered 404; it was created and never deleted`, res.exchange);
      return world.observe('sequence-refused-write', 'POST /webhooks/{id}/test', `refused (${res.status})`);
    }
    const inactive = sub.fields['isActive'] === false ? ' (an inactive subscription)' : '';
    const wait = deliveryWait(this.hooks);
    const arrived = await endpoint.waitFor((all) => all.length > before, wait);
    if (!arrived) {
      if (inactive === '') this.hooks.misses += 1;
      world.observe('sequence-webhook-delivery', `POST /webhooks/{id}/test${inactive}`, `nothing reached the endpoint within ${wait} ms (not judged)`);
      return;
    }
    world.observe('sequence-webhook-delivery', `POST /webhooks/{id}/test${inactive}`, 'delivered');
    const delivery = endpoint.received[before]!;
    if (!judgeSignature(world, this.hooks, sub, delivery, 'the test delivery', 'POST /webhooks/{id}/test', res.exchange)) return;
    // Spec 6.2: "every attempt is recorded and can be read through the deliveries endpoint" (when: not shown).
    const recorded = await settled(
      async () => {
        const list = await world.send('A', 'GET', `/webhooks/${sub.id}/deliveries`, { rule: 'SEQ-READ-AFTER-WRITE' });
        const data = (list.json as { data?: unknown } | undefined)?.data;
        if (!ok(list) || !Array.isArray(data) || data.length === 0) throw new RuleBroken('SEQ-READ-AFTER-WRITE', 'no delivery listed yet');
        return true;
      },
      undefined,
      this.hooks.waitMs,
    ).catch((error: unknown) => {
      if (error instanceof RuleBroken) return false;
      throw error;
    });
    world.observe(
      'sequence-webhook-deliveries-list',
      'GET /webhooks/{id}/deliveries after a test delivery arrived',
      recorded ? 'lists it' : `nothing listed within ${this.hooks.waitMs} ms (not judged)`,
    );
  }
  toString(): string {
    return `test delivery to subscription #${this.pick}`;
  }
}

// About one list in three also names one or two events operations of the sequence send (webhook-events.ts), last: a test delivery may carry the first.
const events = fc
  .tuple(fc.subarray([...QUIET_EVENTS], { minLength: 1, maxLength: 3 }), fc.nat({ max: 2 }), fc.subarray([...OPERATION_EVENTS], { minLength: 1, maxLength: 2 }))
  .map(([quiet, operation, sent]) => (operation === 0 ? [...quiet, ...sent] : quiet));
const createBody: fc.Arbitrary<Body> = fc
  .record(
    { events, description: fc.constantFrom('made by a conformance sequence', 'a conformance sequence subscription'), isActive: fc.boolean() },
    { requiredKeys: ['events'] },
  )
  .map((b) => ({ name: 'Conformance sequence subscription', url: URL_PLACEHOLDER, ...b }));
const updateBody: fc.Arbitrary<Body> = fc
  .record(
    {
      url: fc.constant(URL_PLACEHOLDER),
      events,
      isActive: fc.boolean(),
      name: fc.constant('Conformance sequence subscription renamed'),
      description: fc.constantFrom(null, 'changed by a conformance sequence'),
    },
    { requiredKeys: [] },
  )
  .filter((b) => Object.keys(b).length > 0);

/** The opening of a webhook sequence: two subscriptions (one delete leaves the other to meet the later commands). */
export function hookOpening(hooks: HookSink): fc.Arbitrary<Command[]> {
  return fc.array(
    createBody.map((b): Command => new HookCreate(hooks, b)),
    { minLength: 2, maxLength: 2 },
  );
}

/** The commands of a webhook sequence, with valid bodies. */
export function hookCommands(hooks: HookSink): Array<fc.Arbitrary<Command>> {
  const pick = fc.nat({ max: 30 });
  return [
    createBody.map((b) => new HookCreate(hooks, b)),
    pick.map((p) => new HookRead(p)),
    pick.map((p) => new HookRead(p)),
    fc.tuple(pick, updateBody).map(([p, b]) => new HookUpdate(hooks, p, b)),
    fc.tuple(pick, updateBody).map(([p, b]) => new HookUpdate(hooks, p, b)),
    pick.map((p) => new HookDelete(p)),
    fc.option(fc.boolean(), { nil: undefined }).map((f) => new HookList(f)),
    pick.map((p) => new HookRead(p)),
    // Rotation twice as often: a secret is the state only reads and deliveries show.
    pick.map((p) => new HookRotate(p)),
    pick.map((p) => new HookRotate(p)),
    pick.map((p) => new HookTest(hooks, p)),
  ];
}

/**
 * The end of a webhook sequence: every subscription read again and listed by both isActive values
 * (a stale copy left by the last write still shows), then the live ones deleted so that they do
 * not pile up in the organisation.
 */
export async function hookAudit(world: SequenceWorld): Promise<void> {
  const subs = subscriptionsOf(world);
  if (subs.length === 0) return;
  for (const sub of subs) await readSubscription(world, sub);
  await judgeHookList(world, true);
  await judgeHookList(world, false);
  // Best effort: the run's cleanup deletes what is left (a failed sequence's subscriptions too).
  for (const sub of subs) {
    if (sub.state !== 'live') continue;
    try {
      const res = await world.send('A', 'DELETE', `/webhooks/${sub.id}`, { rule: 'SEQ-DELETE-GONE' });
      if (ok(res)) sub.state = 'deleted';
    } catch {
      // The sequence's verdict matters more than its cleanup.
    }
  }
}
