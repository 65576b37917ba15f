import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redactor } from '../http/redact.js';
import { DEFAULTS } from '../config/defaults.js';
import { DISTANT_MS, FAR_MS, FARTHER_MS, FILE_BUDGET, FUNCTIONAL_WORKERS, concurrencyFor, distanceLine, roundTripMs, workersFor } from './latency.js';

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

  it('gives a far target more workers than a distant one, and a farther one more again', () => {
    expect(FUNCTIONAL_WORKERS.far).toBeGreaterThan(FUNCTIONAL_WORKERS.distant);
    expect(FUNCTIONAL_WORKERS.farther).toBeGreaterThan(FUNCTIONAL_WORKERS.far);
    expect(workersFor(MANY, FAR_MS)).toBe(FUNCTIONAL_WORKERS.far);
    expect(workersFor(MANY, FARTHER_MS - 1)).toBe(FUNCTIONAL_WORKERS.far);
    expect(workersFor([...MANY, 'rate-limit'], 50)).toBe(FUNCTIONAL_WORKERS.far + 1);
    expect(workersFor(MANY, FARTHER_MS)).toBe(FUNCTIONAL_WORKERS.farther);
    expect(workersFor([...MANY, 'rate-limit'], 100)).toBe(FUNCTIONAL_WORKERS.farther + 1);
  });

  it('keeps the workers of a distant run when CONFORMANCE_CONCURRENCY is below its default (a target that takes few requests at once)', () => {
    expect(workersFor(MANY, 100, DEFAULTS.concurrency - 1)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, 100, 1)).toBe(FUNCTIONAL_WORKERS.distant);
    expect(workersFor(MANY, 1, 1)).toBe(FUNCTIONAL_WORKERS.near);
    expect(workersFor(MANY, 100, DEFAULTS.concurrency)).toBe(FUNCTIONAL_WORKERS.farther);
    expect(workersFor(MANY, 50, 32)).toBe(FUNCTIONAL_WORKERS.far);
  });

  it('never gives more workers than there are files', () => {
    expect(workersFor(['contacts'], 40)).toBe(1);
    expect(workersFor(['rate-limit', 'contacts'], 40)).toBe(2);
    expect(workersFor(['rate-limit'], 40)).toBe(1);
  });
});

describe('concurrencyFor', () => {
  it('keeps the default per-file budget near and distant when CONFORMANCE_CONCURRENCY is not set', () => {
    expect(concurrencyFor(0, undefined, false)).toBe(DEFAULTS.concurrency);
    expect(concurrencyFor(DISTANT_MS - 1, undefined, true)).toBe(FILE_BUDGET.near);
    expect(concurrencyFor(DISTANT_MS, undefined, false)).toBe(FILE_BUDGET.distant);
    expect(concurrencyFor(FAR_MS - 1, undefined, false)).toBe(FILE_BUDGET.distant);
  });

  it('gives each file a larger budget far away, over TLS its own, never more than plain HTTP', () => {
    expect(FILE_BUDGET.far).toBeGreaterThan(FILE_BUDGET.distant);
    expect(FILE_BUDGET.farTls).toBeGreaterThanOrEqual(FILE_BUDGET.distant);
    expect(FILE_BUDGET.farTls).toBeLessThanOrEqual(FILE_BUDGET.far);
    expect(concurrencyFor(FAR_MS, undefined, false)).toBe(FILE_BUDGET.far);
    expect(concurrencyFor(100, undefined, false)).toBe(FILE_BUDGET.far);
    expect(concurrencyFor(FAR_MS, undefined, true)).toBe(FILE_BUDGET.farTls);
  });

  it('respects a CONFORMANCE_CONCURRENCY the user set exactly, at any distance', () => {
    for (const roundTrip of [0, DISTANT_MS, FAR_MS, 250]) {
      for (const tls of [false, true]) {
        expect(concurrencyFor(roundTrip, 1, tls)).toBe(1);
        expect(concurrencyFor(roundTrip, DEFAULTS.concurrency, tls)).toBe(DEFAULTS.concurrency);
        expect(concurrencyFor(roundTrip, 32, tls)).toBe(32);
      }
    }
  });

  it('keeps the workers of a far run with the budget chosen for it', () => {
    const MANY = ['auth', 'contacts', 'expenses', 'webhooks', 'tasks', 'batch', 'rates', 'reports', 'resources', 'milestones', 'security'] as const;
    expect(workersFor(MANY, 50, concurrencyFor(50, undefined, false))).toBe(FUNCTIONAL_WORKERS.far);
    expect(workersFor(MANY, 100, concurrencyFor(100, undefined, false))).toBe(FUNCTIONAL_WORKERS.farther);
    expect(workersFor(MANY, 100, concurrencyFor(100, 2, false))).toBe(FUNCTIONAL_WORKERS.distant);
  });
});

describe('distanceLine', () => {
  it('says nothing next to the target unless the budget was set', () => {
    expect(distanceLine(1, 3, DEFAULTS.concurrency, false)).toBeUndefined();
    expect(distanceLine(1, 3, 2, true)).toMatch(
      /^the target answers in 1 ms: the suites run in 3 workers, each file with 2 requests in flight at most \(CONFORMANCE_CONCURRENCY\)$/,
    );
  });

  it('names the workers and the budget, and whether the distance chose it', () => {
    expect(distanceLine(51.6, 9, 16, false)).toBe(
      'the target answers in 52 ms: the suites run in 9 workers, each file with 16 requests in flight at most (CONFORMANCE_CONCURRENCY not set: chosen for the distance)',
    );
    expect(distanceLine(20, 1, 1, true)).toMatch(/in 1 worker, each file with 1 request in flight at most \(CONFORMANCE_CONCURRENCY\)$/);
  });
});
