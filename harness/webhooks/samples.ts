import type { CheckContext } from '../check/check.js';
import { once } from '../check/once.js';
import type { Received, WebhookSink } from '../sink/sink.js';
import type { EventLane } from './lane.js';
import { about, describeEndpoint, eventOf } from './received.js';
import { waitAbout, waitMs } from './sink-use.js';
import { subscribe, type Subscriber } from './subscriptions.js';
import { TRIGGERS } from './triggers.js';

/** Two real deliveries several checks read: what a receiver got for one expense created and approved. */
export type DeliveredSample = (t: CheckContext) => Promise<{ subscriber: Subscriber; received: Received[] }>;

/**
 * An expense created and approved while a subscriber of both events listens, made once for the
 * file; a check reading it is inconclusive when nothing arrived within the run's wait. The
 * approval is sent on `lane`, shared: never while a check with scripted receivers of it runs.
 */
export function deliveredSample(sink: () => WebhookSink, lane: EventLane): DeliveredSample {
  const sampleDeliveries = once(async (t) =>
    lane.shared(async () => {
      const subscriber = await subscribe(t, sink(), { events: ['expense.created', 'expense.approved'], label: 'delivery format' });
      const marker = await TRIGGERS['expense.approved'].fire(t);
      const both = (ours: readonly Received[]) => ['expense.created', 'expense.approved'].every((e) => ours.some((r) => eventOf(r) === e));
      await waitAbout(subscriber.endpoint, marker, both, waitMs(t));
      return { subscriber, marker, received: about(subscriber.endpoint, marker) };
    }),
  );
  return async (t) => {
    const { subscriber, marker, received } = await sampleDeliveries(t);
    if (received.length === 0) {
      t.inconclusive(
        `no delivery about expense ${marker} arrived within ${t.run.webhookWaitS} s of creating and approving it; ${describeEndpoint(subscriber.endpoint, marker)}`,
      );
    }
    return { subscriber, received };
  };
}
