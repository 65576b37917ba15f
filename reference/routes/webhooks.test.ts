import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryAttemptRow, DeliveryRecord } from '../models/webhooks.js';
import { WEBHOOK_EVENTS } from '../schemas/webhooks.js';
import {
  KEY_A_MEMBER,
  KEY_B_ADMIN,
  MINIMAL,
  poll,
  startReceiver,
  testApi,
  type ReceivedRequest,
  type ReceiverAnswer,
  type TestApi,
  type TestReceiver,
  type TestRecord,
} from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
/** Nothing listens here; used where no event fires. */
const IDLE_URL = 'http://127.0.0.1:9/hook';
const HOOK = { name: 'Ops hook', url: IDLE_URL, events: ['task.created'] } as const;
const SECRET_SHAPE = /^whsec_[0-9a-f]{32}$/;
const jsonHeaders = { 'content-type': 'application/json' };

const subscribe = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/webhooks', { ...HOOK, ...body }, key);
const hmac = (body: Buffer, secret: unknown) => `sha256=${createHmac('sha256', String(secret)).update(body).digest('hex')}`;
const bodyOf = (request: ReceivedRequest | undefined) =>
  JSON.parse(String(request?.body)) as { event: string; timestamp: string; data: Record<string, unknown> };
/** The plain log: one row per attempt. */
const deliveries = async (api: TestApi, id: string, query = '') =>
  (await api.get(`/webhooks/${id}/deliveries${query}`)).json() as { data: DeliveryAttemptRow[]; pagination: { total: number } };
/** The log of the deliveries-per-delivery variant: one record per delivery. */
const records = async (api: TestApi, id: string, query = '') =>
  (await api.get(`/webhooks/${id}/deliveries${query}`)).json() as { data: DeliveryRecord[]; pagination: { total: number } };

