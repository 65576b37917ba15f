import { describe, expect, it } from 'vitest';
import { KEY_A_ADMIN, KEY_B_ADMIN, testApi } from './testing/test-api.js';

describe('authentication (spec 5)', () => {
  it('accepts X-API-Key and Authorization: Bearer', async () => {
    const api = await testApi();
    expect((await api.get('/contacts')).statusCode).toBe(200);
    for (const authorization of [`Bearer ${KEY_A_ADMIN}`, `bearer ${KEY_A_ADMIN}`, `Bearer   ${KEY_A_ADMIN} `]) {
      const response = await api.request({ method: 'GET', url: '/contacts', key: null, headers: { authorization } });
      expect(response.statusCode, authorization).toBe(200);
    }
  });

  it('refuses a missing, malformed, unknown or differently cased key with 401 and the error body', async () => {
    const api = await testApi();
    const cases: Record<string, string>[] = [
      {},
      { 'x-api-key': '' },
      { 'x-api-key': 'wmkaaaaaaaaaaaaaaaaaaaa' },
      { 'x-api-key': 'wmk_' },
      { 'x-api-key': '_secret' },
      { 'x-api-key': 'wmk_abc-def' },
      { 'x-api-key': 'wmk_00000000000000000000000000000000' },
      { 'x-api-key': KEY_A_ADMIN.toUpperCase() },
      { 'x-api-key': `${KEY_A_ADMIN}x` },
      { authorization: `Basic ${KEY_A_ADMIN}` },
      { authorization: KEY_A_ADMIN },
      { authorization: 'Bearer ' },
    ];
    for (const headers of cases) {
      const response = await api.request({ method: 'GET', url: '/contacts', key: null, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('matches keys exactly, prefix and secret, unless an auth-key-* fault loosens the match', async () => {
    const otherPrefix = `xnl_${KEY_A_ADMIN.slice(4)}`;
    const shorter = KEY_A_ADMIN.slice(0, -1);
    const longer = `${KEY_A_ADMIN}a`;
    const status = async (api: Awaited<ReturnType<typeof testApi>>, key: string) => (await api.get('/contacts', key)).statusCode;
    const exact = await testApi();
    for (const key of [otherPrefix, shorter, longer]) expect(await status(exact, key), key).toBe(401);
    const cases = [
      ['auth-key-prefix-ignored', otherPrefix],
      ['auth-key-shorter-accepted', shorter],
      ['auth-key-longer-accepted', longer],
    ] as const;
    for (const [fault, accepted] of cases) {
      const api = await testApi({ faults: [fault] });
      for (const key of [otherPrefix, shorter, longer]) expect(await status(api, key), `${fault}: ${key}`).toBe(key === accepted ? 200 : 401);
    }
  });

  it('refuses before validating or routing', async () => {
    const api = await testApi();
    expect((await api.post('/contacts', { name: '' }, null)).statusCode).toBe(401);
    expect((await api.get('/contacts?limit=0', null)).statusCode).toBe(401);
  });

  it('prefers X-API-Key when both headers are sent', async () => {
    const api = await testApi();
    const response = await api.request({
      method: 'GET',
      url: '/contacts',
      key: KEY_B_ADMIN,
      headers: { authorization: 'Bearer wmk_unknown' },
    });
    expect(response.statusCode).toBe(200);
  });
});
