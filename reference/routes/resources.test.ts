import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, testApi } from '../testing/test-api.js';

const ROLE = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const OFFICE = '1a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d';
const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

const FULL = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44',
  jobTitle: 'Analyst',
  roleId: ROLE,
  employmentType: 'full_time',
  startDate: '2024-01-01',
  endDate: 'whenever',
  countryCode: 'GB',
  regionCode: 'LDN',
  homeOfficeId: OFFICE,
  tags: ['a'],
  salary: 50000,
  salaryPeriod: 'year',
  externalUserId: 'ext-1',
};

describe('POST /resources', () => {
  it('answers 201 with the full record; isActive is ignored on create, unknown properties dropped', async () => {
    const api = await testApi();
    const response = await api.post('/resources', { name: 'Ada', isActive: false, colour: 'red' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada',
      email: null,
      phone: null,
      jobTitle: null,
      roleId: null,
      employmentType: null,
      startDate: null,
      endDate: null,
      countryCode: null,
      regionCode: null,
      homeOfficeId: null,
      tags: [],
      isActive: true,
      salary: null,
      salaryPeriod: null,
      externalUserId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api.post('/resources', { name: 'B', isActive: 'yes' })).statusCode).toBe(201);
    expect((await api.post('/resources', FULL)).json().data).toMatchObject({ ...FULL, isActive: true });
  });

  it.each([
    ['missing name', {}, 'name'],
    ['empty name', { name: '' }, 'name'],
    ['bad email', { name: 'x', email: 'nope' }, 'email'],
    ['negative salary', { name: 'x', salary: -1 }, 'salary'],
    ['string salary', { name: 'x', salary: '5' }, 'salary'],
    ['bad salaryPeriod', { name: 'x', salaryPeriod: 'fortnight' }, 'salaryPeriod'],
    ['non-uuid roleId', { name: 'x', roleId: 'abc' }, 'roleId'],
    ['non-uuid homeOfficeId', { name: 'x', homeOfficeId: '1' }, 'homeOfficeId'],
    ['null on create', { name: 'x', email: null }, 'email'],
    ['tags of numbers', { name: 'x', tags: [1] }, 'tags.0'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/resources', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path, message: expect.any(String) }]) });
  });
});

describe('GET/PATCH/DELETE /resources/{id}', () => {
  it('answers 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await api.create('/resources', { name: 'B' }, KEY_B_ADMIN);
    for (const id of [UNKNOWN_ID, 'not-a-uuid', other.id]) {
      for (const response of [await api.get(`/resources/${id}`), await api.patch(`/resources/${id}`, { name: 'y' }), await api.delete(`/resources/${id}`)]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('PATCH clears nullable fields, sets isActive, refuses null on name and employmentType', async () => {
    const api = await testApi();
    const resource = await api.create('/resources', FULL);
    const response = await api.patch(`/resources/${resource.id}`, {
      email: null,
      salary: null,
      salaryPeriod: null,
      roleId: null,
      isActive: false,
      jobTitle: 'Lead',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...resource,
      email: null,
      salary: null,
      salaryPeriod: null,
      roleId: null,
      isActive: false,
      jobTitle: 'Lead',
      updatedAt: expect.any(String),
    });
    for (const field of ['name', 'employmentType', 'tags', 'isActive']) {
      const refused = await api.patch(`/resources/${resource.id}`, { [field]: null });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error.issues).toContainEqual({ path: field, message: expect.any(String) });
    }
    expect((await api.patch(`/resources/${resource.id}`, { employmentType: 'contract' })).json().data.employmentType).toBe('contract');
  });

  it('DELETE is a soft delete: 204, then readable and listed with isActive false', async () => {
    const api = await testApi();
    const resource = await api.create('/resources', { name: 'Ada' });
    const response = await api.delete(`/resources/${resource.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.get(`/resources/${resource.id}`)).json().data).toMatchObject({ id: resource.id, isActive: false });
    expect((await api.get('/resources')).json().pagination.total).toBe(1);
    expect((await api.delete(`/resources/${resource.id}`)).statusCode).toBe(204);
  });
});

describe('GET /resources', () => {
  it('filters by isActive, roleId, homeOfficeId and search', async () => {
    const api = await testApi();
    await api.create('/resources', { name: 'Ada', email: 'ada@Example.com', roleId: ROLE });
    const bob = await api.create('/resources', { name: 'Bob', homeOfficeId: OFFICE });
    await api.create('/resources', { name: 'Cy' });
    await api.create('/resources', { name: 'Other' }, KEY_B_ADMIN);
    await api.patch(`/resources/${bob.id}`, { isActive: false });
    const names = async (query: string) => {
      const response = await api.get(`/resources${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((r: { name: string }) => r.name);
    };
    expect(await names('')).toEqual(['Ada', 'Bob', 'Cy']);
    expect(await names('?isActive=true')).toEqual(['Ada', 'Cy']);
    expect(await names('?isActive=TRUE')).toEqual(['Bob']);
    expect(await names(`?roleId=${ROLE.toUpperCase()}`)).toEqual(['Ada']);
    expect(await names(`?homeOfficeId=${OFFICE}`)).toEqual(['Bob']);
    expect(await names('?search=EXAMPLE')).toEqual(['Ada']);
    expect(await names('?search=b')).toEqual(['Bob']);
    for (const query of ['roleId=abc', 'homeOfficeId=1', 'limit=0']) expect((await api.get(`/resources?${query}`)).statusCode, query).toBe(400);
  });
});