/** Apps and receivers a test starts: the apps are closed first (that stops their retries). */
const apps: TestApi[] = [];
const receivers: TestReceiver[] = [];
afterEach(async () => {
  for (const api of apps.splice(0)) await api.app.close();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function appWithReceiver(
  answer?: (index: number) => ReceiverAnswer,
  timeoutMs?: number,
  variants: string[] = [],
): Promise<{ api: TestApi; receiver: TestReceiver }> {
  const api = await testApi({ variants, ...(timeoutMs === undefined ? {} : { webhooks: { backoffBaseMs: 5, timeoutMs } }) });
  const receiver = await startReceiver(answer);
  apps.push(api);
  receivers.push(receiver);
  return { api, receiver };
}

describe('POST /webhooks', () => {
  it('answers 201 with the record and a whsec_ secret; isActive defaults to true; unknown properties are dropped', async () => {
    const api = await testApi();
    const response = await api.post('/webhooks', { ...HOOK, secret: 'whsec_mine', colour: 'red' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ops hook',
      url: IDLE_URL,
      events: ['task.created'],
      description: null,
      isActive: true,
      secret: expect.stringMatching(SECRET_SHAPE),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const full = { name: 'x'.repeat(255), url: `https://example.com/${'p'.repeat(480)}`, events: [...WEBHOOK_EVENTS], description: 'd', isActive: false };
    expect(full.url).toHaveLength(500);
    expect(await subscribe(api, full)).toMatchObject(full);
    const secrets = new Set([(await subscribe(api)).secret, (await subscribe(api)).secret]);
    expect(secrets.size).toBe(2);
  });

  it.each([
    ['missing name', { url: IDLE_URL, events: ['task.created'] }, 'name'],
    ['missing url', { name: 'x', events: ['task.created'] }, 'url'],
    ['missing events', { name: 'x', url: IDLE_URL }, 'events'],
    ['empty name', { ...HOOK, name: '' }, 'name'],
    ['name of 256 characters', { ...HOOK, name: 'x'.repeat(256) }, 'name'],
    ['url without scheme', { ...HOOK, url: 'example.com/hook' }, 'url'],
    ['ftp url', { ...HOOK, url: 'ftp://example.com/hook' }, 'url'],
    ['url of 501 characters', { ...HOOK, url: `https://example.com/${'p'.repeat(481)}` }, 'url'],
    ['no events', { ...HOOK, events: [] }, 'events'],
    ['unknown event', { ...HOOK, events: ['task.created', 'task.deleted'] }, 'events.1'],
    ['event as a string', { ...HOOK, events: 'task.created' }, 'events'],
    ['null description on create', { ...HOOK, description: null }, 'description'],
    ['string isActive', { ...HOOK, isActive: 'yes' }, 'isActive'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/webhooks', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path, message: expect.any(String) }]) });
  });
});

describe('admin key (spec 4.11, 5.5)', () => {
  it('refuses create, update and delete with a non-admin key: 403 FORBIDDEN before the body or the id, nothing changed', async () => {
    const api = await testApi();
    const record = await subscribe(api);
    const refused = [
      await api.post('/webhooks', HOOK, KEY_A_MEMBER),
      await api.post('/webhooks', { name: '' }, KEY_A_MEMBER),
      await api.patch(`/webhooks/${record.id}`, { name: 'renamed' }, KEY_A_MEMBER),
      await api.patch(`/webhooks/${UNKNOWN_ID}`, { name: '' }, KEY_A_MEMBER),
      await api.delete(`/webhooks/${record.id}`, KEY_A_MEMBER),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect((await api.get('/webhooks')).json().data.map((s: { name: string }) => s.name)).toEqual(['Ops hook']);
  });

  it('lets a non-admin key read, list deliveries, test and rotate', async () => {
    const api = await testApi();
    const { id } = await subscribe(api);
    for (const response of [
      await api.get('/webhooks', KEY_A_MEMBER),
      await api.get('/webhooks/events', KEY_A_MEMBER),
      await api.get(`/webhooks/${id}`, KEY_A_MEMBER),
      await api.get(`/webhooks/${id}/deliveries`, KEY_A_MEMBER),
      await api.post(`/webhooks/${id}/rotate-secret`, {}, KEY_A_MEMBER),
      await api.post(`/webhooks/${id}/test`, {}, KEY_A_MEMBER),
    ]) {
      expect(response.statusCode).toBe(200);
    }
    await api.app.close();
  });
});

describe('GET /webhooks', () => {
  it('lists the organisation subscriptions without their secrets, paged, filtered by isActive', async () => {
    const api = await testApi();
    const on = await subscribe(api, { name: 'on' });
    await subscribe(api, { name: 'off', isActive: false });
    await subscribe(api, { name: 'theirs' }, KEY_B_ADMIN);
    const all = await api.get('/webhooks');
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ limit: 50, offset: 0, total: 2 });
    const { secret: _secret, ...summary } = on;
    expect(all.json().data[0]).toEqual(summary);
    const names = async (query: string) => (await api.get(`/webhooks${query}`)).json().data.map((s: { name: string }) => s.name);
    expect(await names('?isActive=true')).toEqual(['on']);
    expect(await names('?isActive=false')).toEqual(['off']);
    expect(await names('?isActive=TRUE')).toEqual(['off']);
    expect(await names('?limit=1&offset=1')).toEqual(['off']);
    for (const query of ['limit=0', 'limit=101', 'offset=-1']) expect((await api.get(`/webhooks?${query}`)).statusCode, query).toBe(400);
  });
});

describe('GET /webhooks/events', () => {
  it('answers the 16 event names of 6.1, not an id lookup', async () => {
    const api = await testApi();
    const response = await api.get('/webhooks/events');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        'invoice.created',
        'invoice.sent',
        'invoice.paid',
        'invoice.overdue',
        'quote.created',
        'quote.sent',
        'quote.accepted',
        'quote.rejected',
        'project.created',
        'project.completed',
        'task.created',
        'task.completed',
        'time_entry.created',
        'expense.created',
        'expense.approved',
        'milestone.completed',
      ],
    });
    expect((await api.get('/webhooks/events', null)).statusCode).toBe(401);
  });
});

describe('GET/PATCH/DELETE /webhooks/{id}', () => {
  it('reads one subscription with its secret', async () => {
    const api = await testApi();
    const record = await subscribe(api);
    const response = await api.get(`/webhooks/${record.id.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(record);
  });

  it('answers 404 for an unknown, non-UUID or other-organisation id on every operation', async () => {
    const api = await testApi();
    const other = await subscribe(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'nope', other.id]) {
      for (const response of [
        await api.get(`/webhooks/${id}`),
        await api.patch(`/webhooks/${id}`, { name: 'y' }),
        await api.delete(`/webhooks/${id}`),
        await api.get(`/webhooks/${id}/deliveries`),
        await api.post(`/webhooks/${id}/rotate-secret`, {}),
        await api.post(`/webhooks/${id}/test`, {}),
      ]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect((await api.get(`/webhooks/${other.id}`, KEY_B_ADMIN)).json().data).toEqual(other);
  });

  it('PATCH applies the given fields, keeps the omitted ones and clears description with null', async () => {
    const api = await testApi();
    const record = await subscribe(api, { description: 'd' });
    const changes = { name: 'Renamed', url: 'https://example.com/new', events: ['expense.created', 'expense.approved'], isActive: false };
    const response = await api.patch(`/webhooks/${record.id}`, { ...changes, secret: 'whsec_mine' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...record, ...changes, updatedAt: expect.any(String) });
    const cleared = await api.patch(`/webhooks/${record.id}`, { description: null });
    expect(cleared.json().data).toEqual({ ...record, ...changes, description: null, updatedAt: expect.any(String) });
    for (const body of [
      { name: '' },
      { name: null },
      { url: 'nope' },
      { url: null },
      { events: [] },
      { events: ['x'] },
      { isActive: null },
      { description: 5 },
    ]) {
      expect((await api.patch(`/webhooks/${record.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.patch(`/webhooks/${UNKNOWN_ID}`, { name: '' })).statusCode).toBe(400);
  });

  it('DELETE is a real delete: 204 without body, then 404 everywhere', async () => {
    const api = await testApi();
    const { id } = await subscribe(api);
    const response = await api.delete(`/webhooks/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.get(`/webhooks/${id}`)).statusCode).toBe(404);
    expect((await api.get(`/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect((await api.get('/webhooks')).json().pagination.total).toBe(0);
  });
});

describe('POST /webhooks/{id}/rotate-secret', () => {
  it('answers a new secret, which GET shows from then on; no body, an empty body and {} all work', async () => {
    const api = await testApi();
    const record = await subscribe(api);
    const seen = new Set([record.secret]);
    for (const request of [
      api.request({ method: 'POST', url: `/webhooks/${record.id}/rotate-secret` }),
      api.request({ method: 'POST', url: `/webhooks/${record.id}/rotate-secret`, payload: '', headers: jsonHeaders }),
      api.post(`/webhooks/${record.id}/rotate-secret`, { secret: 'ignored' }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toEqual({ secret: expect.stringMatching(SECRET_SHAPE) });
      expect(seen.has(data.secret)).toBe(false);
      seen.add(data.secret);
      expect((await api.get(`/webhooks/${record.id}`)).json().data.secret).toBe(data.secret);
    }
  });

  it('later deliveries are signed with the new secret only', async () => {
    const { api, receiver } = await appWithReceiver();
    const record = await subscribe(api, { url: receiver.url });
    const { secret } = (await api.post(`/webhooks/${record.id}/rotate-secret`, {})).json().data;
    await api.post(`/webhooks/${record.id}/test`, {});
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['x-service-signature']).toBe(hmac(request?.body ?? Buffer.alloc(0), secret));
    expect(request?.headers['x-service-signature']).not.toBe(hmac(request?.body ?? Buffer.alloc(0), record.secret));
  });
});

describe('POST /webhooks/{id}/test and GET /webhooks/{id}/deliveries', () => {
  it('sends the first listed event with data {test: true} and lists its attempt', async () => {
    const { api, receiver } = await appWithReceiver();
    const record = await subscribe(api, { url: receiver.url, events: ['invoice.paid', 'task.created'] });
    const response = await api.post(`/webhooks/${record.id}/test`, {});
    expect(response.statusCode).toBe(200);
    const { deliveryId } = response.json().data;
    expect(response.json()).toEqual({ data: { deliveryId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['x-service-delivery']).toBe(deliveryId);
    expect(request?.headers['x-service-event']).toBe('invoice.paid');
    expect(request?.headers['x-service-signature']).toBe(hmac(request?.body ?? Buffer.alloc(0), record.secret));
    expect(bodyOf(request)).toEqual({
      event: 'invoice.paid',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { test: true },
    });

    const delivered = await poll(async () => {
      const [row] = (await deliveries(api, record.id)).data;
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      deliveryId,
      subscriptionId: record.id,
      event: 'invoice.paid',
      attempt: 1,
      status: 'delivered',
      responseStatus: 200,
      error: null,
      createdAt: expect.any(String),
      completedAt: expect.any(String),
    });
    expect(delivered.id).not.toBe(deliveryId);
  });

  it('shows a delivery not attempted yet as one pending row, which becomes its first attempt', async () => {
    // the first answer hangs until the attempt times out: the row stays pending that long
    const { api, receiver } = await appWithReceiver((i) => (i === 0 ? 'hang' : 200));
    const record = await subscribe(api, { url: receiver.url });
    await api.post(`/webhooks/${record.id}/test`, {});
    const [pending, ...others] = (await deliveries(api, record.id)).data;
    expect(others).toEqual([]);
    expect(pending).toMatchObject({ attempt: 1, status: 'pending', responseStatus: null, completedAt: null });
    const rows = await poll(async () => {
      const data = (await deliveries(api, record.id)).data;
      return data.at(-1)?.status === 'delivered' ? data : undefined;
    });
    expect(rows.map((r) => [r.deliveryId, r.attempt, r.status, r.responseStatus])).toEqual([
      [pending?.deliveryId, 1, 'retrying', null],
      [pending?.deliveryId, 2, 'delivered', 200],
    ]);
    expect(rows[0]?.id).toBe(pending?.id);
    expect(rows[0]?.error).toMatch(/^timeout/);
  });

  it('lists every attempt of a failing delivery: earlier ones stay retrying, the last is failed', async () => {
    const { api, receiver } = await appWithReceiver(() => 500);
    const record = await subscribe(api, { url: receiver.url });
    const { deliveryId } = (await api.post(`/webhooks/${record.id}/test`, {})).json().data;
    const rows = await poll(async () => {
      const data = (await deliveries(api, record.id)).data;
      return data.at(-1)?.status === 'failed' ? data : undefined;
    });
    expect(rows.map((r) => [r.deliveryId, r.attempt, r.status, r.responseStatus])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [deliveryId, n, n === 5 ? 'failed' : 'retrying', 500]),
    );
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
    expect(receiver.received).toHaveLength(5);
  });

  it('filters the attempt rows by status, pages them, and rejects other status values', async () => {
    const { api, receiver } = await appWithReceiver((i) => (i === 0 ? 200 : 500));
    const record = await subscribe(api, { url: receiver.url });
    await api.post(`/webhooks/${record.id}/test`, {});
    await receiver.waitFor(1);
    await api.post(`/webhooks/${record.id}/test`, {});
    await poll(async () => ((await deliveries(api, record.id, '?status=failed')).pagination.total === 1 ? true : undefined));
    expect((await deliveries(api, record.id)).data.map((d) => d.status)).toEqual(['delivered', 'retrying', 'retrying', 'retrying', 'retrying', 'failed']);
    expect((await deliveries(api, record.id, '?status=delivered')).data.map((d) => d.attempt)).toEqual([1]);
    expect((await deliveries(api, record.id, '?status=failed')).data.map((d) => d.attempt)).toEqual([5]);
    expect((await deliveries(api, record.id, '?status=retrying')).data.map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
    expect((await deliveries(api, record.id, '?status=pending')).pagination.total).toBe(0);
    const page = await deliveries(api, record.id, '?limit=1&offset=5');
    expect([page.data.map((d) => d.status), page.pagination]).toEqual([['failed'], { limit: 1, offset: 5, total: 6 }]);
    for (const query of ['status=done', 'status=', 'status=Failed', 'limit=0']) {
      expect((await api.get(`/webhooks/${record.id}/deliveries?${query}`)).statusCode, query).toBe(400);
    }
    // the query is judged before the id
    expect((await api.get(`/webhooks/${UNKNOWN_ID}/deliveries?status=done`)).statusCode).toBe(400);
  });
});

describe('events (spec 6)', () => {
  /** The event bodies the receiver got, once `count` have arrived. */
  const received = async (receiver: TestReceiver, count: number) => (await receiver.waitFor(count)).map(bodyOf);

  it('task.created on POST /tasks, task.completed when an update first sets completed', async () => {
    const { api, receiver } = await appWithReceiver();
    await subscribe(api, { url: receiver.url, events: ['task.created', 'task.completed'] });
    const task = await api.create('/tasks', { ...MINIMAL.task });
    await api.patch(`/tasks/${task.id}`, { status: 'in_progress' });
    const completed = (await api.patch(`/tasks/${task.id}`, { status: 'completed' })).json().data;
    // already completed: no second completion
    await api.patch(`/tasks/${task.id}`, { status: 'completed', name: 'Renamed' });
    await api.create('/tasks', { ...MINIMAL.task, name: 'Second' });
    const bodies = await received(receiver, 3);
    expect(bodies.map((b) => [b.event, b.data.name])).toEqual([
      ['task.created', 'Design'],
      ['task.completed', 'Design'],
      ['task.created', 'Second'],
    ]);
    expect(bodies[0]?.data).toEqual(task);
    expect(bodies[1]?.data).toEqual(completed);
    expect(receiver.received.map((r) => r.headers['x-service-event'])).toEqual(['task.created', 'task.completed', 'task.created']);
  });

  it('time_entry.created on POST /time-entries and for each entry of POST /batch/time-entries', async () => {
    const { api, receiver } = await appWithReceiver();
    await subscribe(api, { url: receiver.url, events: ['time_entry.created'] });
    const single = await api.create('/time-entries', { ...MINIMAL.timeEntry, description: 'single' });
    const batch = (
      await api.post('/batch/time-entries', {
        entries: [
          { ...MINIMAL.timeEntry, description: 'b1' },
          { ...MINIMAL.timeEntry, description: 'b2' },
        ],
      })
    ).json().data;
    const bodies = await received(receiver, 3);
    const byDescription = Object.fromEntries(bodies.map((b) => [b.data.description, b]));
    expect(Object.keys(byDescription).sort()).toEqual(['b1', 'b2', 'single']);
    expect(byDescription.single?.data).toEqual(single);
    expect(byDescription.b2?.data).toEqual(batch[1]);
    expect(bodies.every((b) => b.event === 'time_entry.created')).toBe(true);
  });

  it('expense.created on POST /expenses and expense.approved on approve', async () => {
    const { api, receiver } = await appWithReceiver();
    await subscribe(api, { url: receiver.url, events: ['expense.created', 'expense.approved'] });
    const expense = await api.create('/expenses', { ...MINIMAL.expense });
    await received(receiver, 1);
    const approved = (await api.post(`/expenses/${expense.id}/approve`, {})).json().data;
    // a status set through update is no approval
    await api.patch(`/expenses/${expense.id}`, { status: 'approved' });
    const bodies = await received(receiver, 2);
    expect(bodies.map((b) => [b.event, b.data])).toEqual([
      ['expense.created', expense],
      ['expense.approved', approved],
    ]);
  });

  it('milestone.completed on POST /milestones/{id}/complete', async () => {
    const { api, receiver } = await appWithReceiver();
    await subscribe(api, { url: receiver.url, events: ['milestone.completed'] });
    const milestone = await api.create('/milestones', { ...MINIMAL.milestone });
    const completed = (await api.post(`/milestones/${milestone.id}/complete`, { completedDate: '2024-05-01' })).json().data;
    const [body] = await received(receiver, 1);
    expect(body).toEqual({ event: 'milestone.completed', timestamp: expect.any(String), data: completed });
  });

  it('reaches only active subscriptions of the same organisation that list the event', async () => {
    const { api, receiver } = await appWithReceiver();
    const url = (tag: string) => `${receiver.url}?to=${tag}`;
    const subscriptions: Record<string, TestRecord> = {
      listed: await subscribe(api, { url: url('listed'), events: ['expense.created', 'task.created'] }),
      unlisted: await subscribe(api, { url: url('unlisted'), events: ['task.completed'] }),
      inactive: await subscribe(api, { url: url('inactive'), isActive: false }),
      deactivated: await subscribe(api, { url: url('deactivated') }),
      theirs: await subscribe(api, { url: url('theirs') }, KEY_B_ADMIN),
    };
    await api.patch(`/webhooks/${subscriptions.deactivated?.id}`, { isActive: false });
    await api.create('/tasks', { ...MINIMAL.task });
    await receiver.waitFor(1);
    for (const [tag, record] of Object.entries(subscriptions)) {
      const key = tag === 'theirs' ? KEY_B_ADMIN : undefined;
      const total = (await api.get(`/webhooks/${record.id}/deliveries`, key)).json().pagination.total;
      expect(total, tag).toBe(tag === 'listed' ? 1 : 0);
    }
    await api.app.close();
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook?to=listed']);
  });

  it('never delays the answer: a hanging receiver does not hold the request', async () => {
    // The delivery's timeout outlasts the test's: a request held until it gave up would time the test out.
    const { api, receiver } = await appWithReceiver(() => 'hang', 120_000);
    await subscribe(api, { url: receiver.url });
    expect((await api.post('/tasks', { ...MINIMAL.task })).statusCode).toBe(201);
    await receiver.waitFor(1);
  });
});

describe('GET /webhooks/{id}/deliveries under the deliveries-per-delivery variant', () => {
  it('lists one record per delivery with its attempts inside, filtered by the delivery status', async () => {
    const { api, receiver } = await appWithReceiver((i) => (i === 0 ? 200 : 500), undefined, ['deliveries-per-delivery']);
    const record = await subscribe(api, { url: receiver.url });
    const first = (await api.post(`/webhooks/${record.id}/test`, {})).json().data.deliveryId;
    await receiver.waitFor(1);
    const second = (await api.post(`/webhooks/${record.id}/test`, {})).json().data.deliveryId;
    await poll(async () => ((await records(api, record.id, '?status=failed')).pagination.total === 1 ? true : undefined));
    const { data, pagination } = await records(api, record.id);
    expect(pagination.total).toBe(2);
    expect(data[0]).toEqual({
      id: first,
      subscriptionId: record.id,
      event: 'task.created',
      status: 'delivered',
      attempts: [{ attempt: 1, status: 'delivered', responseStatus: 200, error: null, sentAt: expect.any(String), completedAt: expect.any(String) }],
      attemptCount: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect([data[1]?.id, data[1]?.status, data[1]?.attemptCount]).toEqual([second, 'failed', 5]);
    expect(data[1]?.attempts.map((a) => [a.attempt, a.status, a.responseStatus])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, n === 5 ? 'failed' : 'retrying', 500]),
    );
    expect((await records(api, record.id, '?status=failed')).data.map((d) => d.id)).toEqual([second]);
    expect((await records(api, record.id, '?status=delivered')).data.map((d) => d.id)).toEqual([first]);
    // the filter applies to the delivery's status, not its attempts'
    expect((await records(api, record.id, '?status=retrying')).pagination.total).toBe(0);
  });
});

describe('closing the app', () => {
  it('stops retries and aborts attempts in flight', async () => {
    // The attempt's timeout outlasts the test's: a close that waited for it would time the test out.
    const api = await testApi({ webhooks: { backoffBaseMs: 5, timeoutMs: 120_000 } });
    const receiver = await startReceiver((i) => (i === 0 ? 500 : 'hang'));
    receivers.push(receiver);
    const record = await subscribe(api, { url: receiver.url });
    await api.post(`/webhooks/${record.id}/test`, {});
    await receiver.waitFor(2);
    await api.app.close();
    expect(receiver.received).toHaveLength(2);
  });
});

describe('the webhook-choices variant', () => {
  it('signs with the decoded key, answers rotate-secret without the secret, logs retried attempts failed and reads a cleared description as ""', async () => {
    const { api, receiver } = await appWithReceiver((i) => (i === 0 ? 500 : 200), 1000, ['webhook-choices']);
    const record = await subscribe(api, { url: receiver.url });
    expect(record['description']).toBe('');
    expect(typeof record['lastCheckedAt']).toBe('string');
    await api.post(`/webhooks/${record.id}/test`, {});
    await receiver.waitFor(2);
    const decoded = Buffer.from(String(record['secret']).slice('whsec_'.length), 'base64');
    const signature = `sha256=${createHmac('sha256', decoded).update(receiver.received[1]!.body).digest('hex')}`;
    expect(receiver.received[1]!.headers['x-service-signature']).toBe(signature);
    const rows = await poll(async () => {
      const { data } = await deliveries(api, record.id);
      return data.length === 2 && data[1]?.status === 'delivered' ? data : undefined;
    });
    expect(rows.map((r) => r.status)).toEqual(['failed', 'delivered']);
    const rotated = await api.post(`/webhooks/${record.id}/rotate-secret`, {});
    expect(rotated.json()).toEqual({ data: { rotated: true } });
    const after = (await api.get(`/webhooks/${record.id}`)).json().data as TestRecord;
    expect(after['secret']).not.toBe(record['secret']);
  });
});

describe('the guarded-security variant', () => {
  it("answers another organisation's id with 403 and an unknown one with 404, refuses loopback URLs with 422, and shows lastAccessedAt", async () => {
    const api = await testApi({ variants: ['guarded-security'] });
    apps.push(api);
    expect((await api.post('/webhooks', HOOK)).statusCode).toBe(422);
    const record = await subscribe(api, { url: 'https://hooks.example.com/in' });
    expect((await api.get(`/webhooks/${record.id}`, KEY_B_ADMIN)).statusCode).toBe(403);
    expect((await api.get(`/webhooks/${UNKNOWN_ID}`, KEY_B_ADMIN)).statusCode).toBe(404);
    expect(typeof (await api.get(`/webhooks/${record.id}`)).json().data.lastAccessedAt).toBe('string');
  });
});
