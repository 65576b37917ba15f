import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../testing.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/milestones', { ...MINIMAL.milestone, ...body }));
const milestone = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/milestones', { ...MINIMAL.milestone, ...body });
const complete = (api: TestApi, id: string, body: Record<string, unknown>) => api.post(`/milestones/${id}/complete`, body);
const names = async (api: TestApi, query: string) =>
  ((await api.get(`/milestones${query}`)).json().data as { name: string }[]).map((m) => m.name).join(',');

export const MILESTONE_PROBES: ProbesFor<'ms-'> = {
  'ms-target-date-unchecked': {
    probe: async (api) => [await create(api, { targetDate: '2024-02-30' }), await create(api, { targetDate: '2024-2-3' })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'ms-project-on-update': {
    probe: async (api) => (await api.patch(`/milestones/${(await milestone(api)).id}`, { projectId: PROJECT_A2 })).json().data.projectId,
    clean: PROJECT_A1,
    faulty: PROJECT_A2,
  },
  'ms-complete-no-status': {
    probe: async (api) => {
      const response = await complete(api, (await milestone(api)).id, { completedDate: '2024-05-01' });
      const { status, completedDate } = response.json().data;
      return [response.statusCode, status, completedDate];
    },
    clean: [200, 'completed', '2024-05-01'],
    faulty: [200, 'upcoming', '2024-05-01'],
  },
  'ms-complete-date-unchecked': {
    probe: async (api) => {
      const { id } = await milestone(api);
      return [await statusOf(complete(api, id, { completedDate: '2024-02-30' })), await statusOf(complete(api, id, { completedDate: '2024-2-3' }))];
    },
    clean: [400, 400],
    faulty: [200, 400],
  },
  'ms-filter-status-ignored': {
    probe: async (api) => {
      await milestone(api, { name: 'open' });
      await complete(api, (await milestone(api, { name: 'done' })).id, {});
      return [await names(api, '?status=completed'), await statusOf(api.get('/milestones?status=finished'))];
    },
    clean: ['done', 400],
    faulty: ['open,done', 400],
  },
  'ms-filter-date-ignored': {
    probe: async (api) => {
      await milestone(api, { name: 'mar', targetDate: '2024-03-01' });
      await milestone(api, { name: 'apr', targetDate: '2024-04-01' });
      return [await names(api, '?dateFrom=2024-03-15'), await names(api, '?dateTo=2024-03-01')];
    },
    clean: ['apr', 'mar'],
    faulty: ['mar,apr', 'mar,apr'],
  },
  'ms-type-id-null-rejected': {
    probe: async (api) => {
      const { id } = await milestone(api, { typeId: null });
      return [await statusOf(api.patch(`/milestones/${id}`, { typeId: null })), await statusOf(api.patch(`/milestones/${id}`, { description: null }))];
    },
    clean: [200, 200],
    faulty: [400, 200],
  },
};
