import { RequestFailedError, ResponseTooLargeError, RunStoppedError, ThrottledError } from '../errors.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../report/model.js';
import { ApiClient, EXCERPT_BYTES, buildUrl, formatBytes, retryJitterMs, type ClientOptions, type ClientStats, type WireRecord } from './client.js';
import { TargetHealth } from './health.js';
import { Redactor } from './redact.js';

const KEY = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
const SECRET_PART = '3be3b5804692';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

type Handler = (req: Received, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let received: Received[];
let handler: Handler;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      handler(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  handler = (_req, res) => json(res, 200, { data: [] });
});

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({ baseUrl, key: KEY, timeoutMs: 5000, redactor: new Redactor([KEY]), jitter: () => 0, ...overrides });
}

/** A sleep that records what was asked and returns at once. */
function fakeSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

describe('buildUrl', () => {
  it('joins base and path whatever the trailing slashes', () => {
    expect(buildUrl('http://h:1/api/v1', '/contacts')).toBe('http://h:1/api/v1/contacts');
    expect(buildUrl('http://h:1/api/v1//', '/contacts/abc')).toBe('http://h:1/api/v1/contacts/abc');
  });

  it('appends defined query values, encoded', () => {
    expect(buildUrl('http://h/api/v1', '/contacts', { limit: 10, search: 'a b&c', flag: false, skip: undefined })).toBe(
      'http://h/api/v1/contacts?limit=10&search=a+b%26c&flag=false',
    );
  });
});

