import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, lean, loadUndici, request } from './undici.js';

const require = createRequire(import.meta.url);

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, key: req.headers['x-api-key'], body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const send = async (AgentClass: typeof Agent = Agent): Promise<unknown> => {
  const agent = new AgentClass();
  try {
    const res = await request(agent, `${base}/api/v1/contacts?limit=1&offset=2`, { method: 'POST', headers: { 'x-api-key': 'k_1' }, body: '{"a":1}' });
    expect(res.statusCode).toBe(200);
    return await res.body.json();
  } finally {
    await agent.close();
  }
};

describe("undici's parts", () => {
  it("are undici's own modules, not its index, with the undici this package depends on", () => {
    expect(lean).toBe(true);
    // Its index (fetch, WebSocket, the cache and cookie APIs) was never loaded.
    expect(require.cache[require.resolve('undici')]).toBeUndefined();
  });

  it('send the path with its query, the method, the headers and the body', async () => {
    expect(await send()).toEqual({ method: 'POST', url: '/api/v1/contacts?limit=1&offset=2', key: 'k_1', body: '{"a":1}' });
  });

  it("fall back to undici's index when a release moved its modules, and send the same", async () => {
    const moved = loadUndici((id) => {
      if (id !== 'undici') throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      return require(id);
    });
    expect(moved.lean).toBe(false);
    expect(await send(moved.parts.Agent)).toEqual({ method: 'POST', url: '/api/v1/contacts?limit=1&offset=2', key: 'k_1', body: '{"a":1}' });
  });
});
