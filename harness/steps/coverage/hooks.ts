import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiResponse } from '../../http/client.js';
import { secretOf } from '../../sink/secrets.js';
import { SinkEndpoint, type Received } from '../../sink/sink.js';
import { subscriptionUpdateSchema, type EventName, type SubscriptionUpdate } from '../../spec/webhooks.js';
import { about, expenseBody } from '../exploration/webhook-events.js';
import { deliveryWait, differs, judgeHookList, ok, readSubscription, subscriptionsOf, type HookSink, type Subscription } from '../exploration/webhooks.js';
import { boundName } from '../exploration/log.js';
import { RuleBroken } from '../exploration/model.js';
import { dataOf, type SequenceWorld } from '../exploration/world.js';
import { circuit } from './circuit.js';
import { expectedAt, forbiddenBy, statesWithin, type HookState } from './hooks-window.js';
import { pairsBetween } from './operations.js';

/*
 * The coverage phase for webhook subscriptions (spec 2.10, 4.11, 6): subscriptions of the
 * organisation side by side, one for each way the fired event's standing and isActive can start
 * (listening or not, active or not), each with two sink endpoints of its own. The operations come
 * from the spec model: one PATCH per field of the update body (subscriptionUpdateSchema: url,
 * events, isActive, name, description; each alternating between two values, so it changes more
 * than once and back), rotate-secret, and every read path chained as one (read by id, the list
 * plain and by each isActive, each subscription's deliveries list). They are chained along an
 * Eulerian circuit like a domain's (circuit.ts), each step on every subscription at once (name and
 * description, which no delivery shows, on the first only). After every change is answered an
 * event is fired (POST /expenses: expense.created) and the deliveries are judged both ways
 * (hooks-window.ts): a delivery no state within the propagation bound allows fails (where it went,
 * whether it was listed and active, the secret it is signed with); one every such state asks for
 * and not arriving is observed. Twice the chain waits the bound out and fires again, so that the
 * state is one alone: after the first change of events (a copy of the create's events shows), and
 * at the end, after each attribute was changed an even number of times (back where it started: a
 * second change a dispatcher ignored shows). Each deliveries list is judged by the
 * X-Service-Delivery ids that reached only other subscriptions of the chain; then the isolation
 * rows (each path on a subscription with the other organisation's key).
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
  run(chain: HookChain, visit: number): Promise<void>;
}

const listens = (s: HookSub): boolean => (s.model.eventsWritten.at(-1)?.events ?? []).includes(EVENT);
const isActive = (s: HookSub): boolean => s.model.fields['isActive'] !== false;

function note(s: HookSub): void {
  s.history.push({ at: Date.now(), url: s.endpoints[s.at].url, listens: listens(s), isActive: isActive(s), secret: s.model.secret });
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
    async run(chain, visit) {
      const { world } = chain;
      for (const s of how.delivery ? chain.subs : chain.subs.slice(0, 1)) {
        const body = { [field]: how.value(s, visit) };
        const what = `PATCH /webhooks/{${s.model.label}}`;
        const res = await world.send('A', 'PATCH', `/webhooks/${s.model.id}`, { body, rule: 'SEQ-READ-AFTER-WRITE' });
        if (!ok(res)) {
          if (res.status === 404)
            throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${s.model.label} was created and never deleted`, res.exchange);
          world.observe('sequence-refused-write', 'PATCH /webhooks (coverage)', `refused (${res.status})`);
          continue;
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
      }
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
  async run(chain) {
    const { world } = chain;
    for (const s of chain.subs) {
      const res = await world.send('A', 'POST', `/webhooks/${s.model.id}/rotate-secret`, { rule: 'SEQ-READ-AFTER-WRITE' });
      if (!ok(res)) {
        if (res.status === 404)
          throw new RuleBroken(
            'SEQ-READ-AFTER-WRITE',
            `POST /webhooks/{${s.model.label}}/rotate-secret answered 404; it was created and never deleted`,
            res.exchange,
          );
        world.observe('sequence-refused-write', 'POST /webhooks/{id}/rotate-secret (coverage)', `refused (${res.status})`);
        continue;
      }
      s.model.replaced.push({ secret: s.model.secret, at: Date.now() });
      const offered = secretOf(dataOf(res))?.value;
      s.model.secret = offered !== undefined && !s.model.replaced.some((r) => r.secret === offered) ? offered : undefined;
      // Spec 4.11 shows no result: a rotation that answers no secret is learned from the read (which must not show the replaced one).
      if (s.model.secret === undefined) await readSubscription(world, s.model);
      note(s);
    }
    await fire(chain);
  },
};

/** The read paths, chained as one operation: each subscription by id, the list plain and by each isActive, each deliveries list. */
const READ_PATHS = 5;
const reads: HookOperation = {
  name: 'every read path',
  writes: false,
  reads: READ_PATHS,
  delivery: false,
  async run(chain) {
    const { world } = chain;
    for (const s of chain.subs) await readSubscription(world, s.model);
    await judgeHookList(world, undefined);
    await judgeHookList(world, true);
    await judgeHookList(world, false);
    for (const s of chain.subs) await judgeDeliveriesList(chain, s);
  },
};

