import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, PROJECT_A2, testApi, type TestApi } from '../testing/test-api.js';

const URL = '/batch/time-entries';
const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const items = (n: number, body: Record<string, unknown> = {}) => Array.from({ length: n }, () => ({ ...MINIMAL.timeEntry, ...body }));
const batchPatch = (api: TestApi, updates: unknown) => api.request({ method: 'PATCH', url: URL, payload: { updates } });
const batchDelete = (api: TestApi, ids: unknown, key?: string) => api.request({ method: 'DELETE', url: URL, payload: { ids }, key });
const entry = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/time-entries', { ...MINIMAL.timeEntry, ...body }, key);

describe('POST /batch/time-entries', () => {
  it('creates ordinary time entries and answers 200 with them in data', async () => {
    const api = await testApi();
    const response = await api.post(URL, {
      entries: [
        {
          ...MINIMAL.timeEntry,
          hours: 0,
          startTime: '09:30:15',
          description: null,
          billableRate: 0,
          tags: ['x'],
          entrySource: 'timer',
          durationSeconds: 5,
          markedBilled: true,
        },
        { ...MINIMAL.timeEntry, taskId: PROJECT_A2, hours: 0.1, startTime: '23:59' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      hours: 0,
      startTime: '09:30:15',
      description: null,
      billableRate: 0,
      tags: ['x'],
      entrySource: 'manual',
      durationSeconds: null,
      markedBilled: false,
      isInvoiced: false,
    });
    expect(data[1]).toMatchObject({ projectId: PROJECT_A2, hours: 0.1, startTime: '23:59' });
    expect((await api.get('/time-entries')).json().data).toEqual(data);
    expect((await api.post(URL, { entries: items(100) })).statusCode).toBe(200);
  });

  it.each([
    ['no entries', {}, 'entries'],
    ['empty entries', { entries: [] }, 'entries'],
    ['101 entries', { entries: items(101) }, 'entries'],
    ['entries not an array', { entries: {} }, 'entries'],
    ['impossible date', { entries: items(2, { date: '2023-02-29' }) }, 'entries.0.date'],
    ['missing hours', { entries: [{ ...MINIMAL.timeEntry, hours: undefined }] }, 'entries.0.hours'],
    ['hours above 24', { entries: [...items(1), ...items(1, { hours: 25 })] }, 'entries.1.hours'],
    ['negative hours', { entries: items(1, { hours: -1 }) }, 'entries.0.hours'],
    ['startTime 24:00:00', { entries: items(1, { startTime: '24:00:00' }) }, 'entries.0.startTime'],
    ['startTime 09:30:60', { entries: items(1, { startTime: '09:30:60' }) }, 'entries.0.startTime'],
    ['negative billableRate', { entries: items(1, { billableRate: -1 }) }, 'entries.0.billableRate'],
    ['non-uuid taskId', { entries: items(1, { taskId: 't' }) }, 'entries.0.taskId'],
  ])('answers 400 and creates nothing for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post(URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
    expect((await api.get('/time-entries')).json().pagination.total).toBe(0);
  });
});

describe('PATCH /batch/time-entries', () => {
  it('updates every entry and answers 200 with the updated entries', async () => {
    const api = await testApi();
    const a = await entry(api, { startTime: '08:00', description: 'a', billableRate: 10 });
    const b = await entry(api);
    const response = await batchPatch(api, [
      { id: a.id, startTime: null, description: null, billableRate: null, markedBilled: true, hours: 0.1, unknown: 1 },
      { id: b.id.toUpperCase(), taskId: PROJECT_A2, startTime: '10:00:30', date: '2024-02-29' },
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual([
      { ...a, startTime: null, description: null, billableRate: null, markedBilled: true, hours: 0.1, updatedAt: expect.any(String) },
      { ...b, taskId: PROJECT_A2, projectId: PROJECT_A2, startTime: '10:00:30', date: '2024-02-29', updatedAt: expect.any(String) },
    ]);
    expect((await api.get(`/time-entries/${b.id}`)).json().data).toEqual(data[1]);
  });

  it('is all-or-nothing: an unknown, other-organisation or repeated id is a 400 on updates.N.id', async () => {
    const api = await testApi();
    const mine = await entry(api);
    const theirs = await entry(api, {}, KEY_B_ADMIN);
    for (const [updates, path] of [
      [
        [
          { id: mine.id, hours: 3 },
          { id: UNKNOWN_ID, hours: 3 },
        ],
        'updates.1.id',
      ],
      [[{ id: theirs.id, hours: 3 }], 'updates.0.id'],
      [
        [
          { id: mine.id, hours: 3 },
          { id: mine.id, hours: 4 },
        ],
        'updates.1.id',
      ],
      [
        [
          { id: mine.id, hours: 3 },
          { id: mine.id, date: '2024-02-30' },
        ],
        'updates.1.date',
      ],
      [[{ hours: 3 }], 'updates.0.id'],
      [[{ id: mine.id, hours: null }], 'updates.0.hours'],
      [[], 'updates'],
    ] as const) {
      const response = await batchPatch(api, updates);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
    }
    expect((await api.get(`/time-entries/${mine.id}`)).json().data.hours).toBe(1.5);
  });
});

describe('DELETE /batch/time-entries', () => {
  it('deletes every entry and answers 200 with the count and ids', async () => {
    const api = await testApi();
    const a = await entry(api);
    const b = await entry(api);
    const c = await entry(api);
    const response = await batchDelete(api, [a.id, c.id.toUpperCase()]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 2, ids: [a.id, c.id] } });
    expect((await api.get('/time-entries')).json().data.map((e: { id: string }) => e.id)).toEqual([b.id]);
  });

  it('is all-or-nothing: an unknown or repeated id is a 400 on ids.N, and nothing is deleted', async () => {
    const api = await testApi();
    const a = await entry(api);
    for (const [ids, path] of [
      [[a.id, UNKNOWN_ID], 'ids.1'],
      [[a.id, a.id], 'ids.1'],
      [['x'], 'ids.0'],
      [[], 'ids'],
    ] as const) {
      const response = await batchDelete(api, ids);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
    }
    expect((await batchDelete(api, [a.id], KEY_B_ADMIN)).statusCode).toBe(400);
    expect((await api.get(`/time-entries/${a.id}`)).statusCode).toBe(200);
    expect((await api.request({ method: 'DELETE', url: URL })).statusCode).toBe(400);
  });
});
