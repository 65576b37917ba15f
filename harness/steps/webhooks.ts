import { afterAll, beforeAll } from 'vitest';
import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus, listPage } from '../check/expect.js';
import { CheckSkipped } from '../check/outcomes.js';
import { runContext, runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { ApiResponse, QueryValue } from '../http/client.js';
import { secretOf } from '../sink/secrets.js';
import { SINK_MAX_BODY_BYTES, SinkError, WebhookSink, type Received, type SinkEndpoint, type SinkScript } from '../sink/sink.js';
import { type EventName, type TriggeredEvent } from '../spec/webhooks.js';
import { createResource, createTask } from './prerequisites.js';
import { nearDay } from './milestones.js';
import { assignResource } from './time-entries.js';
import { projectRefs, reachTaskStatus, taskLabel } from './tasks.js';
import { uniqueToken } from './unique-token.js';

/**
 * One webhook sink per suite file, started before its first check and closed after its last
 * (after the end-of-file cleanup has deleted the subscriptions, so nothing calls a closed port).
 * Call it before `checker(...)`: vitest runs after-hooks in reverse order of registration.
 */
export function suiteSink(): () => WebhookSink {
  let sink: WebhookSink | undefined;
  beforeAll(async () => {
    const { sink: where, maxResponseBytes } = runContext();
    const { host, port, publicUrl } = where;
    // A delivery is one event (spec 6.2), a few KB: the sink keeps every one it gets, so it reads
    // at most 1 MiB of each, or less when CONFORMANCE_MAX_RESPONSE_BYTES says so.
    const maxBodyBytes = Math.min(maxResponseBytes, SINK_MAX_BODY_BYTES);
    sink = await WebhookSink.start({ host, port, maxBodyBytes, ...(publicUrl !== undefined ? { publicUrl } : {}) });
  });
  afterAll(async () => {
    await sink?.close();
  });
  return () => {
    if (sink === undefined) throw new SinkError('the webhook sink is not running (its beforeAll did not start it)');
    return sink;
  };
}

/** The asynchronous wait a run allows (CONFORMANCE_WEBHOOK_WAIT_S), in ms. */
export function waitMs(t: CheckContext): number {
  return t.run.webhookWaitS * 1000;
}

/** A point in time a check waits until at most. */
export class Deadline {
  readonly at: number;
  constructor(ms: number) {
    this.at = Date.now() + ms;
  }
  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- secrets: harness/sink/secrets.ts (no vitest there, the doctor reads them too) ---
export { secretOf, secretsIn } from '../sink/secrets.js';

// --- subscriptions -------------------------------------------------------------------------

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

/** Best-effort delete, so the target stops calling the sink; the end-of-file cleanup catches the rest. */
export async function unsubscribe(t: CheckContext, ...subscribers: ReadonlyArray<Subscriber | undefined>): Promise<void> {
  for (const subscriber of subscribers) {
    if (subscriber === undefined) continue;
    try {
      await t.api.delete(`/webhooks/${subscriber.id}`);
    } catch {
      // The check's own verdict matters more than a failed teardown.
    }
  }
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

// --- deliveries as the sink saw them --------------------------------------------------------

/** The event a request says it carries: the body's `event`, else the `X-Service-Event` header. */
export function eventOf(received: Received): string | undefined {
  const fromBody = (received.json as { event?: unknown } | undefined)?.event;
  return typeof fromBody === 'string' ? fromBody : received.headers['x-service-event'];
}

/**
 * Whether a request is about the record `marker` (spec 6.2: the content of `data` is not shown, so
 * the record id anywhere in the body is what ties a delivery to the operation that caused it).
 */
export function mentions(received: Received, marker: string): boolean {
  return received.rawBody.toString('utf8').includes(marker);
}

/** The requests at `endpoint` about `marker`, optionally of one event, in arrival order. */
export function about(endpoint: SinkEndpoint, marker: string, event?: string): Received[] {
  return endpoint.received.filter((r) => mentions(r, marker) && (event === undefined || eventOf(r) === event));
}

/** Waits (bounded) until the requests about `marker` satisfy `enough`. */
export function waitAbout(
  endpoint: SinkEndpoint,
  marker: string,
  enough: (ours: readonly Received[]) => boolean,
  ms: number,
  event?: string,
): Promise<boolean> {
  return endpoint.waitFor((all) => enough(all.filter((r) => mentions(r, marker) && (event === undefined || eventOf(r) === event))), ms);
}

export function isSuccess(answer: number | null): boolean {
  return answer !== null && answer >= 200 && answer < 300;
}

/** Milliseconds between consecutive attempts. */
export function intervals(attempts: readonly Received[]): number[] {
  return attempts.slice(1).map((r, i) => r.arrivedAt - attempts[i]!.arrivedAt);
}

/** `3 request(s) about it: answered 500 at +0 ms, 500 at +104 ms, 200 at +311 ms`. */
export function describeAttempts(attempts: readonly Received[], since?: number): string {
  if (attempts.length === 0) return 'no request about it';
  const start = since ?? attempts[0]!.arrivedAt;
  const each = attempts.map((r) => `${r.answered === null ? 'no answer (held open)' : `answered ${r.answered}`} at +${r.arrivedAt - start} ms`);
  return `${attempts.length} request(s) about it: ${each.join(', ')}`;
}

/** What an endpoint saw in total, for inconclusive and failure messages. */
export function describeEndpoint(endpoint: SinkEndpoint, marker: string, since?: number): string {
  const ours = about(endpoint, marker);
  const events = [...new Set(ours.map((r) => eventOf(r) ?? '(no event)'))];
  return `the endpoint received ${endpoint.received.length} request(s); ${describeAttempts(ours, since)}${events.length > 0 ? ` (events: ${events.join(', ')})` : ''}`;
}

/** `same` when every attempt carried one X-Service-Delivery value, `new per attempt` when all differ. */
export function deliveryIdReuse(attempts: readonly Received[]): string {
  const ids = attempts.map((r) => r.headers['x-service-delivery'] ?? '');
  const distinct = new Set(ids).size;
  if (distinct === 1) return 'the same X-Service-Delivery on every attempt';
  if (distinct === ids.length) return 'a new X-Service-Delivery on every attempt';
  return 'X-Service-Delivery repeated on some attempts only';
}

// --- triggers -------------------------------------------------------------------------------

/** A documented operation that implies an event (spec 6.2), and how to perform it. */
export interface Trigger {
  readonly event: TriggeredEvent;
  /** `POST /expenses/{id}/approve`. */
  readonly operation: string;
  /** Performs the operation on a fresh record and returns the record id (the delivery's marker). */
  readonly fire: (t: CheckContext) => Promise<string>;
}

/**
 * The operation is another domain's (its own checks judge it): when it does not succeed, the
 * webhook check that needs it does not apply.
 */
function precondition(res: ApiResponse, status: number, what: string): void {
  if (res.status !== status) throw new CheckSkipped(`not applicable: could not ${what} (answered ${res.status}); see that domain's checks`);
}

function idOf(res: ApiResponse, what: string): string {
  precondition(res, 201, what);
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (typeof id !== 'string') throw new CheckSkipped(`not applicable: ${what} returned no id in data`);
  return id;
}

async function newExpense(t: CheckContext, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.api.post('/expenses', {
    expenseType: 'direct_cost',
    amount: 12.5,
    date: '2024-05-14',
    description: 'Conformance webhook trigger',
    tags: [runTag(t.run)],
    ...body,
  });
  return idOf(res, 'create an expense with POST /expenses');
}

async function newTask(t: CheckContext): Promise<string> {
  const { projectId, versionId } = projectRefs(t);
  const res = await t.api.post('/tasks', { parentTaskId: projectId, versionId, name: taskLabel(t, `Conformance webhook task ${uniqueToken('')}`) });
  return idOf(res, 'create a task with POST /tasks');
}

export const TRIGGERS: Readonly<Record<TriggeredEvent, Trigger>> = {
  'task.created': { event: 'task.created', operation: 'POST /tasks', fire: newTask },
  'task.completed': {
    event: 'task.completed',
    operation: 'PATCH /tasks/{id} with status completed',
    fire: async (t) => {
      const id = await newTask(t);
      // Spec 3.2 shows no transitions: a server may need an intermediate status first.
      const path = await reachTaskStatus(t, id, 'completed');
      if (path === undefined) throw new CheckSkipped('not applicable: could not bring a new task to completed with PATCH /tasks/{id}; see the tasks checks');
      return id;
    },
  },
  'time_entry.created': {
    event: 'time_entry.created',
    operation: 'POST /time-entries',
    fire: async (t) => {
      const taskId = await createTask(t, 'Conformance webhook task');
      const resourceId = await createResource(t, 'Conformance webhook resource');
      // A server may let a resource log time only on a task it is assigned to (the spec does not say).
      await assignResource(t, taskId, resourceId);
      const res = await t.api.post('/time-entries', { taskId, resourceId, date: '2024-03-01', hours: 1, tags: [runTag(t.run)] });
      return idOf(res, 'create a time entry with POST /time-entries');
    },
  },
  'expense.created': { event: 'expense.created', operation: 'POST /expenses', fire: (t) => newExpense(t) },
  'expense.approved': {
    event: 'expense.approved',
    operation: 'POST /expenses/{id}/approve',
    fire: async (t) => {
      // spec 3.1: transitions are not shown; approving a pending expense is what every reading allows.
      const id = await newExpense(t, { status: 'pending' });
      precondition(await t.api.post(`/expenses/${id}/approve`), 200, 'approve a pending expense with POST /expenses/{id}/approve');
      return id;
    },
  },
  'milestone.completed': {
    event: 'milestone.completed',
    operation: 'POST /milestones/{id}/complete',
    fire: async (t) => {
      const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
      const id = idOf(
        // A target date ahead: a server may refuse a new milestone due in the past.
        await t.api.post('/milestones', { projectId, name: `Conformance webhook milestone ${uniqueToken('')}`, targetDate: nearDay() }),
        'create a milestone with POST /milestones',
      );
      precondition(await t.api.post(`/milestones/${id}/complete`, {}), 200, 'complete a milestone with POST /milestones/{id}/complete');
      return id;
    },
  },
};

// --- the deliveries endpoint ------------------------------------------------------------------

/** Spec 4.11: every page of GET /webhooks/{id}/deliveries (bounded); undefined when it is not a list. */
export async function deliveryRows(
  t: CheckContext,
  subscriptionId: string,
  query: Readonly<Record<string, QueryValue>> = {},
  maxPages = 5,
): Promise<{ res: ApiResponse; rows: Array<Record<string, unknown>> } | undefined> {
  const rows: Array<Record<string, unknown>> = [];
  let last: ApiResponse | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await t.api.get(`/webhooks/${subscriptionId}/deliveries`, { ...query, limit: 100, offset: page * 100 });
    last = res;
    const data = (res.json as { data?: unknown } | undefined)?.data;
    if (res.status !== 200 || !Array.isArray(data)) return undefined;
    rows.push(...(data.filter((r) => r !== null && typeof r === 'object') as Array<Record<string, unknown>>));
    if (data.length < 100) break;
  }
  return { res: last!, rows };
}

/** The same, failing the check unless it is a 200 list (spec 4.11). */
export async function expectDeliveryRows(
  t: CheckContext,
  subscriptionId: string,
  query: Readonly<Record<string, QueryValue>> = {},
): Promise<{ res: ApiResponse; rows: Array<Record<string, unknown>> }> {
  const got = await deliveryRows(t, subscriptionId, query);
  if (got !== undefined) return got;
  const res = await t.api.get(`/webhooks/${subscriptionId}/deliveries`, { ...query, limit: 100 });
  expectStatus(res, 200, `list the deliveries of a subscription`);
  listPage(res);
  return { res, rows: [] };
}

export function rowStatus(row: Record<string, unknown>): string | undefined {
  return typeof row['status'] === 'string' ? row['status'] : undefined;
}

/** Spec 3.4: the statuses after which nothing more happens to a delivery. */
export type FinalStatus = 'failed' | 'delivered';

export function isFinal(status: string | undefined): status is FinalStatus {
  return status === 'failed' || status === 'delivered';
}

/**
 * How a target's log presents attempts. Spec 4.11 "Lists delivery attempts" and 6.2 "every attempt
 * is recorded" leave the shape open; the two common models:
 * - `row-per-attempt`: one row per attempt; a row keeps the status it had (earlier attempts of a
 *   delivery that went on typically stay `retrying`), the latest row carries the delivery's state;
 * - `record-per-delivery`: one record per delivery, its status the delivery's current one, its
 *   attempts inside (an array and/or a count).
 * `single-row`: one row without attempt details while the sink saw one attempt: either model.
 */
export type LogModel = 'row-per-attempt' | 'record-per-delivery' | 'single-row';

/** What the deliveries log says about one delivery. */
export interface AttemptRecord {
  /** The rows (or records) that belong to the delivery, as listed. */
  readonly ours: ReadonlyArray<Record<string, unknown>>;
  /** Some rows could be tied to the delivery (else nothing here is evidence). */
  readonly attributed: boolean;
  /** The status of each of those rows, as listed. */
  readonly statuses: readonly string[];
  /** Attempts the log accounts for: attempt rows (not pending ones), attempt numbers, attempts arrays or counts, whichever is most. */
  readonly recorded: number;
  /** Whether the log shows attempts at all: several rows, an attempt number, an attempts array or count. */
  readonly attemptDetail: boolean;
  readonly model: LogModel | undefined;
  /** How the rows were put in order (spec 4.11 does not say how a log is ordered); undefined when they could not be. */
  readonly order: string | undefined;
  /** The delivery's current status as the log tells it; undefined when it cannot tell. */
  readonly current: string | undefined;
  /** The final status the log shows the delivery ended in; undefined while it may go on, or when the log cannot tell. */
  readonly ended: FinalStatus | undefined;
  /** Rows in order show a `failed` attempt followed by another attempt: this log's `failed` marks an attempt, not an end. */
  readonly failedThenRetried: boolean;
}

/**
 * What the run has learnt of the target's deliveries log (spec 3.4: "Transitions between the four
 * values: not shown"): once a `failed` row was seen followed by another attempt of the same
 * delivery, a lone `failed` row no longer proves that a delivery ended.
 */
export const deliveryLogConvention = { failedThenRetried: false };

/** Takes in what a record shows of the log's convention; the first sight is recorded as deliveries-log-failed. */
export function learnConvention(t: CheckContext, record: AttemptRecord | undefined): void {
  if (record?.failedThenRetried !== true || deliveryLogConvention.failedThenRetried) return;
  deliveryLogConvention.failedThenRetried = true;
  t.observe('deliveries-log-failed', 'GET /webhooks/{id}/deliveries', 'a failed attempt row is followed by another attempt (failed marks an attempt, not the end)');
}

/** A row naming a next attempt (`nextAttemptAt`, `nextRetryAt`, `retryAt`, `scheduledAt`) with a value: a retry is to come. */
const NEXT_ATTEMPT_KEY = /^(next|scheduled)|retry[_-]?at$|retry[_-]?after$/i;

function retryScheduled(rows: ReadonlyArray<Record<string, unknown>>): boolean {
  return rows.some((row) => Object.entries(row).some(([key, value]) => NEXT_ATTEMPT_KEY.test(key) && value !== null && value !== undefined && value !== '' && value !== false));
}

/** Keys whose array holds attempts: `attempts`, `deliveryAttempts`, `retries`, `history`, `tries`. */
const ATTEMPT_LIST_KEY = /attempt|tries|retries|history/i;
/** An attempt's ordinal, not a count: `attempt`, `attemptNumber`, `attempt_no`, `attemptIndex`. */
const ATTEMPT_ORDINAL_KEY = /^attempt[_-]?(number|no|num|index|seq)?$/i;
/** Numbers under "attempt" keys that count something else than the attempts made. */
const NOT_A_COUNT_KEY = /max|limit|remain|left|allow|next|last|timeout|delay|after|interval/i;
/** Counts of retries, one fewer than the attempts: `retries`, `retryCount`, `retry_count`. */
const RETRY_COUNT_KEY = /^(retries|retry[_-]?count|retries[_-]?(count|made)|num[_-]?retries)$/i;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** What one row or record says of attempts by its own fields. */
export interface AttemptFields {
  /** Length of an array of attempts (`attempts: [...]`). */
  readonly list?: number;
  /** An attempt count (`attemptCount`, `attempts: 3`, `retries` + 1). */
  readonly count?: number;
  /** The attempt's own number (`attempt`, `attemptNumber`). */
  readonly ordinal?: number;
}

export function attemptFields(row: Record<string, unknown>): AttemptFields {
  let list: number | undefined;
  let count: number | undefined;
  let ordinal: number | undefined;
  for (const [key, value] of Object.entries(row)) {
    if (Array.isArray(value)) {
      if (ATTEMPT_LIST_KEY.test(key) && value.every((v) => v !== null && typeof v === 'object')) list = Math.max(list ?? 0, value.length);
    } else if (isCount(value)) {
      if (ATTEMPT_ORDINAL_KEY.test(key)) ordinal = value > 0 ? value : ordinal;
      else if (/attempt|tries/i.test(key) && !NOT_A_COUNT_KEY.test(key)) count = Math.max(count ?? 0, value);
      else if (RETRY_COUNT_KEY.test(key)) count = Math.max(count ?? 0, value + 1);
    }
  }
  return { ...(list !== undefined ? { list } : {}), ...(count !== undefined ? { count } : {}), ...(ordinal !== undefined ? { ordinal } : {}) };
}

/** The attempts one row or record accounts for by its own fields, or undefined when it names none. */
export function attemptsIn(row: Record<string, unknown>): number | undefined {
  const { list, count, ordinal } = attemptFields(row);
  const known = [list, count, ordinal].filter((n): n is number => n !== undefined);
  return known.length > 0 ? Math.max(...known) : undefined;
}

/**
 * The attempts one row or record stands for: its attempts array or count, else its attempt number,
 * else one. A pending row is an attempt still to come, not one made: its number is the attempt it will be.
 */
function accountedFor(row: Record<string, unknown>): number {
  const { list, count, ordinal } = attemptFields(row);
  const itself = rowStatus(row) === 'pending' ? 0 : (ordinal ?? 1);
  return Math.max(list ?? 0, count ?? 0, itself);
}

function attemptOrdinal(row: Record<string, unknown>): number | undefined {
  return attemptFields(row).ordinal;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** Times that may lie ahead or move on: never an order. */
const MOVING_TIME_KEY = /next|update|modif|retry|expire/i;

/**
 * The rows in the order the attempts were made, and how that order was found: by attempt number,
 * else by a time every row carries. Values must be distinct: two rows with the same (possibly
 * truncated) time have no order. Undefined when no field gives one (the listing order is not
 * specified, spec 4.11).
 */
export function attemptOrder(
  rows: ReadonlyArray<Record<string, unknown>>,
): { readonly rows: ReadonlyArray<Record<string, unknown>>; readonly by: string } | undefined {
  if (rows.length <= 1) return { rows, by: 'a single row' };
  const ordinals = rows.map(attemptOrdinal);
  if (ordinals.every((n) => n !== undefined) && new Set(ordinals).size === rows.length) {
    return { rows: sortBy(rows, ordinals as number[]), by: 'attempt number' };
  }
  const keys = Object.keys(rows[0]!)
    .filter((key) => !MOVING_TIME_KEY.test(key))
    .sort((a, b) => timeKeyRank(a) - timeKeyRank(b));
  for (const key of keys) {
    const times = rows.map((row) => {
      const value = row[key];
      return typeof value === 'string' && ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
    });
    if (times.every((n) => Number.isFinite(n)) && new Set(times).size === rows.length) return { rows: sortBy(rows, times), by: `time ${key}` };
  }
  return undefined;
}

/** Times most likely to be when an attempt was made come first. */
function timeKeyRank(key: string): number {
  if (/attempt|sent/i.test(key)) return 0;
  if (/creat|^at$|timestamp|start/i.test(key)) return 1;
  return 2;
}

function sortBy<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items.map((item, i) => ({ item, key: keys[i]! })).sort((a, b) => a.key - b.key).map(({ item }) => item);
}

/**
 * Whether `json` holds `id` as a whole value (a string equal to it, or a number written as it). The
 * delivery id format is not specified (spec 6.2): a short or numeric id is matched whole, never as a
 * part of another value; a long one also inside a string (a payload kept as text).
 */
function holdsId(json: unknown, id: string, depth = 0): boolean {
  if (typeof json === 'string') return json === id || (id.length >= 16 && json.includes(id));
  if (typeof json === 'number') return String(json) === id;
  if (depth > 6 || json === null || typeof json !== 'object') return false;
  return Object.values(json).some((value) => holdsId(value, id, depth + 1));
}

/**
 * What the log says about one delivery. Its rows are those naming its record (`marker`) or one of
 * the X-Service-Delivery ids it arrived with, and of its event when rows name events; when none can
 * be attributed and the endpoint saw this delivery alone (`exclusive`), every row is its.
 *
 * The state: one record (or row) tells it by its status. Several rows tell it by the latest, when
 * they can be put in order, and only if no earlier row is final (a target whose `failed` or
 * `delivered` rows are followed by more attempts does not mark the end with them). Rows in no known
 * order tell it only when exactly one is final, every other one is `retrying`, and there are as many
 * as attempts reached the sink: the final row is then the latest whatever the order.
 */
export function attemptRecord(
  rows: ReadonlyArray<Record<string, unknown>>,
  marker: string,
  received: readonly Received[],
  options: { readonly event?: string; readonly exclusive?: boolean; readonly failedNotFinal?: boolean } = {},
): AttemptRecord {
  const ids = [...new Set(received.map((r) => r.headers['x-service-delivery']).filter((id): id is string => typeof id === 'string' && id.trim() !== ''))];
  const named = rows.filter((row) => JSON.stringify(row).includes(marker) || ids.some((id) => holdsId(row, id)));
  const ofEvent = options.event === undefined ? named : named.filter((row) => JSON.stringify(row).includes(`"${options.event}"`));
  const mine = ofEvent.length > 0 ? ofEvent : named;
  const ours = mine.length > 0 ? mine : options.exclusive ? rows : [];
  const statuses = ours.map(rowStatus).filter((s): s is string => s !== undefined);
  const detailed = ours.some((row) => attemptsIn(row) !== undefined);
  const recorded = Math.max(ours.filter((row) => rowStatus(row) !== 'pending').length, ...ours.map(accountedFor));
  const perDelivery = (row: Record<string, unknown>) => {
    const fields = attemptFields(row);
    return fields.list !== undefined || fields.count !== undefined;
  };
  // One row standing for several attempts the sink saw is a record per delivery, with or without details.
  const model: LogModel | undefined =
    ours.length === 0
      ? undefined
      : ours.length > 1
        ? ours.some((row) => attemptFields(row).list !== undefined)
          ? 'record-per-delivery'
          : 'row-per-attempt'
        : perDelivery(ours[0]!) || received.length > 1
          ? 'record-per-delivery'
          : 'single-row';
  const ordered = ours.length === 0 ? undefined : attemptOrder(ours);
  const inOrder = ordered?.rows.map(rowStatus) ?? [];
  const failedThenRetried = ours.length > 1 && inOrder.slice(0, -1).includes('failed');
  const base = { ours, attributed: ours.length > 0, statuses, recorded, attemptDetail: detailed || ours.length > 1, model, failedThenRetried };
  if (ours.length === 0) return { ...base, order: undefined, current: undefined, ended: undefined };
  // A row naming its next attempt says the delivery goes on, whatever its status; a lone attempt
  // row `failed` in a log known to mark attempts so (failedNotFinal) says nothing of the end.
  const goesOn = retryScheduled(ours) || (options.failedNotFinal === true && model === 'single-row');
  if (ordered !== undefined) {
    const current = inOrder.at(-1);
    const earlierFinal = inOrder.slice(0, -1).some(isFinal);
    return { ...base, order: ordered.by, current, ended: isFinal(current) && !earlierFinal && !(goesOn && current === 'failed') ? current : undefined };
  }
  const finals = statuses.filter(isFinal);
  const oneFinal = finals.length === 1 && statuses.length === ours.length && statuses.filter((s) => !isFinal(s)).every((s) => s === 'retrying');
  if (oneFinal && ours.length === received.length) return { ...base, order: undefined, current: finals[0], ended: goesOn && finals[0] === 'failed' ? undefined : finals[0] };
  const same = statuses.length === ours.length && new Set(statuses).size === 1 && !isFinal(statuses[0]) ? statuses[0] : undefined;
  return { ...base, order: undefined, current: same, ended: undefined };
}

/** `row-per-attempt, 3 rows by attempt number: retrying, retrying, failed` or `record-per-delivery: failed, 5 attempts`. */
export function describeRecord(record: AttemptRecord | undefined): string {
  if (record === undefined) return 'the deliveries endpoint gave no list';
  if (!record.attributed) return 'no row of the deliveries log could be tied to the delivery';
  const statuses = record.statuses.join(', ') || 'no status field';
  if (record.ours.length === 1) return `${record.model}: ${statuses}, ${record.attemptDetail ? `${record.recorded} attempt(s)` : 'no attempt details'}`;
  return `${record.model}, ${record.ours.length} rows ${record.order === undefined ? 'in no known order' : `by ${record.order}`}: ${statuses}`;
}

/** Whether every request an endpoint received is about `marker` (no other delivery shares it). */
export function exclusive(endpoint: SinkEndpoint, marker: string): boolean {
  return endpoint.received.every((r) => mentions(r, marker));
}

/**
 * Spec 3.4, 6.2: after the wait ran out with fewer attempts than `expected`, the log saying the
 * delivery ended proves no attempt will follow, unless the log itself accounts for `expected`
 * attempts the sink did not see (then the two disagree and nothing is proven). `attempts` is the
 * most either the sink (requests received) or the log accounts for.
 */
export function endedShort(
  record: AttemptRecord | undefined,
  received: number,
  expected: number,
): { readonly status: FinalStatus; readonly attempts: number } | undefined {
  if (record?.ended === undefined) return undefined;
  const attempts = Math.max(received, record.recorded);
  return attempts < expected ? { status: record.ended, attempts } : undefined;
}

/** Polls the deliveries endpoint (spaced out, bounded) until `done` holds; answers the last record seen. */
export async function pollRecord(
  t: CheckContext,
  subscriber: Pick<Subscriber, 'id' | 'endpoint'>,
  marker: string,
  event: string | undefined,
  done: (record: AttemptRecord) => boolean,
  ms: number,
): Promise<{ record: AttemptRecord | undefined; done: boolean }> {
  const deadline = new Deadline(ms);
  let pause = 100;
  let record: AttemptRecord | undefined;
  for (;;) {
    const got = await deliveryRows(t, subscriber.id);
    const received = about(subscriber.endpoint, marker, event);
    record =
      got === undefined
        ? undefined
        : attemptRecord(got.rows, marker, received, {
            ...(event ? { event } : {}),
            exclusive: exclusive(subscriber.endpoint, marker),
            failedNotFinal: deliveryLogConvention.failedThenRetried,
          });
    learnConvention(t, record);
    if (record !== undefined && done(record)) return { record, done: true };
    if (deadline.remaining() <= 0) return { record, done: false };
    await sleep(Math.min(pause, deadline.remaining()));
    pause = Math.min(pause * 1.5, 2000);
  }
}
