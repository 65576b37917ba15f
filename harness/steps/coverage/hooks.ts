import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiResponse } from '../../http/client.js';
import { secretOf } from '../../sink/secrets.js';
import { SinkEndpoint, type Received } from '../../sink/sink.js';
import { subscriptionUpdateSchema, type EventName, type SubscriptionUpdate } from '../../spec/webhooks.js';
import { about, expenseBody } from '../exploration/webhook-events.js';
import {
  OPERATION_EVENTS,
  deliveryWait,
  differs,
  judgeHookList,
  ok,
  readSubscription,
  subscriptionsOf,
  type HookSink,
  type Subscription,
} from '../exploration/webhooks.js';
import { boundName } from '../exploration/log.js';
import { RuleBroken } from '../exploration/model.js';
import { dataOf, type SequenceWorld } from '../exploration/world.js';
import { circuit } from './circuit.js';
import { DELETED, expectedAt, forbiddenBy, statesWithin, unexplainedTest, type HookState, type TestArrival } from './hooks-window.js';
import { pairsBetween } from './operations.js';

/*
 * The coverage phase for webhook subscriptions (spec 2.10, 4.11, 6): subscriptions of the
 * organisation side by side, one for each way the fired event's standing and isActive can start
 * (listening or not, active or not), each with two sink endpoints of its own. The operations come
 * from the spec model: one PATCH per field of the update body (subscriptionUpdateSchema: url,
 * events, isActive, name, description; each alternating between two values, so it changes more
 * than once and back), rotate-secret, test (POST /webhooks/{id}/test), and every read path chained
 * as one (read by id, the list plain and by each isActive, each subscription's deliveries list). They are chained along an
 * Eulerian circuit like a domain's (circuit.ts), each step on every subscription at once (name and
 * description, which no delivery shows, on the first only). After every change is answered an
 * event is fired (POST /expenses: expense.created) and the deliveries are judged both ways
 * (hooks-window.ts): a delivery no state within the propagation bound allows fails (where it went,
 * whether it was listed and active, the secret it is signed with); one every such state asks for
 * and not arriving is observed. A test delivery is judged by where it went and how it is signed
 * (hooks-window.ts: each one given a test of its own whose states within the bound allow it).
 * Twice the chain waits the bound out, fires again and asks each subscription for a test, so that
 * the state is one alone: once every delivery attribute was changed an odd number of times (each
 * differs from the create's at once: a copy of the create's events, url or secret shows), and at
 * the end, after each attribute was changed an even number of times (back where it started: a
 * second change a dispatcher ignored shows). Before the end, each operation of the table meets a
 * DELETE on a subscription of its own, before it and after it (then the operation must answer no
 * 2xx, and the lists must not hold it), and a DELETE a DELETE again; the last wait puts those
 * deletes past the bound, so the event fired after it must reach none of them. Each deliveries
 * list is judged by the X-Service-Delivery ids that reached only other subscriptions of the chain;
 * then the isolation rows (each path on a subscription with the other organisation's key).
 */

/** The event the chain fires (POST /expenses sends it: spec 6.2, as WH-TRIGGERS relies), and the one its quiet lists hold. */
const EVENT: EventName = 'expense.created';
const QUIET: EventName = 'quote.created';

/** The subscriptions side by side: whether each starts listening to EVENT, and active. */
const STARTS: ReadonlyArray<{ readonly listens: boolean; readonly isActive: boolean }> = [
  { listens: true, isActive: true },
  { listens: true, isActive: false },
  { listens: false, isActive: true },
  { listens: false, isActive: false },
];

/** How many subscriptions the chain runs side by side. */
export const HOOK_SIDE_BY_SIDE = STARTS.length;

/** How deep into a deliveries list row a delivery id is looked for. */
const ROW_DEPTH = 6;

interface HookSub {
  readonly model: Subscription;
  readonly endpoints: readonly [SinkEndpoint, SinkEndpoint];
  /** Which endpoint the url last written names. */
  at: 0 | 1;
  readonly history: HookState[];
  /** When each test that answered 2xx was asked for, ascending. */
  readonly tests: number[];
}

/** An event fired: judged when fired, and again at the end (a wrong delivery may come late). */
interface Fired {
  readonly marker: string;
  readonly label: string;
  readonly at: number;
  readonly exchange: ApiResponse['exchange'];
}

interface HookChain {
  readonly world: SequenceWorld;
  readonly hooks: HookSink;
  readonly boundMs: number;
  readonly subs: HookSub[];
  readonly fired: Fired[];
}

/** One operation on the subscriptions side by side. */
interface HookOperation {
  readonly name: string;
  readonly writes: boolean;
  readonly reads?: number | undefined;
  /** The delivery state it changes (these are fired at after the bound, counted to come back even). */
  readonly delivery: boolean;
  /**
   * Runs on `subs` (the chain's, or one about a DELETE: `tail`, where no event is fired and a
   * deleted subscription's answers are judged by `gone`).
   */
  run(chain: HookChain, visit: number, subs: readonly HookSub[], tail: boolean): Promise<void>;
}

