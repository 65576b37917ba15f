import type { TestApi } from '../test-api.js';
import type { ProbesFor } from './probe.js';

const names = async (api: TestApi, query: string) => ((await api.get(`/projects${query}`)).json().data as { name: string }[]).map((p) => p.name);

export const PROJECT_PROBES: ProbesFor<'pj-'> = {
  'pj-list-leak': { probe: (api) => names(api, ''), clean: ['Project A1', 'Project A2'], faulty: ['Project A1', 'Project A2', 'Project B1'] },
  'pj-limit-ignored': {
    probe: async (api) => {
      const body = (await api.get('/projects?limit=1')).json();
      return [body.data.length, body.pagination.limit, await names(api, '?limit=1&offset=1')];
    },
    clean: [1, 1, ['Project A2']],
    faulty: [2, 1, ['Project A2']],
  },
  'pj-list-skips-first': {
    probe: async (api) => [await names(api, ''), await names(api, '?offset=1')],
    clean: [['Project A1', 'Project A2'], ['Project A2']],
    faulty: [['Project A2'], []],
  },
};
