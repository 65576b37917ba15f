import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { UnknownFaultError } from './faults.js';
import { KEY_A_ADMIN, testApi, testSeed } from './testing/test-api.js';

describe('buildApp', () => {
  it('refuses an unknown fault name', async () => {
    await expect(buildApp({ seed: testSeed(), faults: ['no-such-fault'] })).rejects.toBeInstanceOf(UnknownFaultError);
  });

  it('answers 400 INVALID_JSON, never 5xx, for a malformed JSON body', async () => {
    const api = await testApi();
    for (const payload of ['{bad', '{"name": "x",}', '[1,', 'nul']) {
      const response = await api.request({ method: 'POST', url: '/contacts', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
    }
    const patch = await api.request({
      method: 'PATCH',
      url: `/contacts/${(await api.createContact()).id}`,
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.code).toBe('INVALID_JSON');
  });

  it('answers 400 for an empty JSON body on POST but accepts DELETE with a JSON content type and no body', async () => {
    const api = await testApi();
    const empty = await api.request({ method: 'POST', url: '/contacts', payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('INVALID_JSON');
    const contact = await api.createContact();
    const del = await api.request({ method: 'DELETE', url: `/contacts/${contact.id}`, headers: { 'content-type': 'application/json' } });
    expect(del.statusCode).toBe(204);
  });

  it('answers 400 VALIDATION_FAILED for JSON that is not an object', async () => {
    const api = await testApi();
    for (const payload of ['[]', 'null', '"x"', '5']) {
      const response = await api.request({ method: 'POST', url: '/contacts', payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', issues: [{ path: '', message: 'must be object' }] } });
    }
    const none = await api.request({ method: 'POST', url: '/contacts' });
    expect(none.statusCode).toBe(400);
  });

  it('answers 415 for a body that is not JSON and 413 for one that is too large', async () => {
    const api = await testApi();
    const text = await api.request({ method: 'POST', url: '/contacts', payload: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await api.request({
      method: 'POST',
      url: '/contacts',
      payload: JSON.stringify({ contactType: 'company', name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 with the error body for unknown routes, after authentication under /api/v1', async () => {
    const api = await testApi();
    const unknown = await api.get('/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(unknown.headers['x-ratelimit-limit']).toBeDefined();
    expect((await api.get('/no-such-thing', null)).statusCode).toBe(401);
    const outside = await api.app.inject({ url: '/elsewhere' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error.code).toBe('NOT_FOUND');
    expect((await api.request({ method: 'PUT', url: '/contacts' })).statusCode).toBe(404);
  });

  it('answers 400 for a badly encoded URL and 404 for an over-long id', async () => {
    const api = await testApi();
    const bad = await api.get('/contacts/%zz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
    const long = await api.get(`/contacts/${'a'.repeat(500)}`);
    expect(long.statusCode).toBe(404);
    expect((await api.get(`/contacts/${'a'.repeat(500)}`, null)).statusCode).toBe(401);
  });

  it('serves GET /projects as a paged list of the key organisation projects', async () => {
    const api = await testApi();
    const all = await api.get('/projects');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      data: [
        { id: 'c1458366-c560-45b8-9c25-c35957b5ae7c', name: 'Project A1', versionId: '69ed7ac6-df06-4671-bbc6-cfb2842625ab' },
        { id: '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Project A2', versionId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f' },
      ],
      pagination: { limit: 50, offset: 0, total: 2 },
    });
    const second = await api.get('/projects?limit=1&offset=1');
    expect(second.json().data.map((p: { name: string }) => p.name)).toEqual(['Project A2']);
    expect((await api.get('/projects?limit=0')).statusCode).toBe(400);
  });

  it('keeps two apps independent', async () => {
    const one = await testApi();
    const two = await testApi();
    await one.createContact();
    expect((await two.get('/contacts')).json().pagination.total).toBe(0);
    expect(KEY_A_ADMIN).toMatch(/^wmk_/);
  });
});