const listens = (s: HookSub): boolean => (s.model.eventsWritten.at(-1)?.events ?? []).includes(EVENT);
const isActive = (s: HookSub): boolean => s.model.fields['isActive'] !== false;

function note(s: HookSub): void {
  s.history.push({
    at: Date.now(),
    url: s.endpoints[s.at].url,
    listens: listens(s),
    isActive: isActive(s),
    live: s.model.state !== 'deleted',
    secret: s.model.secret,
  });
}

/**
 * `run` on each subscription at once: one step's requests on different subscriptions are
 * independent, and far from the target a step then costs a round trip or two, not one per
 * subscription (within CONFORMANCE_CONCURRENCY, the world's gate).
 */
async function eachSub(subs: readonly HookSub[], run: (s: HookSub) => Promise<void>): Promise<void> {
  await Promise.all(subs.map(run));
}

const gonePath = (s: HookSub, path: string): string => path.replace(s.model.id, `{${s.model.label}}`);

/**
 * A request on a deleted subscription (spec 2: webhooks are deleted outright): no 2xx, whatever
 * status the target chooses (spec 7 shows none for an unknown id: observed). A deliveries list
 * may answer an empty 2xx list (a sub-list of a parent that does not exist, as ID-UNKNOWN-REFUSED
 * takes it); one holding rows shows the deleted subscription's attempts. A DELETE again may answer
 * 2xx (an idempotent delete removes nothing, as ID-UNKNOWN-REFUSED takes it): the reads after it judge that it stays gone.
 */
async function gone(chain: HookChain, s: HookSub, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const res = await chain.world.send('A', method, path, { ...(body === undefined ? {} : { body }), rule: 'SEQ-DELETE-GONE' });
  const shown = `${method} ${gonePath(s, path)}`;
  const subject = `${method} ${path.replace(s.model.id, '{deleted id}')} (coverage)`;
  const rows = (res.json as { data?: unknown } | undefined)?.data;
  if (ok(res) && path.endsWith('/deliveries') && Array.isArray(rows) && rows.length === 0) {
    chain.world.observe('sequence-deleted-status', subject, `${res.status} with an empty list`);
    return;
  }
  if (ok(res) && method === 'DELETE') {
    chain.world.observe('sequence-deleted-status', subject, `${res.status} (an idempotent delete)`);
    return;
  }
  if (ok(res))
    throw new RuleBroken('SEQ-DELETE-GONE', `${shown} answered ${res.status} after ${s.model.label} was deleted (its DELETE answered 2xx)`, res.exchange);
  chain.world.observe('sequence-deleted-status', subject, String(res.status));
}

/**
 * The two values each field of the update body alternates between, and whether a delivery shows
 * it (then every subscription gets the PATCH, else the first only). Typed by the spec model: a
 * field added to subscriptionUpdateSchema does not compile until it has its values here.
 */
const PATCH_VALUES: { readonly [F in keyof SubscriptionUpdate]-?: { readonly delivery: boolean; value(s: HookSub, visit: number): unknown } } = {
  name: {
    delivery: false,
    value: (_s, visit) => `Conformance coverage subscription ${visit % 2 === 0 ? 'renamed' : 'named back'} ${randomBytes(3).toString('hex')}`,
  },
  url: { delivery: true, value: (s) => s.endpoints[s.at === 0 ? 1 : 0].url },
  events: { delivery: true, value: (s) => (listens(s) ? [QUIET] : [QUIET, EVENT]) },
  description: { delivery: false, value: (_s, visit) => (visit % 2 === 0 ? null : 'changed by the coverage phase') },
  isActive: { delivery: true, value: (s) => !isActive(s) },
};

