import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, testApi, type TestApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const REF = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const MODIFIER = { id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e', name: 'uplift', type: 'percentage', value: '10' };
const expense = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/expenses', { ...MINIMAL.expense, ...body }, key);
const jsonHeaders = { 'content-type': 'application/json' };

const FULL = {
  rootTaskId: REF,
  taskId: REF,
  supplierId: REF,
  claimedByResourceId: REF,
  purchaseOrderId: REF,
  purchaseOrderLineId: REF,
  expenseType: 'staff_claim',
  category: 'travel',
  amount: 0,
  currency: 'usd',
  date: 'last tuesday',
  description: 'd',
  referenceNumber: 'R-1',
  reimbursementStatus: 'pending',
  isBillable: true,
  markupPercentage: -5,
  billableModifiers: [MODIFIER],
  billableAmount: 12.5,
  status: 'paid',
  tags: ['t'],
};

describe('POST /expenses', () => {
  it('answers 201 with the full record and defaults', async () => {
    const api = await testApi();
    const response = await api.post('/expenses', { ...MINIMAL.expense, colour: 'red' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rootTaskId: null,
      taskId: null,
      supplierId: null,
      claimedByResourceId: null,
      purchaseOrderId: null,
      purchaseOrderLineId: null,
      expenseType: 'direct_cost',
      category: null,
      amount: 10,
      currency: 'EUR',
      date: '2024-03-01',
      description: null,
      referenceNumber: null,
      reimbursementStatus: null,
      isBillable: false,
      markupPercentage: null,
      billableModifiers: [],
      billableAmount: null,
      status: 'draft',
      tags: [],
      isInvoiced: false,
      rejectionReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await expense(api, FULL)).toMatchObject(FULL);
  });

  it.each([
    ['missing expenseType', { expenseType: undefined }, 'expenseType'],
    ['missing amount', { amount: undefined }, 'amount'],
    ['missing date', { date: undefined }, 'date'],
    ['bad expenseType', { expenseType: 'invoice' }, 'expenseType'],
    ['negative amount', { amount: -0.01 }, 'amount'],
    ['numeric date', { date: 20240301 }, 'date'],
    ['currency of 2', { currency: 'EU' }, 'currency'],
    ['currency of 4', { currency: 'EURO' }, 'currency'],
    ['bad status', { status: 'void' }, 'status'],
    ['bad reimbursementStatus', { reimbursementStatus: 'void' }, 'reimbursementStatus'],
    ['non-uuid supplierId', { supplierId: 's' }, 'supplierId'],
    ['null on create', { category: null }, 'category'],
    ['modifier type', { billableModifiers: [{ ...MODIFIER, type: 'bonus' }] }, 'billableModifiers.0.type'],
    ['modifier without value', { billableModifiers: [{ ...MODIFIER, value: undefined }] }, 'billableModifiers.0.value'],
    ['modifier numeric value', { billableModifiers: [{ ...MODIFIER, value: 10 }] }, 'billableModifiers.0.value'],
    ['modifier extra property', { billableModifiers: [{ ...MODIFIER, extra: 1 }] }, 'billableModifiers.0.extra'],
    ['modifier non-uuid id', { billableModifiers: [{ ...MODIFIER, id: 'm' }] }, 'billableModifiers.0.id'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/expenses', { ...MINIMAL.expense, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
  });
});

describe('GET/PATCH/DELETE /expenses/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id, on every operation', async () => {
    const api = await testApi();
    const other = await expense(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'x', other.id]) {
      for (const response of [
        await api.get(`/expenses/${id}`),
        await api.patch(`/expenses/${id}`, { amount: 1 }),
        await api.delete(`/expenses/${id}`),
        await api.post(`/expenses/${id}/approve`, {}),
        await api.post(`/expenses/${id}/reject`, {}),
      ]) {
        expect(response.statusCode, id).toBe(404);
      }
    }
  });

  it('PATCH clears exactly the nullable fields', async () => {
    const api = await testApi();
    const e = await expense(api, FULL);
    const nullable = [
      'rootTaskId',
      'taskId',
      'supplierId',
      'claimedByResourceId',
      'purchaseOrderId',
      'purchaseOrderLineId',
      'category',
      'description',
      'referenceNumber',
      'reimbursementStatus',
      'billableAmount',
    ];
    const response = await api.patch(`/expenses/${e.id}`, Object.fromEntries(nullable.map((f) => [f, null])));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ...e, ...Object.fromEntries(nullable.map((f) => [f, null])), updatedAt: expect.any(String) });
    for (const field of ['expenseType', 'amount', 'currency', 'date', 'isBillable', 'markupPercentage', 'billableModifiers', 'status', 'tags']) {
      const refused = await api.patch(`/expenses/${e.id}`, { [field]: null });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.issues).toContainEqual({ path: field, message: expect.any(String) });
    }
    const changed = await api.patch(`/expenses/${e.id}`, { status: 'rejected', amount: 3, billableModifiers: [] });
    expect(changed.json().data).toMatchObject({ status: 'rejected', amount: 3, billableModifiers: [], category: null, currency: 'usd' });
  });

  it('DELETE removes the expense', async () => {
    const api = await testApi();
    const e = await expense(api);
    const response = await api.delete(`/expenses/${e.id}`);
    expect([response.statusCode, response.body]).toEqual([204, '']);
    expect((await api.get(`/expenses/${e.id}`)).statusCode).toBe(404);
  });
});

