import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, PROJECT_A1, PROJECT_A2, PROJECT_B1, testApi, type TestApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const RESOURCE = '5d7e9f10-2b3c-4d5e-8f60-718293a4b5c6';
const GROUP = '6e8f0a21-3c4d-4e5f-9a71-8293a4b5c6d7';
const allocation = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/allocations', { ...MINIMAL.allocation, ...body }, key);

const FULL = {
  taskId: PROJECT_A1,
  resourceId: RESOURCE,
  groupId: GROUP,
  startDate: '2024-02-29',
  endDate: '2024-03-31',
  hoursPerDay: 7.5,
  hours: 120,
  notes: 'n',
  constraintAcknowledged: true,
  constraintReason: 'over capacity',
};

describe('POST /allocations', () => {
  it('answers 201 with the full record and defaults; unknown properties dropped', async () => {
    const api = await testApi();
    const response = await api.post('/allocations', { ...MINIMAL.allocation, colour: 'red' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      taskId: PROJECT_A1,
      projectId: PROJECT_A1,
      resourceId: null,
      groupId: null,
      startDate: '2024-03-01',
      endDate: '2024-03-31',
      hoursPerDay: null,
      hours: null,
      notes: null,
      constraintAcknowledged: false,
      constraintReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await allocation(api, FULL)).toMatchObject(FULL);
  });

  it('derives projectId from the task: a project, a created task, or null for a dangling id', async () => {
    const api = await testApi();
    const task = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: PROJECT_A2 });
    expect((await allocation(api, { taskId: task.id })).projectId).toBe(PROJECT_A2);
    expect((await allocation(api, { taskId: UNKNOWN_ID })).projectId).toBeNull();
    expect((await allocation(api, { taskId: PROJECT_B1 })).projectId).toBeNull();
  });

  it('accepts null resourceId, groupId and constraintReason, bounds included, an endDate before startDate', async () => {
    const api = await testApi();
    const record = await allocation(api, { resourceId: null, groupId: null, constraintReason: null, hoursPerDay: 24, hours: 0 });
    expect(record).toMatchObject({ resourceId: null, groupId: null, constraintReason: null, hoursPerDay: 24, hours: 0 });
    expect((await allocation(api, { hoursPerDay: 0 })).hoursPerDay).toBe(0);
    expect((await allocation(api, { startDate: '2024-04-01', endDate: '2024-03-01' })).endDate).toBe('2024-03-01');
  });

  it('trims constraintReason before counting: 1000 characters within spaces are stored trimmed', async () => {
    const api = await testApi();
    const reason = 'x'.repeat(1000);
    expect((await allocation(api, { constraintReason: `  ${reason}\n ` })).constraintReason).toBe(reason);
    expect((await allocation(api, { constraintReason: '   ' })).constraintReason).toBe('');
    const tooLong = await api.post('/allocations', { ...MINIMAL.allocation, constraintReason: ` ${'y'.repeat(1001)} ` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.issues).toEqual([{ path: 'constraintReason', message: expect.any(String) }]);
  });

  it.each([
    ['missing taskId', { startDate: '2024-03-01', endDate: '2024-03-02' }, 'taskId'],
    ['missing startDate', { taskId: PROJECT_A1, endDate: '2024-03-02' }, 'startDate'],
    ['missing endDate', { taskId: PROJECT_A1, startDate: '2024-03-01' }, 'endDate'],
    ['impossible startDate', { ...MINIMAL.allocation, startDate: '2023-02-29' }, 'startDate'],
    ['impossible endDate', { ...MINIMAL.allocation, endDate: '2024-04-31' }, 'endDate'],
    ['unpadded date', { ...MINIMAL.allocation, startDate: '2024-3-1' }, 'startDate'],
    ['non-uuid taskId', { ...MINIMAL.allocation, taskId: 'abc' }, 'taskId'],
    ['non-uuid resourceId', { ...MINIMAL.allocation, resourceId: 'abc' }, 'resourceId'],
    ['non-uuid groupId', { ...MINIMAL.allocation, groupId: '1' }, 'groupId'],
    ['hoursPerDay above 24', { ...MINIMAL.allocation, hoursPerDay: 24.5 }, 'hoursPerDay'],
    ['negative hoursPerDay', { ...MINIMAL.allocation, hoursPerDay: -1 }, 'hoursPerDay'],
    ['negative hours', { ...MINIMAL.allocation, hours: -0.5 }, 'hours'],
    ['string hours', { ...MINIMAL.allocation, hours: '5' }, 'hours'],
    ['null notes on create', { ...MINIMAL.allocation, notes: null }, 'notes'],
    ['string constraintAcknowledged', { ...MINIMAL.allocation, constraintAcknowledged: 'yes' }, 'constraintAcknowledged'],
    ['numeric constraintReason', { ...MINIMAL.allocation, constraintReason: 5 }, 'constraintReason'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/allocations', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path, message: expect.any(String) }]) });
  });
});

describe('GET/PATCH/DELETE /allocations/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await allocation(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'nope', other.id]) {
      for (const response of [
        await api.get(`/allocations/${id}`),
        await api.patch(`/allocations/${id}`, { hours: 1 }),
        await api.delete(`/allocations/${id}`),
      ]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('PATCH changes given fields, clears nullable ones, re-derives projectId with taskId', async () => {
    const api = await testApi();
    const record = await allocation(api, FULL);
    const response = await api.patch(`/allocations/${record.id.toUpperCase()}`, {
      resourceId: null,
      groupId: null,
      notes: null,
      constraintReason: '  later  ',
      taskId: PROJECT_A2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...record,
      resourceId: null,
      groupId: null,
      notes: null,
      constraintReason: 'later',
      taskId: PROJECT_A2,
      projectId: PROJECT_A2,
      updatedAt: expect.any(String),
    });
    expect((await api.patch(`/allocations/${record.id}`, { constraintReason: null })).json().data.constraintReason).toBeNull();
    expect((await api.patch(`/allocations/${record.id}`, { taskId: UNKNOWN_ID })).json().data.projectId).toBeNull();
    expect((await api.get(`/allocations/${record.id}`)).json().data.taskId).toBe(UNKNOWN_ID);
  });

  it('PATCH refuses null where the update column does not allow it, and the create rules', async () => {
    const api = await testApi();
    const { id } = await allocation(api);
    for (const field of ['taskId', 'startDate', 'endDate', 'hoursPerDay', 'hours', 'constraintAcknowledged']) {
      const refused = await api.patch(`/allocations/${id}`, { [field]: null });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.issues).toContainEqual({ path: field, message: expect.any(String) });
    }
    for (const body of [{ endDate: '2024-02-30' }, { hoursPerDay: 25 }, { hours: -1 }, { constraintReason: 'z'.repeat(1001) }]) {
      expect((await api.patch(`/allocations/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.patch(`/allocations/${id}`, { constraintReason: ` ${'z'.repeat(1000)} ` })).statusCode).toBe(200);
  });

  it('DELETE is a real delete: 204 without body, then 404', async () => {
    const api = await testApi();
    const { id } = await allocation(api);
    const response = await api.delete(`/allocations/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.get(`/allocations/${id}`)).statusCode).toBe(404);
    expect((await api.delete(`/allocations/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /allocations', () => {
  it('filters by resourceId, taskId, projectId and overlapping dates (bounds inclusive)', async () => {
    const api = await testApi();
    await allocation(api, { notes: 'mar', resourceId: RESOURCE });
    await allocation(api, { notes: 'apr', taskId: PROJECT_A2, startDate: '2024-04-01', endDate: '2024-04-30' });
    await allocation(api, { notes: 'q2', startDate: '2024-04-15', endDate: '2024-06-30' });
    await allocation(api, { notes: 'theirs' }, KEY_B_ADMIN);
    const notes = async (query: string) => {
      const response = await api.get(`/allocations${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((a: { notes: string }) => a.notes);
    };
    expect(await notes('')).toEqual(['mar', 'apr', 'q2']);
    expect(await notes(`?resourceId=${RESOURCE.toUpperCase()}`)).toEqual(['mar']);
    expect(await notes(`?taskId=${PROJECT_A2}`)).toEqual(['apr']);
    expect(await notes(`?projectId=${PROJECT_A1}`)).toEqual(['mar', 'q2']);
    expect(await notes('?dateFrom=2024-03-31')).toEqual(['mar', 'apr', 'q2']);
    expect(await notes('?dateFrom=2024-04-01')).toEqual(['apr', 'q2']);
    expect(await notes('?dateTo=2024-04-14')).toEqual(['mar', 'apr']);
    expect(await notes('?dateFrom=2024-04-20&dateTo=2024-04-20')).toEqual(['apr', 'q2']);
    expect(await notes('?dateFrom=2024-05-01&dateTo=2024-05-31')).toEqual(['q2']);
    for (const query of ['resourceId=abc', 'taskId=1', 'projectId=x', 'dateFrom=2024-02-30', 'dateTo=2024-3-1', 'dateFrom=', 'limit=101']) {
      expect((await api.get(`/allocations?${query}`)).statusCode, query).toBe(400);
    }
  });
});
