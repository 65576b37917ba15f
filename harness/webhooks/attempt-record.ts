import type { Received } from '../sink/sink.js';

/*
 * What the target's deliveries log (GET /webhooks/{id}/deliveries) says about one delivery: which
 * rows are its, in what order, how many attempts they account for, and whether it ended. Pure:
 * rows in, a record out.
 */

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

/** A row naming a next attempt (`nextAttemptAt`, `nextRetryAt`, `retryAt`, `scheduledAt`) with a value: a retry is to come. */
const NEXT_ATTEMPT_KEY = /^(next|scheduled)|retry[_-]?at$|retry[_-]?after$/i;

function retryScheduled(rows: ReadonlyArray<Record<string, unknown>>): boolean {
  return rows.some((row) =>
    Object.entries(row).some(([key, value]) => NEXT_ATTEMPT_KEY.test(key) && value !== null && value !== undefined && value !== '' && value !== false),
  );
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
  return items
    .map((item, i) => ({ item, key: keys[i]! }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

/**
 * Whether `json` holds `id` as a whole value (a string equal to it, or a number written as it). The
 * delivery id format is not specified (spec 6.2): a short or numeric id is matched whole, never as a
 * part of another value; a long one also inside a string (a payload kept as text).
 */
export function holdsId(json: unknown, id: string, depth = 0): boolean {
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
  if (oneFinal && ours.length === received.length)
    return { ...base, order: undefined, current: finals[0], ended: goesOn && finals[0] === 'failed' ? undefined : finals[0] };
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
