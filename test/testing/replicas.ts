import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, buildApp } from '../../reference/app.js';
import { loadSeed, type Seed } from '../../reference/seed.js';
import { DEFAULT_SEED_PATH } from '../../reference/server.js';

export interface RunningReplicas {
  /** Each replica's origin, e.g. `http://127.0.0.1:41234` (no API prefix: an upstream address). */
  readonly origins: readonly [string, string];
  /** Each replica's API base, e.g. `http://127.0.0.1:41234/api/v1`. */
  readonly urls: readonly [string, string];
  readonly seed: Seed;
  /** The seed's keys without a limit of their own (the spec's default 60 a minute). */
  readonly limitedKeys: readonly string[];
  /** Requests each replica has answered so far: a load balancer that alternated gave both some. */
  requests(): [number, number];
  /** Closes both listeners (their kept-alive connections too) and the apps; safe to call twice. */
  close(): Promise<void>;
}

export interface StartReplicasOptions {
  /**
   * true: one app, so one store and one limiter, answering on both ports (a cluster whose replicas
   * share their limiter, as in Redis: correct). false: two apps, each counting on its own.
   */
  readonly shared: boolean;
  /** Rate window; anything but the spec's minute is for self-tests only. */
  readonly rateWindowMs?: number;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A load balancer keeps its upstream connections open; without this close() waits for them.
  server.closeAllConnections();
  await closed;
}

/**
 * Two reference replicas on two loopback ports, served by node:http servers of their own that
 * hand every request to a Fastify app (`app.routing`), so the same app can answer on both.
 */
export async function startReplicas(options: StartReplicasOptions): Promise<RunningReplicas> {
  const seed = await loadSeed(DEFAULT_SEED_PATH);
  const build = async (): Promise<FastifyInstance> => {
    const app = await buildApp({ seed, logger: false, ...(options.rateWindowMs === undefined ? {} : { rateWindowMs: options.rateWindowMs }) });
    await app.ready();
    return app;
  };
  const apps: FastifyInstance[] = [];
  const servers: Server[] = [];
  const counts: [number, number] = [0, 0];
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await Promise.all(servers.map(closeServer));
      await Promise.all(apps.map((app) => app.close()));
    })());
  try {
    const first = await build();
    apps.push(first);
    const second = options.shared ? first : await build();
    if (second !== first) apps.push(second);
    for (const [i, app] of [first, second].entries()) {
      servers.push(
        createServer((req, res) => {
          counts[i]! += 1;
          app.routing(req, res);
        }),
      );
    }
    const origins = [await listen(servers[0]!), await listen(servers[1]!)] as const;
    const limitedKeys = seed.organisations.flatMap((o) => o.keys.filter((k) => k.role === 'limited' && k.limitPerMinute === null).map((k) => k.key));
    return {
      origins,
      urls: [`${origins[0]}${API_PREFIX}`, `${origins[1]}${API_PREFIX}`],
      seed,
      limitedKeys,
      requests: () => [counts[0], counts[1]],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
