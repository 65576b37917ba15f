import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config/schema.js';
import { DoctorStoppedError, RequestFailedError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { doctorContext } from './context.js';

/*
 * The doctor's stop (SIGINT, SIGTERM during `conformance doctor`) as its clients apply it: after
 * the stop nothing is sent but the deletes of what it created; a read in flight is cut off, a
 * create in flight is let finish (its answer holds the id to delete). A local server that holds
 * the requests whose path says so until the test releases them (no timing).
 */

const seen: string[] = [];
const held = new Map<string, { res: ServerResponse; arrived: () => void }>();
const expectHold = (path: string): Promise<void> => {
  const arrived = new Promise<void>((resolve) => held.set(path, { res: undefined as unknown as ServerResponse, arrived: resolve }));
  return arrived;
};
const release = (path: string, status: number): void => {
  const entry = held.get(path)!;
  entry.res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: 'w1' } }));
};

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  seen.push(`${req.method} ${req.url}`);
  req.resume();
  const hold = held.get(req.url ?? '');
  if (hold !== undefined) {
    held.set(req.url!, { ...hold, res });
    hold.arrived();
    return;
  }
  res.writeHead(req.method === 'DELETE' ? 204 : 200, { 'content-type': 'application/json' }).end(req.method === 'DELETE' ? undefined : '{"data":[]}');
});
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const config = { requestTimeoutMs: 30_000, maxResponseBytes: 1_000_000, breakerFailures: 5, network: { viaProxy: false } } as unknown as Config;
const context = (stop: AbortController) => doctorContext(baseUrl, config, new Redactor([]), 'conformance-doctor:test', stop.signal);

describe("the doctor's clients under its stop", () => {
  it('send as usual before the stop', async () => {
    const ctx = context(new AbortController());
    expect((await ctx.client('k').get('/contacts')).status).toBe(200);
  });

  it('after the stop send nothing but the deletes of what the doctor created', async () => {
    const stop = new AbortController();
    const ctx = context(stop);
    stop.abort(new DoctorStoppedError('SIGTERM'));
    seen.length = 0;
    await expect(ctx.client('k').get('/contacts')).rejects.toBeInstanceOf(RequestFailedError);
    await expect(ctx.client('k', { creates: true }).post('/webhooks', {})).rejects.toThrow(/stopped by SIGTERM/);
    expect((await ctx.client('k', { cleanup: true }).delete('/webhooks/w1')).status).toBe(204);
    expect(seen).toEqual(['DELETE /api/v1/webhooks/w1']);
  });

  it('cut off a read in flight, and let a create in flight finish', async () => {
    const stop = new AbortController();
    const ctx = context(stop);
    const readArrived = expectHold('/api/v1/tasks');
    const createArrived = expectHold('/api/v1/webhooks');
    const read = ctx.client('k').get('/tasks');
    const create = ctx.client('k', { creates: true }).post('/webhooks', {});
    await Promise.all([readArrived, createArrived]);
    stop.abort(new DoctorStoppedError('SIGINT'));
    await expect(read).rejects.toMatchObject({ reason: 'stopped' });
    release('/api/v1/webhooks', 201);
    expect((await create).status).toBe(201);
  });
});