/** The operations of the chain, from the spec model (the update body's fields, then rotate-secret), and the read paths. */
export function hookOperations(): HookOperation[] {
  return [...(Object.keys(subscriptionUpdateSchema.shape) as Array<keyof SubscriptionUpdate>).map(patchOf), rotate, reads];
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
          'SEQ-READ-AFTER-WRITE',
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
      `${w.at <= f.at ? `${f.at - w.at} ms before the event` : `${w.at - f.at} ms after it`}: url ${w.url === s.endpoints[0].url ? 'the first' : 'the second'} of its two, events ${w.listens ? 'listing' : 'not listing'} ${EVENT}, isActive ${w.isActive}`,
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

/** Waits until the bound has passed since every subscription's last change, then fires: the state is one alone. */
async function settledFire(chain: HookChain): Promise<void> {
  const last = Math.max(...chain.subs.map((s) => s.history.at(-1)?.at ?? 0));
  await sleep(Math.max(0, last + chain.boundMs - Date.now()) + 10);
  await fire(chain, 200);
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

type Step = { readonly kind: 'op'; readonly op: number; readonly visit: number } | { readonly kind: 'settled' } | { readonly kind: 'isolation' };

/** The chain: the circuit, a settled fire after the first events change, the delivery changes made even, a settled fire, the reads, the isolation rows, the reads. */
export function hookChainOf(ops: readonly Pick<HookOperation, 'name' | 'delivery'>[]): Step[] {
  const visits = ops.map(() => 0);
  const steps: Step[] = [];
  const events = ops.findIndex((op) => op.name === 'PATCH events');
  let settledOnce = false;
  for (const op of circuit(ops.length)) {
    steps.push({ kind: 'op', op, visit: visits[op]!++ });
    if (op === events && !settledOnce) {
      steps.push({ kind: 'settled' });
      settledOnce = true;
    }
  }
  // Every delivery attribute changed an even number of times, twice at least: back where it started.
  ops.forEach((op, i) => {
    if (op.delivery && op.name !== 'rotate-secret' && visits[i]! % 2 === 1) steps.push({ kind: 'op', op: i, visit: visits[i]!++ });
  });
  const read = ops.findIndex((op) => op.name === 'every read path');
  steps.push({ kind: 'settled' }, { kind: 'op', op: read, visit: visits[read]!++ }, { kind: 'isolation' }, { kind: 'op', op: read, visit: visits[read]!++ });
  return steps;
}

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
    operations: ops.map((op) => op.name),
    decidable: w * w + 2 * w * r,
    exercised,
    isolation: { decidable: rows, exercised: isolated },
    ...extra,
  });
  let at = -1;
  try {
    for (const [i, start] of STARTS.entries()) {
      const endpoints = [hooks.sink.endpoint({}), hooks.sink.endpoint({})] as const;
      const body = {
        name: `Conformance coverage subscription ${i + 1} ${randomBytes(3).toString('hex')}`,
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
        return result({ stopped: `POST /webhooks was refused (${res.status}): the subscriptions side by side could not be made` });
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
      const s: HookSub = { model, endpoints, at: 0, history: [] };
      note(s);
      chain.subs.push(s);
    }
    for (at = 0; at < steps.length; at++) {
      if (Date.now() >= deadline) return result({ stopped: `its time bound at step ${at + 1} of ${steps.length}` });
      const step = steps[at]!;
      if (step.kind === 'settled') await settledFire(chain);
      else if (step.kind === 'isolation') {
        for (const row of world.hasOtherOrg ? ISOLATION_ROWS : []) {
          await isolation(chain, chain.subs[0]!, row);
          isolated += 1;
        }
      } else {
        const op = ops[step.op]!;
        for (const s of chain.subs) for (const e of s.endpoints) if (s.model.secret !== undefined) e.useSecret(s.model.secret);
        await op.run(chain, step.visit);
        // Each ordered pair counted once (the tail and the last reads meet some again).
        const pair = `${previous}>${step.op}`;
        if (previous !== undefined && !seen.has(pair)) exercised += pairsBetween(ops[previous]!, op);
        seen.add(pair);
        previous = step.op;
      }
    }
    // Late deliveries: every event fired judged again.
    for (const f of chain.fired) judgeFired(chain, f);
    return result({});
  } catch (error) {
    if (!(error instanceof RuleBroken)) throw error;
    const name = (step: Step | undefined): string =>
      step === undefined
        ? 'the create'
        : step.kind === 'op'
          ? ops[step.op]!.name
          : step.kind === 'settled'
            ? 'an event fired after the bound'
            : 'the isolation rows';
    const before =
      at <= 0
        ? undefined
        : steps
            .slice(0, at)
            .filter((s) => s.kind === 'op')
            .at(-1);
    const pair = at < 0 ? 'the creates' : at >= steps.length ? `the late deliveries after ${name(steps.at(-1))}` : `${name(before)} then ${name(steps[at])}`;
    return result({
      failure: { error, pair, step: at + 1, steps: steps.length, log: [...world.log] },
      stopped: `a failure at step ${at + 1} of ${steps.length}`,
    });
  } finally {
    for (const s of chain.subs) {
      try {
        const res = await world.send('A', 'DELETE', `/webhooks/${s.model.id}`, { rule: 'SEQ-DELETE-GONE' });
        if (ok(res)) s.model.state = 'deleted';
      } catch {
        // The chain's verdict matters more than its cleanup.
      }
    }
  }
}
