import { describe, expect, it } from 'vitest';
import { startReferenceServer } from './server.js';
import { startReceiver } from './testing/test-api.js';

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

describe('startReferenceServer webhooks', () => {
  it('passes the webhook timing through, and close stops the retries', async () => {
    const receiver = await startReceiver(() => 'hang');
    const server = await startReferenceServer({ webhooks: { backoffBaseMs: 1, timeoutMs: 50 } });
    try {
      const admin = server.seed.organisations[0]?.keys.find((k) => k.admin)?.key ?? '';
      const headers = { 'x-api-key': admin, 'content-type': 'application/json' };
      const created = await fetch(`${server.baseUrl}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'hook', url: receiver.url, events: ['task.created'] }),
      });
      expect(created.status).toBe(201);
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      expect((await fetch(`${server.baseUrl}/webhooks/${id}/test`, { method: 'POST', headers: { 'x-api-key': admin } })).status).toBe(200);
      await receiver.waitFor(2);
      const listed = await fetch(`${server.baseUrl}/webhooks/${id}/deliveries`, { headers: { 'x-api-key': admin } });
      // the deliveries log has one row per attempt: the first one's
      const [attempt] = ((await listed.json()) as { data: { error: string | null }[] }).data;
      expect(attempt?.error).toBe('timeout after 50 ms');
    } finally {
      await server.close();
      await receiver.close();
    }
    const count = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(receiver.received.length).toBe(count);
  });
});
