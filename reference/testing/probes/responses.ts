import type { Probe } from './probe.js';

/** The Content-Types of a list, a create and an unknown route's answer (the bodies stay JSON). */
const contentTypes: Probe['probe'] = async (api) => {
  const list = await api.get('/contacts');
  const created = await api.post('/contacts', { contactType: 'company', name: 'probe' });
  const unknown = await api.get('/no-such-route');
  return [list, created, unknown].map((res) => [res.headers['content-type'] ?? null, typeof res.json()]);
};

/** The faults of every answer on its way out (reference/responses.faults.ts). */
export const RESPONSE_PROBES = {
  'no-content-type': {
    probe: contentTypes,
    clean: [
      ['application/json; charset=utf-8', 'object'],
      ['application/json; charset=utf-8', 'object'],
      ['application/json; charset=utf-8', 'object'],
    ],
    faulty: [
      [null, 'object'],
      [null, 'object'],
      [null, 'object'],
    ],
  },
  'text-content-type': {
    probe: contentTypes,
    clean: [
      ['application/json; charset=utf-8', 'object'],
      ['application/json; charset=utf-8', 'object'],
      ['application/json; charset=utf-8', 'object'],
    ],
    faulty: [
      ['text/plain; charset=utf-8', 'object'],
      ['text/plain; charset=utf-8', 'object'],
      ['text/plain; charset=utf-8', 'object'],
    ],
  },
  'all-200': {
    probe: async (api) => {
      const created = await api.post('/contacts', { contactType: 'company', name: 'probe' });
      const id = (created.json() as { data: { id: string } }).data.id;
      const deleted = await api.delete(`/contacts/${id}`);
      const invalid = await api.post('/contacts', { contactType: 'alien', name: 'probe' });
      return [created.statusCode, deleted.statusCode, deleted.body, invalid.statusCode];
    },
    clean: [201, 204, '', 400],
    faulty: [200, 200, '', 400],
  },
} satisfies Record<string, Probe>;
