import { createHmac } from 'node:crypto';
import type { DeliveryAttemptRow } from '../../models/webhooks.js';
import { MINIMAL, poll, startReceiver, type ReceiverAnswer, type TestApi, type TestReceiver, type TestRecord } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

/** A URL nothing listens on, for probes that fire no event. */
const IDLE_URL = 'http://127.0.0.1:9/hook';

const sign = (body: Buffer, secret: unknown) => `sha256=${createHmac('sha256', String(secret)).update(body).digest('hex')}`;
const subscribe = (api: TestApi, url: string, body: Record<string, unknown> = {}) =>
  api.create('/webhooks', { name: 'hook', url, events: ['task.created'], ...body });
const create = (api: TestApi, body: Record<string, unknown>) =>
  statusOf(api.post('/webhooks', { name: 'hook', url: IDLE_URL, events: ['task.created'], ...body }));
/** The deliveries log: one row per attempt (a delivery not attempted yet: one pending row). */
const deliveries = async (api: TestApi, subscription: TestRecord, query = '') =>
  (await api.get(`/webhooks/${subscription.id}/deliveries${query}`)).json() as { data: DeliveryAttemptRow[]; pagination: { total: number } };
/** The event of each delivery, in order (every probe using it has one attempt per delivery). */
const events = async (api: TestApi, subscription: TestRecord) => (await deliveries(api, subscription)).data.map((d) => d.event);

/** A delivery as its rows tell it: the latest row's status, and the attempts made. */
interface DeliveryState {
  status: string;
  attempts: DeliveryAttemptRow[];
}

/** The subscription's first delivery, once `ready` holds for it. */
const firstDelivery = (api: TestApi, subscription: TestRecord, ready: (d: DeliveryState) => boolean) =>
  poll(async () => {
    const rows = (await deliveries(api, subscription)).data;
    const ours = rows.filter((r) => r.deliveryId === rows[0]?.deliveryId);
    const latest = ours.at(-1);
    if (latest === undefined) return undefined;
    const delivery = { status: latest.status, attempts: ours.filter((r) => r.status !== 'pending') };
    return ready(delivery) ? delivery : undefined;
  });
const finished = (d: DeliveryState) => d.status === 'delivered' || d.status === 'failed';

/**
 * Runs `observe` against a fresh loopback receiver, then closes the app (which stops the
 * retries) and the receiver: a probe leaves nothing running.
 */
async function withReceiver<T>(api: TestApi, answer: (index: number) => ReceiverAnswer, observe: (receiver: TestReceiver) => Promise<T>): Promise<T> {
  const receiver = await startReceiver(answer);
  try {
    return await observe(receiver);
  } finally {
    await api.app.close();
    await receiver.close();
  }
}

const always = (status: ReceiverAnswer) => () => status;

/** [status, attempts recorded, requests received] once a delivery to an always-500 receiver has finished. */
const failingDelivery = (api: TestApi) =>
  withReceiver(api, always(500), async (receiver) => {
    const subscription = await subscribe(api, receiver.url);
    await api.create('/tasks', { ...MINIMAL.task });
    const delivery = await firstDelivery(api, subscription, finished);
    return [delivery.status, delivery.attempts.length, receiver.received.length];
  });

