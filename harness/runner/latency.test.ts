import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redactor } from '../http/redact.js';
import { DEFAULTS } from '../config/defaults.js';
import { DISTANT_MS, FAR_MS, FUNCTIONAL_WORKERS, roundTripMs, workersFor } from './latency.js';

const DELAY_MS = 25;
let server: Server;
let baseUrl: string;
const seen: Array<{ url: string; key: string | undefined }> = [];

beforeAll(async () => {
  // Answers an empty list; under /far it first lets DELAY_MS pass on the test's fake clock, as a
  // distant target would, so a round trip measures the same on a busy machine as on an idle one.
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    if (req.url?.startsWith('/far/')) vi.advanceTimersByTime(DELAY_MS);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"pagination":{"limit":1,"offset":0,"total":0}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const options = { key: 'wmk_0123456789abcdef', authStyle: 'x-api-key' as const, timeoutMs: 5000, redactor: new Redactor(['wmk_0123456789abcdef']) };

describe('roundTripMs', () => {
  it('measures the shortest of its samples with the admin key, a delayed target at least its delay', async () => {
    seen.length = 0;
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const far = await roundTripMs(`${baseUrl}/far/api/v1`, options, 3);
      expect(far).toBe(DELAY_MS);
      expect(seen).toHaveLength(3);
      expect(seen.every((r) => r.url === '/far/api/v1/contacts?limit=1' && r.key === options.key)).toBe(true);
      const near = await roundTripMs(`${baseUrl}/api/v1`, options, 3);
      expect(near).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('workersFor', () => {
  const ALL = ['rate-limit', 'auth', 'contacts', 'expenses', 'webhooks'] as const;
  const MANY = ['auth', 'contacts', 'expenses', 'webhooks', 'tasks', 'batch', 'rates', 'reports', 'resources', 'milestones', 'security'] as const;

  it('gives the functional suites more workers against a distant target, and the rate-limit suite one of its own', () => {
    expect(workersFor(ALL, 1)).toBe(FUNCTIONAL_WORKERS.near + 1);
    expect(workersFor(ALL, DISTANT_MS)).toBe(FUNCTIONAL_WORKERS.distant + 1);
    expect(workersFor(MANY, DISTANT_MS)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, FAR_MS - 1)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(['auth', 'contacts', 'expenses', 'webhooks'], 40)).toBe(4);
  });

  it('gives a far target more workers than a distant one', () => {
    expect(FUNCTIONAL_WORKERS.far).toBeGreaterThan(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, FAR_MS)).toBe(FUNCTIONAL_WORKERS.far);
    expect(workersFor([...MANY, 'rate-limit'], 100)).toBe(FUNCTIONAL_WORKERS.far + 1);
  });

  it('keeps the workers of a distant run when CONFORMANCE_CONCURRENCY is below its default (a target that takes few requests at once)', () => {
    expect(workersFor(MANY, 100, DEFAULTS.concurrency - 1)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, 100, 1)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, 1, 1)).toBe(FUNCTIONAL_WORKERS.near);
    expect(workersFor(MANY, 100, DEFAULTS.concurrency)).toBe(FUNCTIONAL_WORKERS.far);
    expect(workersFor(MANY, 100, 32)).toBe(FUNCTIONAL_WORKERS.far);
  });

  it('never gives more workers than there are files', () => {
    expect(workersFor(['contacts'], 40)).toBe(1);
    expect(workersFor(['rate-limit', 'contacts'], 40)).toBe(2);
    expect(workersFor(['rate-limit'], 40)).toBe(1);
  });
});
