import { describe, expect, it } from 'vitest';
import { FAULT_NAMES, FAULTS, parseFaults, UnknownFaultError, type FaultName } from './faults.js';
import { ALLOCATION_PROBES } from './testing/probes/allocations.js';
import { BATCH_PROBES } from './testing/probes/batch.js';
import { EXPENSE_PROBES } from './testing/probes/expenses.js';
import { MILESTONE_PROBES } from './testing/probes/milestones.js';
import type { Probe } from './testing/probes/probe.js';
import { PROJECT_PROBES } from './testing/probes/projects.js';
import { RATE_LIMIT_PROBES } from './testing/probes/rate-limit.js';
import { RATE_PROBES } from './testing/probes/rates.js';
import { REPORT_PROBES } from './testing/probes/reports.js';
import { RESPONSE_PROBES } from './testing/probes/responses.js';
import { RESOURCE_PROBES } from './testing/probes/resources.js';
import { SECURITY_PROBES } from './testing/probes/security.js';
import { SEQUENCE_PROBES } from './testing/probes/sequences.js';
import { TASK_PROBES } from './testing/probes/tasks.js';
import { TIME_ENTRY_PROBES } from './testing/probes/time-entries.js';
import { WEBHOOK_PROBES } from './testing/probes/webhooks.js';
import { KEY_A_ADMIN, KEY_B_ADMIN, testApi, type TestApi } from './testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const PARENT_ID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';

const create = async (api: TestApi, body: Record<string, unknown>) => (await api.post('/contacts', { contactType: 'company', name: 'x', ...body })).statusCode;

const names = async (api: TestApi, query: string, key?: string) =>
  ((await api.get(`/contacts${query}`, key)).json().data as { name: string }[]).map((c) => c.name).join(',');

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * One observation per fault; it must differ between the clean server and the faulty one.
 * Contacts and cross-cutting faults are probed here, the other domains under testing/probes/.
 */
