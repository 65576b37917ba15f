import { describe, expect, it } from 'vitest';
import { startReferenceServer } from './server.js';

describe('startReferenceServer', () => {
  it('listens on an ephemeral port with the fixture seed and closes', async () => {
    const server = await startReferenceServer();
    try {
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      const key = server.seed.organisations[0]?.keys[0]?.key ?? '';
      const response = await fetch(`${server.baseUrl}/projects`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
      const body = (await response.json()) as { data: unknown[] };
      expect(body.data.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    await server.close();
    await expect(fetch(`${server.baseUrl}/projects`)).rejects.toThrow();
  });

  it('passes faults through and refuses unknown ones', async () => {
    await expect(startReferenceServer({ faults: ['nope'] })).rejects.toMatchObject({ code: 'UNKNOWN_FAULT' });
    const server = await startReferenceServer({ faults: ['auth-missing-key-allowed'] });
    try {
      expect((await fetch(`${server.baseUrl}/contacts`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
