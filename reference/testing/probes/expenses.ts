import { MINIMAL, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const create = (api: TestApi, body: Record<string, unknown>) => statusOf(api.post('/expenses', { ...MINIMAL.expense, ...body }));
const expense = (api: TestApi, body: Record<string, unknown> = {}) => api.create('/expenses', { ...MINIMAL.expense, ...body });
const descriptions = async (api: TestApi, query: string) =>
  ((await api.get(`/expenses${query}`)).json().data as { description: string }[]).map((e) => e.description).join(',');
const PO_LINE = '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
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
  'ex-create-amount-rounded': {
    probe: async (api) => [(await expense(api, { amount: 12.5 })).amount, (await expense(api, { amount: 7 })).amount],
    clean: [12.5, 7],
    faulty: [13, 7],
  },
  'ex-update-amount-ignored': {
    probe: async (api) => {
      const { data } = (await api.patch(`/expenses/${(await expense(api)).id}`, { amount: 20, category: 'travel' })).json();
      return [data.amount, data.category];
    },
    clean: [20, 'travel'],
    faulty: [10, 'travel'],
  },
  'ex-type-enum-unchecked': {
    probe: async (api) => [
      await create(api, { expenseType: 'mileage' }),
      await statusOf(api.patch(`/expenses/${(await expense(api)).id}`, { expenseType: 'DIRECT_COST' })),
      await create(api, { expenseType: 5 }),
    ],
    clean: [400, 400, 400],
    faulty: [201, 200, 400],
  },
  'ex-po-line-uuid-unchecked': {
    probe: async (api) => [
      await create(api, { purchaseOrderLineId: 'line-1' }),
      await create(api, { purchaseOrderId: 'po-1' }),
      await create(api, { purchaseOrderLineId: PO_LINE }),
    ],
    clean: [400, 400, 201],
    faulty: [201, 400, 201],
  },
  'ex-date-type-unchecked': {
    probe: async (api) => [
      await create(api, { date: 20240105 }),
      await create(api, { date: ['2024-01-05'] }),
      await create(api, { date: null }),
      await statusOf(api.patch(`/expenses/${(await expense(api)).id}`, { date: true })),
    ],
    clean: [400, 400, 400, 400],
    faulty: [201, 201, 400, 200],
  },
  'ex-tags-nullable': {
    probe: async (api) => {
      const { id } = await expense(api, { tags: ['t'] });
      return [await statusOf(api.patch(`/expenses/${id}`, { tags: null })), await create(api, { tags: null })];
    },
    clean: [400, 400],
    faulty: [200, 400],
  },
  'ex-null-ignored': {
    probe: async (api) => {
      const { id } = await expense(api, { category: 'travel', supplierId: PO_LINE });
      const { data } = (await api.patch(`/expenses/${id}`, { category: null, supplierId: null, description: 'd' })).json();
      return [data.category, data.supplierId, data.description];
    },
    clean: [null, null, 'd'],
    faulty: ['travel', PO_LINE, 'd'],
  },
  'ex-delete-ignored': {
    probe: async (api) => {
      const { id } = await expense(api);
      return [await statusOf(api.delete(`/expenses/${id}`)), await statusOf(api.get(`/expenses/${id}`))];
    },
    clean: [204, 404],
    faulty: [204, 200],
  },
  'ex-approve-body-required': {
    probe: async (api) => {
      const { id } = await expense(api, { status: 'pending' });
      return [await statusOf(api.post(`/expenses/${id}/approve`, undefined)), await statusOf(api.post(`/expenses/${id}/approve`, {}))];
    },
    clean: [200, 200],
    faulty: [400, 200],
  },
  'ex-query-type-unchecked': {
    probe: async (api) => [
      await statusOf(api.get('/expenses?expenseType=mileage')),
      await statusOf(api.get('/expenses?status=submitted')),
      await statusOf(api.get('/expenses?expenseType=staff_claim')),
    ],
    clean: [400, 400, 200],
    faulty: [200, 400, 200],
  },
  'ex-filter-claimant-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'mine', claimedByResourceId: PO_LINE });
      await expense(api, { description: 'other' });
      return descriptions(api, `?claimedByResourceId=${PO_LINE}`);
    },
    clean: 'mine',
    faulty: 'mine,other',
  },
  'ex-filter-type-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'cost' });
      await expense(api, { description: 'claim', expenseType: 'staff_claim' });
      return descriptions(api, '?expenseType=staff_claim');
    },
    clean: 'claim',
    faulty: 'cost,claim',
  },
  'ex-filter-category-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'travel', category: 'travel' });
      await expense(api, { description: 'lodging', category: 'lodging' });
      await expense(api, { description: 'none' });
      return descriptions(api, '?category=lodging');
    },
    clean: 'lodging',
    faulty: 'travel,lodging,none',
  },
  'ex-filter-date-to-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'mar', date: '2024-03-01' });
      await expense(api, { description: 'apr', date: '2024-04-01' });
      return [await descriptions(api, '?dateTo=2024-03-15'), await descriptions(api, '?dateFrom=2024-03-15')];
    },
    clean: ['mar', 'apr'],
    faulty: ['mar,apr', 'apr'],
  },
  'ex-filter-billable-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'billable', isBillable: true });
      await expense(api, { description: 'internal' });
      return [await descriptions(api, '?isBillable=true'), await descriptions(api, '?isBillable=false')];
    },
    clean: ['billable', 'internal'],
    faulty: ['billable,internal', 'billable,internal'],
  },
  'ex-filter-invoiced-ignored': {
    probe: async (api) => {
      await expense(api, { description: 'fresh' });
      return [await descriptions(api, '?isInvoiced=true'), await descriptions(api, '?isInvoiced=false')];
    },
    clean: ['', 'fresh'],
    faulty: ['fresh', 'fresh'],
  },
  'ex-paid-status-change-500': {
    probe: async (api) => {
      const paid = await expense(api, { status: 'paid' });
      const draft = await expense(api, { status: 'draft' });
      return [await statusOf(api.patch(`/expenses/${paid.id}`, { status: 'draft' })), await statusOf(api.patch(`/expenses/${draft.id}`, { status: 'paid' }))];
    },
    clean: [200, 200],
    faulty: [500, 200],
  },
};
