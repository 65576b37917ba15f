import type { CheckContext } from '../check/check.js';
import { fail } from '../check/expect.js';
import { CheckSkipped } from '../check/outcomes.js';
import { runTag } from '../check/run-context.js';
import type { ApiResponse } from '../http/client.js';
import type { WebhookSink } from '../sink/sink.js';
import type { EventName, TriggeredEvent } from '../spec/webhooks.js';
import { nearDay } from '../steps/milestones.js';
import { createResource, createTask } from '../steps/prerequisites.js';
import { projectRefs, reachTaskStatus, taskLabel } from '../steps/tasks.js';
import { assignResource } from '../steps/time-entries.js';
import { uniqueToken } from '../steps/unique-token.js';
import { about, describeEndpoint, eventOf } from './received.js';
import { waitAbout, waitMs } from './sink-use.js';
import { subscribe, unsubscribe } from './subscriptions.js';

/* The documented operations that send an event (spec 6.2), and WH-TRIGGERS' judgement of one event. */

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

/**
 * WH-TRIGGERS for one event. A missing delivery is a violation only when a later control event
 * (an expense created after the operation) arrived at the same subscriber and the whole wait has
 * passed since it did, with no delivery of the event at all: the target was delivering, just not
 * this event. A delivery of the event that does not name the record (spec 6.2: "Content of data
 * for each event: not shown") cannot be tied to the operation: inconclusive, never failed.
 */
export async function expectTriggered(t: CheckContext, sink: WebhookSink, event: TriggeredEvent): Promise<void> {
  const trigger = TRIGGERS[event];
  const events: EventName[] = event === 'expense.created' ? ['expense.created'] : [event, 'expense.created'];
  const subscriber = await subscribe(t, sink, { events, label: `trigger ${event}` });
  try {
    const before = Date.now();
    const marker = await trigger.fire(t);
    const fired = Date.now();
    const control = await TRIGGERS['expense.created'].fire(t);
    if (await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > 0, waitMs(t), event)) return;
    const controlArrived = about(subscriber.endpoint, control, 'expense.created');
    // Timing is not shown: some events may come later than others (batched, a background job).
    // The full wait is also given from the control's arrival.
    const extra = controlArrived.length > 0 ? controlArrived[0]!.arrivedAt + waitMs(t) - Date.now() : 0;
    if (extra > 0 && (await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > 0, extra, event))) return;
    const seen = describeEndpoint(subscriber.endpoint, marker, fired);
    const unnamed = subscriber.endpoint.received.filter((r) => eventOf(r) === event && r.arrivedAt >= before);
    if (unnamed.length > 0) {
      t.observe('webhook-payload-id', `${event} delivery`, 'does not name the record');
      t.inconclusive(
        `${unnamed.length} ${event} delivery(ies) arrived after ${trigger.operation}, none naming the record ${marker}: the payload may not carry its id, so the delivery cannot be tied to the operation; ${seen}`,
      );
    }
    if (controlArrived.length > 0) {
      fail(
        `no ${event} delivery within ${t.run.webhookWaitS} s after ${trigger.operation}, nor within ${t.run.webhookWaitS} s after ` +
          `expense.created for an expense created afterwards arrived (${controlArrived[0]!.arrivedAt - fired} ms after the operation); ${seen}`,
      );
    }
    t.inconclusive(`no ${event} delivery about ${marker} within ${t.run.webhookWaitS} s after ${trigger.operation}, and no control delivery either; ${seen}`);
  } finally {
    await unsubscribe(t, subscriber);
  }
}
