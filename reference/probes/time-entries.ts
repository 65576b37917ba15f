import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../testing.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/time-entries', { ...MINIMAL.timeEntry, ...body }));
const entry = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/time-entries', { ...MINIMAL.timeEntry, ...body });
const descriptions = async (api: TestApi, query: string) =>
  ((await api.get(`/time-entries${query}`)).json().data as { description: string }[]).map((e) => e.description).join(',');

export const TIME_ENTRY_PROBES: ProbesFor<'te-'> = {
  'te-date-unchecked': {
    probe: async (api) => [await create(api, { date: '2024-02-30' }), await create(api, { date: '2024-1-5' })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'te-hours-over-24': { probe: async (api) => [await create(api, { hours: 30 }), await create(api, { hours: 49 })], clean: [400, 400], faulty: [201, 400] },
  'te-min-hours-ignored': {
    probe: async (api) => [await create(api, { hours: 0.1 }), await create(api, { hours: 0.1, entrySource: 'timer' })],
    clean: [400, 201],
    faulty: [201, 201],
  },
  'te-timer-min-enforced': {
    probe: async (api) => [await create(api, { hours: 0.1, entrySource: 'timer' }), await create(api, { hours: 0.1 })],
    clean: [201, 400],
    faulty: [400, 400],
  },
  'te-duration-unbounded': {
    probe: async (api) => [await create(api, { durationSeconds: 86401 }), await create(api, { durationSeconds: 86400 })],
    clean: [400, 201],
    faulty: [201, 201],
  },
  'te-start-time-lenient': {
    probe: async (api) => Promise.all(['24:00', '9:30', '09:30', '24:01'].map((startTime) => create(api, { startTime }))),
    clean: [400, 400, 201, 400],
    faulty: [201, 201, 201, 400],
  },
  'te-marked-billed-on-create': { probe: async (api) => (await entry(api, { markedBilled: true })).markedBilled, clean: false, faulty: true },
  'te-update-hours-timer-lenient': {
    probe: async (api) => {
      const timer = await entry(api, { entrySource: 'timer' });
      const manual = await entry(api);
      return [await statusOf(api.patch(`/time-entries/${timer.id}`, { hours: 0.1 })), await statusOf(api.patch(`/time-entries/${manual.id}`, { hours: 0.1 }))];
    },
    clean: [400, 400],
    faulty: [200, 400],
  },
  'te-entry-source-on-update': {
    probe: async (api) => (await api.patch(`/time-entries/${(await entry(api)).id}`, { entrySource: 'timer' })).json().data.entrySource,
    clean: 'manual',
    faulty: 'timer',
  },
  'te-null-ignored': {
    probe: async (api) => (await api.patch(`/time-entries/${(await entry(api, { description: 'd' })).id}`, { description: null })).json().data.description,
    clean: null,
    faulty: 'd',
  },
  'te-filter-project-ignored': {
    probe: async (api) => {
      await entry(api, { description: 'a1' });
      await entry(api, { description: 'a2', taskId: PROJECT_A2 });
      return descriptions(api, `?projectId=${PROJECT_A1}`);
    },
    clean: 'a1',
    faulty: 'a1,a2',
  },
  'te-filter-date-ignored': {
    probe: async (api) => {
      await entry(api, { description: 'mar', date: '2024-03-01' });
      await entry(api, { description: 'apr', date: '2024-04-01' });
      return [await descriptions(api, '?dateFrom=2024-03-15'), await descriptions(api, '?dateTo=2024-03-01')];
    },
    clean: ['apr', 'mar'],
    faulty: ['mar,apr', 'mar,apr'],
  },
  'te-query-date-unchecked': {
    probe: async (api) => [await statusOf(api.get('/time-entries?dateFrom=2024-02-30')), await statusOf(api.get('/time-entries?dateTo=2024-2-3'))],
    clean: [400, 400],
    faulty: [200, 400],
  },
  'te-filter-invoiced-ignored': {
    probe: async (api) => {
      await entry(api);
      return (await api.get('/time-entries?isInvoiced=true')).json().pagination.total;
    },
    clean: 0,
    faulty: 1,
  },
};
