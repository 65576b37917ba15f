import type { Probe } from './probe.js';

/** The Content-Types of a list, a create and an unknown route's answer (the bodies stay JSON). */
const contentTypes: Probe['probe'] = async (api) => {
  const list = await api.get('/contacts');
  const created = await api.post('/contacts', { contactType: 'company', name: 'probe' });
  const unknown = await api.get('/no-such-route');
  return [list, created, unknown].map((res) => [res.headers['content-type'] ?? null, typeof res.json()]);
};

/** What contentTypes answers when each of its three answers has this Content-Type, its body still JSON. */
const everyAnswer = (type: string | null): Array<[string | null, string]> => [0, 1, 2].map(() => [type, 'object']);

/** The faults of every answer on its way out (reference/responses.faults.ts). */
export const RESPONSE_PROBES = {
  'no-content-type': {
    probe: contentTypes,
    clean: everyAnswer('application/json; charset=utf-8'),
    faulty: everyAnswer(null),
  },
  'text-content-type': {
    probe: contentTypes,
    clean: everyAnswer('application/json; charset=utf-8'),
    faulty: everyAnswer('text/plain; charset=utf-8'),
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