const PROBES: Record<FaultName, Probe> = {
  'contacts-empty-name': { probe: (api) => create(api, { name: '' }), clean: 400, faulty: 201 },
  'contacts-email-unchecked': {
    probe: async (api) => [await create(api, { email: 'x' }), await create(api, { billingEmail: 'x' })],
    clean: [400, 400],
    faulty: [201, 201],
  },
  'contacts-website-unchecked': { probe: (api) => create(api, { website: 'example.com' }), clean: 400, faulty: 201 },
  'contacts-fractional-payment-terms': {
    probe: async (api) => [await create(api, { paymentTermsDays: 1.5 }), await create(api, { paymentTermsDays: -1 })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'contacts-bad-enum': {
    probe: async (api) => {
      const c = await api.createContact();
      return [await create(api, { contactType: 'alien' }), (await api.patch(`/contacts/${c.id}`, { contactType: 'alien' })).statusCode];
    },
    clean: [400, 400],
    faulty: [201, 200],
  },
  'contacts-parent-uuid-unchecked': { probe: (api) => create(api, { parentContactId: 'abc' }), clean: 400, faulty: 201 },
  'contacts-patch-resets-omitted': {
    probe: async (api) => {
      const c = await api.createContact({ email: 'a@example.com', isActive: false, tags: ['t'] });
      const { data } = (await api.patch(`/contacts/${c.id}`, { notes: 'n' })).json();
      return [data.name, data.email, data.isActive, data.tags, data.notes];
    },
    clean: ['Acme', 'a@example.com', false, ['t'], 'n'],
    faulty: ['Acme', null, true, [], 'n'],
  },
  'contacts-null-ignored': {
    probe: async (api) => {
      const c = await api.createContact({ email: 'a@example.com' });
      return (await api.patch(`/contacts/${c.id}`, { email: null })).json().data.email;
    },
    clean: null,
    faulty: 'a@example.com',
  },
  'contacts-filter-type-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'co' });
      await api.createContact({ name: 'in', contactType: 'individual' });
      return names(api, '?contactType=individual');
    },
    clean: 'in',
    faulty: 'co,in',
  },
  'contacts-filter-parent-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'child', parentContactId: PARENT_ID });
      await api.createContact({ name: 'orphan' });
      return names(api, `?parentContactId=${PARENT_ID}`);
    },
    clean: 'child',
    faulty: 'child,orphan',
  },
  'contacts-search-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'Alpha' });
      await api.createContact({ name: 'Beta' });
      return names(api, '?search=alp');
    },
    clean: 'Alpha',
    faulty: 'Alpha,Beta',
  },
  'contacts-type-key-unbounded': {
    probe: async (api) => [(await api.get(`/contacts?contactTypeKey=${'k'.repeat(31)}`)).statusCode, (await api.get('/contacts?contactTypeKey=')).statusCode],
    clean: [400, 400],
    faulty: [200, 200],
  },
  'contacts-type-key-max-exclusive': {
    probe: async (api) => [
      (await api.get(`/contacts?contactTypeKey=${'k'.repeat(30)}`)).statusCode,
      (await api.get(`/contacts?contactTypeKey=${'k'.repeat(29)}`)).statusCode,
    ],
    clean: [200, 200],
    faulty: [400, 200],
  },
  'contacts-boolean-strings': {
    probe: async (api) => {
      const res = await api.post('/contacts', { contactType: 'company', name: 'x', isActive: 'false', isBillable: 1 });
      return [res.statusCode, res.statusCode === 201 ? [res.json().data.isActive, res.json().data.isBillable] : null];
    },
    clean: [400, null],
    faulty: [201, [false, true]],
  },
  'contacts-null-tags': {
    probe: async (api) => {
      const c = await api.createContact({ tags: ['t'] });
      return [await create(api, { tags: null }), (await api.patch(`/contacts/${c.id}`, { tags: null })).statusCode];
    },
    clean: [400, 400],
    faulty: [201, 200],
  },
  'contacts-delete-kept': {
    probe: async (api) => {
      const c = await api.createContact();
      return [(await api.delete(`/contacts/${c.id}`)).statusCode, (await api.get(`/contacts/${c.id}`)).statusCode];
    },
    clean: [204, 404],
    faulty: [204, 200],
  },
  'contacts-filter-active-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'on' });
      await api.createContact({ name: 'off', isActive: false });
      return [await names(api, '?isActive=true'), await names(api, '?isActive=false')];
    },
    clean: ['on', 'off'],
    faulty: ['on,off', 'on,off'],
  },
  'contacts-filter-billable-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'billed', isBillable: true });
      await api.createContact({ name: 'free' });
      return [await names(api, '?isBillable=true'), await names(api, '?isBillable=false')];
    },
    clean: ['billed', 'free'],
    faulty: ['billed,free', 'billed,free'],
  },
  'boolean-filter-lenient': {
    probe: async (api) => {
      await api.createContact({ name: 'on' });
      await api.createContact({ name: 'off', isActive: false });
      return [await names(api, '?isActive=TRUE'), await names(api, '?isActive=1'), await names(api, '?isActive=true')];
    },
    clean: ['off', 'off', 'on'],
    faulty: ['on', 'on', 'on'],
  },
  'paging-limit-unbounded': { probe: async (api) => (await api.get('/contacts?limit=101')).statusCode, clean: 400, faulty: 200 },
  'paging-offset-ignored': {
    probe: async (api) => {
      await api.createContact({ name: 'a' });
      await api.createContact({ name: 'b' });
      const body = (await api.get('/contacts?offset=1')).json();
      return [body.data.map((c: { name: string }) => c.name), body.pagination.offset];
    },
    clean: [['b'], 1],
    faulty: [['a', 'b'], 1],
  },
  'paging-no-pagination': { probe: async (api) => 'pagination' in (await api.get('/contacts')).json(), clean: true, faulty: false },
  'paging-no-total': {
    probe: async (api) => (await api.get('/contacts')).json().pagination,
    clean: { limit: 50, offset: 0, total: 0 },
    faulty: { limit: 50, offset: 0 },
  },
  'paging-no-echo': { probe: async (api) => (await api.get('/contacts?limit=5')).json().pagination.limit, clean: 5, faulty: 50 },
  'paging-offset-unchecked': {
    probe: async (api) => [
      (await api.get('/contacts?offset=-1')).statusCode,
      (await api.get('/contacts?offset=1.5')).statusCode,
      (await api.get('/contacts?offset=abc')).statusCode,
      (await api.get('/contacts?offset=2')).json().pagination.offset,
    ],
    clean: [400, 400, 400, 2],
    faulty: [200, 200, 200, 2],
  },
  'paging-default-limit-20': {
    probe: async (api) => [(await api.get('/contacts')).json().pagination.limit, (await api.get('/contacts?limit=30')).json().pagination.limit],
    clean: [50, 30],
    faulty: [20, 30],
  },
  'body-types-coerced': {
    probe: async (api) => [await create(api, { isActive: 'true' }), await create(api, { phone: null })],
    clean: [400, 400],
    faulty: [201, 201],
  },
  'uuid-lax': {
    probe: async (api) => [await create(api, { parentContactId: PARENT_ID.replaceAll('-', '') }), await create(api, { parentContactId: `{${PARENT_ID}}` })],
    clean: [400, 400],
    faulty: [201, 201],
  },
  'paging-query-404': {
    probe: async (api) => [(await api.get('/contacts')).statusCode, (await api.get('/contacts?limit=1')).statusCode],
    clean: [200, 200],
    faulty: [200, 404],
  },
  'create-returns-200': { probe: (api) => create(api, {}), clean: 201, faulty: 200 },
  'delete-returns-200-body': {
    probe: async (api) => {
      const c = await api.createContact();
      const r = await api.delete(`/contacts/${c.id}`);
      return [r.statusCode, r.body === '' ? '' : r.json().data.id === c.id];
    },
    clean: [204, ''],
    faulty: [200, true],
  },
  'no-data-envelope': {
    probe: async (api) => {
      const c = await api.createContact();
      return Object.keys((await api.get(`/contacts/${c.id}`)).json()).includes('data');
    },
    clean: true,
    faulty: false,
  },
  'update-no-envelope': {
    probe: async (api) => {
      const c = await api.createContact();
      return Object.keys((await api.patch(`/contacts/${c.id}`, { notes: 'n' })).json()).includes('data');
    },
    clean: true,
    faulty: false,
  },
  'unknown-id-200': {
    probe: async (api) => [
      (await api.get(`/contacts/${UNKNOWN_ID}`)).statusCode,
      (await api.patch(`/contacts/${UNKNOWN_ID}`, { name: 'y' })).statusCode,
      (await api.delete(`/contacts/${UNKNOWN_ID}`)).body,
    ],
    clean: [404, 404, expect.stringContaining('NOT_FOUND')],
    faulty: [200, 200, '{"data":null}'],
  },
  'malformed-json-500': {
    probe: async (api) => (await api.request({ method: 'POST', url: '/contacts', payload: '{', headers: jsonHeaders })).statusCode,
    clean: 400,
    faulty: 500,
  },
  'validation-500': {
    probe: async (api) => {
      const c = await api.createContact();
      return [
        await create(api, { name: '' }),
        (await api.patch(`/contacts/${c.id}`, { name: '' })).statusCode,
        (await api.get('/contacts?limit=0')).statusCode,
      ];
    },
    clean: [400, 400, 400],
    faulty: [500, 500, 400],
  },
  'validation-status-mixed': {
    probe: async (api) => {
      const c = await api.createContact();
      return [await create(api, { name: '' }), (await api.patch(`/contacts/${c.id}`, { name: '' })).statusCode];
    },
    clean: [400, 400],
    faulty: [400, 422],
  },
  'auth-bearer-ignored': {
    probe: async (api) => (await api.request({ method: 'GET', url: '/contacts', key: null, headers: { authorization: `Bearer ${KEY_A_ADMIN}` } })).statusCode,
    clean: 200,
    faulty: 401,
  },
  'auth-missing-key-allowed': {
    probe: async (api) => [(await api.get('/contacts', null)).statusCode, (await api.get('/contacts', 'wmk_unknown')).statusCode],
    clean: [401, 401],
    faulty: [200, 401],
  },
  'auth-unknown-key-allowed': {
    probe: async (api) => [(await api.get('/contacts', 'wmk_unknown')).statusCode, (await api.get('/contacts', 'nounderscore')).statusCode],
    clean: [401, 401],
    faulty: [200, 401],
  },
  'auth-malformed-key-allowed': {
    probe: async (api) => [(await api.get('/contacts', 'nounderscore')).statusCode, (await api.get('/contacts', 'wmk_unknown')).statusCode],
    clean: [401, 401],
    faulty: [200, 401],
  },
  'auth-x-api-key-ignored': {
    probe: async (api) => [
      (await api.get('/contacts')).statusCode,
      (await api.request({ method: 'GET', url: '/contacts', key: null, headers: { authorization: `Bearer ${KEY_A_ADMIN}` } })).statusCode,
    ],
    clean: [200, 200],
    faulty: [401, 200],
  },
  'auth-x-api-key-reads-only': {
    probe: async (api) => [
      (await api.get('/contacts')).statusCode,
      await create(api, {}),
      (
        await api.request({
          method: 'POST',
          url: '/contacts',
          key: null,
          headers: { authorization: `Bearer ${KEY_A_ADMIN}` },
          payload: { contactType: 'company', name: 'x' },
        })
      ).statusCode,
    ],
    clean: [200, 201, 201],
    faulty: [200, 401, 201],
  },
  'auth-key-case-insensitive': { probe: async (api) => (await api.get('/contacts', KEY_A_ADMIN.toUpperCase())).statusCode, clean: 401, faulty: 200 },
  'auth-key-prefix-ignored': { probe: async (api) => (await api.get('/contacts', `xnl_${KEY_A_ADMIN.slice(4)}`)).statusCode, clean: 401, faulty: 200 },
  'auth-key-shorter-accepted': { probe: async (api) => (await api.get('/contacts', KEY_A_ADMIN.slice(0, -1))).statusCode, clean: 401, faulty: 200 },
  'auth-key-longer-accepted': { probe: async (api) => (await api.get('/contacts', `${KEY_A_ADMIN}a`)).statusCode, clean: 401, faulty: 200 },
  'org-scope-leak': {
    probe: async (api) => {
      const other = await api.createContact({}, KEY_B_ADMIN);
      return [(await api.get(`/contacts/${other.id}`)).statusCode, (await api.delete(`/contacts/${other.id}`)).statusCode];
    },
    clean: [404, 404],
    faulty: [200, 404],
  },
  'org-list-leak': {
    probe: async (api) => {
      await api.createContact({ name: 'mine' });
      await api.createContact({ name: 'theirs' }, KEY_B_ADMIN);
      return names(api, '');
    },
    clean: 'mine',
    faulty: 'mine,theirs',
  },
  ...TIME_ENTRY_PROBES,
  ...BATCH_PROBES,
  ...EXPENSE_PROBES,
  ...RATE_PROBES,
  ...RESOURCE_PROBES,
  ...TASK_PROBES,
  ...PROJECT_PROBES,
  ...ALLOCATION_PROBES,
  ...MILESTONE_PROBES,
  ...REPORT_PROBES,
  ...SECURITY_PROBES,
  ...WEBHOOK_PROBES,
  ...RATE_LIMIT_PROBES,
  ...SEQUENCE_PROBES,
  ...RESPONSE_PROBES,
};

describe('parseFaults', () => {
  it('returns the named faults, ignoring blanks', () => {
    expect([...parseFaults([' paging-no-total', '', 'org-list-leak', 'paging-no-total'])]).toEqual(['paging-no-total', 'org-list-leak']);
  });

  it('throws UnknownFaultError naming the fault and the valid ones', () => {
    try {
      parseFaults(['paging-no-total', 'nope']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownFaultError);
      expect((error as UnknownFaultError).code).toBe('UNKNOWN_FAULT');
      expect((error as Error).message).toContain('"nope"');
      expect((error as Error).message).toContain('org-list-leak');
    }
  });

  it('describes every fault in one line', () => {
    for (const name of FAULT_NAMES) expect(FAULTS[name]).toMatch(/^[^\n]+$/);
  });
});

describe('each fault changes exactly the behaviour it names', () => {
  it.each(FAULT_NAMES)('%s', async (fault) => {
    const { probe, clean, faulty } = PROBES[fault];
    expect(await probe(await testApi())).toEqual(clean);
    expect(await probe(await testApi({ faults: [fault] }))).toEqual(faulty);
  });
});
