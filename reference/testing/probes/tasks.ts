import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/tasks', { ...MINIMAL.task, ...body }));
const task = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/tasks', { ...MINIMAL.task, ...body });
const patch = async (api: TestApi, body: Record<string, unknown>) => statusOf(api.patch(`/tasks/${(await task(api)).id}`, body));
const names = async (api: TestApi, query: string) => ((await api.get(`/tasks${query}`)).json().data as { name: string }[]).map((t) => t.name).join(',');

export const TASK_PROBES: ProbesFor<'tk-'> = {
  'tk-status-on-create': { probe: async (api) => (await task(api, { status: 'completed' })).status, clean: 'pending', faulty: 'completed' },
  'tk-color-unchecked': {
    probe: async (api) => [await patch(api, { color: 'red' }), await patch(api, { color: 5 }), await patch(api, { color: '#A1b2C3' })],
    clean: [400, 400, 200],
    faulty: [200, 400, 200],
  },
  'tk-status-enum-unchecked': {
    probe: async (api) => [await patch(api, { status: 'done' }), await patch(api, { status: null })],
    clean: [400, 400],
    faulty: [200, 400],
  },
  'tk-negative-position': {
    probe: async (api) => [await create(api, { position: -1 }), await create(api, { position: 1.5 })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'tk-lifecycle-scope-unchecked': {
    probe: async (api) => {
      await api.delete(`/tasks/${(await task(api, { name: 'Old' })).id}`);
      await task(api);
      const scoped = async (value: string) => {
        const response = await api.get(`/tasks?lifecycleScope=${value}`);
        return response.statusCode === 200 ? (response.json().data as { name: string }[]).map((t) => t.name).join(',') : response.statusCode;
      };
      return [await scoped('deleted'), await scoped(''), await scoped('active')];
    },
    clean: [400, 400, 'Design'],
    faulty: ['Old,Design', 'Old,Design', 'Design'],
  },
  'tk-filter-parent-ignored': {
    probe: async (api) => {
      const design = await task(api);
      await task(api, { name: 'Build', parentTaskId: design.id });
      return [await names(api, `?parentTaskId=${design.id}`), await statusOf(api.get('/tasks?parentTaskId=1'))];
    },
    clean: ['Build', 400],
    faulty: ['Design,Build', 400],
  },
  'tk-version-not-required': {
    probe: async (api) => [await statusOf(api.post('/tasks', { parentTaskId: PROJECT_A1, name: 'x' })), await create(api, { versionId: 'v1' })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'tk-parent-on-update': {
    probe: async (api) => (await api.patch(`/tasks/${(await task(api)).id}`, { parentTaskId: PROJECT_A2 })).json().data.parentTaskId,
    clean: PROJECT_A1,
    faulty: PROJECT_A2,
  },
  'tk-parent-task-refused': {
    probe: async (api) => [await create(api, {}), await create(api, { parentTaskId: (await task(api)).id })],
    clean: [201, 201],
    faulty: [201, 400],
  },
  'tk-type-id-uuid-unchecked': {
    probe: async (api) => [await create(api, { taskTypeId: 'bug' }), await patch(api, { taskTypeId: 'bug' }), await create(api, { versionId: 'v1' })],
    clean: [400, 400, 400],
    faulty: [201, 200, 400],
  },
  'tk-update-description-ignored': {
    probe: async (api) => {
      const { id } = await task(api, { description: 'old' });
      const { data } = (await api.patch(`/tasks/${id}`, { name: 'Renamed', description: 'new' })).json();
      return [data.name, data.description];
    },
    clean: ['Renamed', 'new'],
    faulty: ['Renamed', 'old'],
  },
  'tk-patch-resets-omitted': {
    probe: async (api) => {
      const { id } = await task(api, { description: 'kept', startDate: '2024-01-01' });
      const { data } = (await api.patch(`/tasks/${id}`, { name: 'Renamed' })).json();
      return [data.name, data.description, data.startDate];
    },
    clean: ['Renamed', 'kept', '2024-01-01'],
    faulty: ['Renamed', null, null],
  },
  'tk-null-ignored': {
    probe: async (api) => {
      const { id } = await task(api, { description: 'old', endDate: '2024-12-31' });
      const { data } = (await api.patch(`/tasks/${id}`, { description: null, name: 'Renamed' })).json();
      return [data.name, data.description, data.endDate];
    },
    clean: ['Renamed', null, '2024-12-31'],
    faulty: ['Renamed', 'old', '2024-12-31'],
  },
  'tk-delete-returns-200': {
    probe: async (api) => {
      const response = await api.delete(`/tasks/${(await task(api)).id}`);
      return [response.statusCode, response.body === '' ? '' : typeof response.json().data.deletedAt];
    },
    clean: [204, ''],
    faulty: [200, 'string'],
  },
  'tk-lifecycle-default-active': {
    probe: async (api) => {
      await api.delete(`/tasks/${(await task(api, { name: 'Old' })).id}`);
      await task(api);
      return [await names(api, ''), await names(api, '?lifecycleScope=all'), await names(api, '?lifecycleScope=active')];
    },
    clean: ['Old,Design', 'Old,Design', 'Design'],
    faulty: ['Design', 'Old,Design', 'Design'],
  },
  'tk-lifecycle-active-lists-deleted': {
    probe: async (api) => {
      await api.delete(`/tasks/${(await task(api, { name: 'Old' })).id}`);
      await task(api);
      return [await names(api, '?lifecycleScope=active'), await names(api, '')];
    },
    clean: ['Design', 'Old,Design'],
    faulty: ['Old,Design', 'Old,Design'],
  },
  'tk-filter-project-ignored': {
    probe: async (api) => {
      await task(api, { name: 'One' });
      await task(api, { name: 'Two', parentTaskId: PROJECT_A2 });
      return [await names(api, `?projectId=${PROJECT_A2}`), await statusOf(api.get('/tasks?projectId=x'))];
    },
    clean: ['Two', 400],
    faulty: ['One,Two', 400],
  },
  'tk-search-ignored': {
    probe: async (api) => {
      await task(api, { name: 'Design review' });
      await task(api, { name: 'Build' });
      return names(api, '?search=REVIEW');
    },
    clean: 'Design review',
    faulty: 'Design review,Build',
  },
  'tk-refused-status-half-applied': {
    probe: async (api) => {
      const { id } = await task(api, { description: 'old' });
      await api.patch(`/tasks/${id}`, { status: 'completed' });
      const answer = await statusOf(api.patch(`/tasks/${id}`, { status: 'pending', description: 'new' }));
      const { data } = (await api.get(`/tasks/${id}`)).json();
      return [answer, data.status, data.description];
    },
    clean: [200, 'pending', 'new'],
    faulty: [409, 'completed', 'new'],
  },
  'tk-status-blocked-refused': {
    probe: async (api) => [await patch(api, { status: 'blocked' }), await patch(api, { status: 'in_progress' })],
    clean: [200, 200],
    faulty: [409, 200],
  },
};
