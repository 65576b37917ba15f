import type { CheckContext } from '../check/check.js';
import { expectStatus, listPage } from '../check/expect.js';
import type { ApiResponse, QueryValue } from '../http/client.js';
import { walkPages } from '../http/pager.js';
import { attemptRecord, type AttemptRecord } from './attempt-record.js';
import { about, exclusive } from './received.js';
import { Deadline, sleep } from './sink-use.js';
import type { Subscriber } from './subscriptions.js';

/* Reading the deliveries endpoint (spec 4.11): every page of it, and bounded polls until it shows a state. */

/** Spec 4.11: every page of GET /webhooks/{id}/deliveries (bounded); undefined when it is not a list. */
export async function deliveryRows(
  t: CheckContext,
  subscriptionId: string,
  query: Readonly<Record<string, QueryValue>> = {},
  maxPages = 5,
): Promise<{ res: ApiResponse; rows: Array<Record<string, unknown>> } | undefined> {
  const rows: Array<Record<string, unknown>> = [];
  const walked = await walkPages(
    (window) => t.api.get(`/webhooks/${subscriptionId}/deliveries`, { ...query, ...window }),
    (res) => {
      const data = (res.json as { data?: unknown } | undefined)?.data;
      if (res.status !== 200 || !Array.isArray(data)) return undefined;
      rows.push(...(data.filter((r) => r !== null && typeof r === 'object') as Array<Record<string, unknown>>));
      return data;
    },
    { maxPages },
  );
  return walked.end === 'not-a-list' ? undefined : { res: walked.pages.at(-1)!, rows };
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
  t.observe(
    'deliveries-log-failed',
    'GET /webhooks/{id}/deliveries',
    'a failed attempt row is followed by another attempt (failed marks an attempt, not the end)',
  );
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

/** Spec 4.11 leaves the log's shape open: which model the target uses is recorded, never judged. */
export function observeLogModel(t: CheckContext, subject: string, record: AttemptRecord | undefined): void {
  if (record?.model !== undefined) t.observe('deliveries-log-model', subject, record.model);
}
