import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSubscription, rotateSecret, type StoredSubscription } from '../models/webhooks.js';
import type { WebhookCreateInput } from '../schemas/webhooks.js';
import { PartitionedStore } from '../store.js';
import { ORG_A, ORG_B, startReceiver, type ReceiverAnswer, type TestReceiver } from '../testing/test-api.js';
import { DELIVERIES_POLICY } from './delivery.faults.js';
import { DeliveryEngine, MAX_ATTEMPTS, signatureOf, type WebhookOptions } from './engine.js';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const hmac = (body: Buffer | string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/** Everything a test starts, closed after it. */
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of running.splice(0).reverse()) await thing.close();
});

interface Setup {
  engine: DeliveryEngine;
  subscriptions: PartitionedStore<StoredSubscription>;
  receiver: TestReceiver;
  subscribe(body?: Partial<WebhookCreateInput>, organisationId?: string): StoredSubscription;
}

async function setup(answer?: (index: number) => ReceiverAnswer, options: Partial<WebhookOptions> & { now?: () => Date } = {}): Promise<Setup> {
  const receiver = await startReceiver(answer);
  const subscriptions = new PartitionedStore<StoredSubscription>();
  const engine = new DeliveryEngine({ subscriptions, policy: DELIVERIES_POLICY, backoffBaseMs: 5, timeoutMs: 1000, ...options });
  // the engine first: closing it aborts what the receiver still holds
  running.push(receiver, engine);
  let n = 0;
  return {
    engine,
    subscriptions,
    receiver,
    subscribe(body = {}, organisationId = ORG_A) {
      const input: WebhookCreateInput = { name: `hook ${++n}`, url: receiver.url, events: ['task.created'], ...body };
      return subscriptions.insert(organisationId, createSubscription(input, randomUUID(), SECRET, new Date().toISOString()));
    },
  };
}

describe('signatureOf', () => {
  it('is sha256= and the hex HMAC-SHA256 of the bytes', () => {
    expect(signatureOf('{"a":1}', 'k')).toBe(`sha256=${hmac('{"a":1}', 'k')}`);
    expect(signatureOf(Buffer.from('é'), 'k')).toBe(`sha256=${hmac(Buffer.from('é', 'utf8'), 'k')}`);
  });
});

