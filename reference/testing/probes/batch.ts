import { MINIMAL, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const URL = '/batch/time-entries';
const items = (n: number, body: Record<string, unknown> = {}) => Array.from({ length: n }, () => ({ ...MINIMAL.timeEntry, ...body }));
const batchCreate = (api: TestApi, entries: unknown[]) => api.post(URL, { entries });
const batchPatch = (api: TestApi, updates: unknown[]) => api.request({ method: 'PATCH', url: URL, payload: { updates } });
const batchDelete = (api: TestApi, ids: unknown[]) => api.request({ method: 'DELETE', url: URL, payload: { ids } });
const entry = (api: TestApi) => api.create('/time-entries', { ...MINIMAL.timeEntry });

export const BATCH_PROBES: ProbesFor<'batch-'> = {
  'batch-size-unbounded': {
    probe: async (api) => {
      const ids = ((await batchCreate(api, items(100))).json().data as { id: string }[]).map((e) => e.id);
      ids.push((await entry(api)).id);
      return [
        await statusOf(batchCreate(api, items(101))),
        await statusOf(
          batchPatch(
            api,
            ids.map((id) => ({ id, hours: 2 })),
          ),
        ),
        await statusOf(batchDelete(api, ids)),
      ];
    },
    clean: [400, 400, 400],
    faulty: [200, 200, 200],
  },
  'batch-empty-accepted': {
    probe: async (api) => [await statusOf(batchCreate(api, [])), await statusOf(batchPatch(api, [])), await statusOf(batchDelete(api, []))],
    clean: [400, 400, 400],
    faulty: [200, 200, 200],
  },
  'batch-item-date-unchecked': {
    probe: async (api) => [
      await statusOf(batchCreate(api, items(1, { date: '2023-02-29' }))),
      (await api.get('/time-entries')).json().data.map((e: { date: string }) => e.date),
    ],
    clean: [400, []],
    faulty: [200, ['2023-02-29']],
  },
  'batch-start-time-seconds-rejected': {
    probe: async (api) => {
      const { id } = await entry(api);
      return [await statusOf(batchCreate(api, items(1, { startTime: '09:30:15' }))), await statusOf(batchPatch(api, [{ id, startTime: '10:00:00' }]))];
    },
    clean: [200, 200],
    faulty: [400, 400],
  },
  'batch-update-ignored': {
    probe: async (api) => {
      const { id } = await entry(api);
      return [await statusOf(batchPatch(api, [{ id, hours: 2 }])), (await api.get(`/time-entries/${id}`)).json().data.hours];
    },
    clean: [200, 2],
    faulty: [200, 1.5],
  },
  'batch-delete-ignored': {
    probe: async (api) => {
      const { id } = await entry(api);
      return [await statusOf(batchDelete(api, [id])), await statusOf(api.get(`/time-entries/${id}`))];
    },
    clean: [200, 404],
    faulty: [200, 200],
  },
  'batch-no-envelope': { probe: async (api) => Array.isArray((await batchCreate(api, items(1))).json()), clean: false, faulty: true },
};