describe('POST /expenses/{id}/approve and /reject', () => {
  it('approve takes no body, an empty JSON body or {}, and answers 200 with status approved', async () => {
    const api = await testApi();
    const e = await expense(api);
    for (const response of [
      await api.request({ method: 'POST', url: `/expenses/${e.id}/approve` }),
      await api.request({ method: 'POST', url: `/expenses/${e.id}/approve`, payload: '', headers: jsonHeaders }),
      await api.post(`/expenses/${e.id}/approve`, {}),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: e.id, status: 'approved', rejectionReason: null });
    }
    expect((await api.get(`/expenses/${e.id}`)).json().data.status).toBe('approved');
  });

  it('reject answers 200 with status rejected and the reason (null without one)', async () => {
    const api = await testApi();
    const e = await expense(api);
    const withReason = await api.post(`/expenses/${e.id}/reject`, { reason: 'no receipt' });
    expect(withReason.statusCode).toBe(200);
    expect(withReason.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'no receipt' });
    const bare = await api.request({ method: 'POST', url: `/expenses/${e.id}/reject`, payload: '', headers: jsonHeaders });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ status: 'rejected', rejectionReason: null });
    expect((await api.post(`/expenses/${e.id}/approve`, {})).json().data.rejectionReason).toBeNull();
    for (const body of [{ reason: 5 }, { reason: null }, '[]']) {
      const response = await api.request({
        method: 'POST',
        url: `/expenses/${e.id}/reject`,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: jsonHeaders,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.request({ method: 'POST', url: `/expenses/${e.id}/reject`, payload: '{', headers: jsonHeaders })).json().error.code).toBe('INVALID_JSON');
  });
});