export const WEBHOOK_PROBES: ProbesFor<'wh-'> = {
  'wh-signature-reserialised': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.create('/tasks', { ...MINIMAL.task });
        const [request] = await receiver.waitFor(1);
        return request?.headers['x-service-signature'] === sign(request?.body ?? Buffer.alloc(0), subscription.secret);
      }),
    clean: true,
    faulty: false,
  },
  'wh-old-secret-after-rotate': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        const rotated = (await api.post(`/webhooks/${subscription.id}/rotate-secret`, {})).json().data.secret;
        await api.post(`/webhooks/${subscription.id}/test`, {});
        const [request] = await receiver.waitFor(1);
        const signature = request?.headers['x-service-signature'];
        const body = request?.body ?? Buffer.alloc(0);
        return [signature === sign(body, rotated), signature === sign(body, subscription.secret)];
      }),
    clean: [true, false],
    faulty: [false, true],
  },
  'wh-retry-six': { probe: failingDelivery, clean: ['failed', 5, 5], faulty: ['failed', 6, 6] },
  'wh-no-retry': { probe: failingDelivery, clean: ['failed', 5, 5], faulty: ['failed', 1, 1] },
  'wh-retry-gives-up-after-3': {
    probe: (api) =>
      withReceiver(api, always(500), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.create('/tasks', { ...MINIMAL.task });
        const delivery = await firstDelivery(api, subscription, finished);
        return [delivery.attempts.map((a) => a.status), receiver.received.length];
      }),
    clean: [['retrying', 'retrying', 'retrying', 'retrying', 'failed'], 5],
    faulty: [['retrying', 'retrying', 'failed'], 3],
  },
  'wh-only-200-success': {
    probe: (api) =>
      withReceiver(
        api,
        (i) => [204, 201][i] ?? 200,
        async (receiver) => {
          const subscription = await subscribe(api, receiver.url);
          await api.create('/tasks', { ...MINIMAL.task });
          const delivery = await firstDelivery(api, subscription, finished);
          return [delivery.status, delivery.attempts.map((a) => a.responseStatus)];
        },
      ),
    clean: ['delivered', [204]],
    faulty: ['delivered', [204, 201, 200]],
  },
  'wh-timeout-not-retried': {
    probe: (api) =>
      withReceiver(api, always('hang'), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.create('/tasks', { ...MINIMAL.task });
        // the state right after the first attempt timed out
        const delivery = await firstDelivery(api, subscription, (d) => d.attempts.length >= 1);
        return [delivery.status, delivery.attempts[0]?.responseStatus, delivery.attempts[0]?.error?.startsWith('timeout')];
      }),
    clean: ['retrying', null, true],
    faulty: ['delivered', null, true],
  },
  'wh-inactive-delivers': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const inactive = await subscribe(api, receiver.url, { isActive: false });
        const active = await subscribe(api, receiver.url);
        await api.create('/tasks', { ...MINIMAL.task });
        // deliveries are recorded when the event happens, before any attempt
        return [(await deliveries(api, inactive)).pagination.total, (await deliveries(api, active)).pagination.total];
      }),
    clean: [0, 1],
    faulty: [1, 1],
  },
  'wh-all-events': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url, { events: ['expense.created'] });
        await api.create('/tasks', { ...MINIMAL.task });
        await api.create('/expenses', { ...MINIMAL.expense });
        return events(api, subscription);
      }),
    clean: ['expense.created'],
    faulty: ['task.created', 'expense.created'],
  },
  'wh-event-header-mismatch': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        await subscribe(api, receiver.url, { events: ['expense.created'] });
        await api.create('/expenses', { ...MINIMAL.expense });
        const [request] = await receiver.waitFor(1);
        return [request?.headers['x-service-event'], JSON.parse(String(request?.body)).event];
      }),
    clean: ['expense.created', 'expense.created'],
    faulty: ['task.created', 'expense.created'],
  },
  'wh-timestamp-no-ms': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        await subscribe(api, receiver.url);
        await api.create('/tasks', { ...MINIMAL.task });
        const [request] = await receiver.waitFor(1);
        const { timestamp } = JSON.parse(String(request?.body)) as { timestamp: string };
        return [/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(timestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(timestamp)];
      }),
    clean: [true, false],
    faulty: [false, true],
  },
  'wh-no-expense-approved': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url, { events: ['expense.created', 'expense.approved'] });
        await api.post(`/expenses/${(await api.create('/expenses', { ...MINIMAL.expense })).id}/approve`, {});
        return events(api, subscription);
      }),
    clean: ['expense.created', 'expense.approved'],
    faulty: ['expense.created'],
  },
  'wh-events-list-incomplete': {
    probe: async (api) => {
      const { data } = (await api.get('/webhooks/events')).json() as { data: string[] };
      return [data.length, data.includes('milestone.completed')];
    },
    clean: [16, true],
    faulty: [15, false],
  },
  'wh-secret-hidden-on-get': {
    probe: async (api) => {
      const subscription = await subscribe(api, IDLE_URL);
      return [typeof subscription.secret, typeof (await api.get(`/webhooks/${subscription.id}`)).json().data.secret];
    },
    clean: ['string', 'string'],
    faulty: ['string', 'undefined'],
  },
  'wh-name-unbounded': {
    probe: async (api) => [await create(api, { name: 'x'.repeat(256) }), await create(api, { name: 'x'.repeat(255) }), await create(api, { name: '' })],
    clean: [400, 201, 400],
    faulty: [201, 201, 400],
  },
  'wh-unknown-event-accepted': {
    probe: async (api) => [await create(api, { events: ['task.created', 'order.shipped'] }), await create(api, { events: [] })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'wh-deliveries-filter-ignored': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.post(`/webhooks/${subscription.id}/test`, {});
        await firstDelivery(api, subscription, finished);
        const total = async (query: string) => (await deliveries(api, subscription, query)).pagination.total;
        return [
          await total('?status=failed'),
          await total('?status=delivered'),
          await statusOf(api.get(`/webhooks/${subscription.id}/deliveries?status=done`)),
        ];
      }),
    clean: [0, 1, 400],
    faulty: [1, 1, 400],
  },
  'wh-active-default-false': {
    probe: async (api) => [(await subscribe(api, IDLE_URL)).isActive, (await subscribe(api, IDLE_URL, { isActive: true })).isActive],
    clean: [true, true],
    faulty: [false, true],
  },
  'wh-update-events-merged': {
    probe: async (api) => {
      const subscription = await subscribe(api, IDLE_URL, { events: ['task.created', 'expense.created'] });
      return (await api.patch(`/webhooks/${subscription.id}`, { events: ['quote.sent'] })).json().data.events;
    },
    clean: ['quote.sent'],
    faulty: ['task.created', 'expense.created', 'quote.sent'],
  },
  'wh-filter-active-ignored': {
    probe: async (api) => {
      await subscribe(api, IDLE_URL, { name: 'on' });
      await subscribe(api, IDLE_URL, { name: 'off', isActive: false });
      const names = async (query: string) => ((await api.get(`/webhooks${query}`)).json().data as { name: string }[]).map((w) => w.name).join(',');
      return [await names('?isActive=true'), await names('?isActive=false')];
    },
    clean: ['on', 'off'],
    faulty: ['on,off', 'on,off'],
  },
  'wh-delete-deactivates': {
    probe: async (api) => {
      const subscription = await subscribe(api, IDLE_URL);
      const deleted = await statusOf(api.delete(`/webhooks/${subscription.id}`));
      const read = await api.get(`/webhooks/${subscription.id}`);
      return [deleted, read.statusCode, read.statusCode === 200 ? read.json().data.isActive : null];
    },
    clean: [204, 404, null],
    faulty: [204, 200, false],
  },
  'wh-test-unsigned': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.post(`/webhooks/${subscription.id}/test`, {});
        await api.create('/tasks', { ...MINIMAL.task });
        const requests = await receiver.waitFor(2);
        // [test delivery signed, event delivery signed]
        return ['test', 'event'].map((kind) => {
          const request = requests.find((r) => (JSON.parse(String(r.body)).data?.test === true) === (kind === 'test'));
          return request?.headers['x-service-signature'] === sign(request?.body ?? Buffer.alloc(0), subscription.secret);
        });
      }),
    clean: [true, true],
    faulty: [false, true],
  },
  'wh-second-events-change-ignored': {
    probe: async (api) => {
      const subscription = await subscribe(api, IDLE_URL);
      await api.patch(`/webhooks/${subscription.id}`, { events: ['milestone.completed'] });
      await api.patch(`/webhooks/${subscription.id}`, { events: ['task.created'] });
      await api.create('/tasks', { ...MINIMAL.task });
      const total = (await deliveries(api, subscription)).pagination.total;
      await api.app.close();
      return total;
    },
    clean: 1,
    faulty: 0,
  },
  'wh-second-url-change-ignored': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        await api.patch(`/webhooks/${subscription.id}`, { url: IDLE_URL });
        await api.patch(`/webhooks/${subscription.id}`, { url: receiver.url });
        await api.create('/tasks', { ...MINIMAL.task });
        const delivery = await firstDelivery(api, subscription, (d) => d.attempts.length >= 1);
        return delivery.attempts[0]?.responseStatus;
      }),
    clean: 200,
    faulty: null,
  },
  'wh-second-deactivation-ignored': {
    probe: async (api) => {
      const subscription = await subscribe(api, IDLE_URL, { isActive: false });
      await api.patch(`/webhooks/${subscription.id}`, { isActive: true });
      await api.patch(`/webhooks/${subscription.id}`, { isActive: false });
      await api.create('/tasks', { ...MINIMAL.task });
      const total = (await deliveries(api, subscription)).pagination.total;
      await api.app.close();
      return total;
    },
    clean: 0,
    faulty: 1,
  },
  'wh-second-rotation-ignored': {
    probe: (api) =>
      withReceiver(api, always(200), async (receiver) => {
        const subscription = await subscribe(api, receiver.url);
        const first = (await api.post(`/webhooks/${subscription.id}/rotate-secret`, {})).json().data.secret;
        const second = (await api.post(`/webhooks/${subscription.id}/rotate-secret`, {})).json().data.secret;
        await api.post(`/webhooks/${subscription.id}/test`, {});
        const [request] = await receiver.waitFor(1);
        const signature = request?.headers['x-service-signature'];
        const body = request?.body ?? Buffer.alloc(0);
        return [signature === sign(body, second), signature === sign(body, first)];
      }),
    clean: [true, false],
    faulty: [false, true],
  },
  'wh-deliveries-of-organisation': {
    probe: async (api) => {
      const one = await subscribe(api, IDLE_URL);
      await subscribe(api, IDLE_URL);
      await api.create('/tasks', { ...MINIMAL.task });
      const total = (await deliveries(api, one)).pagination.total;
      await api.app.close();
      return total;
    },
    clean: 1,
    faulty: 2,
  },
};