describe('DeliveryEngine', () => {
  it('POSTs the event as signed JSON and records one delivered attempt', async () => {
    const at = new Date('2026-01-01T10:00:00.000Z');
    const { engine, receiver, subscribe } = await setup(undefined, { now: () => at });
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', { id: 't1', name: 'Design' });
    // recorded at once, before any attempt
    const [pending] = engine.deliveries(ORG_A, subscription.id);
    expect(pending).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subscriptionId: subscription.id,
      event: 'task.created',
      status: 'pending',
      attempts: [],
      attemptCount: 0,
      firstAttemptId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    });

    const [request] = await receiver.waitFor(1);
    await engine.whenIdle();
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hook');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-service-event']).toBe('task.created');
    expect(request?.headers['x-service-delivery']).toBe(pending?.id);
    expect(request?.headers['x-service-signature']).toBe(`sha256=${hmac(request?.body ?? '', SECRET)}`);
    expect(request?.body.toString()).toBe('{"event":"task.created","timestamp":"2026-01-01T10:00:00.000Z","data":{"id":"t1","name":"Design"}}');
    expect(engine.deliveries(ORG_A, subscription.id)).toEqual([
      {
        ...pending,
        status: 'delivered',
        attempts: [
          {
            id: pending?.firstAttemptId,
            attempt: 1,
            status: 'delivered',
            at: at.toISOString(),
            completedAt: at.toISOString(),
            responseStatus: 200,
            error: null,
          },
        ],
        attemptCount: 1,
      },
    ]);
  });

  it('sends only to active subscriptions of the organisation that list the event', async () => {
    const { engine, subscribe } = await setup();
    const listed = subscribe({ events: ['expense.created', 'task.created'] });
    const other = subscribe({ events: ['task.completed'] });
    const inactive = subscribe({ isActive: false });
    const elsewhere = subscribe({}, ORG_B);
    engine.publish(ORG_A, 'task.created', {});
    await engine.whenIdle();
    expect(engine.deliveries(ORG_A, listed.id).map((d) => d.status)).toEqual(['delivered']);
    for (const s of [other, inactive]) expect(engine.deliveries(ORG_A, s.id)).toEqual([]);
    expect(engine.deliveries(ORG_B, elsewhere.id)).toEqual([]);
  });

  it('retries a non-2xx answer with the same id and bytes until a 2xx, retrying in between', async () => {
    const { engine, receiver, subscribe } = await setup((i) => [500, 503][i] ?? 200);
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', { n: 1 });
    const [first] = await receiver.waitFor(1);
    await receiver.waitFor(3);
    await engine.whenIdle();
    expect(receiver.received).toHaveLength(3);
    for (const request of receiver.received) {
      expect(request.body.equals(first?.body ?? Buffer.alloc(0))).toBe(true);
      expect(request.headers['x-service-delivery']).toBe(first?.headers['x-service-delivery']);
    }
    const [delivery] = engine.deliveries(ORG_A, subscription.id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.attempt, a.status, a.responseStatus, a.error])).toEqual([
      [1, 'retrying', 500, null],
      [2, 'retrying', 503, null],
      [3, 'delivered', 200, null],
    ]);
    expect(new Set(delivery?.attempts.map((a) => a.id)).size).toBe(3);
  });

  it('is retrying between attempts', async () => {
    const { engine, receiver, subscribe } = await setup((i) => (i === 0 ? 500 : 'hang'), { timeoutMs: 5000 });
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', {});
    await receiver.waitFor(2);
    // the second attempt hangs: the first is recorded, the delivery waits as retrying
    expect(engine.deliveries(ORG_A, subscription.id).map((d) => [d.status, d.attemptCount])).toEqual([['retrying', 1]]);
  });

  it('makes five attempts in all, spaced base * 2^(n-1), then fails', async () => {
    const { engine, receiver, subscribe } = await setup(() => 500, { backoffBaseMs: 10 });
    const subscription = subscribe();
    const arrivals: number[] = [];
    engine.publish(ORG_A, 'task.created', {});
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      await receiver.waitFor(n);
      arrivals.push(performance.now());
    }
    await engine.whenIdle();
    // idle: no timer is left, so no sixth attempt can come
    expect(receiver.received).toHaveLength(5);
    const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] ?? 0));
    gaps.forEach((gap, i) => {
      expect(gap, `gap after attempt ${i + 1}`).toBeGreaterThanOrEqual(10 * 2 ** i - 2);
    });
    const [delivery] = engine.deliveries(ORG_A, subscription.id);
    expect([delivery?.status, delivery?.attemptCount]).toEqual(['failed', 5]);
    // each attempt keeps the status it left: the earlier ones were followed by a retry
    expect(delivery?.attempts.map((a) => a.status)).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'failed']);
  });

  it.each([200, 201, 202, 204, 299])('takes %i as success', async (status) => {
    const { engine, receiver, subscribe } = await setup(() => status);
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', {});
    await engine.whenIdle();
    expect(receiver.received).toHaveLength(1);
    expect(engine.deliveries(ORG_A, subscription.id)[0]?.status).toBe('delivered');
  });

  it.each([302, 400, 404, 500])('takes %i as a failure', async (status) => {
    const { engine, receiver, subscribe } = await setup((i) => (i === 0 ? status : 200));
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', {});
    await receiver.waitFor(2);
    await engine.whenIdle();
    expect(engine.deliveries(ORG_A, subscription.id)[0]?.attempts.map((a) => a.responseStatus)).toEqual([status, 200]);
  });

  it('aborts an attempt after timeoutMs, records the timeout and retries', async () => {
    const { engine, receiver, subscribe } = await setup((i) => (i === 0 ? 'hang' : 200), { timeoutMs: 100 });
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', {});
    await receiver.waitFor(2);
    await engine.whenIdle();
    const [delivery] = engine.deliveries(ORG_A, subscription.id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.responseStatus, a.error])).toEqual([
      [null, 'timeout after 100 ms'],
      [200, null],
    ]);
  });

  it('records connection errors and fails after five of them', async () => {
    const { engine, receiver, subscribe } = await setup();
    const subscription = subscribe();
    await receiver.close();
    engine.publish(ORG_A, 'task.created', {});
    await engine.whenIdle();
    const [delivery] = engine.deliveries(ORG_A, subscription.id);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toHaveLength(5);
    for (const attempt of delivery?.attempts ?? []) {
      expect(attempt.responseStatus).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
    }
  });

  it('reads the subscription at each attempt: a retry after rotation carries the new signature', async () => {
    let setupDone: Setup | undefined;
    const rotated = 'whsec_ffffffffffffffffffffffffffffffff';
    const answer = (i: number): ReceiverAnswer => {
      if (i === 0 && setupDone !== undefined) {
        const s = setupDone.subscriptions.list(ORG_A)[0] as StoredSubscription;
        setupDone.subscriptions.replace(ORG_A, rotateSecret(s, rotated, new Date().toISOString()));
      }
      return i === 0 ? 500 : 200;
    };
    setupDone = await setup(answer);
    const { engine, receiver, subscribe } = setupDone;
    subscribe();
    engine.publish(ORG_A, 'task.created', {});
    const [first, second] = await receiver.waitFor(2);
    expect(first?.headers['x-service-signature']).toBe(`sha256=${hmac(first?.body ?? '', SECRET)}`);
    expect(second?.headers['x-service-signature']).toBe(`sha256=${hmac(second?.body ?? '', rotated)}`);
  });

  it('sendTest delivers the first listed event with data {test: true}, to an inactive subscription too', async () => {
    const { engine, receiver, subscribe } = await setup();
    const subscription = subscribe({ events: ['milestone.completed', 'task.created'], isActive: false });
    const delivery = engine.sendTest(ORG_A, subscription);
    expect(delivery).toMatchObject({ subscriptionId: subscription.id, event: 'milestone.completed', status: 'pending' });
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['x-service-delivery']).toBe(delivery.id);
    expect(JSON.parse(String(request?.body))).toEqual({ event: 'milestone.completed', timestamp: expect.any(String), data: { test: true } });
  });

  it('forget drops the deliveries of a deleted subscription and their retries', async () => {
    let forget = (): void => undefined;
    const { engine, receiver, subscribe } = await setup((i) => {
      if (i === 0) forget();
      return 500;
    });
    const subscription = subscribe();
    forget = () => engine.forget(ORG_A, subscription.id);
    engine.publish(ORG_A, 'task.created', {});
    await receiver.waitFor(1);
    await engine.whenIdle();
    expect(receiver.received).toHaveLength(1);
    expect(engine.deliveries(ORG_A, subscription.id)).toEqual([]);
  });

  it('close aborts attempts in flight, clears retries and publishes nothing more', async () => {
    // The attempt's timeout outlasts the test's: a close that waited for it would time the test out.
    const { engine, receiver, subscribe } = await setup(() => 'hang', { timeoutMs: 120_000 });
    const subscription = subscribe();
    engine.publish(ORG_A, 'task.created', {});
    await receiver.waitFor(1);
    await engine.close();
    expect(engine.deliveries(ORG_A, subscription.id).map((d) => d.status)).toEqual(['pending']);
    engine.publish(ORG_A, 'task.created', {});
    expect(engine.deliveries(ORG_A, subscription.id)).toHaveLength(1);
    await engine.whenIdle();
    await engine.close();
  });
});