describe('ApiClient credentials', () => {
  it('sends the key as X-API-Key by default', async () => {
    await client().get('/contacts');
    expect(received[0]!.headers['x-api-key']).toBe(KEY);
    expect(received[0]!.headers['authorization']).toBeUndefined();
    expect(received[0]!.headers['accept']).toBe('application/json');
  });

  it('sends the key as a Bearer token', async () => {
    await client({ authStyle: 'bearer' }).get('/contacts');
    expect(received[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(received[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('sends no credentials with authStyle none or without a key', async () => {
    await client({ authStyle: 'none' }).get('/contacts');
    await client({ key: undefined }).get('/contacts');
    for (const r of received) {
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(r.headers['authorization']).toBeUndefined();
    }
    expect(received).toHaveLength(2);
  });

  it('with() switches key and style for the copy only', async () => {
    const base = client();
    await base.with({ key: 'wmk_other', authStyle: 'bearer' }).get('/contacts');
    await base.get('/contacts');
    expect(received[0]!.headers['authorization']).toBe('Bearer wmk_other');
    expect(received[1]!.headers['x-api-key']).toBe(KEY);
  });
});

describe('ApiClient requests', () => {
  it('sends method, path and query', async () => {
    await client().get('/contacts', { limit: 5, isActive: true, search: undefined });
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/v1/contacts?limit=5&isActive=true' });
    expect(received[0]!.headers['content-type']).toBeUndefined();
    expect(received[0]!.body).toBe('');
  });

  it('serialises a body as JSON with its content type', async () => {
    await client().patch('/contacts/abc', { name: 'Acme', tags: ['a'] });
    expect(received[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/contacts/abc', body: '{"name":"Acme","tags":["a"]}' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends rawBody verbatim', async () => {
    const rawBody = '{"name": , \'x\' ';
    await client().send({ method: 'POST', path: '/contacts', rawBody, body: { ignored: true } });
    expect(received[0]!.body).toBe(rawBody);
    expect(received[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends DELETE without a body', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const res = await client().delete('/contacts/abc');
    expect(received[0]).toMatchObject({ method: 'DELETE', url: '/api/v1/contacts/abc', body: '' });
    expect(res.status).toBe(204);
    expect(res.json).toBeUndefined();
    expect(res.text).toBe('');
  });
});

describe('ApiClient responses', () => {
  it('parses a JSON body and lower-cases header names', async () => {
    handler = (_req, res) => json(res, 200, { data: { id: 'x1' } }, { 'X-Request-Id': 'req-1' });
    const res = await client().get('/contacts/x1');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { id: 'x1' } });
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('leaves json undefined for a body that is not JSON, and keeps the text', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('<html>Bad gateway</html>');
    };
    const res = await client().get('/contacts');
    expect(res.status).toBe(502);
    expect(res.json).toBeUndefined();
    expect(res.text).toBe('<html>Bad gateway</html>');
  });
});

describe('ApiClient exchange records', () => {
  it('reports every exchange with the key masked in curl, headers and body', async () => {
    handler = (req, res) =>
      json(
        res,
        400,
        { error: `bad key ${String(req.headers['x-api-key'] ?? req.headers['authorization'])}` },
        {
          'x-echo-key': String(req.headers['x-api-key'] ?? ''),
          'x-api-key': KEY,
        },
      );
    const exchanges: ExchangeRecord[] = [];
    const c = client({ onExchange: (e) => exchanges.push(e) });
    await c.post('/contacts', { name: 'Acme' });
    await c.with({ authStyle: 'bearer' }).get('/contacts', { q: 'x' });
    expect(exchanges).toHaveLength(2);
    for (const exchange of exchanges) expect(JSON.stringify(exchange)).not.toContain(SECRET_PART);

    const [post, get] = exchanges as [ExchangeRecord, ExchangeRecord];
    expect(post).toMatchObject({ method: 'POST', url: `${baseUrl}/contacts`, status: 400 });
    expect(post.curl).toContain("-H 'x-api-key: wmk_****'");
    expect(post.curl).toContain(`--data-raw '{"name":"Acme"}'`);
    expect(post.responseHeaders['x-echo-key']).toBe('wmk_****');
    expect(post.responseHeaders['x-api-key']).toBe('wmk_****');
    expect(post.bodyExcerpt).toBe('{"error":"bad key wmk_****"}');
    expect(get.curl).toContain("-H 'authorization: Bearer wmk_****'");
    expect(get.url).toBe(`${baseUrl}/contacts?q=x`);
  });

  it('masks a key the redactor was not told about in the credential headers', async () => {
    const exchanges: ExchangeRecord[] = [];
    await client({ key: 'wmk_UnlistedKey77', redactor: new Redactor([]), onExchange: (e) => exchanges.push(e) }).get('/contacts');
    expect(exchanges[0]!.curl).toContain("-H 'x-api-key: wmk_****'");
    expect(exchanges[0]!.curl).not.toContain('UnlistedKey77');
  });
});

describe('ApiClient throttling', () => {
  it('waits out a 429 for its Retry-After and retries', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) json(res, 429, { error: 'slow down' }, { 'retry-after': '1' });
      else json(res, 200, { data: [] });
    };
    const { sleep, waits } = fakeSleep();
    const stats: ClientStats = { throttled: 0, throttledMs: 0 };
    const exchanges: ExchangeRecord[] = [];
    const res = await client({ sleep, stats, onExchange: (e) => exchanges.push(e) }).get('/contacts');
    expect(res.status).toBe(200);
    expect(res.throttled).toBe(1);
    expect(waits).toEqual([1000]);
    expect(stats).toEqual({ throttled: 1, throttledMs: 1000 });
    expect(received).toHaveLength(2);
    expect(exchanges.map((e) => e.status)).toEqual([429, 200]);
  });

  it('gives up with a ThrottledError once maxRetries waits are used up', async () => {
    handler = (_req, res) => json(res, 429, { error: 'slow down' }, { 'retry-after': '1' });
    const { sleep, waits } = fakeSleep();
    const stats: ClientStats = { throttled: 0, throttledMs: 0 };
    const error = await client({ sleep, stats, throttle: { maxWaitMs: 60_000, maxRetries: 2 } })
      .get('/contacts')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ThrottledError);
    expect((error as ThrottledError).code).toBe('THROTTLED');
    expect((error as Error).message).toMatch(/^GET \/contacts: still answered 429 after 2 waits/);
    expect((error as Error).message).not.toContain(SECRET_PART);
    // One first attempt and maxRetries retries.
    expect(received).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
    expect(stats).toEqual({ throttled: 2, throttledMs: 2000 });
  });

  it('caps the wait at maxWaitMs and waits 1 s without a readable Retry-After', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) json(res, 429, {}, { 'retry-after': '3600' });
      else if (calls === 2) json(res, 429, {});
      else json(res, 200, {});
    };
    const { sleep, waits } = fakeSleep();
    const res = await client({ sleep, throttle: { maxWaitMs: 5000, maxRetries: 3 } }).get('/contacts');
    expect(res.status).toBe(200);
    expect(waits).toEqual([5000, 1000]);
  });

  it('adds its jitter to each wait, so that requests refused together do not come back together', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls <= 2) json(res, 429, {}, { 'retry-after': '1' });
      else json(res, 200, {});
    };
    const { sleep, waits } = fakeSleep();
    const asked: number[] = [];
    const jitter = (ms: number) => (asked.push(ms), 37 * asked.length);
    const res = await client({ sleep, jitter, throttle: { maxWaitMs: 5000, maxRetries: 3 } }).get('/contacts');
    expect(res.status).toBe(200);
    expect(asked).toEqual([1000, 1000]);
    expect(waits).toEqual([1037, 1074]);
  });

  it('jitters by up to a quarter of the wait, at most 250 ms', () => {
    const draws = Array.from({ length: 2000 }, () => [retryJitterMs(400), retryJitterMs(60_000)] as const);
    expect(Math.min(...draws.flat())).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws.map(([short]) => short))).toBeLessThan(100);
    expect(Math.max(...draws.map(([, long]) => long))).toBeLessThan(250);
    // Spread, not a constant: two thousand draws over a hundred values take many of them.
    expect(new Set(draws.map(([short]) => short)).size).toBeGreaterThan(50);
  });

  it('returns the raw 429 at once with maxRetries 0 (for rate-limit checks)', async () => {
    handler = (_req, res) => json(res, 429, {}, { 'retry-after': '1' });
    const { sleep, waits } = fakeSleep();
    const res = await client({ sleep, throttle: { maxWaitMs: 5000, maxRetries: 0 } }).get('/contacts');
    expect(res.status).toBe(429);
    expect(waits).toEqual([]);
    expect(received).toHaveLength(1);
  });
});

