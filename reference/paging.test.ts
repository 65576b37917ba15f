import { describe, expect, it } from 'vitest';
import { testApi } from './testing/test-api.js';

describe('paging (spec 4 common rules, 8)', () => {
  it('defaults to limit 50 offset 0 and slices the list', async () => {
    const api = await testApi();
    for (let i = 0; i < 7; i++) await api.createContact({ name: `c${i}` });
    const names = async (query: string) => {
      const response = await api.get(`/contacts${query}`);
      expect(response.statusCode, query).toBe(200);
      const body = response.json();
      return { names: body.data.map((c: { name: string }) => c.name), pagination: body.pagination };
    };
    expect(await names('')).toEqual({ names: ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'], pagination: { limit: 50, offset: 0, total: 7 } });
    expect(await names('?limit=3')).toEqual({ names: ['c0', 'c1', 'c2'], pagination: { limit: 3, offset: 0, total: 7 } });
    expect(await names('?limit=3&offset=5')).toEqual({ names: ['c5', 'c6'], pagination: { limit: 3, offset: 5, total: 7 } });
    expect(await names('?offset=7')).toEqual({ names: [], pagination: { limit: 50, offset: 7, total: 7 } });
    expect(await names('?offset=100')).toEqual({ names: [], pagination: { limit: 50, offset: 100, total: 7 } });
    expect(await names('?limit=1')).toMatchObject({ names: ['c0'] });
    expect(await names('?limit=100')).toMatchObject({ pagination: { limit: 100 } });
    expect(await names('?limit=007')).toMatchObject({ pagination: { limit: 7 } });
  });

  it.each([
    ['limit=1.5', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1e1', 'limit'],
    ['limit=%201', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=', 'offset'],
    ['offset=99999999999999999999', 'offset'],
  ])('answers 400 VALIDATION_FAILED for %s', async (query, path) => {
    const api = await testApi();
    for (const url of [`/contacts?${query}`, `/projects?${query}`]) {
      const response = await api.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: expect.any(String), issues: [{ path, message: expect.any(String) }] },
      });
    }
  });
});
