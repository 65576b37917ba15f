import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatedRecords, readBack, refusedDelete } from './cleanup.js';

/** A target whose DELETE and GET answers are scripted per path. */
async function scripted(answers: Record<string, { readonly delete: number; readonly get: number }>): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').replace(/^\/api\/v1/, '').split('?')[0]!;
    const answer = answers[path];
    const status = answer === undefined ? 404 : req.method === 'DELETE' ? answer.delete : answer.get;
    res.writeHead(status, status === 204 ? {} : { 'content-type': 'application/json' });
    res.end(status === 204 ? undefined : JSON.stringify(status < 300 ? { data: { id: path } } : { error: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` };
}

let open: Server | undefined;
afterEach(async () => {
  const server = open;
  open = undefined;
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('CreatedRecords.cleanUp', () => {
  it('counts a record whose delete was refused as left when a read still finds it, and not when it is gone', async () => {
    const { server, baseUrl } = await scripted({
      '/contacts/deleted': { delete: 204, get: 404 },
      '/contacts/refused-alive': { delete: 409, get: 200 },
      '/contacts/refused-gone': { delete: 403, get: 404 },
      '/expenses/server-error-alive': { delete: 500, get: 200 },
      // A soft-deleted kind refused again (its check deleted it first) reads 200 either way: not read back.
      '/tasks/refused-soft': { delete: 409, get: 200 },
    });
    open = server;
    const records = new CreatedRecords();
    for (const path of ['/contacts/deleted', '/contacts/refused-alive', '/contacts/refused-gone', '/expenses/server-error-alive', '/tasks/refused-soft']) {
      records.add(path, 'wm_admin');
    }
    const tally = await records.cleanUp({
      baseUrl,
      keys: { admin: 'wm_admin' },
      authStyle: 'x-api-key',
      requestTimeoutMs: 5000,
      maxResponseBytes: 1_000_000,
      harDir: undefined,
      network: undefined,
      createdLog: undefined,
      concurrency: 2,
    });
    expect(tally.left).toBe(2);
  });
});

describe('refusedDelete and readBack', () => {
  it('takes 2xx, 404 and 410 as settled, anything else answered as refused, no answer as not refused', () => {
    expect([204, 200, 404, 410].map(refusedDelete)).toEqual([false, false, false, false]);
    expect([400, 403, 409, 500].map(refusedDelete)).toEqual([true, true, true, true]);
    expect(refusedDelete(undefined)).toBe(false);
  });

  it('answers the paths still there, at most `concurrency` reads at once', async () => {
    let inFlight = 0;
    let most = 0;
    const there = await readBack(
      [
        ['/a', 'k'],
        ['/b', 'k'],
        ['/c', 'k'],
      ] as const,
      async ([path]) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        return path === '/a' ? true : path === '/b' ? false : undefined;
      },
      2,
    );
    expect([...there]).toEqual(['/a']);
    expect(most).toBeLessThanOrEqual(2);
  });
});
