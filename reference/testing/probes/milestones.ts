import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/milestones', { ...MINIMAL.milestone, ...body }));
const milestone = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/milestones', { ...MINIMAL.milestone, ...body });
const complete = (api: TestApi, id: string, body: Record<string, unknown>) => api.post(`/milestones/${id}/complete`, body);
const names = async (api: TestApi, query: string) => ((await api.get(`/milestones${query}`)).json().data as { name: string }[]).map((m) => m.name).join(',');

export const MILESTONE_PROBES: ProbesFor<'ms-'> = {
  'ms-update-uncompletes': {
    probe: async (api) => {
      const { id } = await milestone(api);
      await complete(api, id, {});
      await api.patch(`/milestones/${id}`, { description: 'edited after completion' });
      return (await api.get(`/milestones/${id}`)).json().data.status;
    },
    clean: 'completed',
    faulty: 'upcoming',
  },
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
  'ms-complete-date-ignored': {
    probe: async (api) => (await complete(api, (await milestone(api)).id, { completedDate: '2024-05-01' })).json().data.completedDate === '2024-05-01',
    clean: true,
    faulty: false,
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
  'ms-create-criteria-dropped': {
    probe: async (api) => {
      const criteria = [{ description: 'signed off' }];
      const { data } = (await api.post('/milestones', { ...MINIMAL.milestone, completionCriteria: criteria, triggersInvoice: true })).json();
      return [data.completionCriteria, data.triggersInvoice];
    },
    clean: [[{ description: 'signed off' }], true],
    faulty: [[], true],
  },
  'ms-name-not-required': {
    probe: async (api) => [
      await statusOf(api.post('/milestones', { projectId: PROJECT_A1, targetDate: '2024-06-30' })),
      await statusOf(api.post('/milestones', { projectId: PROJECT_A1, name: 'x' })),
      await create(api, { name: '' }),
    ],
    clean: [400, 400, 400],
    faulty: [201, 400, 400],
  },
  'ms-delete-soft': {
    probe: async (api) => {
      const { id } = await milestone(api, { name: 'gone' });
      return [await statusOf(api.delete(`/milestones/${id}`)), await names(api, ''), await statusOf(api.get(`/milestones/${id}`))];
    },
    clean: [204, '', 404],
    faulty: [204, '', 200],
  },
  'ms-query-date-unchecked': {
    probe: async (api) => [
      await statusOf(api.get('/milestones?dateFrom=2024-02-30')),
      await statusOf(api.get('/milestones?dateTo=2023-13-01')),
      await statusOf(api.get('/milestones?dateFrom=2024-2-3')),
    ],
    clean: [400, 400, 400],
    faulty: [200, 200, 400],
  },
  'ms-filter-project-ignored': {
    probe: async (api) => {
      await milestone(api, { name: 'a1' });
      await milestone(api, { name: 'a2', projectId: PROJECT_A2 });
      return [await names(api, `?projectId=${PROJECT_A2}`), await statusOf(api.get('/milestones?projectId=nope'))];
    },
    clean: ['a2', 400],
    faulty: ['a1,a2', 400],
  },
  'ms-refused-complete-keeps-date': {
    probe: async (api) => {
      const { id } = await milestone(api);
      await complete(api, id, { completedDate: '2024-05-01' });
      const answer = (await complete(api, id, { completedDate: '2024-05-20' })).statusCode;
      return [answer, (await api.get(`/milestones/${id}`)).json().data.completedDate];
    },
    clean: [200, '2024-05-20'],
    faulty: [409, '2024-05-20'],
  },
};
