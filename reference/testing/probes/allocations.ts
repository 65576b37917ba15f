import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/allocations', { ...MINIMAL.allocation, ...body }));
const allocation = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/allocations', { ...MINIMAL.allocation, ...body });
const notes = async (api: TestApi, query: string) => ((await api.get(`/allocations${query}`)).json().data as { notes: string }[]).map((a) => a.notes).join(',');
const padded = (length: number) => ` ${'x'.repeat(length)} `;

export const ALLOCATION_PROBES: ProbesFor<'al-'> = {
  'al-resource-index-stale': {
    probe: async (api) => {
      const [first, second] = ['7b0e4e58-3c0f-4f55-9a43-0d2f5bb0a001', '7b0e4e58-3c0f-4f55-9a43-0d2f5bb0a002'];
      const { id } = await allocation(api, { resourceId: first, notes: 'moved' });
      await api.patch(`/allocations/${id}`, { resourceId: second });
      return [await notes(api, `?resourceId=${second}`), await notes(api, `?resourceId=${first}`)];
    },
    clean: ['moved', ''],
    faulty: ['', 'moved'],
  },
  'al-date-unchecked': {
    probe: async (api) => [
      await create(api, { startDate: '2024-02-30' }),
      await create(api, { endDate: '2023-02-29' }),
      await statusOf(api.patch(`/allocations/${(await allocation(api)).id}`, { endDate: '2024-04-31' })),
      await create(api, { startDate: '2024-3-1' }),
    ],
    clean: [400, 400, 400, 400],
    faulty: [201, 201, 200, 400],
  },
  'al-hours-per-day-unbounded': {
    probe: async (api) => [await create(api, { hoursPerDay: 25 }), await create(api, { hoursPerDay: 24 }), await create(api, { hoursPerDay: -1 })],
    clean: [400, 201, 400],
    faulty: [201, 201, 400],
  },
  'al-reason-untrimmed': {
    probe: async (api) => [await create(api, { constraintReason: padded(1000) }), await create(api, { constraintReason: padded(1001) })],
    clean: [201, 400],
    faulty: [400, 400],
  },
  'al-reason-unbounded': {
    probe: async (api) => [await create(api, { constraintReason: 'x'.repeat(1001) }), await create(api, { constraintReason: padded(1000) })],
    clean: [400, 201],
    faulty: [201, 201],
  },
  'al-end-date-not-required': {
    probe: async (api) => [await statusOf(api.post('/allocations', { taskId: PROJECT_A1, startDate: '2024-03-01' })), await create(api, { endDate: 5 })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'al-null-ignored': {
    probe: async (api) => (await api.patch(`/allocations/${(await allocation(api, { notes: 'n' })).id}`, { notes: null })).json().data.notes,
    clean: null,
    faulty: 'n',
  },
  'al-filter-project-ignored': {
    probe: async (api) => {
      await allocation(api, { notes: 'a1' });
      await allocation(api, { notes: 'a2', taskId: PROJECT_A2 });
      return notes(api, `?projectId=${PROJECT_A1}`);
    },
    clean: 'a1',
    faulty: 'a1,a2',
  },
  'al-filter-date-ignored': {
    probe: async (api) => {
      await allocation(api, { notes: 'mar' });
      await allocation(api, { notes: 'may', startDate: '2024-05-01', endDate: '2024-05-31' });
      return [await notes(api, '?dateFrom=2024-04-01'), await notes(api, '?dateTo=2024-03-01')];
    },
    clean: ['may', 'mar'],
    faulty: ['mar,may', 'mar,may'],
  },
  'al-resource-uuid-unchecked': {
    probe: async (api) => [await create(api, { resourceId: 'abc' }), await create(api, { groupId: 'abc' })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'al-notes-dropped-on-create': {
    probe: async (api) => {
      const a = await allocation(api, { notes: 'n' });
      return [a.notes, (await api.patch(`/allocations/${a.id}`, { notes: 'm' })).json().data.notes];
    },
    clean: ['n', 'm'],
    faulty: [null, 'm'],
  },
  'al-notes-stringified': {
    probe: async (api) => {
      const res = await api.post('/allocations', { ...MINIMAL.allocation, notes: 5 });
      const patched = await statusOf(api.patch(`/allocations/${(await allocation(api)).id}`, { notes: true }));
      return [res.statusCode, res.statusCode === 201 ? res.json().data.notes : null, patched, await create(api, { notes: null })];
    },
    clean: [400, null, 400, 400],
    faulty: [201, '5', 200, 400],
  },
  'al-patch-resets-omitted': {
    probe: async (api) => {
      const a = await allocation(api, { notes: 'n', hoursPerDay: 8, constraintAcknowledged: true });
      const { data } = (await api.patch(`/allocations/${a.id}`, { hours: 4 })).json();
      return [data.hours, data.notes, data.hoursPerDay, data.constraintAcknowledged, data.startDate];
    },
    clean: [4, 'n', 8, true, '2024-03-01'],
    faulty: [4, null, null, false, '2024-03-01'],
  },
  'al-delete-list-only': {
    probe: async (api) => {
      const a = await allocation(api, { notes: 'gone' });
      await allocation(api, { notes: 'kept' });
      return [await statusOf(api.delete(`/allocations/${a.id}`)), await notes(api, ''), await statusOf(api.get(`/allocations/${a.id}`))];
    },
    clean: [204, 'kept', 404],
    faulty: [204, 'kept', 200],
  },
  'al-query-uuid-unchecked': {
    probe: async (api) => {
      await allocation(api, { notes: 'a' });
      return [
        await statusOf(api.get('/allocations?resourceId=abc')),
        await statusOf(api.get('/allocations?taskId=12345')),
        await statusOf(api.get('/allocations?dateFrom=2024-02-30')),
        (await api.get('/allocations?projectId=abc')).json().data?.length,
      ];
    },
    clean: [400, 400, 400, undefined],
    faulty: [200, 200, 400, 0],
  },
};
