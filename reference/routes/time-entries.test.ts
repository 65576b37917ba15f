import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, PROJECT_A1, PROJECT_A2, testApi, type TestApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const entry = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/time-entries', { ...MINIMAL.timeEntry, ...body }, key);

describe('POST /time-entries', () => {
  it('answers 201 with the full record and defaults; markedBilled is ignored on create', async () => {
    const api = await testApi();
    const response = await api.post('/time-entries', { ...MINIMAL.timeEntry, markedBilled: true, colour: 'x' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      taskId: PROJECT_A1,
      resourceId: MINIMAL.timeEntry.resourceId,
      projectId: PROJECT_A1,
      date: '2024-03-01',
      hours: 1.5,
      durationSeconds: null,
      startTime: null,
      entrySource: 'manual',
      description: null,
      isBillable: false,
      billableRate: null,
      markedBilled: false,
      isInvoiced: false,
      tags: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('works out projectId from a task, and leaves it null for a dangling taskId', async () => {
    const api = await testApi();
    const task = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: PROJECT_A2 });
    expect((await entry(api, { taskId: task.id })).projectId).toBe(PROJECT_A2);
    expect((await entry(api, { taskId: UNKNOWN_ID })).projectId).toBeNull();
  });

  it('accepts the boundaries', async () => {
    const api = await testApi();
    for (const body of [
      { date: '2024-02-29' },
      { hours: 24 },
      { hours: 0.25 },
      { hours: 0.01, entrySource: 'timer' },
      { durationSeconds: 1 },
      { durationSeconds: 86400 },
      { startTime: '00:00' },
      { startTime: '23:59' },
      { description: null },
      { billableRate: -5 },
      { entrySource: 'suggested', hours: 0.25 },
    ]) {
      expect((await api.post('/time-entries', { ...MINIMAL.timeEntry, ...body })).statusCode, JSON.stringify(body)).toBe(201);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['missing taskId', { taskId: undefined }, 'taskId'],
    ['missing date', { date: undefined }, 'date'],
    ['non-uuid resourceId', { resourceId: 'r1' }, 'resourceId'],
    ...['2023-02-29', '2024-02-30', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-5', '20240301'].map((date): [string, Record<string, unknown>, string] => [
      `date ${date}`,
      { date },
      'date',
    ]),
    ['hours 0', { hours: 0 }, 'hours'],
    ['hours above 24', { hours: 24.01 }, 'hours'],
    ['hours below 0.25 (manual by default)', { hours: 0.2 }, 'hours'],
    ['hours below 0.25 (copied)', { hours: 0.24, entrySource: 'copied' }, 'hours'],
    ['string hours', { hours: '1' }, 'hours'],
    ['durationSeconds 0', { durationSeconds: 0 }, 'durationSeconds'],
    ['durationSeconds above 86400', { durationSeconds: 86401 }, 'durationSeconds'],
    ['fractional durationSeconds', { durationSeconds: 1.5 }, 'durationSeconds'],
    ['startTime 24:00', { startTime: '24:00' }, 'startTime'],
    ['startTime 9:30', { startTime: '9:30' }, 'startTime'],
    ['startTime with seconds', { startTime: '09:30:00' }, 'startTime'],
    ['bad entrySource', { entrySource: 'import' }, 'entrySource'],
    ['null startTime on create', { startTime: null }, 'startTime'],
    ['null billableRate on create', { billableRate: null }, 'billableRate'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/time-entries', { ...MINIMAL.timeEntry, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
  });

  it('reports the cross-field hours issue together with the other issues, once', async () => {
    const api = await testApi();
    const response = await api.post('/time-entries', { ...MINIMAL.timeEntry, hours: 0.1, date: 'x' });
    expect(
      response
        .json()
        .error.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['date', 'hours']);
    const zero = await api.post('/time-entries', { ...MINIMAL.timeEntry, hours: 0 });
    expect(zero.json().error.issues.filter((i: { path: string }) => i.path === 'hours')).toHaveLength(1);
  });
});

describe('GET/PATCH/DELETE /time-entries/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await entry(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'x', other.id]) {
      for (const response of [
        await api.get(`/time-entries/${id}`),
        await api.patch(`/time-entries/${id}`, { hours: 2 }),
        await api.delete(`/time-entries/${id}`),
      ]) {
        expect(response.statusCode, id).toBe(404);
      }
    }
  });

  it('PATCH applies accepted fields, clears nullable ones, ignores entrySource, recomputes projectId', async () => {
    const api = await testApi();
    const e = await entry(api, { startTime: '09:00', description: 'd', billableRate: 80 });
    const response = await api.patch(`/time-entries/${e.id}`, {
      startTime: null,
      description: null,
      billableRate: null,
      markedBilled: true,
      entrySource: 'timer',
      hours: 0.25,
      taskId: PROJECT_A2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...e,
      startTime: null,
      description: null,
      billableRate: null,
      markedBilled: true,
      hours: 0.25,
      taskId: PROJECT_A2,
      projectId: PROJECT_A2,
      updatedAt: expect.any(String),
    });
  });

  it('PATCH hours must lie in 0.25..24 even for timer entries', async () => {
    const api = await testApi();
    const timer = await entry(api, { entrySource: 'timer', hours: 0.1 });
    for (const hours of [0.2, 0.1, 24.5, 0]) {
      const response = await api.patch(`/time-entries/${timer.id}`, { hours });
      expect(response.statusCode, String(hours)).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path: 'hours', message: expect.any(String) });
    }
    for (const body of [
      { date: '2024-02-30' },
      { durationSeconds: 86401 },
      { startTime: '24:00' },
      { taskId: null },
      { isBillable: null },
      { markedBilled: 'yes' },
    ]) {
      expect((await api.patch(`/time-entries/${timer.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('DELETE removes the entry', async () => {
    const api = await testApi();
    const e = await entry(api);
    const response = await api.delete(`/time-entries/${e.id}`);
    expect([response.statusCode, response.body]).toEqual([204, '']);
    expect((await api.get(`/time-entries/${e.id}`)).statusCode).toBe(404);
  });
});

describe('GET /time-entries', () => {
  it('filters by ids, inclusive date bounds and booleans', async () => {
    const api = await testApi();
    const resource = '6e7f8091-a2b3-4c4d-9e5f-60718293a4b5';
    await entry(api, { description: 'a', date: '2024-03-01', isBillable: true });
    await entry(api, { description: 'b', date: '2024-03-15', taskId: PROJECT_A2, resourceId: resource });
    await entry(api, { description: 'c', date: '2024-04-01', taskId: UNKNOWN_ID });
    await entry(api, { description: 'theirs' }, KEY_B_ADMIN);
    const list = async (query: string) => {
      const response = await api.get(`/time-entries${query}`);
      expect(response.statusCode, query).toBe(200);
      return response
        .json()
        .data.map((e: { description: string }) => e.description)
        .join(',');
    };
    expect(await list('')).toBe('a,b,c');
    expect(await list(`?taskId=${UNKNOWN_ID.toUpperCase()}`)).toBe('c');
    expect(await list(`?resourceId=${resource}`)).toBe('b');
    expect(await list(`?projectId=${PROJECT_A1}`)).toBe('a');
    expect(await list(`?projectId=${PROJECT_A2}`)).toBe('b');
    expect(await list('?dateFrom=2024-03-15')).toBe('b,c');
    expect(await list('?dateTo=2024-03-15')).toBe('a,b');
    expect(await list('?dateFrom=2024-03-02&dateTo=2024-03-31')).toBe('b');
    expect(await list('?isBillable=true')).toBe('a');
    expect(await list('?isBillable=1')).toBe('b,c');
    expect(await list('?isInvoiced=true')).toBe('');
    expect(await list('?isInvoiced=false')).toBe('a,b,c');
    for (const query of ['dateFrom=2024-02-30', 'dateTo=2023-02-29', 'dateFrom=2024-3-1', 'dateTo=', 'projectId=x', 'taskId=1', 'resourceId=r']) {
      const response = await api.get(`/time-entries?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: query.split('=')[0], message: expect.any(String) }]);
    }
  });
});
