import { MINIMAL, PROJECT_A1, PROJECT_A2, type TestApi } from '../testing.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/allocations', { ...MINIMAL.allocation, ...body }));
const allocation = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/allocations', { ...MINIMAL.allocation, ...body });
const notes = async (api: TestApi, query: string) =>
  ((await api.get(`/allocations${query}`)).json().data as { notes: string }[]).map((a) => a.notes).join(',');
const padded = (length: number) => ` ${'x'.repeat(length)} `;

export const ALLOCATION_PROBES: ProbesFor<'al-'> = {
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
    probe: async (api) => [
      await statusOf(api.post('/allocations', { taskId: PROJECT_A1, startDate: '2024-03-01' })),
      await create(api, { endDate: 5 }),
    ],
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
};
