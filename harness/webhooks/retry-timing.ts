import type { CheckContext } from '../check/check.js';
import { fail } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';
import type { Received } from '../sink/sink.js';
import type { TriggeredEvent } from '../spec/webhooks.js';
import { attemptRecord, describeRecord, endedShort, type AttemptRecord } from './attempt-record.js';
import { deliveryLogConvention, deliveryRows, learnConvention, observeLogModel } from './delivery-log.js';
import { about, deliveryIdReuse, describeAttempts, exclusive, intervals, isSuccess } from './received.js';
import { Deadline, waitAbout, waitMs } from './sink-use.js';
import type { Subscriber } from './subscriptions.js';

/**
 * Retry checks use expense.approved unless they name another event: other suites running beside
 * this one rarely send it, so each scripted endpoint sees its own delivery alone. Within the file
 * they run beside the other checks but never beside another check that sends their event (the
 * delivery format sample, WH-TRIGGERS, the deliveries list check, each other): the suite keeps one
 * EventLane (lane.ts) per event for that. They count only requests of their event about their own
 * record. The expenses or milestones suite may still send one meanwhile: a scenario whose scripted
 * answers went to that delivery runs again (untilNotTaken).
 */
export const RETRY_EVENT: TriggeredEvent = 'expense.approved';

/**
 * The retry checks' second event, on a lane of its own so that they do not all queue behind each
 * other: milestone.completed, which no other check of the file but its WH-TRIGGERS sends.
 * WH-RETRY-LIMIT (the longest: its receiver fails every attempt, whatever delivery of the event
 * comes) and WH-RETRY-TIMEOUT run on it. Completing a milestone needs CONFORMANCE_PROJECT_ID;
 * without it they keep RETRY_EVENT, so neither is skipped for the lack of a project.
 */
export function secondRetryEvent(projectId: string | undefined): TriggeredEvent {
  return projectId === undefined || projectId === '' ? RETRY_EVENT : 'milestone.completed';
}

/** The attempts of `event` (the retry event unless named) about `marker` that reached a subscriber's endpoint. */
export const attemptsOf = (subscriber: Subscriber, marker: string, event: TriggeredEvent = RETRY_EVENT): Received[] =>
  about(subscriber.endpoint, marker, event);

/** Grace after the last attempt: twice the longest spacing seen, plus a second (bounded by the wait). */
export function graceMs(t: CheckContext, attempts: readonly Received[]): number {
  return Math.min(2 * Math.max(0, ...intervals(attempts)) + 1000, waitMs(t));
}

export function observeRetries(t: CheckContext, subject: string, attempts: readonly Received[]): void {
  if (attempts.length < 2) return;
  t.observe('webhook-retry-intervals', subject, intervals(attempts).join(', '));
  t.observe('webhook-delivery-id-on-retry', subject, deliveryIdReuse(attempts));
}

/**
 * How a lone `failed` attempt row (one attempt, no next attempt named) is read once the wait ran
 * out: `end` takes it as the delivery's end unless the run saw this log mark a failed attempt that
 * another followed (WH-RETRY-SUCCESS: otherwise a target that never retries, marking its one attempt
 * failed, could not be told from one retrying later than the wait); `attempt` never takes it as the
 * end (the other retry checks, whose violations show otherwise).
 */
export type LoneFailed = 'end' | 'attempt';

export async function readRecord(
  t: CheckContext,
  subscriber: Subscriber,
  marker: string,
  lone: LoneFailed = 'end',
  event: TriggeredEvent = RETRY_EVENT,
): Promise<{ res: ApiResponse; record: AttemptRecord } | undefined> {
  const got = await deliveryRows(t, subscriber.id);
  if (got === undefined) return undefined;
  const record = attemptRecord(got.rows, marker, attemptsOf(subscriber, marker, event), {
    event,
    exclusive: exclusive(subscriber.endpoint, marker),
    failedNotFinal: lone === 'attempt' || deliveryLogConvention.failedThenRetried,
  });
  learnConvention(t, record);
  return { res: got.res, record };
}

