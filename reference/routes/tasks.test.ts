import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, PROJECT_A1, PROJECT_A2, PROJECT_B1, testApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const TYPE_ID = '4c5d6e7f-8091-4a2b-9c3d-4e5f60718293';

describe('POST /tasks', () => {
  it('answers 201 with the full record; status and color are ignored on create', async () => {
    const api = await testApi();
    const response = await api.post('/tasks', { ...MINIMAL.task, status: 'completed', color: '#ffffff', colour: 'x' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: PROJECT_A1,
      parentTaskId: PROJECT_A1,
      versionId: MINIMAL.task.versionId,
      name: 'Design',
      taskTypeId: null,
      taskType: null,
      startDate: null,
      endDate: null,
      description: null,
      position: null,
      status: 'pending',
      color: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
    });
  });

  it('nests under another task, inheriting its project; taskTypeId may be null', async () => {
    const api = await testApi();
    const parent = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: PROJECT_A2 });
    const child = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: parent.id.toUpperCase(), taskTypeId: null, taskType: 'phase', position: 0 });
    expect(child).toMatchObject({ parentTaskId: parent.id, projectId: PROJECT_A2, taskTypeId: null, taskType: 'phase', position: 0 });
  });

  it.each([
    ['missing parentTaskId', { versionId: MINIMAL.task.versionId, name: 'x' }, 'parentTaskId'],
    ['missing versionId', { parentTaskId: PROJECT_A1, name: 'x' }, 'versionId'],
    ['empty name', { ...MINIMAL.task, name: '' }, 'name'],
    ['non-uuid versionId', { ...MINIMAL.task, versionId: 'v1' }, 'versionId'],
    ['bad taskType', { ...MINIMAL.task, taskType: 'epic' }, 'taskType'],
    ['negative position', { ...MINIMAL.task, position: -1 }, 'position'],
    ['fractional position', { ...MINIMAL.task, position: 1.5 }, 'position'],
    ['unknown parent', { ...MINIMAL.task, parentTaskId: UNKNOWN_ID }, 'parentTaskId'],
    ['other-organisation parent', { ...MINIMAL.task, parentTaskId: PROJECT_B1 }, 'parentTaskId'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/tasks', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
  });

  it('refuses a soft-deleted parent', async () => {
    const api = await testApi();
    const parent = await api.create('/tasks', MINIMAL.task);
    await api.delete(`/tasks/${parent.id}`);
    expect((await api.post('/tasks', { ...MINIMAL.task, parentTaskId: parent.id })).statusCode).toBe(400);
  });
});

