import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A hostile target for self-tests: a proxy in front of a correct server (the embedded
 * reference server) that misbehaves on every `every`-th request in one chosen way and forwards
 * the rest unchanged. Everything it sends is generated on the fly: a 400 MB answer is streamed in
 * chunks with back-pressure, never held in memory, so the proxy itself stays small.
 */

export const BEHAVIOURS = [
  /** Never answers (the socket stays open until the client gives up). */
  'hang',
  /** Forwards, but answers only after `slowMs`. */
  'slow',
  /** 200 with a JSON body of `hugeBytes` (default 400 MB), streamed. */
  'huge',
  /** Resets the connection before answering. */
  'reset',
  /** Forwards, sends the headers and half the body, then resets. */
  'reset-mid-body',
  /** 200, `application/json`, bytes that are no JSON. */
  'garbage',
  /** 200, `application/json`, no body at all. */
  'empty',
  /** 502 with an HTML error page (with a script in it, as some gateways' pages have). */
  'html-5xx',
  /** 302 to the same URL, forever. */
  'redirect-loop',
  /** Bytes that are no HTTP response. */
  'invalid-http',
  /** 200 with JSON nested 100,000 deep. */
  'deep-json',
  /** Forwards, then puts the request's API key into the body and into headers. */
  'echo-key',
  /** Forwards, then puts script tags and event-handler attributes into the body and headers. */
  'script',
  /** Forwards the first `every - 1` requests, then never answers again (a target that died). */
  'dead',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export interface HostileProxyOptions {
  /** Base URL of the correct server, e.g. `http://127.0.0.1:41234/api/v1`. */
  readonly target: string;
  readonly behaviour: Behaviour;
  /** Misbehave on request number every, 2 × every, ... (1-based); `dead`: from request `every` on. */
  readonly every: number;
  /** `slow`: delay of the answer (default 6000 ms). */
  readonly slowMs?: number;
  /** `huge`: body size (default 400 MB). */
  readonly hugeBytes?: number;
  /** `huge`: also send Content-Length (default false: chunked, so a reader cannot refuse it up front). */
  readonly hugeContentLength?: boolean;
}

export interface ProxyStats {
  readonly requests: number;
  readonly misbehaved: number;
  readonly hugeBytesSent: number;
  /** The most requests that were open at once (a hanging one stays open until the client gives up). */
  readonly maxInFlight: number;
  /** performance.now() of the first request misbehaved on and of the last request, or null. */
  readonly firstMisbehavedAt: number | null;
  readonly lastRequestAt: number | null;
}

export interface HostileProxy {
  /** The proxy's URL with the target's path (`http://127.0.0.1:<port>/api/v1`). */
  readonly baseUrl: string;
  /** Requests that reached the proxy, and how many of them it misbehaved on. */
  stats(): ProxyStats;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'content-length']);

/** The script payloads a report must never let run (render-html escapes them). */
export const SCRIPT_PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><svg onload=alert(1)>';

interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** The key a request carries, in X-API-Key or as a Bearer token. */
function keyOf(req: IncomingMessage): string {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  return /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

/** Writes `total` bytes of valid-looking JSON in 64 KiB chunks, waiting for the socket to drain. */
async function streamHuge(res: ServerResponse, total: number, onBytes: (n: number) => void): Promise<void> {
  const head = Buffer.from('{"data":[');
  const tail = Buffer.from(']}');
  const record = Buffer.from(`{"id":"00000000-0000-4000-8000-000000000000","name":"${'x'.repeat(200)}"},`);
  const chunk = Buffer.concat(Array.from({ length: Math.ceil(65536 / record.length) }, () => record));
  let sent = 0;
  const write = (buffer: Buffer): Promise<void> | undefined => {
    sent += buffer.length;
    onBytes(buffer.length);
    if (res.write(buffer)) return undefined;
    return new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.once('drain', done);
      res.once('close', done);
    });
  };
  await write(head);
  while (sent + chunk.length + tail.length < total && !res.destroyed) {
    const wait = write(chunk);
    if (wait !== undefined) await wait;
  }
  if (res.destroyed) return;
  // The last record without its comma, so the whole body is valid JSON of exactly `total`-ish bytes.
  await write(Buffer.from('{"id":"last"}'));
  res.end(tail);
}