describe('ApiClient onCreated', () => {
  it('reports a record created in a collection', async () => {
    handler = (_req, res) => json(res, 201, { data: { id: 'c-123', name: 'Acme' } });
    const created: Array<[string, string]> = [];
    await client({ onCreated: (path, id) => created.push([path, id]) }).post('/contacts', { name: 'Acme' });
    expect(created).toEqual([['/contacts', 'c-123']]);
  });

  it('ignores failures, non-POST methods, nested paths and bodies without a string id', async () => {
    const created: Array<[string, string]> = [];
    const c = client({ onCreated: (path, id) => created.push([path, id]) });
    handler = (_req, res) => json(res, 400, { data: { id: 'x' } });
    await c.post('/contacts', {});
    handler = (_req, res) => json(res, 200, { data: { id: 'x' } });
    await c.patch('/contacts/x', {});
    await c.get('/contacts');
    handler = (_req, res) => json(res, 201, { data: { id: 'x' } });
    await c.post('/contacts/x/notes', {});
    handler = (_req, res) => json(res, 201, { data: { id: 42 } });
    await c.post('/contacts', {});
    handler = (_req, res) => json(res, 201, { id: 'top-level' });
    await c.post('/contacts', {});
    expect(created).toEqual([]);
    expect(received).toHaveLength(6);
  });
});

describe('ApiClient failures', () => {
  it('throws RequestFailedError when the target does not answer in time', async () => {
    handler = () => {
      /* never answer */
    };
    const error = await client({ timeoutMs: 200 })
      .get('/contacts', { key: KEY })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RequestFailedError);
    const { message, code } = error as RequestFailedError;
    expect(code).toBe('REQUEST_FAILED');
    expect(message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/contacts\?key=wmk_\*\*\*\*: no answer within 200 ms$/);
    expect(message).not.toContain(SECRET_PART);
  });

  it('throws RequestFailedError when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await client({ baseUrl: `http://127.0.0.1:${port}/api/v1` })
      .post('/contacts', { name: 'x' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/contacts: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain(SECRET_PART);
  });
});

