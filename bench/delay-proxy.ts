import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A target "far away": forwards every request to `upstream` unchanged and adds `delayMs` to its
 * round trip, half on the way in and half on the way back, as a network path of that latency
 * would. A new client connection also costs one round trip (the TCP handshake), so keep-alive
 * pays off as it would over a real distance. Requests are not serialised: any number may be in
 * flight at once, each delayed on its own. With `tls` the proxy speaks https, and a new
 * connection costs one more round trip (the TLS 1.3 handshake).
 */
export interface DelayProxy {
  /** The proxy's URL with the upstream's path (`http://127.0.0.1:<port>/api/v1`). */
  readonly baseUrl: string;
  /** Requests forwarded so far, the most that were in flight at once, client connections (TLS: handshakes) accepted. */
  stats(): { readonly requests: number; readonly maxInFlight: number; readonly connections: number };
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

/** Raw headers (`[name, value, ...]`) less those that belong to one connection. */
function withoutHopByHop(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

export interface DelayProxyOptions {
  /** Added to every round trip (and to a new connection's handshake). */
  readonly delayMs: number;
  readonly host?: string;
  /** Called as each request arrives, for a breakdown of what a run sends. */
  readonly onRequest?: (method: string, url: string) => void;
  /** Speak https with this certificate (the client must trust its CA). */
  readonly tls?: { readonly cert: string; readonly key: string };
}

export async function startDelayProxy(upstream: string, options: DelayProxyOptions): Promise<DelayProxy> {
  const target = new URL(upstream);
  const half = options.delayMs / 2;
  // Upstream connections stay open: the delay is the point, not the proxy's own connection setup.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let connections = 0;
  const handshakes = new WeakMap<Socket, Promise<void>>();

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requests++;
    options.onRequest?.(req.method ?? '', req.url ?? '');
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      const sent: Buffer[] = [];
      for await (const chunk of req) sent.push(chunk as Buffer);
      await handshakes.get(req.socket);
      await sleep(half);
      const upstreamRes = await new Promise<IncomingMessage>((resolve, reject) => {
        // Raw headers: a repeated or oddly cased header reaches the target as the client sent it.
        const headers = withoutHopByHop(req.rawHeaders).map((v, i, all) => (i % 2 === 1 && all[i - 1]!.toLowerCase() === 'host' ? target.host : v));
        const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, resolve);
        out.on('error', reject);
        out.end(Buffer.concat(sent));
      });
      const chunks: Buffer[] = [];
      for await (const chunk of upstreamRes) chunks.push(chunk as Buffer);
      await sleep(half);
      const body = Buffer.concat(chunks);
      const headers = withoutHopByHop(upstreamRes.rawHeaders);
      // A chunked answer arrives whole: say its length (HEAD, 204 and 304 carry none).
      const bodyless = req.method === 'HEAD' || upstreamRes.statusCode === 204 || upstreamRes.statusCode === 304;
      if (!bodyless && upstreamRes.headers['content-length'] === undefined) headers.push('content-length', String(body.length));
      res.writeHead(upstreamRes.statusCode ?? 502, headers);
      res.end(body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`delay proxy: ${(error as Error).message}`);
    } finally {
      inFlight--;
    }
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => void forward(req, res);
  const server =
    options.tls === undefined
      ? createServer({ keepAliveTimeout: 30_000 }, handler)
      : createTlsServer({ keepAliveTimeout: 30_000, cert: options.tls.cert, key: options.tls.key }, handler);
  // TCP's handshake, and TLS's after it: one round trip each before the first request goes on.
  const handshakeMs = options.tls === undefined ? options.delayMs : 2 * options.delayMs;
  server.on(options.tls === undefined ? 'connection' : 'secureConnection', (socket: Socket) => {
    connections++;
    handshakes.set(socket, sleep(handshakeMs));
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = target.pathname.replace(/\/+$/, '');
  return {
    baseUrl: `${options.tls === undefined ? 'http' : 'https'}://${options.host ?? '127.0.0.1'}:${port}${path}`,
    stats: () => ({ requests, maxInFlight, connections }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