export async function startHostileProxy(options: HostileProxyOptions): Promise<HostileProxy> {
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  let requests = 0;
  let misbehaved = 0;
  let hugeBytesSent = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let firstMisbehavedAt: number | null = null;
  let lastRequestAt: number | null = null;

  const forward = async (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise<Upstream>((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      if (body.length > 0) headers['content-length'] = String(body.length);
      const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (upstream) => {
        const chunks: Buffer[] = [];
        upstream.on('data', (c: Buffer) => chunks.push(c));
        upstream.on('error', reject);
        upstream.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(upstream.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: upstream.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
        });
      });
      out.on('error', reject);
      out.end(body);
    });

  const answer = (res: ServerResponse, upstream: Upstream): void => {
    res.writeHead(upstream.status, { ...upstream.headers, 'content-length': String(upstream.body.length) });
    res.end(upstream.body);
  };

  const misbehave = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const socket = req.socket;
    switch (options.behaviour) {
      case 'hang':
      case 'dead':
        return; // The socket stays open; close() destroys it.
      case 'slow': {
        const upstream = await forward(req, body);
        await new Promise((r) => setTimeout(r, options.slowMs ?? 6000));
        if (!res.destroyed) answer(res, upstream);
        return;
      }
      case 'huge':
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(options.hugeContentLength === true ? { 'content-length': String(options.hugeBytes ?? 400e6) } : {}),
        });
        await streamHuge(res, options.hugeBytes ?? 400e6, (n) => (hugeBytesSent += n));
        return;
      case 'reset':
        socket.resetAndDestroy();
        return;
      case 'reset-mid-body': {
        const upstream = await forward(req, body);
        const padded = upstream.body.length >= 2 ? upstream.body : Buffer.from('{"data":null}');
        res.writeHead(upstream.status, { ...upstream.headers, 'content-length': String(padded.length) });
        res.write(padded.subarray(0, Math.floor(padded.length / 2)), () => socket.resetAndDestroy());
        return;
      }
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22, 0x64, 0x61, 0x74, 0x61, 0x3a, 0x5b, 0x7b, 0x7b, 0x0a, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x80]));
        return;
      case 'empty':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
        res.end();
        return;
      case 'html-5xx':
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>${SCRIPT_PAYLOAD}</body></html>`);
        return;
      case 'redirect-loop':
        res.writeHead(302, { location: req.url ?? '/', 'content-length': '0' });
        res.end();
        return;
      case 'invalid-http':
        socket.end('HTTP/1.1 2x0 NOPE\r\nContent-Length: twelve\r\n\0\0\r\n\r\n\x00\xffnot http at all');
        return;
      case 'deep-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
        return;
      case 'echo-key': {
        const key = keyOf(req);
        const upstream = await forward(req, body);
        const echoed = Buffer.from(JSON.stringify({ error: { code: 'echo', message: `your key is ${key}`, key, secret: key.slice(key.indexOf('_') + 1) } }));
        res.writeHead(upstream.status >= 400 ? upstream.status : 400, {
          'content-type': 'application/json',
          'x-echo-key': key,
          'x-api-key': key,
          'www-authenticate': `Bearer realm="${key}"`,
          'content-length': String(echoed.length),
        });
        res.end(echoed);
        return;
      }
      case 'script': {
        const upstream = await forward(req, body);
        const text = JSON.stringify({ error: { code: SCRIPT_PAYLOAD, message: SCRIPT_PAYLOAD }, data: { id: SCRIPT_PAYLOAD, name: SCRIPT_PAYLOAD } });
        res.writeHead(upstream.status >= 400 ? upstream.status : 422, {
          'content-type': 'application/json',
          'x-script': '<script>alert(1)</script>',
          'content-length': String(Buffer.byteLength(text)),
        });
        res.end(text);
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    const n = ++requests;
    lastRequestAt = performance.now();
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => (inFlight -= 1));
    const hostile = options.behaviour === 'dead' ? n >= options.every : n % options.every === 0;
    if (hostile) {
      misbehaved++;
      firstMisbehavedAt ??= lastRequestAt;
    }
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (hostile) await misbehave(req, res, body);
      else answer(res, await forward(req, body));
    })().catch(() => {
      if (!res.headersSent && !res.destroyed) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A client that resets while we stream must not crash the proxy.
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    stats: () => ({ requests, misbehaved, hugeBytesSent, maxInFlight, firstMisbehavedAt, lastRequestAt }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
