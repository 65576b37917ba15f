import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY_B_ADMIN, MINIMAL, type TestApi } from '../test-api.js';
import type { ProbesFor } from './probe.js';

const ids = async (api: TestApi, url: string, key?: string): Promise<string[]> => ((await api.get(url, key)).json().data as { id: string }[]).map((r) => r.id);

interface Caught {
  readonly path: string;
  readonly signature: string | undefined;
  readonly body: string;
}

/** A loopback HTTP endpoint for the probe's deliveries: `run` gets its base url, the requests it caught are answered. */
async function withEndpoint(run: (base: string) => Promise<void>, waitMs = 300): Promise<Caught[]> {
  const caught: Caught[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const signature = req.headers['x-service-signature'];
      caught.push({ path: req.url ?? '', signature: typeof signature === 'string' ? signature : undefined, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    await run(`http://127.0.0.1:${port}`);
    await sleep(waitMs);
    return caught;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Probes of the interaction faults (reference/routes/sequences.faults.ts): each needs two operations in a row to show. */
export const SEQUENCE_PROBES: ProbesFor<'seq-'> = {
  'seq-contact-read-cache': {
    probe: async (api) => {
      const { id } = await api.createContact({ name: 'before' });
      await api.get(`/contacts/${id}`);
      await api.patch(`/contacts/${id}`, { name: 'after' });
      return (await api.get(`/contacts/${id}`)).json().data.name;
    },
    clean: 'after',
    faulty: 'before',
  },
  'seq-contact-search-index': {
    probe: async (api) => {
      const { id } = await api.createContact({ name: 'Ada' });
      await api.patch(`/contacts/${id}`, { name: 'Grace' });
      return [(await ids(api, '/contacts?search=Grace')).length, (await ids(api, '/contacts?search=Ada')).length];
    },
    clean: [1, 0],
    faulty: [0, 1],
  },
  'seq-contact-parent-index': {
    probe: async (api) => {
      const [p1, p2] = [await api.createContact({ name: 'p1' }), await api.createContact({ name: 'p2' })];
      const { id } = await api.createContact({ contactType: 'individual', name: 'child', parentContactId: p1.id });
      await api.patch(`/contacts/${id}`, { parentContactId: p2.id });
      return [(await ids(api, `/contacts?parentContactId=${p2.id}`)).length, (await ids(api, `/contacts?parentContactId=${p1.id}`)).length];
    },
    clean: [1, 0],
    faulty: [0, 1],
  },
  'seq-time-entry-total-deleted': {
    probe: async (api) => {
      const { id } = await api.create('/time-entries', MINIMAL.timeEntry);
      await api.delete(`/time-entries/${id}`);
      return (await api.get('/time-entries')).json().pagination.total;
    },
    clean: 0,
    faulty: 1,
  },
  'seq-expense-status-index': {
    probe: async (api) => {
      const { id } = await api.create('/expenses', { ...MINIMAL.expense, status: 'pending' });
      await api.post(`/expenses/${id}/approve`, undefined);
      return [(await ids(api, '/expenses?status=approved')).length, (await ids(api, '/expenses?status=pending')).length];
    },
    clean: [1, 0],
    faulty: [0, 1],
  },
  'seq-expense-patch-undeletes': {
    probe: async (api) => {
      const { id } = await api.create('/expenses', MINIMAL.expense);
      await api.delete(`/expenses/${id}`);
      return [(await api.patch(`/expenses/${id}`, { description: 'again' })).statusCode, (await api.get(`/expenses/${id}`)).statusCode];
    },
    clean: [404, 404],
    faulty: [200, 200],
  },
  'seq-time-entry-page-cache': {
    probe: async (api) => {
      await api.create('/time-entries', MINIMAL.timeEntry);
      await api.create('/time-entries', MINIMAL.timeEntry);
      await api.get('/time-entries?limit=1&offset=1');
      await api.create('/time-entries', MINIMAL.timeEntry);
      return [
        (await api.get('/time-entries?limit=1&offset=0')).json().pagination.total,
        (await api.get('/time-entries?limit=1&offset=1')).json().pagination.total,
      ];
    },
    clean: [3, 3],
    faulty: [3, 2],
  },
  'seq-contact-children-cache': {
    probe: async (api) => {
      const parent = await api.createContact({ name: 'parent' });
      await api.createContact({ contactType: 'individual', name: 'child', parentContactId: parent.id });
      await api.get(`/contacts?parentContactId=${parent.id}`);
      return (await ids(api, `/contacts?parentContactId=${parent.id}`, KEY_B_ADMIN)).length;
    },
    clean: 0,
    faulty: 1,
  },
  'seq-resource-update-revives': {
    probe: async (api) => {
      const { id } = await api.create('/resources', MINIMAL.resource);
      await api.delete(`/resources/${id}`);
      await api.patch(`/resources/${id}`, { jobTitle: 'Engineer' });
      return (await api.get(`/resources/${id}`)).json().data.isActive;
    },
    clean: false,
    faulty: true,
  },
  'seq-contact-billable-first-patch': {
    probe: async (api) => {
      const { id } = await api.createContact({ name: 'billed', isBillable: false });
      await api.patch(`/contacts/${id}`, { isBillable: true });
      await api.patch(`/contacts/${id}`, { isBillable: false });
      return [(await ids(api, '/contacts?isBillable=false')).includes(id), (await ids(api, '/contacts?isBillable=true')).includes(id)];
    },
    clean: [true, false],
    faulty: [false, true],
  },
  'seq-resource-quick-edit-tags': {
    probe: async (api) => {
      const { id } = await api.create('/resources', { ...MINIMAL.resource, tags: ['kept'] });
      await api.patch(`/resources/${id}`, { jobTitle: 'Engineer' });
      return (await api.get(`/resources/${id}`)).json().data.tags;
    },
    clean: ['kept'],
    faulty: [],
  },
  'seq-milestone-completed-list-cache': {
    probe: async (api) => {
      const { id } = await api.create('/milestones', MINIMAL.milestone);
      await api.post(`/milestones/${id}/complete`, {});
      await api.get('/milestones?status=completed');
      await api.patch(`/milestones/${id}`, { name: 'Renamed' });
      return (await api.get(`/milestones/${id}`)).json().data.name;
    },
    clean: 'Renamed',
    faulty: 'Launch',
  },
  'seq-batch-update-read-cache': {
    probe: async (api) => {
      const { id } = await api.create('/time-entries', { ...MINIMAL.timeEntry, description: 'before' });
      await api.get(`/time-entries/${id}`);
      await api.request({ method: 'PATCH', url: '/batch/time-entries', payload: { updates: [{ id, description: 'after' }] } });
      return (await api.get(`/time-entries/${id}`)).json().data.description;
    },
    clean: 'after',
    faulty: 'before',
  },
  'seq-batch-delete-total': {
    probe: async (api) => {
      const { id } = await api.create('/time-entries', MINIMAL.timeEntry);
      await api.request({ method: 'DELETE', url: '/batch/time-entries', payload: { ids: [id] } });
      return (await api.get('/time-entries')).json().pagination.total;
    },
    clean: 0,
    faulty: 1,
  },
  'seq-webhook-read-cache': {
    probe: async (api) => {
      const { id } = await api.create('/webhooks', { name: 'w', url: 'https://example.com/hook', events: ['quote.created'] });
      await api.get(`/webhooks/${id}`);
      const rotated = (await api.post(`/webhooks/${id}/rotate-secret`, undefined)).json().data.secret;
      return (await api.get(`/webhooks/${id}`)).json().data.secret === rotated;
    },
    clean: true,
    faulty: false,
  },
  'seq-webhook-active-index': {
    probe: async (api) => {
      const { id } = await api.create('/webhooks', { name: 'w', url: 'https://example.com/hook', events: ['quote.created'] });
      await api.patch(`/webhooks/${id}`, { isActive: false });
      return [(await ids(api, '/webhooks?isActive=false')).length, (await ids(api, '/webhooks?isActive=true')).length];
    },
    clean: [1, 0],
    faulty: [0, 1],
  },
  'seq-webhook-events-copy': {
    probe: async (api) => {
      // Port 9 (discard) on loopback: nothing leaves the machine; the delivery is logged when it is made.
      const { id } = await api.create('/webhooks', { name: 'w', url: 'http://127.0.0.1:9/hook', events: ['expense.created'] });
      await api.patch(`/webhooks/${id}`, { events: ['quote.created'] });
      await api.create('/expenses', { ...MINIMAL.expense });
      return (await api.get(`/webhooks/${id}/deliveries`)).json().data.length;
    },
    clean: 0,
    faulty: 1,
  },
  'seq-webhook-test-first-url': {
    probe: async (api) => {
      const caught = await withEndpoint(async (base) => {
        const { id } = await api.create('/webhooks', { name: 'w', url: `${base}/first`, events: ['quote.created'] });
        await api.patch(`/webhooks/${id}`, { url: `${base}/second` });
        await api.post(`/webhooks/${id}/test`, undefined);
      });
      return caught.map((c) => c.path);
    },
    clean: ['/second'],
    faulty: ['/first'],
  },
  'seq-webhook-test-first-secret': {
    probe: async (api) => {
      let rotated = '';
      const caught = await withEndpoint(async (base) => {
        const { id } = await api.create('/webhooks', { name: 'w', url: `${base}/hook`, events: ['quote.created'] });
        rotated = (await api.post(`/webhooks/${id}/rotate-secret`, undefined)).json().data.secret;
        await api.post(`/webhooks/${id}/test`, undefined);
      });
      return caught.map((c) => c.signature === `sha256=${createHmac('sha256', rotated).update(c.body).digest('hex')}`);
    },
    clean: [true],
    faulty: [false],
  },
  'seq-webhook-delete-keeps-dispatch': {
    probe: async (api) => {
      const caught = await withEndpoint(async (base) => {
        const { id } = await api.create('/webhooks', { name: 'w', url: `${base}/hook`, events: ['expense.created'] });
        await api.delete(`/webhooks/${id}`);
        await api.create('/expenses', { ...MINIMAL.expense });
      });
      return caught.length;
    },
    clean: 0,
    faulty: 1,
  },
};