function patchOf(field: keyof SubscriptionUpdate): HookOperation {
  const how = PATCH_VALUES[field];
  return {
    name: `PATCH ${field}`,
    writes: true,
    delivery: how.delivery,
    async run(chain, visit, subs, tail) {
      const { world } = chain;
      await eachSub(how.delivery ? subs : subs.slice(0, 1), async (s) => {
        const body = { [field]: how.value(s, visit) };
        if (s.model.state === 'deleted') {
          await gone(chain, s, 'PATCH', `/webhooks/${s.model.id}`, body);
          return;
        }
        const what = `PATCH /webhooks/{${s.model.label}}`;
        const res = await world.send('A', 'PATCH', `/webhooks/${s.model.id}`, { body, rule: 'SEQ-READ-AFTER-WRITE' });
        if (!ok(res)) {
          if (res.status === 404)
            throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${s.model.label} was created and never deleted`, res.exchange);
          world.observe('sequence-refused-write', 'PATCH /webhooks (coverage)', `refused (${res.status})`);
          return;
        }
        Object.assign(s.model.fields, body);
        if (field === 'events') s.model.eventsWritten.push({ events: body[field] as unknown[], at: Date.now() });
        if (field === 'url') {
          s.at = s.at === 0 ? 1 : 0;
          s.model.endpoint = s.endpoints[s.at];
        }
        note(s);
        const data = dataOf(res);
        const problem = data === undefined ? undefined : differs(s.model.fields, data);
        if (problem !== undefined) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `the answer to ${what}: ${problem}`, res.exchange);
      });
      if (tail) return;
      // The list by the flag just written: a stale index shows at once.
      if (field === 'isActive') await judgeHookList(world, visit % 2 === 0);
      await fire(chain);
    },
  };
}

const rotate: HookOperation = {
  name: 'rotate-secret',
  writes: true,
  delivery: true,
  async run(chain, _visit, subs, tail) {
    const { world } = chain;
    await eachSub(subs, async (s) => {
      if (s.model.state === 'deleted') {
        await gone(chain, s, 'POST', `/webhooks/${s.model.id}/rotate-secret`);
        return;
      }
      const res = await world.send('A', 'POST', `/webhooks/${s.model.id}/rotate-secret`, { rule: 'SEQ-READ-AFTER-WRITE' });
      if (!ok(res)) {
        if (res.status === 404)
          throw new RuleBroken(
            'SEQ-READ-AFTER-WRITE',
            `POST /webhooks/{${s.model.label}}/rotate-secret answered 404; it was created and never deleted`,
            res.exchange,
          );
        world.observe('sequence-refused-write', 'POST /webhooks/{id}/rotate-secret (coverage)', `refused (${res.status})`);
        return;
      }
      s.model.replaced.push({ secret: s.model.secret, at: Date.now() });
      const offered = secretOf(dataOf(res))?.value;
      s.model.secret = offered !== undefined && !s.model.replaced.some((r) => r.secret === offered) ? offered : undefined;
      // Spec 4.11 shows no result: a rotation that answers no secret is learned from the read (which must not show the replaced one).
      if (s.model.secret === undefined) await readSubscription(world, s.model);
      note(s);
    });
    if (!tail) await fire(chain);
  },
};

/**
 * POST /webhooks/{id}/test on each subscription (spec 4.11: "sends a test event to the
 * subscription; 200"), then the test deliveries judged (judgeTests). Each active one whose url
 * every state within the bound names is waited for there (none arriving is observed: the spec
 * shows no timing, nor whether an inactive subscription is sent one), the others a short grace.
 */
async function testAll(chain: HookChain, subs: readonly HookSub[], tail: boolean, graceMs = 20): Promise<void> {
  const { world, hooks } = chain;
  const asked: Array<{ readonly s: HookSub; readonly sent: number }> = [];
  await eachSub(subs, async (s) => {
    const path = `/webhooks/${s.model.id}/test`;
    if (s.model.state === 'deleted') {
      await gone(chain, s, 'POST', path);
      return;
    }
    // Taken before the request: the delivery may arrive before the answer does.
    const sent = Date.now();
    const res = await world.send('A', 'POST', path, { rule: 'SEQ-READ-AFTER-WRITE' });
    if (!ok(res)) {
      if (res.status === 404)
        throw new RuleBroken('SEQ-READ-AFTER-WRITE', `POST /webhooks/{${s.model.label}}/test answered 404; it was created and never deleted`, res.exchange);
      world.observe('sequence-refused-write', 'POST /webhooks/{id}/test (coverage)', `refused (${res.status})`);
      return;
    }
    s.tests.push(sent);
    asked.push({ s, sent });
  });
  if (tail) return;
  const now = Date.now();
  const awaited = asked.filter(({ s }) => expectedAt(statesWithin(s.history, now, now, chain.boundMs), s.endpoints[s.at].url));
  const since = ({ s, sent }: (typeof asked)[number]): boolean => testArrivals(chain, s).some((a) => a.arrivedAt >= sent && a.url === s.endpoints[s.at].url);
  const wait = deliveryWait(hooks);
  const served = await hooks.sink.waitFor(() => awaited.every(since), { timeoutMs: awaited.length === 0 ? 0 : wait });
  const latency = Date.now() - now;
  const others = asked.filter((a) => !awaited.includes(a));
  await hooks.sink.waitFor(() => others.every(since), { timeoutMs: others.length === 0 ? 0 : Math.min(wait, Math.max(graceMs, 2 * latency)) });
  if (awaited.length > 0) {
    if (!served) hooks.misses += 1;
    world.observe(
      'sequence-webhook-delivery',
      'POST /webhooks/{id}/test of an active subscription (coverage)',
      served ? 'delivered' : `not every one within ${wait} ms (not judged)`,
    );
  }
  judgeTests(chain);
}

const test: HookOperation = {
  name: 'test',
  writes: true,
  delivery: false,
  run: (chain, _visit, subs, tail) => testAll(chain, subs, tail),
};

/** The event a delivery names (the body's `event`, else X-Service-Event). */
function eventOf(d: Received): string | undefined {
  const named = (d.json as { event?: unknown } | undefined)?.event;
  return typeof named === 'string' ? named : d.headers['x-service-event'];
}

/**
 * The requests at a subscription's endpoints that are its test deliveries: those naming no event an
 * operation sends (OPERATION_EVENTS: the rest of the run creates expenses, time entries, tasks
 * beside the chain; a test event named like one is left unjudged), one per delivery (retries,
 * known by their X-Service-Delivery id or their bytes, left out), oldest first.
 */
function testArrivals(chain: HookChain, s: HookSub): Array<TestArrival & { readonly received: Received }> {
  const seen = new Set<string>();
  const arrivals: Array<TestArrival & { readonly received: Received }> = [];
  for (const endpoint of s.endpoints) {
    for (const d of endpoint.received) {
      const event = eventOf(d);
      if (event !== undefined && (OPERATION_EVENTS as readonly string[]).includes(event)) continue;
      if (chain.fired.some((f) => d.rawBody.toString('utf8').includes(f.marker))) continue;
      const id = d.headers['x-service-delivery'];
      const key = id !== undefined && id.trim() !== '' ? `id ${id}` : `body ${d.rawBody.toString('base64')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      arrivals.push({ arrivedAt: d.arrivedAt, url: endpoint.url, verifies: (secret) => SinkEndpoint.verifiesWith(d, secret), received: d });
    }
  }
  return arrivals.sort((x, y) => x.arrivedAt - y.arrivedAt);
}

/** Every subscription's test deliveries, judged by the tests asked for and the states within the bound (unexplainedTest). */
function judgeTests(chain: HookChain): void {
  for (const s of chain.subs) {
    const arrivals = testArrivals(chain, s);
    const wrong = unexplainedTest(s.history, s.tests, arrivals, chain.boundMs);
    if (wrong === undefined) continue;
    const at = wrong.arrival.url === s.endpoints[0].url ? 'the first' : 'the second';
    const event = eventOf((wrong.arrival as (typeof arrivals)[number]).received) ?? '(no event name)';
    throw new RuleBroken(
      wrong.why.includes(DELETED) ? 'SEQ-DELETE-GONE' : 'SEQ-READ-AFTER-WRITE',
      `a test delivery (${event}) reached ${s.model.label} at ${at} of its two urls: ${wrong.why}; ${s.tests.length} POST /webhooks/{id}/test answered 2xx, ${arrivals.length} test deliveries arrived; ${historyText(s, wrong.arrival.arrivedAt, chain.boundMs)}`,
      null,
    );
  }
}

/** A subscription's states as written, from the bound before its first test on, for a test delivery's failure. */
function historyText(s: HookSub, arrivedAt: number, boundMs: number): string {
  const from = (s.tests[0] ?? arrivedAt) - boundMs;
  const shown = s.history
    .filter((w, i) => w.at >= from || s.history[i + 1] === undefined || s.history[i + 1]!.at > from)
    .slice(-4)
    .map(
      (w) =>
        `${arrivedAt - w.at} ms before it arrived: url ${w.url === s.endpoints[0].url ? 'the first' : 'the second'}${w.live ? '' : ', deleted'}${w.secret === undefined ? '' : w.secret === s.model.secret ? ', its current secret' : ', a secret a rotation replaced'}`,
    );
  const old = s.model.replaced.find((r) => r.secret !== undefined && arrivedAt > r.at);
  return `its last states written (the bound: ${boundMs} ms): ${shown.join('; ')}${old === undefined ? '' : `; ${s.model.replaced.length} rotations`}`;
}

/** The read paths, chained as one operation: each subscription by id, the list plain and by each isActive, each deliveries list. */
const READ_PATHS = 5;
const reads: HookOperation = {
  name: 'every read path',
  writes: false,
  reads: READ_PATHS,
  delivery: false,
  async run(chain, _visit, subs) {
    const { world } = chain;
    await eachSub(subs, async (s) => {
      if (s.model.state === 'deleted') await gone(chain, s, 'GET', `/webhooks/${s.model.id}`);
      else await readSubscription(world, s.model);
    });
    await judgeHookList(world, undefined);
    await judgeHookList(world, true);
    await judgeHookList(world, false);
    await eachSub(subs, async (s) => {
      if (s.model.state === 'deleted') await gone(chain, s, 'GET', `/webhooks/${s.model.id}/deliveries`);
      else await judgeDeliveriesList(chain, s);
    });
  },
};

/** The operations of the chain, from the spec model (the update body's fields, then rotate-secret and test), and the read paths. */
export function hookOperations(): HookOperation[] {
  return [...(Object.keys(subscriptionUpdateSchema.shape) as Array<keyof SubscriptionUpdate>).map(patchOf), rotate, test, reads];
}

/** The X-Service-Delivery ids of the chain's deliveries that reached each subscription's endpoints. */
function deliveryIds(chain: HookChain): Map<HookSub, Set<string>> {
  const ids = new Map<HookSub, Set<string>>();
  for (const s of chain.subs) {
    const own = new Set<string>();
    for (const f of chain.fired)
      for (const e of s.endpoints)
        for (const d of about(e, f.marker, EVENT)) {
          const id = d.headers['x-service-delivery'];
          if (id !== undefined && id.trim() !== '') own.add(id);
        }
    ids.set(s, own);
  }
  return ids;
}

function holds(json: unknown, id: string, depth = 0): boolean {
  if (typeof json === 'string') return json === id;
  if (depth > ROW_DEPTH || json === null || typeof json !== 'object') return false;
  return Object.values(json).some((v) => holds(v, id, depth + 1));
}

/**
 * A subscription's deliveries list (spec 4.11: "Lists delivery attempts" of the subscription)
 * holds none of the deliveries that reached only other subscriptions of the chain; which of its
 * own it lists yet is observed (spec 6.2 shows no timing).
 */
async function judgeDeliveriesList(chain: HookChain, s: HookSub): Promise<void> {
  const { world } = chain;
  const res = await world.send('A', 'GET', `/webhooks/${s.model.id}/deliveries`, { query: { limit: 100 }, rule: 'SEQ-READ-AFTER-WRITE' });
  const rows = (res.json as { data?: unknown } | undefined)?.data;
  if (!ok(res) || !Array.isArray(rows)) {
    world.observe(
      'sequence-webhook-deliveries-list',
      'GET /webhooks/{id}/deliveries (coverage)',
      `answered ${res.status}${Array.isArray(rows) ? '' : ' without a data array'} (not judged)`,
    );
    return;
  }
  const ids = deliveryIds(chain);
  const own = ids.get(s)!;
  for (const other of chain.subs) {
    if (other === s) continue;
    for (const id of ids.get(other)!) {
      if (own.has(id)) continue;
      const row = rows.find((r) => holds(r, id));
      if (row !== undefined)
        throw new RuleBroken(
          'SEQ-READ-AFTER-WRITE',
          `GET /webhooks/{${s.model.label}}/deliveries lists delivery ${id}, which reached ${other.model.label} only (its X-Service-Delivery): ${JSON.stringify(row).slice(0, 200)}; a subscription's deliveries list holds its own attempts`,
          res.exchange,
        );
    }
  }
  if (own.size > 0)
    world.observe(
      'sequence-webhook-deliveries-list',
      'GET /webhooks/{id}/deliveries after deliveries arrived (coverage)',
      [...own].some((id) => rows.some((r) => holds(r, id))) ? 'lists them' : 'lists none of them yet (not judged)',
    );
}

/** Every delivery about a fired event at a subscription's endpoints, judged by the states within the bound. */
function judgeFired(chain: HookChain, f: Fired): void {
  for (const s of chain.subs) {
    for (const endpoint of s.endpoints) {
      for (const d of about(endpoint, f.marker, EVENT)) {
        const window = statesWithin(s.history, f.at, d.arrivedAt, chain.boundMs);
        const why = forbiddenBy(window, endpoint.url, (secret) => SinkEndpoint.verifiesWith(d, secret));
        if (why === undefined) continue;
        throw new RuleBroken(
          why.startsWith(DELETED) ? 'SEQ-DELETE-GONE' : 'SEQ-READ-AFTER-WRITE',
          `${EVENT} about ${f.label} (POST /expenses) reached ${s.model.label} ${d.arrivedAt - f.at} ms after it was fired: ${why}; ${stateText(s, f, d, chain.boundMs)}`,
          f.exchange,
        );
      }
    }
  }
}

/** The subscription's states as the failure shows them: what was written, and when, from the bound before the event on. */
function stateText(s: HookSub, f: Fired, d: Received, boundMs: number): string {
  const window = statesWithin(s.history, f.at, d.arrivedAt, boundMs);
  const old = s.model.replaced.find((r) => r.secret !== undefined && SinkEndpoint.verifiesWith(d, r.secret));
  const shown = window.map(
    (w) =>
      `${w.at <= f.at ? `${f.at - w.at} ms before the event` : `${w.at - f.at} ms after it`}: ${w.live ? '' : 'deleted, '}url ${w.url === s.endpoints[0].url ? 'the first' : 'the second'} of its two, events ${w.listens ? 'listing' : 'not listing'} ${EVENT}, isActive ${w.isActive}`,
  );
  return `the states written within the bound (${boundMs} ms: ${PROPAGATION_TEXT}): ${shown.join('; ')}${old === undefined ? '' : `; it verifies with a secret rotate-secret replaced ${f.at - old.at} ms before the event`}`;
}
const PROPAGATION_TEXT = 'a change may take the propagation bound to reach the deliveries, a fixed bound that CONFORMANCE_WEBHOOK_WAIT_S does not lengthen';

/**
 * POST /expenses (expense.created), then the deliveries judged: each subscription every state
 * within the bound asks a delivery of is waited for (up to the run's delivery wait; none arriving is
 * observed), the others a short grace after (`graceMs`: a wrong delivery comes about as soon as the
 * right ones; a later one is judged at the end), and every delivery that came by judgeFired.
 */
async function fire(chain: HookChain, graceMs = 20): Promise<void> {
  const { world, hooks } = chain;
  const res = await world.send('A', 'POST', '/expenses', {
    body: { ...expenseBody(hooks), description: 'Conformance coverage webhook event' },
    rule: 'SEQ-READ-AFTER-WRITE',
    letter: 'E',
  });
  const id = dataOf(res)?.['id'];
  if (!ok(res) || typeof id !== 'string') {
    world.observe('sequence-refused-write', 'POST /expenses (to send expense.created, coverage)', `refused (${res.status})`);
    return;
  }
  const f: Fired = { marker: id, label: `expense $${boundName(world.log, id) ?? 'E'}`, at: Date.now(), exchange: res.exchange };
  chain.fired.push(f);
  const expected = chain.subs.filter((s) => expectedAt(statesWithin(s.history, f.at, f.at, chain.boundMs), s.endpoints[s.at].url));
  const wait = deliveryWait(hooks);
  const served = await hooks.sink.waitFor(() => expected.every((s) => about(s.endpoints[s.at], id, EVENT).length > 0), {
    timeoutMs: expected.length === 0 ? 0 : wait,
  });
  const latency = Date.now() - f.at;
  const others = chain.subs.flatMap((s) => s.endpoints.filter((e) => !expected.includes(s) || e !== s.endpoints[s.at]));
  await hooks.sink.waitFor(() => others.some((e) => about(e, id, EVENT).length > 0), { timeoutMs: Math.min(wait, Math.max(graceMs, 2 * latency)) });
  if (expected.length > 0) {
    if (!served) hooks.misses += 1;
    world.observe(
      'sequence-webhook-event',
      `${EVENT} to a subscription whose every state within the bound listed it (coverage)`,
      served ? 'delivered' : `not every one within ${wait} ms (not judged)`,
    );
  }
  judgeFired(chain, f);
}

/** Waits until the bound has passed since every subscription's last change, then fires and asks the live ones for a test: the state is one alone. */
async function settledFire(chain: HookChain): Promise<void> {
  const last = Math.max(...chain.subs.map((s) => s.history.at(-1)?.at ?? 0));
  await sleep(Math.max(0, last + chain.boundMs - Date.now()) + 10);
  await fire(chain, 200);
  await testAll(
    chain,
    chain.subs.filter((s) => s.model.state !== 'deleted'),
    false,
    200,
  );
}

/** A chain that cannot go on (a create refused): the rest is not exercised. */
export interface HookChainResult {
  readonly operations: readonly string[];
  readonly decidable: number;
  readonly exercised: number;
  readonly isolation: { readonly decidable: number; readonly exercised: number };
  readonly stopped?: string | undefined;
  readonly failure?:
    | { readonly error: RuleBroken; readonly pair: string; readonly step: number; readonly steps: number; readonly log: SequenceWorld['log'] }
    | undefined;
}

/** The isolation rows on a subscription: each path with the other organisation's key (none may succeed). */
const ISOLATION_ROWS = ['GET', 'GET deliveries', 'PATCH', 'rotate-secret', 'test', 'DELETE'] as const;

async function isolation(chain: HookChain, s: HookSub, row: (typeof ISOLATION_ROWS)[number]): Promise<void> {
  const { world } = chain;
  const base = `/webhooks/${s.model.id}`;
  const [method, path, body] =
    row === 'GET'
      ? (['GET', base, undefined] as const)
      : row === 'GET deliveries'
        ? (['GET', `${base}/deliveries`, undefined] as const)
        : row === 'PATCH'
          ? (['PATCH', base, { description: 'changed with the other organisation key' }] as const)
          : row === 'rotate-secret'
            ? (['POST', `${base}/rotate-secret`, undefined] as const)
            : row === 'test'
              ? (['POST', `${base}/test`, undefined] as const)
              : (['DELETE', base, undefined] as const);
  const res = await world.send('B', method, path, { ...(body === undefined ? {} : { body }), rule: 'SEQ-ISOLATION' });
  if (!ok(res)) return;
  const shown = `${method} ${path.replace(s.model.id, `{${s.model.label}}`)} with the other organisation's key`;
  if (row === 'GET deliveries') {
    // Spec silence: a list of another organisation's subscription may answer an empty 2xx list (as 404 or 403): only one holding its attempts fails.
    const rows = (res.json as { data?: unknown } | undefined)?.data;
    const own = deliveryIds(chain).get(s)!;
    const leaked = Array.isArray(rows) ? [...own].find((id) => rows.some((r) => holds(r, id))) : undefined;
    world.observe(
      'sequence-webhook-deliveries-list',
      'GET /webhooks/{id}/deliveries with the other key (coverage)',
      `answered ${res.status}${leaked === undefined ? ' without its deliveries' : ''}`,
    );
    if (leaked === undefined) return;
    throw new RuleBroken(
      'SEQ-ISOLATION',
      `${shown} answered ${res.status} listing its delivery ${leaked}; ${s.model.label} belongs to organisation A`,
      res.exchange,
    );
  }
  throw new RuleBroken('SEQ-ISOLATION', `${shown} answered ${res.status}; ${s.model.label} belongs to organisation A`, res.exchange);
}

type Step =
  | { readonly kind: 'op'; readonly op: number; readonly visit: number }
  | { readonly kind: 'settled' }
  | { readonly kind: 'isolation' }
  /** A subscription of its own: the operation, a DELETE, the operation again (undefined: a DELETE, and a DELETE again). */
  | { readonly kind: 'around-delete'; readonly op: number | undefined };

/**
 * The chain: the circuit, a settled fire once every delivery attribute was changed an odd number of
 * times, the delivery changes made even, each operation around a DELETE, a settled fire, the reads,
 * the isolation rows, the reads.
 */
export function hookChainOf(ops: readonly Pick<HookOperation, 'name' | 'delivery'>[]): Step[] {
  const visits = ops.map(() => 0);
  const steps: Step[] = [];
  // The delivery attributes a PATCH changes (rotate-secret's secret changes every time: never back).
  const attributes = ops.flatMap((op, i) => (op.delivery && op.name !== 'rotate-secret' ? [i] : []));
  let settledOnce = false;
  for (const op of circuit(ops.length)) {
    steps.push({ kind: 'op', op, visit: visits[op]!++ });
    if (!settledOnce && attributes.length > 0 && attributes.every((i) => visits[i]! % 2 === 1)) {
      steps.push({ kind: 'settled' });
      settledOnce = true;
    }
  }
  // Every delivery attribute changed an even number of times, twice at least: back where it started.
  for (const i of attributes) if (visits[i]! % 2 === 1) steps.push({ kind: 'op', op: i, visit: visits[i]!++ });
  for (let op = 0; op < ops.length; op++) steps.push({ kind: 'around-delete', op });
  steps.push({ kind: 'around-delete', op: undefined });
  const read = ops.findIndex((op) => op.name === 'every read path');
  steps.push({ kind: 'settled' }, { kind: 'op', op: read, visit: visits[read]!++ }, { kind: 'isolation' }, { kind: 'op', op: read, visit: visits[read]!++ });
  return steps;
}

/** What each subscription of the chain starts as: listening to EVENT or not, active or not. */
async function subscribe(chain: HookChain, n: number, start: { readonly listens: boolean; readonly isActive: boolean }): Promise<HookSub | undefined> {
  const { world, hooks } = chain;
  const endpoints = [hooks.sink.endpoint({}), hooks.sink.endpoint({})] as const;
  const body = {
    name: `Conformance coverage subscription ${n} ${randomBytes(3).toString('hex')}`,
    url: endpoints[0].url,
    events: start.listens ? [QUIET, EVENT] : [QUIET],
    isActive: start.isActive,
    description: 'made by the coverage phase',
  };
  const res = await world.send('A', 'POST', '/webhooks', { body, rule: 'SEQ-READ-AFTER-WRITE', letter: 'W' });
  const data = dataOf(res);
  const id = data?.['id'];
  if (!ok(res) || typeof id !== 'string') {
    world.observe('sequence-refused-write', 'POST /webhooks (coverage)', `refused (${res.status})`);
    return undefined;
  }
  const secret = secretOf(data)?.value;
  for (const e of endpoints) if (secret !== undefined) e.useSecret(secret);
  const model: Subscription = {
    id,
    label: `subscription $${boundName(world.log, id) ?? 'W'}`,
    endpoint: endpoints[0],
    state: 'live',
    fields: { ...body },
    secret,
    replaced: [],
    eventsWritten: [{ events: body.events, at: Date.now() }],
  };
  subscriptionsOf(world).push(model);
  const s: HookSub = { model, endpoints, at: 0, history: [], tests: [] };
  note(s);
  chain.subs.push(s);
  return s;
}

/** DELETE /webhooks/{id} of a subscription the chain made: 2xx (204: spec 4, 7), then it is deleted in the model. */
async function remove(chain: HookChain, s: HookSub): Promise<void> {
  const res = await chain.world.send('A', 'DELETE', `/webhooks/${s.model.id}`, { rule: 'SEQ-DELETE-GONE' });
  if (!ok(res)) {
    if (res.status === 404)
      throw new RuleBroken('SEQ-READ-AFTER-WRITE', `DELETE /webhooks/{${s.model.label}} answered 404; it was created and never deleted`, res.exchange);
    chain.world.observe('sequence-refused-write', 'DELETE /webhooks (coverage)', `refused (${res.status})`);
    return;
  }
  s.model.state = 'deleted';
  note(s);
}

/** The pairs an operation makes with a DELETE: one, or one per read path it runs. */
const deleteWeight = (op: Pick<HookOperation, 'writes' | 'reads'>): number => (op.writes ? 1 : (op.reads ?? 1));

/**
 * Runs the chain on subscriptions side by side in `world` (its own), within `deadline` (no step
 * starts after it). A rule broken is returned with the pair that showed it; the subscriptions are
 * deleted at the end (best effort: the run's cleanup deletes what is left).
 */
export async function runHookChain(world: SequenceWorld, hooks: HookSink, boundMs: number, deadline: number): Promise<HookChainResult> {
  const ops = hookOperations();
  const steps = hookChainOf(ops);
  const [w, r] = [ops.filter((op) => op.writes).length, READ_PATHS];
  const rows = world.hasOtherOrg ? ISOLATION_ROWS.length : 0;
  const chain: HookChain = { world, hooks, boundMs, subs: [], fired: [] };
  let exercised = 0;
  let isolated = 0;
  let previous: number | undefined;
  const seen = new Set<string>();
  const result = (extra: Partial<HookChainResult>): HookChainResult => ({
    operations: [...ops.map((op) => op.name), 'DELETE'],
    // Every ordered pair with a write in it; each operation before a DELETE and after one; a DELETE after a DELETE.
    decidable: w * w + 2 * w * r + 2 * (w + r) + 1,
    exercised,
    isolation: { decidable: rows, exercised: isolated },
    ...extra,
  });
  let at = -1;
  try {
    for (const [i, start] of STARTS.entries()) {
      const made = await subscribe(chain, i + 1, start);
      if (made === undefined) return result({ stopped: 'POST /webhooks was refused: the subscriptions side by side could not be made' });
    }
    const side = [...chain.subs];
    for (at = 0; at < steps.length; at++) {
      if (Date.now() >= deadline) return result({ stopped: `its time bound at step ${at + 1} of ${steps.length}` });
      const step = steps[at]!;
      for (const s of chain.subs) for (const e of s.endpoints) if (s.model.secret !== undefined) e.useSecret(s.model.secret);
      if (step.kind === 'settled') await settledFire(chain);
      else if (step.kind === 'isolation') {
        for (const row of world.hasOtherOrg ? ISOLATION_ROWS : []) {
          await isolation(chain, side[0]!, row);
          isolated += 1;
        }
      } else if (step.kind === 'around-delete') {
        // A subscription of its own, listening and active: what reaches it after its DELETE is evidence.
        const s = await subscribe(chain, chain.subs.length + 1, STARTS[0]!);
        if (s === undefined) return result({ stopped: `POST /webhooks was refused at step ${at + 1} of ${steps.length}` });
        const op = step.op === undefined ? undefined : ops[step.op]!;
        if (op !== undefined) await op.run(chain, 0, [s], true);
        await remove(chain, s);
        if (s.model.state !== 'deleted') continue;
        if (op === undefined) await gone(chain, s, 'DELETE', `/webhooks/${s.model.id}`);
        else await op.run(chain, 1, [s], true);
        exercised += op === undefined ? 1 : 2 * deleteWeight(op);
        previous = undefined;
      } else {
        const op = ops[step.op]!;
        // After the DELETEs, the reads meet the deleted subscriptions too (by id, the lists, the deliveries lists).
        await op.run(chain, step.visit, chain.subs, false);
        // Each ordered pair counted once (the tail and the last reads meet some again).
        const pair = `${previous}>${step.op}`;
        if (previous !== undefined && !seen.has(pair)) exercised += pairsBetween(ops[previous]!, op);
        seen.add(pair);
        previous = step.op;
      }
    }
    // Late deliveries: every event fired judged again, and the test deliveries.
    for (const f of chain.fired) judgeFired(chain, f);
    judgeTests(chain);
    return result({});
  } catch (error) {
    if (!(error instanceof RuleBroken)) throw error;
    const name = (step: Step | undefined): string =>
      step === undefined
        ? 'the create'
        : step.kind === 'op'
          ? ops[step.op]!.name
          : step.kind === 'settled'
            ? 'an event fired and a test asked for after the bound'
            : step.kind === 'around-delete'
              ? step.op === undefined
                ? 'a DELETE and a DELETE again (the last of the operations around a DELETE, each on a subscription of its own)'
                : `${ops[step.op]!.name} around a DELETE of a subscription of its own`
              : 'the isolation rows';
    const before =
      at <= 0
        ? undefined
        : steps
            .slice(0, at)
            .filter((s) => s.kind === 'op' || s.kind === 'around-delete')
            .at(-1);
    const pair = at < 0 ? 'the creates' : at >= steps.length ? `the late deliveries after ${name(steps.at(-1))}` : `${name(before)} then ${name(steps[at])}`;
    return result({
      failure: { error, pair, step: at + 1, steps: steps.length, log: [...world.log] },
      stopped: `a failure at step ${at + 1} of ${steps.length}`,
    });
  } finally {
    for (const s of chain.subs) {
      if (s.model.state === 'deleted') continue;
      try {
        const res = await world.send('A', 'DELETE', `/webhooks/${s.model.id}`, { rule: 'SEQ-DELETE-GONE' });
        if (ok(res)) s.model.state = 'deleted';
      } catch {
        // The chain's verdict matters more than its cleanup.
      }
    }
  }
}
