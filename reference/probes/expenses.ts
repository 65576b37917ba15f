import { MINIMAL, type TestApi } from '../testing.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/expenses', { ...MINIMAL.expense, ...body }));
const expense = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/expenses', { ...MINIMAL.expense, ...body });
const MODIFIER = { id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e', name: 'uplift', type: 'percentage', value: '10' };

export const EXPENSE_PROBES: ProbesFor<'ex-'> = {
  'ex-negative-amount': {
    probe: async (api) => [await create(api, { amount: -1 }), await statusOf(api.patch(`/expenses/${(await expense(api)).id}`, { amount: -0.5 }))],
    clean: [400, 400],
    faulty: [201, 200],
  },
  'ex-currency-length-unchecked': {
    probe: async (api) => [await create(api, { currency: 'EURO' }), await create(api, { currency: 'EU' }), await create(api, { currency: 'GBP' })],
    clean: [400, 400, 201],
    faulty: [201, 201, 201],
  },
  'ex-modifier-type-unchecked': {
    probe: async (api) => [
      await create(api, { billableModifiers: [{ ...MODIFIER, type: 'bonus' }] }),
      await create(api, { billableModifiers: [{ id: MODIFIER.id, name: 'x', type: 'bonus' }] }),
    ],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'ex-status-enum-unchecked': {
    probe: async (api) => [await create(api, { status: 'weird' }), await statusOf(api.patch(`/expenses/${(await expense(api)).id}`, { status: 'weird' }))],
    clean: [400, 400],
    faulty: [201, 200],
  },
  'ex-approve-status-unchanged': {
    probe: async (api) => {
      const response = await api.post(`/expenses/${(await expense(api)).id}/approve`, {});
      return [response.statusCode, response.json().data.status];
    },
    clean: [200, 'approved'],
    faulty: [200, 'draft'],
  },
  'ex-reject-returns-204': {
    probe: async (api) => {
      const response = await api.post(`/expenses/${(await expense(api)).id}/reject`, { reason: 'no receipt' });
      return [response.statusCode, response.body === '' ? '' : response.json().data.rejectionReason];
    },
    clean: [200, 'no receipt'],
    faulty: [204, ''],
  },
  'ex-filter-status-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'draft' });
      await expense(api, { description: 'paid', status: 'paid' });
      return ((await api.get('/expenses?status=paid')).json().data as { description: string }[]).map((e) => e.description);
    },
    clean: ['paid'],
    faulty: ['draft', 'paid'],
  },
  'ex-date-not-required': {
    probe: async (api) => [await statusOf(api.post('/expenses', { expenseType: 'direct_cost', amount: 1 })), await create(api, { date: 5 })],
    clean: [400, 400],
    faulty: [201, 400],
  },
  'ex-patch-resets-omitted': {
    probe: async (api) => {
      const e = await expense(api, { category: 'travel', currency: 'USD', tags: ['t'], isBillable: true });
      const { data } = (await api.patch(`/expenses/${e.id}`, { description: 'd' })).json();
      return [data.amount, data.category, data.currency, data.tags, data.isBillable, data.description];
    },
    clean: [10, 'travel', 'USD', ['t'], true, 'd'],
    faulty: [10, null, 'EUR', [], false, 'd'],
  },
};
