/**
 * Helpers for the reference server's own tests (in-process, app.inject, no ports).
 * Not used by the server itself.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PREFIX, buildApp, type BuildAppOptions } from '../app.js';
import { parseSeed, type Seed } from '../seed.js';
import type { WebhookOptions } from '../webhooks/engine.js';

export const ORG_A = 'ca0f74ca-2a19-45e6-9acb-425a9407f415';
export const ORG_B = '71766c2d-6778-4971-ac34-10b0eb3970b3';
export const KEY_A_ADMIN = 'wmk_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const KEY_A_MEMBER = 'wmk_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
export const KEY_A_LIMITED = 'wmk_cccccccccccccccccccccccccccccccc';
/** Org A key without its own limit: the default 60 per minute applies (spec 8). */
export const KEY_A_DEFAULT = 'wmk_eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
export const KEY_B_ADMIN = 'wmk_dddddddddddddddddddddddddddddddd';
export const PROJECT_A1 = 'c1458366-c560-45b8-9c25-c35957b5ae7c';
export const PROJECT_A2 = '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const PROJECT_B1 = 'e6abafc0-4fa8-4a58-bf07-f8e722cdce45';
export const REPORT_A_UTILISATION = 'bf77f727-1df9-4256-9aa3-153d6e1e7554';
export const REPORT_A_PROFIT = 'ecc1b861-0440-4be6-bcb2-dfebcf806ed4';
export const REPORT_A_HOURS = 'f265d10d-185b-41c5-b497-9557abced588';
export const REPORT_A_MARGIN = '5e2d0c7a-8f3b-4d1e-9a6c-2b7f0e4d8c1a';
export const REPORT_B1 = '8eac1394-8bad-4519-91ef-ee7643f542ee';

/**
 * A small seed built in the test: org A with a 3-per-minute key, a key with the default limit, two
 * projects and four report definitions (categories financial x2, resourcing, time), org B with one
 * project and one definition.
 */
export function testSeed(limitedPerMinute: number | null = 3): Seed {
  return parseSeed({
    organisations: [
      {
        id: ORG_A,
        name: 'Org A',
        keys: [
          { role: 'admin', key: KEY_A_ADMIN, admin: true, limitPerMinute: 1000000 },
          { role: 'member', key: KEY_A_MEMBER, admin: false, limitPerMinute: 1000000 },
          { role: 'limited', key: KEY_A_LIMITED, admin: false, limitPerMinute: limitedPerMinute },
          { role: 'default', key: KEY_A_DEFAULT, admin: false, limitPerMinute: null },
        ],
        projects: [
          { id: PROJECT_A1, name: 'Project A1', versionId: '69ed7ac6-df06-4671-bbc6-cfb2842625ab' },
          { id: PROJECT_A2, name: 'Project A2', versionId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f' },
        ],
        reportDefinitions: [
          { id: REPORT_A_UTILISATION, name: 'Utilisation by person', category: 'resourcing', source: 'system' },
          { id: REPORT_A_PROFIT, name: 'Project profitability', category: 'financial', source: 'system' },
          { id: REPORT_A_HOURS, name: 'My billable hours', category: 'time', source: 'user' },
          { id: REPORT_A_MARGIN, name: 'Margin watch', category: 'financial', source: 'user' },
        ],
      },
      {
        id: ORG_B,
        name: 'Org B',
        keys: [{ role: 'admin', key: KEY_B_ADMIN, admin: true, limitPerMinute: 1000000 }],
        projects: [{ id: PROJECT_B1, name: 'Project B1', versionId: 'e1c641f3-ca46-4388-9cbb-630db4d6d23a' }],
        reportDefinitions: [{ id: REPORT_B1, name: 'Org B time summary', category: 'time', source: 'system' }],
      },
    ],
  });
}

export interface TestApi {
  app: FastifyInstance;
  /** Injects with the given key as X-API-Key (null: no key); url is relative to /api/v1. */
  request(options: InjectOptions & { url: string; key?: string | null }): Promise<LightMyRequestResponse>;
  get(url: string, key?: string | null): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, key?: string | null): Promise<LightMyRequestResponse>;
  patch(url: string, body: unknown, key?: string | null): Promise<LightMyRequestResponse>;
  delete(url: string, key?: string | null): Promise<LightMyRequestResponse>;
  /** Creates a contact and returns its record (fails loudly on a non-2xx). */
  createContact(body?: Record<string, unknown>, key?: string): Promise<Record<string, unknown> & { id: string }>;
  /** POSTs to any collection and returns `data` (fails loudly on a non-2xx). */
  create(url: string, body: Record<string, unknown>, key?: string): Promise<TestRecord>;
  /** Moves the app's clock (rate windows, timestamps) forward; only when testApi was given no `now`. */
  advanceClock(ms: number): void;
}

