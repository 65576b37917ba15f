import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

/** A resource id other than MINIMAL.timeEntry's (references need only be UUIDs). */
const OTHER_RESOURCE = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

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
  'te-date-not-required': {
    probe: async (api) => {
      const { date: _date, ...undated } = MINIMAL.timeEntry;
      const res = await api.post('/time-entries', undated);
      return [res.statusCode, res.statusCode === 201 && /^\d{4}-\d\d-\d\d$/.test(res.json().data.date), await create(api, { hours: undefined })];
    },
    clean: [400, false, 400],
    faulty: [201, true, 400],
  },
  'te-resource-uuid-unchecked': {
    probe: async (api) => [
      await create(api, { resourceId: 'abc' }),
      await statusOf(api.patch(`/time-entries/${(await entry(api)).id}`, { resourceId: 'abc' })),
      await create(api, { taskId: 'abc' }),
    ],
    clean: [400, 400, 400],
    faulty: [201, 200, 400],
  },
  'te-entry-source-unchecked': {
    probe: async (api) => [await create(api, { entrySource: 'auto' }), await create(api, { entrySource: '' }), await create(api, { entrySource: 'Timer' })],
    clean: [400, 400, 400],
    faulty: [201, 201, 201],
  },
  'te-entry-source-case-insensitive': {
    probe: async (api) => {
      const res = await api.post('/time-entries', { ...MINIMAL.timeEntry, entrySource: 'Timer' });
      return [res.statusCode, res.statusCode === 201 ? res.json().data.entrySource : null, await create(api, { entrySource: 'auto' })];
    },
    clean: [400, null, 400],
    faulty: [201, 'timer', 400],
  },
  'te-billable-truthy': {
    probe: async (api) => {
      const res = await api.post('/time-entries', { ...MINIMAL.timeEntry, isBillable: 'yes' });
      const patched = await statusOf(api.patch(`/time-entries/${(await entry(api)).id}`, { isBillable: 1 }));
      return [res.statusCode, res.statusCode === 201 ? res.json().data.isBillable : null, patched];
    },
    clean: [400, null, 400],
    faulty: [201, true, 200],
  },
  'te-patch-resets-omitted': {
    probe: async (api) => {
      const e = await entry(api, { description: 'd', isBillable: true, tags: ['t'], startTime: '09:00' });
      const { data } = (await api.patch(`/time-entries/${e.id}`, { hours: 2 })).json();
      return [data.hours, data.description, data.isBillable, data.tags, data.startTime, data.date];
    },
    clean: [2, 'd', true, ['t'], '09:00', '2024-03-01'],
    faulty: [2, null, false, [], null, '2024-03-01'],
  },
  'te-delete-ignored': {
    probe: async (api) => {
      const e = await entry(api);
      return [await statusOf(api.delete(`/time-entries/${e.id}`)), await statusOf(api.get(`/time-entries/${e.id}`))];
    },
    clean: [204, 404],
    faulty: [204, 200],
  },
  'te-filter-task-ignored': {
    probe: async (api) => {
      await entry(api, { description: 'a1' });
      await entry(api, { description: 'a2', taskId: PROJECT_A2 });
      return descriptions(api, `?taskId=${PROJECT_A2}`);
    },
    clean: 'a2',
    faulty: 'a1,a2',
  },
  'te-filter-resource-ignored': {
    probe: async (api) => {
      await entry(api, { description: 'r1' });
      await entry(api, { description: 'r2', resourceId: OTHER_RESOURCE });
      return descriptions(api, `?resourceId=${OTHER_RESOURCE}`);
    },
    clean: 'r2',
    faulty: 'r1,r2',
  },
  'te-filter-billable-ignored': {
    probe: async (api) => {
      await entry(api, { description: 'yes', isBillable: true });
      await entry(api, { description: 'no', isBillable: false });
      return [await descriptions(api, '?isBillable=true'), await descriptions(api, '?isBillable=false')];
    },
    clean: ['yes', 'no'],
    faulty: ['yes,no', 'yes,no'],
  },
  'te-min-hours-issue-unnamed': {
    probe: async (api) => {
      const res = await api.post('/time-entries', { ...MINIMAL.timeEntry, hours: 0.1 });
      return [res.statusCode, res.body.includes('hours')];
    },
    clean: [400, true],
    faulty: [400, false],
  },
};
