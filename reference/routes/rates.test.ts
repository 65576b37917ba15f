import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, MINIMAL, testApi, type TestApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const NOW = Date.parse('2024-06-15T23:30:00Z');
const at = () => testApi({ now: () => NOW });
const rate = (api: TestApi, body: Record<string, unknown> = {}, key?: string) => api.create('/rates', { ...MINIMAL.rate, ...body }, key);
const addVersion = (api: TestApi, id: string, body: Record<string, unknown>) => api.post(`/rates/${id}/versions`, body);

describe('POST /rates', () => {
  it('answers 201 with the rate and its initial version effective today (UTC)', async () => {
    const api = await at();
    const response = await api.post('/rates', MINIMAL.rate);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Standard',
      rateType: 'billable',
      currency: 'EUR',
      period: null,
      hoursPerPeriod: null,
      isDefault: false,
      isActive: true,
      tags: [],
      currentVersion: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        amount: 100,
        effectiveFrom: '2024-06-15',
        changeReason: null,
        createdAt: '2024-06-15T23:30:00.000Z',
      },
      createdAt: '2024-06-15T23:30:00.000Z',
      updatedAt: '2024-06-15T23:30:00.000Z',
    });
    const full = { name: 'Senior', amount: 0, rateType: 'cost', currency: 'GBP', period: 'day', hoursPerPeriod: 7.5, isDefault: true, tags: ['a'] };
    const { amount: _amount, ...rest } = full;
    expect(await rate(api, full)).toMatchObject({ ...rest, currentVersion: { amount: 0 } });
  });

  it.each([
    ['missing name', { amount: 1 }, 'name'],
    ['missing amount', { name: 'x' }, 'amount'],
    ['empty name', { name: '', amount: 1 }, 'name'],
    ['negative amount', { ...MINIMAL.rate, amount: -1 }, 'amount'],
    ['bad rateType', { ...MINIMAL.rate, rateType: 'premium' }, 'rateType'],
    ['currency of 2', { ...MINIMAL.rate, currency: 'EU' }, 'currency'],
    ['bad period', { ...MINIMAL.rate, period: 'fortnight' }, 'period'],
    ['negative hoursPerPeriod', { ...MINIMAL.rate, hoursPerPeriod: -1 }, 'hoursPerPeriod'],
    ['unknown property (strict)', { ...MINIMAL.rate, colour: 'red' }, 'colour'],
    ['isActive on create (strict)', { ...MINIMAL.rate, isActive: false }, 'isActive'],
    ['effectiveFrom on create (strict)', { ...MINIMAL.rate, effectiveFrom: '2024-01-01' }, 'effectiveFrom'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await at();
    const response = await api.post('/rates', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
  });
});

