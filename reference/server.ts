import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, buildApp } from './app.js';
import { loadSeed, type Seed } from './seed.js';
import type { WebhookOptions } from './webhooks/engine.js';
import { packageFile } from './package-root.js';

export const DEFAULT_SEED_URL = packageFile('fixtures/seed.json');
export const DEFAULT_HOST = '127.0.0.1';

export interface StartReferenceServerOptions {
  /** Seed data; when absent it is read from seedPath. */
  seed?: Seed;
  /** Defaults to fixtures/seed.json of this project. */
  seedPath?: string;
  faults?: readonly string[];
  /** Legitimate alternative choices (see reference/variants.ts). */
  variants?: readonly string[];
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  logger?: boolean;
  /** Delivery timeout and retry spacing; defaults DEFAULT_WEBHOOK_OPTIONS. */
  webhooks?: Partial<WebhookOptions>;
  /** Rate window; anything but the default 60 s is for self-tests only (spec 8 says per minute). */
  rateWindowMs?: number;
}

export interface RunningReferenceServer {
  /** e.g. http://127.0.0.1:41234/api/v1 (no trailing slash). */
  baseUrl: string;
  port: number;
  seed: Seed;
  /** Closes the listener and stops webhook retries; safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_SEED_PATH = fileURLToPath(DEFAULT_SEED_URL);

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Builds the app, listens, and answers where it can be reached. */
export async function startReferenceServer(options: StartReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const seed = options.seed ?? (await loadSeed(options.seedPath ?? DEFAULT_SEED_PATH));
  const app = await buildApp({
    seed,
    faults: options.faults ?? [],
    variants: options.variants ?? [],
    logger: options.logger ?? false,
    ...(options.webhooks === undefined ? {} : { webhooks: options.webhooks }),
    ...(options.rateWindowMs === undefined ? {} : { rateWindowMs: options.rateWindowMs }),
  });
  const host = options.host ?? DEFAULT_HOST;
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost(host)}:${port}${API_PREFIX}`,
    port,
    seed,
    close: () => (closing ??= app.close()),
  };
}