export type TestRecord = Record<string, unknown> & { id: string };

/** Valid minimal create bodies of the domains beyond contacts, to spread overrides into. */
export const MINIMAL = {
  resource: { name: 'Ada' },
  task: { parentTaskId: PROJECT_A1, versionId: '69ed7ac6-df06-4671-bbc6-cfb2842625ab', name: 'Design' },
  timeEntry: { taskId: PROJECT_A1, resourceId: '5d7e9f10-2b3c-4d5e-8f60-718293a4b5c6', date: '2024-03-01', hours: 1.5 },
  expense: { expenseType: 'direct_cost', amount: 10, date: '2024-03-01' },
  rate: { name: 'Standard', amount: 100 },
  allocation: { taskId: PROJECT_A1, startDate: '2024-03-01', endDate: '2024-03-31' },
  milestone: { projectId: PROJECT_A1, name: 'Launch', targetDate: '2024-06-30' },
} as const;

/**
 * Webhook timing of testApi apps: retries 5, 10, 20, 40 ms apart, so five failed attempts
 * take well under a second; a timeout a loopback receiver meets even on a busy machine.
 */
export const TEST_WEBHOOKS: WebhookOptions = { backoffBaseMs: 5, timeoutMs: 500 };

export async function testApi(options: Partial<BuildAppOptions> = {}): Promise<TestApi> {
  let offset = 0;
  const now = options.now ?? (() => Date.now() + offset);
  const app = await buildApp({ seed: testSeed(), webhooks: TEST_WEBHOOKS, ...options, now });
  const request: TestApi['request'] = ({ key = KEY_A_ADMIN, url, headers, ...rest }) =>
    app.inject({
      ...rest,
      url: `${API_PREFIX}${url}`,
      headers: { ...(key === null ? {} : { 'x-api-key': key }), ...(headers ?? {}) },
    });
  const api: TestApi = {
    app,
    request,
    get: (url, key) => request({ method: 'GET', url, key }),
    post: (url, body, key) => request({ method: 'POST', url, key, payload: body as InjectOptions['payload'] }),
    patch: (url, body, key) => request({ method: 'PATCH', url, key, payload: body as InjectOptions['payload'] }),
    delete: (url, key) => request({ method: 'DELETE', url, key }),
    async createContact(body = {}, key = KEY_A_ADMIN) {
      const response = await api.post('/contacts', { contactType: 'company', name: 'Acme', ...body }, key);
      if (response.statusCode >= 300) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
      const json = response.json() as { data?: Record<string, unknown> & { id: string } } & Record<string, unknown>;
      return json.data ?? (json as Record<string, unknown> & { id: string });
    },
    async create(url, body, key = KEY_A_ADMIN) {
      const response = await api.post(url, body, key);
      if (response.statusCode >= 300) throw new Error(`create ${url} failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: TestRecord }).data;
    },
    advanceClock(ms) {
      if (options.now !== undefined) throw new Error('advanceClock: this api runs on the clock it was given');
      offset += ms;
    },
  };
  return api;
}

/** One request a TestReceiver took. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes, as the signature covers them. */
  body: Buffer;
}

/** What the receiver answers a request with: a status code, or `hang` (no answer until closed). */
export type ReceiverAnswer = number | 'hang';

export interface TestReceiver {
  /** e.g. http://127.0.0.1:41234/hook */
  url: string;
  /** Every request so far, in arrival order. */
  received: ReceivedRequest[];
  /** The first `count` requests, once they have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Drops open connections (hanging ones included) and stops listening. */
  close(): Promise<void>;
}

/**
 * A node:http webhook receiver on a free loopback port. `answer` decides each request's
 * status from its 0-based arrival index (default: always 200).
 */
export async function startReceiver(answer: (index: number, request: ReceivedRequest) => ReceiverAnswer = () => 200): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const readBody = async (request: IncomingMessage): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const taken: ReceivedRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
        const index = received.push(taken) - 1;
        for (const wake of waiters) wake();
        const status = answer(index, taken);
        if (status === 'hang') return;
        response.statusCode = status;
        response.end(status === 204 ? undefined : 'ok');
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor(count, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          if (received.length < count) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(received.slice(0, count));
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Calls `read` every 5 ms until it answers something other than undefined; rejects after `timeoutMs`. */
export async function poll<T>(read: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