describe('GET/PATCH/DELETE /rates/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id, on every operation', async () => {
    const api = await at();
    const other = await rate(api, {}, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'x', other.id]) {
      for (const response of [
        await api.get(`/rates/${id}`),
        await api.patch(`/rates/${id}`, { name: 'y' }),
        await api.delete(`/rates/${id}`),
        await api.get(`/rates/${id}/versions`),
        await addVersion(api, id, { amount: 1, effectiveFrom: '2024-01-01' }),
      ]) {
        expect(response.statusCode, id).toBe(404);
      }
    }
  });

  it('PATCH is strict: accepts name, rateType, currency, isDefault, tags, isActive; refuses amount, period, hoursPerPeriod', async () => {
    const api = await at();
    const r = await rate(api);
    const response = await api.patch(`/rates/${r.id}`, { name: 'New', rateType: 'other', currency: 'USD', isDefault: true, tags: ['x'], isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...r,
      name: 'New',
      rateType: 'other',
      currency: 'USD',
      isDefault: true,
      tags: ['x'],
      isActive: false,
      updatedAt: expect.any(String),
    });
    for (const field of ['amount', 'period', 'hoursPerPeriod', 'colour']) {
      const refused = await api.patch(`/rates/${r.id}`, { [field]: 1 });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.issues).toContainEqual({ path: field, message: 'is not allowed' });
    }
    for (const body of [{ name: null }, { rateType: 'x' }, { currency: 'EURO' }, { isActive: 'no' }]) {
      expect((await api.patch(`/rates/${r.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('DELETE deactivates: 204, then readable and listed with isActive false', async () => {
    const api = await at();
    const r = await rate(api);
    const response = await api.delete(`/rates/${r.id}`);
    expect([response.statusCode, response.body]).toEqual([204, '']);
    expect((await api.get(`/rates/${r.id}`)).json().data).toMatchObject({ id: r.id, isActive: false, currentVersion: { amount: 100 } });
    expect((await api.get('/rates')).json().data.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect((await api.delete(`/rates/${r.id}`)).statusCode).toBe(204);
  });
});

describe('rate versions', () => {
  it('POST adds a version (201); GET lists all, in creation order; the current one is in force today', async () => {
    const api = await at();
    const r = await rate(api);
    const future = await addVersion(api, r.id, { amount: 130, effectiveFrom: '2024-06-16', changeReason: 'raise' });
    expect(future.statusCode).toBe(201);
    expect(future.json().data).toEqual({
      id: expect.any(String),
      amount: 130,
      effectiveFrom: '2024-06-16',
      changeReason: 'raise',
      createdAt: expect.any(String),
    });
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(100);
    await addVersion(api, r.id, { amount: 90, effectiveFrom: '2024-01-01' });
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(100);
    await addVersion(api, r.id, { amount: 110, effectiveFrom: '2024-06-15' });
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(110);
    const versions = await api.get(`/rates/${r.id}/versions`);
    expect(versions.statusCode).toBe(200);
    expect(versions.json().data.map((v: { amount: number }) => v.amount)).toEqual([100, 130, 90, 110]);
    expect(versions.json()).not.toHaveProperty('pagination');
  });

  it('with every version in the future, the earliest is current (ties to the most recently created)', async () => {
    let clock = NOW;
    const api = await testApi({ now: () => clock });
    const r = await rate(api);
    await addVersion(api, r.id, { amount: 130, effectiveFrom: '2024-07-01' });
    clock = Date.parse('2024-05-01T00:00:00Z');
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(100);
    await addVersion(api, r.id, { amount: 105, effectiveFrom: '2024-06-15' });
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(105);
    clock = Date.parse('2024-07-01T00:00:00Z');
    expect((await api.get(`/rates/${r.id}`)).json().data.currentVersion.amount).toBe(130);
  });

  it.each([
    ['missing amount', { effectiveFrom: '2024-01-01' }, 'amount'],
    ['missing effectiveFrom', { amount: 1 }, 'effectiveFrom'],
    ['negative amount', { amount: -1, effectiveFrom: '2024-01-01' }, 'amount'],
    ['impossible effectiveFrom', { amount: 1, effectiveFrom: '2023-02-29' }, 'effectiveFrom'],
    ['effectiveFrom without padding', { amount: 1, effectiveFrom: '2024-1-5' }, 'effectiveFrom'],
    ['numeric changeReason', { amount: 1, effectiveFrom: '2024-01-01', changeReason: 5 }, 'changeReason'],
    ['unknown property (strict)', { amount: 1, effectiveFrom: '2024-01-01', note: 'x' }, 'note'],
  ])('POST versions answers 400 for %s', async (_title, body, path) => {
    const api = await at();
    const r = await rate(api);
    const response = await addVersion(api, r.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual({ path, message: expect.any(String) });
  });
});

describe('GET /rates', () => {
  it('filters by rateType, booleans, search and tags (any of the listed tags)', async () => {
    const api = await at();
    await rate(api, { name: 'Alpha', tags: ['a', 'x'], isDefault: true });
    await rate(api, { name: 'Beta', rateType: 'cost', tags: ['b'] });
    const gamma = await rate(api, { name: 'Gamma', rateType: 'other' });
    await rate(api, { name: 'Theirs', tags: ['a'] }, KEY_B_ADMIN);
    await api.delete(`/rates/${gamma.id}`);
    const names = async (query: string) => {
      const response = await api.get(`/rates${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((r: { name: string }) => r.name);
    };
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await api.get('/rates')).json().data[0].currentVersion.amount).toBe(100);
    expect(await names('?rateType=cost')).toEqual(['Beta']);
    expect(await names('?isActive=true')).toEqual(['Alpha', 'Beta']);
    expect(await names('?isActive=false')).toEqual(['Gamma']);
    expect(await names('?isDefault=true')).toEqual(['Alpha']);
    expect(await names('?search=ET')).toEqual(['Beta']);
    expect(await names('?tags=a')).toEqual(['Alpha']);
    expect(await names('?tags=b,x')).toEqual(['Alpha', 'Beta']);
    expect(await names('?tags=%20b%20,')).toEqual(['Beta']);
    expect(await names('?tags=A')).toEqual([]);
    expect(await names('?tags=')).toEqual(['Alpha', 'Beta', 'Gamma']);
    for (const query of ['rateType=premium', 'rateType=', 'limit=101']) expect((await api.get(`/rates?${query}`)).statusCode, query).toBe(400);
  });
});