describe('GET/PATCH/DELETE /tasks/{id}', () => {
  it('reads a seeded project as its root task', async () => {
    const api = await testApi();
    const response = await api.get(`/tasks/${PROJECT_A1}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: PROJECT_A1, projectId: PROJECT_A1, parentTaskId: null, taskType: 'project', name: 'Project A1' });
    expect((await api.get(`/tasks/${PROJECT_B1}`)).statusCode).toBe(404);
    expect((await api.patch(`/tasks/${PROJECT_A1}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: PROJECT_B1 }, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'nope', other.id]) {
      for (const response of [await api.get(`/tasks/${id}`), await api.patch(`/tasks/${id}`, { name: 'y' }), await api.delete(`/tasks/${id}`)]) {
        expect(response.statusCode, id).toBe(404);
      }
    }
  });

  it('PATCH sets status and color, clears nullable fields, ignores fields not accepted on update', async () => {
    const api = await testApi();
    const task = await api.create('/tasks', { ...MINIMAL.task, description: 'd', taskTypeId: TYPE_ID, position: 3, taskType: 'task' });
    const response = await api.patch(`/tasks/${task.id}`, {
      status: 'in_progress',
      color: '#A1b2C3',
      description: null,
      taskTypeId: null,
      parentTaskId: PROJECT_A2,
      versionId: UNKNOWN_ID,
      taskType: 'phase',
      position: 9,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...task,
      status: 'in_progress',
      color: '#A1b2C3',
      description: null,
      taskTypeId: null,
      updatedAt: expect.any(String),
    });
    expect((await api.patch(`/tasks/${task.id}`, { color: null })).json().data.color).toBeNull();
    for (const body of [{ status: 'done' }, { color: '#fff' }, { color: 'red' }, { status: null }, { name: null }, { name: '' }]) {
      expect((await api.patch(`/tasks/${task.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('DELETE is a soft delete: 204, then readable with deletedAt', async () => {
    const api = await testApi();
    const task = await api.create('/tasks', MINIMAL.task);
    const response = await api.delete(`/tasks/${task.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const { data } = (await api.get(`/tasks/${task.id}`)).json();
    expect(data.deletedAt).toEqual(expect.any(String));
    expect((await api.delete(`/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await api.get(`/tasks/${task.id}`)).json().data.deletedAt).toBe(data.deletedAt);
  });
});

describe('GET /tasks', () => {
  it('filters by projectId, parentTaskId, search and lifecycleScope', async () => {
    const api = await testApi();
    const design = await api.create('/tasks', MINIMAL.task);
    await api.create('/tasks', { ...MINIMAL.task, name: 'Build', parentTaskId: design.id });
    const gone = await api.create('/tasks', { ...MINIMAL.task, name: 'Old', parentTaskId: PROJECT_A2 });
    await api.create('/tasks', { ...MINIMAL.task, name: 'Theirs', parentTaskId: PROJECT_B1 }, KEY_B_ADMIN);
    await api.delete(`/tasks/${gone.id}`);
    const names = async (query: string) => {
      const response = await api.get(`/tasks${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((t: { name: string }) => t.name);
    };
    expect(await names('')).toEqual(['Design', 'Build', 'Old']);
    expect(await names('?lifecycleScope=all')).toEqual(['Design', 'Build', 'Old']);
    expect(await names('?lifecycleScope=active')).toEqual(['Design', 'Build']);
    expect(await names(`?projectId=${PROJECT_A1}`)).toEqual(['Design', 'Build']);
    expect(await names(`?parentTaskId=${PROJECT_A1}`)).toEqual(['Design']);
    expect(await names(`?parentTaskId=${design.id}`)).toEqual(['Build']);
    expect(await names('?search=BUI')).toEqual(['Build']);
    for (const query of ['lifecycleScope=deleted', 'lifecycleScope=', 'projectId=x', 'parentTaskId=1']) {
      expect((await api.get(`/tasks?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('variant transitions-terminal-409', () => {
  const task = async (api: Awaited<ReturnType<typeof testApi>>, status?: string) => {
    const created = await api.create('/tasks', { ...MINIMAL.task, description: 'before' });
    // completed only from in_progress under the variant
    if (status === 'completed') expect((await api.patch(`/tasks/${created.id}`, { status: 'in_progress' })).statusCode).toBe(200);
    if (status !== undefined) expect((await api.patch(`/tasks/${created.id}`, { status })).statusCode).toBe(200);
    return created.id;
  };

  it('refuses a status change of a completed or cancelled task with 409 and writes nothing', async () => {
    const api = await testApi({ variants: ['transitions-terminal-409'] });
    for (const [from, to] of [
      ['completed', 'in_progress'],
      ['cancelled', 'pending'],
      ['completed', 'cancelled'],
    ]) {
      const id = await task(api, from);
      const response = await api.patch(`/tasks/${id}`, { status: to, description: 'after' });
      expect(response.statusCode, `${from} → ${to}`).toBe(409);
      const { data } = (await api.get(`/tasks/${id}`)).json();
      expect([data.status, data.description]).toEqual([from, 'before']);
    }
  });

  it('accepts the same status, other fields, and every move out of the other statuses', async () => {
    const api = await testApi({ variants: ['transitions-terminal-409'] });
    const done = await task(api, 'completed');
    expect((await api.patch(`/tasks/${done}`, { status: 'completed', description: 'after' })).statusCode).toBe(200);
    for (const to of ['in_progress', 'blocked', 'cancelled', 'pending']) {
      expect((await api.patch(`/tasks/${await task(api, 'blocked')}`, { status: to })).statusCode, `blocked → ${to}`).toBe(200);
    }
  });

  it('completes a task only from in_progress', async () => {
    const api = await testApi({ variants: ['transitions-terminal-409'] });
    for (const from of ['pending', 'blocked']) {
      const id = from === 'pending' ? await task(api) : await task(api, from);
      expect((await api.patch(`/tasks/${id}`, { status: 'completed' })).statusCode, `${from} → completed`).toBe(409);
    }
    expect((await api.patch(`/tasks/${await task(api, 'in_progress')}`, { status: 'completed' })).statusCode).toBe(200);
  });

  it('is off by default: the plain server reopens a completed task', async () => {
    const api = await testApi();
    expect((await api.patch(`/tasks/${await task(api, 'completed')}`, { status: 'pending' })).statusCode).toBe(200);
  });
});
