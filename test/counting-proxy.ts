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
  /**
   * With `recordCreates`: per key, the records its successful creates answered with an id
   * (`/contacts/<id>`; a batch create's entries as `/time-entries/<id>`), seen on the wire: what
   * the run made, known apart from the run's own ledger.
   */
  created(): ReadonlyMap<string, ReadonlySet<string>>;
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
  /** Read the answers of creates for `created()`. */
  readonly recordCreates?: boolean;
}

/** The records a create's answer names: `data.id`, or each `data[].id` of a batch. */
function createdPaths(path: string, body: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const data = (json as { data?: unknown } | null)?.data;
  const idOf = (r: unknown): string | undefined => {
    const id = (r as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : undefined;
  };
  if (/\/batch\/time-entries$/.test(path)) {
    return (Array.isArray(data) ? data : []).flatMap((r) => (idOf(r) === undefined ? [] : [`/time-entries/${idOf(r)!}`]));
  }
  const collection = /\/(contacts|expenses|time-entries|allocations|milestones|webhooks|tasks|resources|rates)$/.exec(path)?.[0];
  const id = idOf(data);
  return collection === undefined || id === undefined ? [] : [`${collection}/${id}`];
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
  const created = new Map<string, Set<string>>();
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
        const status = upstreamRes.statusCode ?? 502;
        if (options.recordCreates === true && req.method === 'POST' && status >= 200 && status < 300) {
          const chunks: Buffer[] = [];
          upstreamRes.on('data', (chunk: Buffer) => chunks.push(chunk));
          upstreamRes.on('end', () => {
            const path = (req.url ?? '').split('?')[0]!;
            const paths = createdPaths(path, Buffer.concat(chunks).toString('utf8'));
            if (paths.length === 0) return;
            const mine = created.get(key) ?? new Set<string>();
            for (const p of paths) mine.add(p);
            created.set(key, mine);
          });
        }
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
    created: () => created,
    reset: () => {
      counts.clear();
      created.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        upstreamAgent.destroy();
        server.close(() => resolve());
      }),
  };
}
