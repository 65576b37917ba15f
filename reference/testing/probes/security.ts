import { KEY_A_ADMIN, KEY_A_MEMBER, KEY_B_ADMIN, MINIMAL, PROJECT_B1, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const VERSION_B1 = 'e1c641f3-ca46-4388-9cbb-630db4d6d23a';
/** A URL nothing listens on: these probes fire no event, so nothing is sent to it. */
const HOOK_URL = 'http://127.0.0.1:9/hook';

/** Records of organisation B, created with B's key. */
const theirs = (api: TestApi, url: string, body: Record<string, unknown>) => api.create(url, body, KEY_B_ADMIN);
const theirTask = (api: TestApi, name = 'Secret plan') => theirs(api, '/tasks', { parentTaskId: PROJECT_B1, versionId: VERSION_B1, name });
const hook = { name: 'hook', url: HOOK_URL, events: ['task.created'] };

export const SECURITY_PROBES: ProbesFor<'sec-'> = {
  'sec-expense-cross-org-read': {
    probe: async (api) => {
      const { id } = await theirs(api, '/expenses', { ...MINIMAL.expense });
      return [await statusOf(api.get(`/expenses/${id}`)), await statusOf(api.patch(`/expenses/${id}`, { amount: 1 }))];
    },
    clean: [404, 404],
    faulty: [200, 404],
  },
  'sec-expense-cross-org-read-bearer': {
    probe: async (api) => {
      const { id } = await theirs(api, '/expenses', { ...MINIMAL.expense });
      const bearer = { authorization: `Bearer ${KEY_A_ADMIN}` };
      return [await statusOf(api.get(`/expenses/${id}`)), await statusOf(api.request({ method: 'GET', url: `/expenses/${id}`, key: null, headers: bearer }))];
    },
    clean: [404, 404],
    faulty: [404, 200],
  },
  'sec-time-entry-cross-org-update': {
    probe: async (api) => {
      const { id } = await theirs(api, '/time-entries', { ...MINIMAL.timeEntry, taskId: PROJECT_B1 });
      const status = await statusOf(api.patch(`/time-entries/${id}`, { description: 'mine' }));
      return [status, (await api.get(`/time-entries/${id}`, KEY_B_ADMIN)).json().data.description];
    },
    clean: [404, null],
    faulty: [200, 'mine'],
  },
  'sec-milestone-cross-org-complete': {
    probe: async (api) => {
      const { id } = await theirs(api, '/milestones', { ...MINIMAL.milestone, projectId: PROJECT_B1 });
      const status = await statusOf(api.post(`/milestones/${id}/complete`, {}));
      return [status, (await api.get(`/milestones/${id}`, KEY_B_ADMIN)).json().data.status];
    },
    clean: [404, 'upcoming'],
    faulty: [200, 'completed'],
  },
  'sec-rate-cross-org-versions': {
    probe: async (api) => {
      const { id } = await theirs(api, '/rates', { ...MINIMAL.rate });
      const read = await statusOf(api.get(`/rates/${id}/versions`));
      const write = await statusOf(api.post(`/rates/${id}/versions`, { amount: 1, effectiveFrom: '2020-01-01' }));
      return [read, write, (await api.get(`/rates/${id}/versions`, KEY_B_ADMIN)).json().data.length];
    },
    clean: [404, 404, 1],
    faulty: [200, 201, 2],
  },
  'sec-allocation-cross-org-delete': {
    probe: async (api) => {
      const { id } = await theirs(api, '/allocations', { ...MINIMAL.allocation, taskId: PROJECT_B1 });
      return [await statusOf(api.delete(`/allocations/${id}`)), await statusOf(api.get(`/allocations/${id}`, KEY_B_ADMIN))];
    },
    clean: [404, 200],
    faulty: [204, 404],
  },
  'sec-task-list-leak': {
    probe: async (api) => {
      await theirTask(api);
      const names = async (query: string) => ((await api.get(`/tasks${query}`)).json().data as { name: string }[]).map((t) => t.name);
      return [await names(`?projectId=${PROJECT_B1}`), await names('')];
    },
    clean: [[], []],
    faulty: [['Secret plan'], []],
  },
  'sec-time-entry-list-leak': {
    probe: async (api) => {
      const task = await theirTask(api);
      await theirs(api, '/time-entries', { ...MINIMAL.timeEntry, taskId: task.id });
      return [(await api.get(`/time-entries?taskId=${task.id}`)).json().pagination.total, (await api.get('/time-entries')).json().pagination.total];
    },
    clean: [0, 0],
    faulty: [1, 0],
  },
  'sec-update-reference-leak': {
    probe: async (api) => {
      const task = await theirTask(api);
      const { id } = await api.create('/time-entries', { ...MINIMAL.timeEntry });
      const embedded = (await api.patch(`/time-entries/${id}`, { taskId: task.id })).json().data.task;
      return embedded === undefined ? null : [embedded.id === task.id, embedded.name];
    },
    clean: null,
    faulty: [true, 'Secret plan'],
  },
  'sec-report-scope-leak': {
    probe: async (api) => {
      const definition = (await api.get('/reports?limit=1')).json().data[0].id;
      const project = (await api.post(`/reports/${definition}/execute`, { scope: { kind: 'project', id: PROJECT_B1 } })).json().data.project;
      return project === undefined ? null : project.id === PROJECT_B1;
    },
    clean: null,
    faulty: true,
  },
  'sec-events-cross-org': {
    probe: async (api) => {
      const { id } = await api.create('/webhooks', { ...hook, events: ['expense.created'] });
      await theirs(api, '/expenses', { ...MINIMAL.expense });
      return (await api.get(`/webhooks/${id}/deliveries`)).json().data.length;
    },
    clean: 0,
    faulty: 1,
  },
  'sec-error-body-leak': {
    probe: async (api) => {
      const { id } = await theirs(api, '/contacts', { contactType: 'company', name: 'Secret client' });
      const res = await api.get(`/contacts/${id}`);
      return [res.statusCode, res.body.includes('Secret client')];
    },
    clean: [404, false],
    faulty: [404, true],
  },
  'sec-reference-leak': {
    probe: async (api) => {
      const task = await theirTask(api);
      const response = await api.post('/time-entries', { ...MINIMAL.timeEntry, taskId: task.id });
      const embedded = response.json().data.task;
      return [response.statusCode, embedded === undefined ? null : [embedded.id === task.id, embedded.name]];
    },
    clean: [201, null],
    faulty: [201, [true, 'Secret plan']],
  },
  'sec-member-webhook-write': {
    probe: async (api) => {
      const created = await statusOf(api.post('/webhooks', hook, KEY_A_MEMBER));
      const { id } = await api.create('/webhooks', hook);
      return [
        created,
        await statusOf(api.patch(`/webhooks/${id}`, { name: 'renamed' }, KEY_A_MEMBER)),
        await statusOf(api.delete(`/webhooks/${id}`, KEY_A_MEMBER)),
      ];
    },
    clean: [403, 403, 403],
    faulty: [201, 200, 204],
  },
  'sec-auth-skipped-categories': {
    probe: async (api) => [await statusOf(api.get('/reports/categories', null)), await statusOf(api.get('/reports', null))],
    clean: [401, 401],
    faulty: [200, 401],
  },
  'sec-empty-bearer-allowed': {
    probe: async (api) => [
      await statusOf(api.request({ method: 'GET', url: '/contacts', key: null, headers: { authorization: 'Bearer ' } })),
      await statusOf(api.get('/contacts', null)),
    ],
    clean: [401, 401],
    faulty: [200, 401],
  },
  'sec-webhook-cross-org-rotate': {
    probe: async (api) => {
      const { id, secret } = await theirs(api, '/webhooks', hook);
      const status = await statusOf(api.post(`/webhooks/${id}/rotate-secret`, {}));
      return [status, (await api.get(`/webhooks/${id}`, KEY_B_ADMIN)).json().data.secret === secret];
    },
    clean: [404, true],
    faulty: [200, false],
  },
  'sec-cross-org-403': {
    probe: async (api) => {
      const other = await api.createContact({}, KEY_B_ADMIN);
      return [await statusOf(api.get(`/contacts/${other.id}`)), await statusOf(api.get(`/contacts/${UNKNOWN_ID}`))];
    },
    clean: [404, 404],
    faulty: [403, 404],
  },
  'sec-member-webhook-read-denied': {
    probe: async (api) => {
      const { id } = await api.create('/webhooks', hook);
      return [
        await statusOf(api.get('/webhooks', KEY_A_MEMBER)),
        await statusOf(api.get(`/webhooks/${id}`, KEY_A_MEMBER)),
        await statusOf(api.get('/webhooks/events', KEY_A_MEMBER)),
        await statusOf(api.get(`/webhooks/${id}`)),
      ];
    },
    clean: [200, 200, 200, 200],
    faulty: [403, 403, 403, 200],
  },
  'sec-parent-contact-any-org': {
    probe: async (api) => {
      const theirParent = await api.createContact({}, KEY_B_ADMIN);
      const mine = await api.createContact();
      return [
        await statusOf(api.post('/contacts', { contactType: 'individual', name: 'x', parentContactId: theirParent.id })),
        await statusOf(api.post('/contacts', { contactType: 'individual', name: 'y', parentContactId: UNKNOWN_ID })),
        await statusOf(api.post('/contacts', { contactType: 'individual', name: 'z', parentContactId: mine.id })),
      ];
    },
    clean: [201, 201, 201],
    faulty: [201, 400, 201],
  },
};
