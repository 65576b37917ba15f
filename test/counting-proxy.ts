import { Agent, createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of a target that counts the requests each key sends (X-API-Key or
 * Bearer), so a self-test can compare what a run really sent with the request estimate
 * (harness/runner/request-estimate.ts). Requests without a key count under `none`.
 */
export interface CountingProxy {
  /** The proxy's URL with the upstream's path (`http://127.0.0.1:<port>/api/v1`). */
  readonly baseUrl: string;
  /** Requests forwarded so far, per key. */
  counts(): ReadonlyMap<string, number>;
  reset(): void;
  close(): Promise<void>;
}

function keyOf(req: IncomingMessage): string {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers['authorization'] ?? '');
  return bearer?.[1] ?? 'none';
}

export interface CountingProxyOptions {
  /**
   * Drop X-RateLimit-* from every answer: a target that limits without saying so, so the run
   * cannot plan for its limit and meets it as 429s (the throttling budget's case).
   */
  readonly stripRateHeaders?: boolean;
}

const RATE_HEADER = /^x-ratelimit-/i;

/**
 * How long an upstream connection may sit idle before the proxy closes it: well inside the 5 s
 * after which a Node server (the reference's) closes an idle one itself. Reusing a connection the
 * target closed at that moment resets the request the run sent ("other side closed"), which the
 * run would rightly take for the target's failure; Node's own agent keeps one until a second
 * before the target's announced timeout, too close on a busy machine. A fresh connection per
 * request avoided it too, at a cost: in test/throttle's request-estimate run (a full run of the
 * functional suites, some 8,000 requests) the proxy and the target then took 9 to 15 s of CPU
 * where kept connections take 6 to 9 (five runs each, a busy 2-core machine).
 */
const UPSTREAM_IDLE_MS = 1_000;

export async function startCountingProxy(upstream: string, options: CountingProxyOptions = {}): Promise<CountingProxy> {
  const target = new URL(upstream);
  const counts = new Map<string, number>();
  const upstreamAgent = new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS });
  const server = createServer((req, res) => {
    const key = keyOf(req);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const out = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent: upstreamAgent },
      (upstreamRes) => {
        const headers = Object.fromEntries(
          Object.entries(upstreamRes.headers).filter(([name]) => !(options.stripRateHeaders === true && RATE_HEADER.test(name))),
        );
        res.writeHead(upstreamRes.statusCode ?? 502, headers);
        upstreamRes.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  // The run's idle connections stay open for the whole run (Node's 5 s default closes one the run
  // may be reusing at that moment, on a busy machine: "other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    counts: () => counts,
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        upstreamAgent.destroy();
        server.close(() => resolve());
      }),
  };
}
