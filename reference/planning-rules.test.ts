import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINIMAL, PROJECT_A1, testApi } from './testing/test-api.js';

/** A fixed "today" (UTC noon), so that past and horizon are stable. */
const NOW = Date.parse('2026-06-15T12:00:00Z');
const planning = () => testApi({ variants: ['planning-rules'], now: () => NOW });

describe('variant planning-rules', () => {
  it('refuses a milestone due in the past or more than 5 years ahead, and criteria items without a title, with 409', async () => {
    const api = await planning();
    for (const body of [
      { targetDate: '2026-06-14' },
      { targetDate: '2031-07-01' },
      { targetDate: '2026-09-01', completionCriteria: [{ description: 'signed off' }] },
    ]) {
      expect((await api.post('/milestones', { ...MINIMAL.milestone, ...body })).statusCode).toBe(409);
    }
    const milestone = await api.create('/milestones', { ...MINIMAL.milestone, targetDate: '2026-06-15', completionCriteria: [{ title: 'signed off' }] });
    expect((await api.patch(`/milestones/${milestone.id}`, { targetDate: '2020-01-01' })).statusCode).toBe(409);
    // An impossible date is the schema's to refuse, not the rule's.
    expect((await api.post('/milestones', { ...MINIMAL.milestone, targetDate: '2026-02-30' })).statusCode).toBe(400);
  });

  it('answers 404 to a milestone filter naming no project of the organisation', async () => {
    const api = await planning();
    expect((await api.get(`/milestones?projectId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/milestones?projectId=${PROJECT_A1}`)).statusCode).toBe(200);
  });

  it('shows a completed milestone with completedAt and the completedDate sent as actualDate', async () => {
    const api = await planning();
    const milestone = await api.create('/milestones', { ...MINIMAL.milestone, targetDate: '2026-09-01' });
    const done = await api.post(`/milestones/${milestone.id}/complete`, { completedDate: '2026-05-01' });
    expect(done.statusCode).toBe(200);
    const shown = (await api.get(`/milestones/${milestone.id}`)).json().data;
    expect(shown).toMatchObject({ actualDate: '2026-05-01', completedAt: new Date(NOW).toISOString() });
    expect(shown).not.toHaveProperty('completedDate');
  });

  it('refuses task dates outside the project and project or template tasks inside it, with 409', async () => {
    const api = await planning();
    for (const body of [{ startDate: '2004-12-31' }, { endDate: '2029-01-01' }, { taskType: 'project' }, { taskType: 'template' }]) {
      expect((await api.post('/tasks', { ...MINIMAL.task, ...body })).statusCode).toBe(409);
    }
    const parent = await api.create('/tasks', { ...MINIMAL.task, startDate: '2005-01-01', endDate: '2028-12-31' });
    expect((await api.post('/tasks', { ...MINIMAL.task, parentTaskId: parent.id, taskType: 'template' })).statusCode).toBe(201);
    expect((await api.patch(`/tasks/${parent.id}`, { endDate: '2030-01-01' })).statusCode).toBe(409);
  });

  it('shows a top-level task with parentTaskId null, the legacy taskType as a taskTypeId, and a cleared colour as ""', async () => {
    const api = await planning();
    const phase = await api.create('/tasks', { ...MINIMAL.task, taskType: 'phase' });
    const stage = await api.create('/tasks', { ...MINIMAL.task, taskType: 'stage' });
    expect(phase).toMatchObject({ parentTaskId: null, projectId: PROJECT_A1, color: '' });
    expect(phase).not.toHaveProperty('taskType');
    expect(typeof phase['taskTypeId']).toBe('string');
    expect(phase['taskTypeId']).not.toBe(stage['taskTypeId']);
    // Cleared, the id is derived from the legacy type again.
    const cleared = (await api.patch(`/tasks/${phase.id}`, { taskTypeId: null, color: null })).json().data;
    expect(cleared).toMatchObject({ taskTypeId: phase['taskTypeId'], color: '' });
    const child = await api.create('/tasks', { ...MINIMAL.task, parentTaskId: phase.id });
    expect(child['parentTaskId']).toBe(phase.id);
  });
});
