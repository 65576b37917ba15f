import { describe, expect, it } from 'vitest';
import { KEY_A_MEMBER, KEY_B_ADMIN, testApi } from '../testing/test-api.js';

const FULL = {
  contactType: 'individual',
  parentContactId: '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 0000',
  jobTitle: 'Analyst',
  billingEmail: 'billing@example.com',
  billingAddress: '1 Street',
  paymentTermsDays: 30,
  isBillable: true,
  isActive: false,
  website: 'https://example.com/ada',
  taxNumber: 'GB123',
  notes: 'n',
  tags: ['a', 'b'],
};

describe('POST /contacts', () => {
  it('answers 201 with the full record: defaults for unset fields, unknown properties dropped', async () => {
    const api = await testApi();
    const response = await api.post('/contacts', { contactType: 'company', name: 'Acme', colour: 'red' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contactType: 'company',
      parentContactId: null,
      name: 'Acme',
      email: null,
      phone: null,
      jobTitle: null,
      billingEmail: null,
      billingAddress: null,
      paymentTermsDays: null,
      isBillable: false,
      isActive: true,
      website: null,
      taxNumber: null,
      notes: null,
      tags: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(data.createdAt).toBe(data.updatedAt);
  });

  it('stores every create field as sent', async () => {
    const api = await testApi();
    const response = await api.post('/contacts', FULL);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject(FULL);
  });

  it.each([
    ['missing contactType', { name: 'x' }, 'contactType'],
    ['missing name', { contactType: 'company' }, 'name'],
    ['empty name', { contactType: 'company', name: '' }, 'name'],
    ['bad enum', { contactType: 'person', name: 'x' }, 'contactType'],
    ['bad email', { contactType: 'company', name: 'x', email: 'not-an-email' }, 'email'],
    ['bad billingEmail', { contactType: 'company', name: 'x', billingEmail: 'a@' }, 'billingEmail'],
    ['website without scheme', { contactType: 'company', name: 'x', website: 'example.com' }, 'website'],
    ['fractional paymentTermsDays', { contactType: 'company', name: 'x', paymentTermsDays: 1.5 }, 'paymentTermsDays'],
    ['negative paymentTermsDays', { contactType: 'company', name: 'x', paymentTermsDays: -1 }, 'paymentTermsDays'],
    ['string paymentTermsDays (no coercion)', { contactType: 'company', name: 'x', paymentTermsDays: '5' }, 'paymentTermsDays'],
    ['string isActive (no coercion)', { contactType: 'company', name: 'x', isActive: 'true' }, 'isActive'],
    ['non-uuid parent', { contactType: 'company', name: 'x', parentContactId: 'abc' }, 'parentContactId'],
    ['urn uuid parent', { contactType: 'company', name: 'x', parentContactId: 'urn:uuid:3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60' }, 'parentContactId'],
    ['null on create', { contactType: 'company', name: 'x', email: null }, 'email'],
    ['tags of numbers', { contactType: 'company', name: 'x', tags: [1] }, 'tags.0'],
    ['tags not array', { contactType: 'company', name: 'x', tags: 'a' }, 'tags'],
    ['numeric name', { contactType: 'company', name: 5 }, 'name'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post('/contacts', body);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toContainEqual({ path, message: expect.any(String) });
    expect((await api.get('/contacts')).json().pagination.total).toBe(0);
  });

  it('reports every issue at once', async () => {
    const api = await testApi();
    const response = await api.post('/contacts', { contactType: 'x', name: '', email: 'x' });
    expect(
      response
        .json()
        .error.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['contactType', 'email', 'name']);
  });
});

describe('GET/PATCH/DELETE /contacts/{id}', () => {
  it('reads a contact in a data envelope', async () => {
    const api = await testApi();
    const contact = await api.createContact(FULL);
    const response = await api.get(`/contacts/${contact.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: contact });
    expect((await api.get(`/contacts/${contact.id.toUpperCase()}`)).statusCode).toBe(200);
  });

  it('answers 404 NOT_FOUND for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const other = await api.createContact({}, KEY_B_ADMIN);
    for (const id of ['8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', 'not-a-uuid', '1', other.id]) {
      for (const response of [await api.get(`/contacts/${id}`), await api.patch(`/contacts/${id}`, { name: 'y' }), await api.delete(`/contacts/${id}`)]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      }
    }
    expect((await api.get(`/contacts/${other.id}`, KEY_B_ADMIN)).json().data.name).toBe('Acme');
  });

  it('PATCH leaves omitted fields unchanged and clears nullable fields sent as null', async () => {
    const api = await testApi();
    const contact = await api.createContact(FULL);
    const response = await api.patch(`/contacts/${contact.id}`, {
      email: null,
      website: null,
      paymentTermsDays: null,
      parentContactId: null,
      notes: 'changed',
      unknown: 1,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      ...contact,
      email: null,
      website: null,
      paymentTermsDays: null,
      parentContactId: null,
      notes: 'changed',
      updatedAt: expect.any(String),
    });
    expect((await api.get(`/contacts/${contact.id}`)).json().data).toEqual(data);
    const empty = await api.patch(`/contacts/${contact.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ ...data, updatedAt: expect.any(String) });
  });

  it('PATCH can change non-nullable fields but not null them', async () => {
    const api = await testApi();
    const contact = await api.createContact();
    const ok = await api.patch(`/contacts/${contact.id}`, { contactType: 'individual', name: 'B', isBillable: true, isActive: false, tags: ['x'] });
    expect(ok.json().data).toMatchObject({ contactType: 'individual', name: 'B', isBillable: true, isActive: false, tags: ['x'] });
    for (const field of ['contactType', 'name', 'isBillable', 'isActive', 'tags']) {
      const response = await api.patch(`/contacts/${contact.id}`, { [field]: null });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path: field, message: expect.any(String) });
    }
    for (const body of [{ name: '' }, { contactType: 'x' }, { email: 'x' }, { website: 'nope' }, { paymentTermsDays: 2.5 }, { parentContactId: 'x' }]) {
      expect((await api.patch(`/contacts/${contact.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.get(`/contacts/${contact.id}`)).json().data.name).toBe('B');
  });

  it('DELETE answers 204 with no body, after which the contact is gone', async () => {
    const api = await testApi();
    const contact = await api.createContact();
    const response = await api.delete(`/contacts/${contact.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    expect((await api.get(`/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/contacts/${contact.id}`)).statusCode).toBe(404);
  });
});

describe('GET /contacts', () => {
  async function seeded() {
    const api = await testApi();
    const parent = await api.createContact({ name: 'Parent Co', email: 'hq@parent.example' });
    const a = await api.createContact({ contactType: 'individual', name: 'Alice', email: 'alice@Mail.example', parentContactId: parent.id, isBillable: true });
    const b = await api.createContact({ contactType: 'individual', name: 'Bob', isActive: false });
    const c = await api.createContact({ name: 'Contoso', parentContactId: parent.id, isActive: false, isBillable: true });
    await api.createContact({ name: 'Other org' }, KEY_B_ADMIN);
    const names = async (query: string, key?: string) => {
      const response = await api.get(`/contacts${query}`, key);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((x: { name: string }) => x.name);
    };
    return { api, parent, a, b, c, names };
  }

  it('lists the organisation contacts in creation order with pagination', async () => {
    const { api, names } = await seeded();
    const response = await api.get('/contacts');
    expect(response.json().pagination).toEqual({ limit: 50, offset: 0, total: 4 });
    expect(await names('')).toEqual(['Parent Co', 'Alice', 'Bob', 'Contoso']);
    expect(await names('', KEY_A_MEMBER)).toHaveLength(4);
    expect(await names('', KEY_B_ADMIN)).toEqual(['Other org']);
  });

  it('filters by contactType, parentContactId, booleans and search', async () => {
    const { parent, names } = await seeded();
    expect(await names('?contactType=individual')).toEqual(['Alice', 'Bob']);
    expect(await names(`?parentContactId=${parent.id}`)).toEqual(['Alice', 'Contoso']);
    expect(await names('?parentContactId=8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d')).toEqual([]);
    expect(await names('?isActive=true')).toEqual(['Parent Co', 'Alice']);
    expect(await names('?isActive=false')).toEqual(['Bob', 'Contoso']);
    expect(await names('?isBillable=true&isActive=false')).toEqual(['Contoso']);
    expect(await names('?search=CON')).toEqual(['Contoso']);
    expect(await names('?search=mail.EXAMPLE')).toEqual(['Alice']);
    expect(await names('?search=o&contactType=company')).toEqual(['Parent Co', 'Contoso']);
    expect(await names('?search=zzz')).toEqual([]);
  });

  it('reads boolean filters strictly: only "true" is true', async () => {
    const { names } = await seeded();
    for (const value of ['TRUE', '1', 'yes', 'false', '', 'True']) {
      expect(await names(`?isActive=${value}`), value).toEqual(['Bob', 'Contoso']);
    }
  });

  it('validates contactTypeKey length 1..30 but does not filter by it', async () => {
    const { api, names } = await seeded();
    expect(await names(`?contactTypeKey=${'k'.repeat(30)}`)).toHaveLength(4);
    expect(await names('?contactTypeKey=k')).toHaveLength(4);
    for (const value of ['', 'k'.repeat(31)]) {
      const response = await api.get(`/contacts?contactTypeKey=${value}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues).toEqual([{ path: 'contactTypeKey', message: expect.any(String) }]);
    }
  });

  it('answers 400 for malformed filters', async () => {
    const { api } = await seeded();
    for (const [query, path] of [
      ['contactType=person', 'contactType'],
      ['contactType=', 'contactType'],
      ['parentContactId=abc', 'parentContactId'],
      ['parentContactId=', 'parentContactId'],
      ['contactType=company&contactType=individual', 'contactType'],
    ] as const) {
      const response = await api.get(`/contacts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', issues: [{ path }] } });
    }
  });
});