/** Streams 64 KiB chunks of a JSON array until the client goes away; counts what it got out. */
function endlessBody(sent: { bytes: number; closed: boolean }, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    const chunk = Buffer.from(`${'{"name":"x"},'.repeat(5041)}`);
    res.write(`{"data":[${KEY},`);
    const pump = (): void => {
      while (!res.destroyed && sent.bytes < 2 ** 31) {
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    res.on('close', () => (sent.closed = true));
    pump();
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('ApiClient bounded reads', () => {
  it('stops reading a body at the bound, says so, and records what it saw', async () => {
    const sent = { bytes: 0, closed: false };
    handler = endlessBody(sent);
    const exchanges: ExchangeRecord[] = [];
    const wires: WireRecord[] = [];
    const error = await failure(
      client({ maxResponseBytes: 256 * 1024, onExchange: (e) => exchanges.push(e), onWire: (w) => wires.push(w) }).get('/contacts', { limit: 100 }),
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    const tooLarge = error as ResponseTooLargeError;
    expect(tooLarge.code).toBe('RESPONSE_TOO_LARGE');
    expect(tooLarge.message).toMatch(
      /^the response to GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/contacts\?limit=100 \(status 200\) exceeded the 256 KiB read bound \(CONFORMANCE_MAX_RESPONSE_BYTES; more than \d+ bytes\); it was not read further/,
    );
    expect(tooLarge.exchange.status).toBe(200);
    expect(tooLarge.exchange.bodyExcerpt.length).toBeLessThanOrEqual(2000);
    expect(tooLarge.exchange.bodyExcerpt.startsWith('{"data":[wmk_****,')).toBe(true);
    expect(exchanges).toEqual([tooLarge.exchange]);
    // Only the excerpt's bytes are kept of what was read (256 KiB here, 8 MiB by default): every
    // check that met a huge body would otherwise hold that much until the run ends.
    expect(wires.map((w) => w.truncated)).toEqual([true]);
    expect(wires[0]!.responseBody.length).toBeLessThanOrEqual(EXCERPT_BYTES);
    expect(wires[0]!.responseBody.startsWith('{"data":[wmk_****,')).toBe(true);
    // The connection was dropped: the server could not push more than socket buffers hold.
    await expect.poll(() => sent.closed).toBe(true);
    expect(sent.bytes).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a body whose Content-Length is over the bound without reading it', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '10000000' });
      res.write('{"data":[');
    };
    const error = await failure(client({ maxResponseBytes: 65536 }).get('/contacts'));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('exceeded the 64 KiB read bound (CONFORMANCE_MAX_RESPONSE_BYTES; Content-Length 10000000)');
  });

  it('reads a body of exactly the bound whole', async () => {
    const body = JSON.stringify({ data: 'y'.repeat(5000 - 11) });
    expect(Buffer.byteLength(body)).toBe(5000);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };
    const res = await client({ maxResponseBytes: 5000 }).get('/contacts');
    expect(res.text).toBe(body);
    expect(await failure(client({ maxResponseBytes: 4999 }).get('/contacts'))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('formats bounds as a reader would write them', () => {
    expect([formatBytes(8 * 1024 * 1024), formatBytes(1536 * 1024), formatBytes(65536), formatBytes(1000)]).toEqual([
      '8 MiB',
      '1.5 MiB',
      '64 KiB',
      '1000 bytes',
    ]);
  });
});

describe('ApiClient breaker', () => {
  const hang: Handler = () => {
    /* never answer */
  };

  it('opens after the threshold of requests in a row without an answer, then sends nothing', async () => {
    handler = hang;
    const health = new TargetHealth(3);
    const c = client({ timeoutMs: 100, health });
    for (let i = 0; i < 3; i++) expect(await failure(c.get('/contacts'))).toBeInstanceOf(RequestFailedError);
    expect(received).toHaveLength(3);
    expect(health.stopped?.kind).toBe('breaker');
    const error = await failure(c.with({ authStyle: 'bearer' }).post('/contacts', { name: 'x' }));
    // Refused before sending: not a timeout of its own, and nothing more reached the target.
    expect(error).toBeInstanceOf(RunStoppedError);
    expect(received).toHaveLength(3);
    expect((error as RunStoppedError).code).toBe('TARGET_UNHEALTHY');
    expect((error as Error).message).toMatch(
      /^not run: the target stopped answering: 3 requests in a row got no answer \(CONFORMANCE_BREAKER_FAILURES=3; last: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/contacts: no answer within 100 ms\); no further requests were sent$/,
    );
    // Another client on the same health (another check, another worker) is refused too.
    expect(await failure(client({ health }).get('/contacts'))).toBeInstanceOf(RunStoppedError);
    expect(received).toHaveLength(3);
  });

  it('counts only failures in a row: any answer, even one too large to read, resets the count', async () => {
    const health = new TargetHealth(3);
    const c = client({ timeoutMs: 100, health, maxResponseBytes: 4096 });
    for (const answer of [false, false, true, false, false, 'huge', false, false] as const) {
      handler = answer === false ? hang : answer === true ? (_req, res) => json(res, 200, {}) : (_req, res) => json(res, 200, { data: 'z'.repeat(5000) });
      await failure(c.get('/contacts'));
    }
    expect(health.stopped).toBeNull();
    expect(health.consecutiveFailures).toBe(2);
    expect(received).toHaveLength(8);
  });

  it('counts resets and refused connections as no answer', async () => {
    handler = (req) => void req;
    const health = new TargetHealth(2);
    server.once('request', (req: IncomingMessage) => req.socket.destroy());
    await failure(client({ health }).get('/contacts'));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await failure(client({ health, baseUrl: `http://127.0.0.1:${port}/api/v1` }).get('/contacts'));
    expect(health.stopped?.reason).toMatch(/2 requests in a row got no answer .*ECONNREFUSED/);
  });

  it('stops every request once the run deadline passed, without touching the network', async () => {
    const health = new TargetHealth(5);
    health.stop('deadline', 'the run deadline (30 min, CONFORMANCE_RUN_DEADLINE_S) passed');
    const error = await failure(client({ health }).get('/contacts'));
    expect(error).toBeInstanceOf(RunStoppedError);
    expect((error as RunStoppedError).code).toBe('RUN_DEADLINE');
    expect((error as Error).message).toBe('not run: the run deadline (30 min, CONFORMANCE_RUN_DEADLINE_S) passed');
    expect(received).toHaveLength(0);
  });

  it('aborts a request in flight when the check is stopped, without blaming the target', async () => {
    handler = hang;
    const health = new TargetHealth(1);
    const controller = new AbortController();
    const pending = failure(client({ health, signal: controller.signal, timeoutMs: 5000 }).get('/contacts'));
    await expect.poll(() => received.length).toBe(1);
    controller.abort(new Error('the check timed out'));
    const error = await pending;
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toMatch(/: stopped: the check timed out$/);
    expect(health.stopped).toBeNull();
    expect(await failure(client({ health, signal: controller.signal }).get('/contacts'))).toBeInstanceOf(RequestFailedError);
    expect(received).toHaveLength(1);
  });

  it('names the run deadline, not the abort, when the run stopped while a request was in flight', async () => {
    handler = hang;
    const health = new TargetHealth(5);
    const controller = new AbortController();
    const pending = failure(client({ health, signal: controller.signal, timeoutMs: 5000 }).get('/contacts'));
    await expect.poll(() => received.length).toBe(1);
    health.stop('deadline', 'the run deadline (90 s, CONFORMANCE_RUN_DEADLINE_S) passed');
    controller.abort(new Error('The test run was aborted by the user.'));
    const error = await pending;
    expect(error).toBeInstanceOf(RunStoppedError);
    expect((error as Error).message).toBe('not run: the run deadline (90 s, CONFORMANCE_RUN_DEADLINE_S) passed');
    expect(health.consecutiveFailures).toBe(0);
  });
});

describe('a request guard', () => {
  it('may refuse to send a request, or refuse its answer; a client with another key goes unguarded', async () => {
    handler = (_req, res) => json(res, 403, { error: 'forbidden' });
    const seen: string[] = [];
    const guarded = client({
      guard: {
        before: (request) => {
          if (request.path === '/blocked') throw new Error('not sent');
        },
        after: (request, response) => {
          seen.push(`${request.method} ${request.path} ${response.status}`);
          if (response.status === 403) throw new Error('refused answer');
        },
      },
    });
    await expect(guarded.post('/blocked', {})).rejects.toThrow('not sent');
    expect(received).toHaveLength(0);
    await expect(guarded.post('/webhooks', {})).rejects.toThrow('refused answer');
    expect(seen).toEqual(['POST /webhooks 403']);
    expect(
      await guarded
        .with({ authStyle: 'bearer' })
        .post('/webhooks', {})
        .catch((e: Error) => e.message),
    ).toBe('refused answer');
    expect((await guarded.with({ key: 'wmk_other_key' }).post('/webhooks', {})).status).toBe(403);
  });
});
