import { MINIMAL, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/rates', { ...MINIMAL.rate, ...body }));
const rate = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/rates', { ...MINIMAL.rate, ...body });
const addVersion = (api: TestApi, id: string, body: Record<string, unknown>) =>
  statusOf(api.post(`/rates/${id}/versions`, { amount: 120, effectiveFrom: '2020-01-01', ...body }));

const names = async (api: TestApi, query: string) => ((await api.get(`/rates${query}`)).json().data as { name: string }[]).map((r) => r.name).join(',');

export const RATE_PROBES: ProbesFor<'rate-'> = {
  'rate-versions-list-cached': {
    probe: async (api) => {
      const { id } = await api.create('/rates', { name: 'Cached versions', amount: 10 });
      await api.get(`/rates/${id}/versions`);
      await api.post(`/rates/${id}/versions`, { amount: 20, effectiveFrom: '2099-01-01' });
      return ((await api.get(`/rates/${id}/versions`)).json().data as unknown[]).length;
    },
    clean: 2,
    faulty: 1,
  },
  'rate-create-not-strict': {
    probe: async (api) => {
      const status = await create(api, { colour: 'red' });
      return [status, (await api.get('/rates')).json().data.map((r: Record<string, unknown>) => 'colour' in r)];
    },
    clean: [400, []],
    faulty: [201, [false]],
  },
  'rate-update-amount-applied': {
    probe: async (api) => {
      const { id } = await rate(api);
      return [await statusOf(api.patch(`/rates/${id}`, { amount: 150 })), (await api.get(`/rates/${id}`)).json().data.currentVersion.amount];
    },
    clean: [400, 100],
    faulty: [200, 150],
  },
  'rate-version-date-unchecked': {
    probe: async (api) => {
      const { id } = await rate(api);
      return [await addVersion(api, id, { effectiveFrom: '2024-02-30' }), await addVersion(api, id, { effectiveFrom: '2024-2-3' })];
    },
    clean: [400, 400],
    faulty: [201, 400],
  },
  'rate-delete-hard': {
    probe: async (api) => {
      const { id } = await rate(api);
      await api.delete(`/rates/${id}`);
      const response = await api.get(`/rates/${id}`);
      return [response.statusCode, response.statusCode === 200 ? response.json().data.isActive : null];
    },
    clean: [200, false],
    faulty: [404, null],
  },
  'rate-versions-only-current': {
    probe: async (api) => {
      const { id } = await rate(api);
      await addVersion(api, id, {});
      return ((await api.get(`/rates/${id}/versions`)).json().data as { amount: number }[]).map((v) => v.amount);
    },
    clean: [100, 120],
    faulty: [100],
  },
  'rate-filter-tags-ignored': {
    probe: async (api) => {
      await rate(api, { name: 'A', tags: ['a'] });
      await rate(api, { name: 'B', tags: ['b'] });
      return ((await api.get('/rates?tags=a')).json().data as { name: string }[]).map((r) => r.name);
    },
    clean: ['A'],
    faulty: ['A', 'B'],
  },
  'rate-type-enum-unchecked': {
    probe: async (api) => [await create(api, { rateType: 'premium' }), await statusOf(api.patch(`/rates/${(await rate(api)).id}`, { rateType: 'premium' }))],
    clean: [400, 400],
    faulty: [201, 200],
  },
  'rate-version-not-strict': {
    probe: async (api) => addVersion(api, (await rate(api)).id, { note: 'x' }),
    clean: 400,
    faulty: 201,
  },
  'rate-get-no-version': {
    probe: async (api) => {
      const { data } = (await api.get(`/rates/${(await rate(api)).id}`)).json();
      return ['currentVersion' in data, JSON.stringify(data).includes('amount')];
    },
    clean: [true, true],
    faulty: [false, false],
  },
  'rate-create-hours-dropped': { probe: async (api) => (await rate(api, { period: 'day', hoursPerPeriod: 7.5 })).hoursPerPeriod, clean: 7.5, faulty: null },
  'rate-amount-not-required': {
    probe: async (api) => [await statusOf(api.post('/rates', { name: 'No amount' })), await statusOf(api.post('/rates', { amount: 5 }))],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'rate-update-tags-ignored': {
    probe: async (api) => {
      const { id } = await rate(api, { tags: ['old'] });
      const { data } = (await api.patch(`/rates/${id}`, { name: 'Renamed', tags: ['new'] })).json();
      return [data.name, data.tags];
    },
    clean: ['Renamed', ['new']],
    faulty: ['Renamed', ['old']],
  },
  'rate-version-zero-rejected': {
    probe: async (api) => {
      const { id } = await rate(api);
      return [await addVersion(api, id, { amount: 0 }), await addVersion(api, id, { amount: 0.01 }), await addVersion(api, id, { amount: -1 })];
    },
    clean: [201, 201, 400],
    faulty: [400, 201, 400],
  },
  'rate-query-type-unchecked': {
    probe: async (api) => {
      await rate(api);
      const typed = await api.get('/rates?rateType=hourly');
      return [typed.statusCode, typed.statusCode === 200 ? typed.json().data.length : null, await names(api, '?rateType=billable')];
    },
    clean: [400, null, 'Standard'],
    faulty: [200, 0, 'Standard'],
  },
  'rate-filter-type-ignored': {
    probe: async (api) => {
      await rate(api, { name: 'A' });
      await rate(api, { name: 'C', rateType: 'cost' });
      return names(api, '?rateType=cost');
    },
    clean: 'C',
    faulty: 'A,C',
  },
  'rate-filter-active-ignored': {
    probe: async (api) => {
      await rate(api, { name: 'on' });
      await api.delete(`/rates/${(await rate(api, { name: 'off' })).id}`);
      return [await names(api, '?isActive=false'), await names(api, '?isActive=true')];
    },
    clean: ['off', 'on'],
    faulty: ['on,off', 'on,off'],
  },
  'rate-filter-default-ignored': {
    probe: async (api) => {
      await rate(api, { name: 'D', isDefault: true });
      await rate(api, { name: 'N' });
      return [await names(api, '?isDefault=true'), await names(api, '?isDefault=false')];
    },
    clean: ['D', 'N'],
    faulty: ['D,N', 'D,N'],
  },
  'rate-search-ignored': {
    probe: async (api) => {
      await rate(api, { name: 'Senior consultant' });
      await rate(api, { name: 'Junior' });
      return names(api, '?search=CONSULT');
    },
    clean: 'Senior consultant',
    faulty: 'Senior consultant,Junior',
  },
};
