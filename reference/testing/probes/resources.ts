import { MINIMAL, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const ROLE = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/resources', { ...MINIMAL.resource, ...body }));
const resource = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/resources', { ...MINIMAL.resource, ...body });
const names = async (api: TestApi, query: string) => ((await api.get(`/resources${query}`)).json().data as { name: string }[]).map((r) => r.name).join(',');

export const RESOURCE_PROBES: ProbesFor<'rs-'> = {
  'rs-email-unchecked': {
    probe: async (api) => [await create(api, { email: 'x' }), await statusOf(api.patch(`/resources/${(await resource(api)).id}`, { email: 'x' }))],
    clean: [400, 400],
    faulty: [201, 200],
  },
  'rs-negative-salary': {
    probe: async (api) => [await create(api, { salary: -1 }), await create(api, { salary: '5' })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'rs-is-active-on-create': { probe: async (api) => (await resource(api, { isActive: false })).isActive, clean: true, faulty: false },
  'rs-employment-type-nullable': {
    probe: async (api) => {
      const { id } = await resource(api, { employmentType: 'full_time' });
      const status = await statusOf(api.patch(`/resources/${id}`, { employmentType: null }));
      return [status, (await api.get(`/resources/${id}`)).json().data.employmentType, await statusOf(api.patch(`/resources/${id}`, { name: null }))];
    },
    clean: [400, 'full_time', 400],
    faulty: [200, null, 400],
  },
  'rs-delete-returns-200': {
    probe: async (api) => {
      const response = await api.delete(`/resources/${(await resource(api)).id}`);
      return [response.statusCode, response.body === '' ? '' : response.json().data.isActive];
    },
    clean: [204, ''],
    faulty: [200, false],
  },
  'rs-filter-role-ignored': {
    probe: async (api) => {
      await resource(api, { name: 'Ada', roleId: ROLE });
      await resource(api, { name: 'Bob' });
      return [await names(api, `?roleId=${ROLE}`), await statusOf(api.get('/resources?roleId=abc'))];
    },
    clean: ['Ada', 400],
    faulty: ['Ada,Bob', 400],
  },
  'rs-filter-active-ignored': {
    probe: async (api) => {
      await resource(api, { name: 'on' });
      await api.patch(`/resources/${(await resource(api, { name: 'off' })).id}`, { isActive: false });
      return names(api, '?isActive=false');
    },
    clean: 'off',
    faulty: 'on,off',
  },
  'rs-patch-resets-omitted': {
    probe: async (api) => {
      const r = await resource(api, { email: 'a@example.com', tags: ['t'], salary: 10 });
      await api.patch(`/resources/${r.id}`, { isActive: false });
      const { data } = (await api.patch(`/resources/${r.id}`, { jobTitle: 'Lead' })).json();
      return [data.name, data.email, data.tags, data.salary, data.isActive, data.jobTitle];
    },
    clean: ['Ada', 'a@example.com', ['t'], 10, false, 'Lead'],
    faulty: ['Ada', null, [], null, true, 'Lead'],
  },
  'rs-create-phone-dropped': {
    probe: async (api) => {
      const r = await resource(api, { phone: '+44 20 7946 0000', jobTitle: 'Dev' });
      return [r.phone, r.jobTitle];
    },
    clean: ['+44 20 7946 0000', 'Dev'],
    faulty: [null, 'Dev'],
  },
  'rs-name-not-required': {
    probe: async (api) => [await statusOf(api.post('/resources', { email: 'a@example.com' })), await create(api, { name: 5 })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'rs-empty-name': {
    probe: async (api) => [
      await create(api, { name: '' }),
      await statusOf(api.patch(`/resources/${(await resource(api)).id}`, { name: '' })),
      await create(api, { name: null }),
    ],
    clean: [400, 400, 400],
    faulty: [201, 200, 400],
  },
  'rs-role-uuid-unchecked': {
    probe: async (api) => [
      await create(api, { roleId: 'manager' }),
      await statusOf(api.patch(`/resources/${(await resource(api)).id}`, { roleId: 'manager' })),
      await create(api, { homeOfficeId: 'london' }),
    ],
    clean: [400, 400, 400],
    faulty: [201, 200, 400],
  },
  'rs-update-active-ignored': {
    probe: async (api) => {
      const { id } = await resource(api);
      const { data } = (await api.patch(`/resources/${id}`, { isActive: false, jobTitle: 'Lead' })).json();
      return [data.isActive, data.jobTitle];
    },
    clean: [false, 'Lead'],
    faulty: [true, 'Lead'],
  },
  'rs-null-ignored': {
    probe: async (api) => {
      const { id } = await resource(api, { email: 'a@example.com', phone: '123' });
      const { data } = (await api.patch(`/resources/${id}`, { email: null, jobTitle: 'Lead' })).json();
      return [data.email, data.phone, data.jobTitle];
    },
    clean: [null, '123', 'Lead'],
    faulty: ['a@example.com', '123', 'Lead'],
  },
  'rs-query-office-unchecked': {
    probe: async (api) => {
      await resource(api);
      const response = await api.get('/resources?homeOfficeId=london');
      return [response.statusCode, response.statusCode === 200 ? response.json().data.length : null, await statusOf(api.get('/resources?roleId=x'))];
    },
    clean: [400, null, 400],
    faulty: [200, 0, 400],
  },
  'rs-search-ignored': {
    probe: async (api) => {
      await resource(api, { name: 'Ada Lovelace' });
      await resource(api, { name: 'Bob' });
      return names(api, '?search=LOVE');
    },
    clean: 'Ada Lovelace',
    faulty: 'Ada Lovelace,Bob',
  },
};
