import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, PROJECT_A1, PROJECT_A2, testApi, type TestApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const TYPE_ID = '4c5d6e7f-8091-4a2b-9c3d-4e5f60718293';
const milestone = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/milestones', { ...MINIMAL.milestone, ...body }, key);
const jsonHeaders = { 'content-type': 'application/json' };

describe('POST /milestones', () => {
  it('answers 201 with the full record: status upcoming, completedDate null', async () => {
    const api = await testApi();
    const response = await api.post('/milestones', { ...MINIMAL.milestone, status: 'completed', colour: 'red' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: PROJECT_A1,
      name: 'Launch',
      targetDate: '2024-06-30',
      description: null,
      triggersInvoice: false,
      completionCriteria: [],
      typeId: null,
      status: 'upcoming',
      completedDate: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('takes any UUID as projectId, criteria of any shape, typeId null', async () => {
    const api = await testApi();
    const full = { projectId: UNKNOWN_ID, description: 'd', triggersInvoice: true, completionCriteria: [{ kind: 'x' }, 'text', 3, null], typeId: TYPE_ID };
    expect(await milestone(api, full)).toMatchObject(full);
    expect((await milestone(api, { typeId: null })).typeId).toBeNull();
  });

  it.each([
    ['missing projectId', { name: 'x', targetDate: '2024-01-01' }, 'projectId'],
    ['missing name', { projectId: PROJECT_A1, targetDate: '2024-01-01' }, 'name'],
    ['missing targetDate', { projectId: PROJECT_A1, name: 'x' }, 'targetDate'],
    ['empty name', { ...MINIMAL.milestone, name: '' }, 'name'],
    ['impossible targetDate', { ...MINIMAL.milestone, targetDate: '2023-02-29' }, 'targetDate'],
    ['unpadded targetDate', { ...MINIMAL.milestone, targetDate: '2024-6-30' }, 'targetDate'],
    ['non-uuid projectId', { ...MINIMAL.milestone, projectId: 'p1' }, 'projectId'],
    ['non-uuid typeId', { ...MINIMAL.milestone, typeId: 't1' }, 'typeId'],
    ['null description on create', { ...MINIMAL.milestone, description: null }, 'description'],
    ['string triggersInvoice', { ...MINIMAL.milestone, triggersInvoice: 'yes' }, 'triggersInvoice'],
    ['object completionCriteria', { ...MINIMAL.milestone, completionCriteria: {} }, 'completionCriteria'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/milestones', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path, message: expect.any(String) }]) });
  });
});

describe('GET/PATCH/DELETE /milestones/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await milestone(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'nope', other.id]) {
      for (const response of [
        await api.get(`/milestones/${id}`),
        await api.patch(`/milestones/${id}`, { name: 'y' }),
        await api.delete(`/milestones/${id}`),
        await api.post(`/milestones/${id}/complete`, {}),
      ]) {
        expect(response.statusCode, id).toBe(404);
      }
    }
  });

  it('PATCH changes given fields, clears description and typeId, ignores projectId and status', async () => {
    const api = await testApi();
    const record = await milestone(api, { description: 'd', typeId: TYPE_ID });
    const response = await api.patch(`/milestones/${record.id}`, {
      name: 'Go live',
      targetDate: '2024-07-01',
      description: null,
      typeId: null,
      triggersInvoice: true,
      completionCriteria: [{ done: false }],
      projectId: PROJECT_A2,
      status: 'missed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...record,
      name: 'Go live',
      targetDate: '2024-07-01',
      description: null,
      typeId: null,
      triggersInvoice: true,
      completionCriteria: [{ done: false }],
      updatedAt: expect.any(String),
    });
    for (const body of [
      { name: null },
      { name: '' },
      { targetDate: null },
      { targetDate: '2024-02-30' },
      { completionCriteria: null },
      { triggersInvoice: null },
    ]) {
      expect((await api.patch(`/milestones/${record.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('DELETE is a real delete: 204 without body, then 404', async () => {
    const api = await testApi();
    const { id } = await milestone(api);
    const response = await api.delete(`/milestones/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.get(`/milestones/${id}`)).statusCode).toBe(404);
  });
});

describe('POST /milestones/{id}/complete', () => {
  it('completes with the given date, or today (UTC) without one; no body, an empty body and {} all work', async () => {
    const api = await testApi({ now: () => Date.parse('2024-05-06T23:30:00-02:00') });
    const { id } = await milestone(api);
    const given = await api.post(`/milestones/${id}/complete`, { completedDate: '2024-02-29', note: 'ignored' });
    expect(given.statusCode).toBe(200);
    expect(given.json().data).toMatchObject({ id, status: 'completed', completedDate: '2024-02-29' });
    // any state may be completed, a completed milestone too: the date is replaced
    for (const request of [
      api.request({ method: 'POST', url: `/milestones/${id}/complete` }),
      api.request({ method: 'POST', url: `/milestones/${id}/complete`, payload: '', headers: jsonHeaders }),
      api.post(`/milestones/${id}/complete`, {}),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'completed', completedDate: '2024-05-07' });
    }
    expect((await api.get(`/milestones/${id}`)).json().data.status).toBe('completed');
  });

  it('answers 400 for an invalid completedDate or a body that is not an object, before looking up the id', async () => {
    const api = await testApi();
    const { id } = await milestone(api);
    for (const body of [{ completedDate: '2024-02-30' }, { completedDate: '2024-5-1' }, { completedDate: null }, [], 'x', 5]) {
      const response = await api.request({ method: 'POST', url: `/milestones/${id}/complete`, payload: JSON.stringify(body), headers: jsonHeaders });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post(`/milestones/${UNKNOWN_ID}/complete`, { completedDate: 'x' })).statusCode).toBe(400);
    expect((await api.get(`/milestones/${id}`)).json().data.status).toBe('upcoming');
  });
});

describe('GET /milestones', () => {
  it('filters by projectId, status and targetDate (bounds inclusive)', async () => {
    const api = await testApi();
    await milestone(api, { name: 'mar', targetDate: '2024-03-01' });
    const apr = await milestone(api, { name: 'apr', targetDate: '2024-04-01', projectId: PROJECT_A2 });
    await milestone(api, { name: 'theirs' }, KEY_B_ADMIN);
    await api.post(`/milestones/${apr.id}/complete`, {});
    const names = async (query: string) => {
      const response = await api.get(`/milestones${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((m: { name: string }) => m.name);
    };
    expect(await names('')).toEqual(['mar', 'apr']);
    expect(await names(`?projectId=${PROJECT_A2.toUpperCase()}`)).toEqual(['apr']);
    expect(await names('?status=completed')).toEqual(['apr']);
    expect(await names('?status=upcoming')).toEqual(['mar']);
    expect(await names('?status=at_risk')).toEqual([]);
    expect(await names('?dateFrom=2024-04-01')).toEqual(['apr']);
    expect(await names('?dateTo=2024-03-01')).toEqual(['mar']);
    expect(await names('?dateFrom=2024-03-02&dateTo=2024-03-31')).toEqual([]);
    for (const query of ['projectId=abc', 'status=done', 'status=', 'dateFrom=2024-02-30', 'dateTo=2024-3-1', 'offset=-1']) {
      expect((await api.get(`/milestones?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('variant transitions-terminal-409', () => {
  it('refuses another complete of a completed milestone with 409, writes nothing, and still takes edits (2.8 grants them)', async () => {
    const api = await testApi({ variants: ['transitions-terminal-409'] });
    const { id } = await milestone(api);
    expect((await api.post(`/milestones/${id}/complete`, { completedDate: '2024-05-01' })).statusCode).toBe(200);
    expect((await api.post(`/milestones/${id}/complete`, { completedDate: '2024-05-20' })).statusCode).toBe(409);
    const { data } = (await api.get(`/milestones/${id}`)).json();
    expect([data.status, data.completedDate]).toEqual(['completed', '2024-05-01']);
    expect((await api.patch(`/milestones/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it('still updates and completes a milestone that is not completed', async () => {
    const api = await testApi({ variants: ['transitions-terminal-409'] });
    const { id } = await milestone(api);
    expect((await api.patch(`/milestones/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await api.post(`/milestones/${id}/complete`, {})).statusCode).toBe(200);
  });

  it('is off by default: the plain server completes a completed milestone again', async () => {
    const api = await testApi();
    const { id } = await milestone(api);
    await api.post(`/milestones/${id}/complete`, { completedDate: '2024-05-01' });
    expect((await api.post(`/milestones/${id}/complete`, { completedDate: '2024-05-20' })).statusCode).toBe(200);
    expect((await api.patch(`/milestones/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
  });
});