describe('GET /expenses', () => {
  it('filters by ids, enums, category, string date bounds and booleans', async () => {
    const api = await testApi();
    await expense(api, { description: 'a', supplierId: REF, category: 'travel', date: '2024-03-01', isBillable: true });
    await expense(api, { description: 'b', expenseType: 'staff_claim', claimedByResourceId: REF, category: 'Travel', date: '2024-03-15', status: 'approved' });
    await expense(api, { description: 'c', rootTaskId: REF, taskId: REF, date: 'March' });
    await expense(api, { description: 'theirs' }, KEY_B_ADMIN);
    const list = async (query: string) => {
      const response = await api.get(`/expenses${query}`);
      expect(response.statusCode, query).toBe(200);
      return response
        .json()
        .data.map((e: { description: string }) => e.description)
        .join(',');
    };
    expect(await list('')).toBe('a,b,c');
    expect(await list(`?supplierId=${REF}`)).toBe('a');
    expect(await list(`?claimedByResourceId=${REF}`)).toBe('b');
    expect(await list(`?rootTaskId=${REF}&taskId=${REF}`)).toBe('c');
    expect(await list('?expenseType=staff_claim')).toBe('b');
    expect(await list('?category=travel')).toBe('a');
    expect(await list('?status=approved')).toBe('b');
    expect(await list('?status=draft')).toBe('a,c');
    expect(await list('?dateFrom=2024-03-15')).toBe('b,c');
    expect(await list('?dateTo=2024-03-15')).toBe('a,b');
    expect(await list('?dateFrom=2024-03-02&dateTo=2024-03-31')).toBe('b');
    expect(await list('?isBillable=true')).toBe('a');
    expect(await list('?isInvoiced=true')).toBe('');
    for (const query of ['expenseType=x', 'status=void', 'status=', 'supplierId=s', 'taskId=1']) {
      expect((await api.get(`/expenses?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('variant transitions-terminal-409', () => {
  const terminal = () => testApi({ variants: ['transitions-terminal-409'] });

  it('refuses a change of a paid or rejected status or reimbursementStatus with 409 and writes nothing', async () => {
    const api = await terminal();
    for (const [field, from, to] of [
      ['status', 'paid', 'draft'],
      ['status', 'rejected', 'approved'],
      ['reimbursementStatus', 'paid', 'pending'],
      ['reimbursementStatus', 'rejected', null],
    ] as const) {
      const { id } = await expense(api, { [field]: from, description: 'before' });
      const response = await api.patch(`/expenses/${id}`, { [field]: to, description: 'after' });
      expect(response.statusCode, `${field} ${from} → ${to}`).toBe(409);
      expect(response.json().error.code).toBe('CONFLICT');
      const { data } = (await api.get(`/expenses/${id}`)).json();
      expect([data[field], data.description]).toEqual([from, 'before']);
    }
  });

  it('accepts the same value again, other fields, and any change out of the other statuses', async () => {
    const api = await terminal();
    const paid = await expense(api, { status: 'paid', reimbursementStatus: 'paid' });
    const same = await api.patch(`/expenses/${paid.id}`, { status: 'paid', reimbursementStatus: 'paid', description: 'kept paid' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.description).toBe('kept paid');
    const draft = await expense(api, { status: 'draft', reimbursementStatus: 'approved' });
    const moved = await api.patch(`/expenses/${draft.id}`, { status: 'paid', reimbursementStatus: null });
    expect(moved.statusCode).toBe(200);
    expect([moved.json().data.status, moved.json().data.reimbursementStatus]).toEqual(['paid', null]);
  });

  it('refuses approve and reject of a paid or rejected expense with 409, and takes them from the other statuses', async () => {
    const api = await terminal();
    for (const status of ['paid', 'rejected']) {
      const { id } = await expense(api, { status });
      expect((await api.post(`/expenses/${id}/approve`, undefined)).statusCode, `approve ${status}`).toBe(409);
      expect((await api.post(`/expenses/${id}/reject`, { reason: 'no' })).statusCode, `reject ${status}`).toBe(409);
      expect((await api.get(`/expenses/${id}`)).json().data.status).toBe(status);
    }
    const pending = await expense(api, { status: 'pending' });
    expect((await api.post(`/expenses/${pending.id}/approve`, undefined)).json().data.status).toBe('approved');
  });

  it('is off by default: the plain server moves a paid expense anywhere', async () => {
    const api = await testApi();
    const { id } = await expense(api, { status: 'paid', reimbursementStatus: 'rejected' });
    expect((await api.patch(`/expenses/${id}`, { status: 'draft', reimbursementStatus: null })).statusCode).toBe(200);
    expect((await api.post(`/expenses/${id}/reject`, undefined)).statusCode).toBe(200);
  });
});
