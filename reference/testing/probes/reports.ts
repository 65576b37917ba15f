import { PROJECT_A1, REPORT_A_HOURS, REPORT_A_PROFIT, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const execute = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post(`/reports/${REPORT_A_PROFIT}/execute`, body));
const scope = (extra: Record<string, unknown>) => ({ scope: { kind: 'project', id: PROJECT_A1, ...extra } });
const names = async (api: TestApi, query: string) => ((await api.get(`/reports${query}`)).json().data as { name: string }[]).map((d) => d.name);
const ALL = ['Utilisation by person', 'Project profitability', 'My billable hours', 'Margin watch'];

export const REPORT_PROBES: ProbesFor<'rp-'> = {
  'rp-categories-as-id': {
    probe: async (api) => [await statusOf(api.get('/reports/categories')), await statusOf(api.get(`/reports/${REPORT_A_PROFIT}`))],
    clean: [200, 200],
    faulty: [404, 200],
  },
  'rp-filter-source-ignored': {
    probe: async (api) => [await names(api, '?source=user'), await statusOf(api.get('/reports?source=custom'))],
    clean: [['My billable hours', 'Margin watch'], 400],
    faulty: [ALL, 400],
  },
  'rp-filter-category-ignored': {
    probe: (api) => names(api, '?category=financial'),
    clean: ['Project profitability', 'Margin watch'],
    faulty: ALL,
  },
  'rp-page-size-unbounded': {
    probe: async (api) => [await execute(api, { pageSize: 501 }), await execute(api, { pageSize: 500 }), await execute(api, { pageSize: 0 })],
    clean: [400, 200, 400],
    faulty: [200, 200, 400],
  },
  'rp-default-page-2': {
    probe: async (api) => {
      const rows = async (body: Record<string, unknown>) => JSON.stringify((await api.post(`/reports/${REPORT_A_PROFIT}/execute`, body)).json().data.rows);
      return [(await rows({ pageSize: 2 })) === (await rows({ page: 1, pageSize: 2 })), (await rows({})) === (await rows({ page: 1 }))];
    },
    clean: [true, true],
    faulty: [false, false],
  },
  'rp-page-size-plus-one': {
    probe: async (api) => {
      const count = async (body: Record<string, unknown>) => (await api.post(`/reports/${REPORT_A_PROFIT}/execute`, body)).json().data.rows.length;
      return [await count({ pageSize: 1 }), await count({ pageSize: 2, page: 2 }), await count({})];
    },
    clean: [1, 2, 100],
    faulty: [2, 3, 101],
  },
  'rp-scope-not-strict': {
    probe: async (api) => [await execute(api, scope({ name: 'x' })), await execute(api, { scope: { kind: 'project' } })],
    clean: [400, 400],
    faulty: [200, 400],
  },
  'rp-scope-kind-unchecked': {
    probe: async (api) => [await execute(api, scope({ kind: 'team' })), await execute(api, scope({ kind: 5 }))],
    clean: [400, 400],
    faulty: [200, 400],
  },
  'rp-execute-no-envelope': {
    probe: async (api) => Object.keys((await api.post(`/reports/${REPORT_A_PROFIT}/execute`, {})).json()),
    clean: ['data'],
    faulty: ['definitionId', 'page', 'pageSize', 'rows', 'total'],
  },
  'rp-list-unpaged': {
    probe: async (api) => {
      const body = (await api.get('/reports?limit=1')).json();
      return [Object.keys(body), body.data.length];
    },
    clean: [['data', 'pagination'], 1],
    faulty: [['data'], 4],
  },
  'rp-get-user-404': {
    probe: async (api) => [await statusOf(api.get(`/reports/${REPORT_A_PROFIT}`)), await statusOf(api.get(`/reports/${REPORT_A_HOURS}`))],
    clean: [200, 200],
    faulty: [200, 404],
  },
  'rp-filter-values-strict': {
    probe: async (api) => [
      await execute(api, { filterValues: {} }),
      await execute(api, { filterValues: { region: 'north' } }),
      await execute(api, { filterValues: [] }),
    ],
    clean: [200, 200, 400],
    faulty: [200, 400, 400],
  },
};