/**
 * Waits (bounded) until the attempts about `marker` satisfy `enough`, reading the target's record
 * between slices of the wait: a delivery recorded as delivered although the receiver never answered
 * 2xx is a violation proven at once (spec 3.4: only a 2xx answer is success).
 */
export async function awaitAttempts(
  t: CheckContext,
  subscriber: Subscriber,
  marker: string,
  enough: (attempts: readonly Received[]) => boolean,
  ms: number,
  expectation: string,
  event: TriggeredEvent = RETRY_EVENT,
): Promise<boolean> {
  const deadline = new Deadline(ms);
  let slice = 250;
  for (;;) {
    if (await waitAbout(subscriber.endpoint, marker, enough, Math.min(slice, deadline.remaining()), event)) return true;
    if (deadline.remaining() <= 0) return false;
    const read = await readRecord(t, subscriber, marker, 'end', event);
    const attempts = attemptsOf(subscriber, marker, event);
    if (read !== undefined && read.record.statuses.includes('delivered') && !attempts.some((r) => isSuccess(r.answered))) {
      fail(
        `${expectation}, but the target records the delivery as delivered although the receiver never answered 2xx (${describeAttempts(attempts)})`,
        read.res,
      );
    }
    slice = Math.min(slice * 2, 2000);
  }
}

/**
 * After the wait ran out with fewer than `expected` attempts at the sink: the target's log saying
 * the delivery ended (a final status as its current state, read as either log model presents it)
 * while neither the sink nor the log accounts for `expected` attempts proves no attempt will follow
 * (spec 3.4, 6.2). Anything else (the latest state still `retrying` or `pending`, or a log that
 * cannot tell) leaves the check inconclusive.
 */
export async function verdictOnTimeout(
  t: CheckContext,
  subscriber: Subscriber,
  marker: string,
  expectation: string,
  fired: number,
  expected: number,
  lone: LoneFailed = 'attempt',
  event: TriggeredEvent = RETRY_EVENT,
): Promise<never> {
  const read = await readRecord(t, subscriber, marker, lone, event);
  const attempts = attemptsOf(subscriber, marker, event);
  const seen = describeAttempts(attempts, fired);
  observeLogModel(t, 'GET /webhooks/{id}/deliveries when the wait ran out', read?.record);
  const short = endedShort(read?.record, attempts.length, expected);
  if (short !== undefined) {
    fail(
      `${expectation}, but after ${t.run.webhookWaitS} s the target's log shows the delivery ended ${short.status} after ${short.attempts} attempt(s) ` +
        `(${describeRecord(read?.record)}); the sink saw ${seen}. Retry spacing is not shown (spec 6): a target that logs each failed attempt failed and retries later than this wait looks the same; a longer CONFORMANCE_WEBHOOK_WAIT_S decides it`,
      read?.res,
    );
  }
  return t.inconclusive(`${expectation}; within ${t.run.webhookWaitS} s the sink saw ${seen}; the deliveries log: ${describeRecord(read?.record)}`);
}

/** Rounds a retry scenario gets when another delivery of the same event took what its receiver was scripted to do. */
export const TAKEN_ROUNDS = 3;

/**
 * Runs a retry scenario that answers why it proved nothing (its receiver's scripted failures or
 * held-open answer went to another delivery of the event: another suite running beside this one
 * sent the event meanwhile) or undefined when it reached a verdict; a scenario that proved
 * nothing is run again on a fresh subscription, TAKEN_ROUNDS times at most, then inconclusive.
 */
export async function untilNotTaken(t: CheckContext, scenario: () => Promise<string | undefined>): Promise<void> {
  const taken: string[] = [];
  for (let round = 1; round <= TAKEN_ROUNDS; round++) {
    const why = await scenario();
    if (why === undefined) return;
    taken.push(why);
  }
  t.inconclusive(`${taken.at(-1)} (in each of ${TAKEN_ROUNDS} tries)`);
}
