import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { createBody, runTag, runThroughputStep, stepRequest } from './throughput.js';

const ADMIN = 'wmk_3be3b5804692ebe4e955884c7b5d1661';

describe('stepRequest', () => {
  it('sends a tagged, minimal valid contact on create (spec 2.1) and reads the fixture on get', () => {
    expect(JSON.parse(createBody('RUN-1'))).toEqual({ contactType: 'company', name: 'conformance-load RUN-1', tags: ['conformance-run-run-1'] });
    expect(runTag('RUN-1')).toBe('conformance-run-run-1');
    expect(stepRequest('get', 'RUN-1', 'abc')).toEqual({ method: 'GET', path: '/contacts/abc' });
    expect(stepRequest('list', 'RUN-1', undefined)).toEqual({ method: 'GET', path: '/contacts?limit=20' });
    expect(() => stepRequest('get', 'RUN-1', undefined)).toThrow(/fixture/);
  });
});

describe('runThroughputStep against the reference server', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('measures req/s and sub-millisecond percentiles of a timed step', async () => {
    const ticks: number[] = [];
    const step = await runThroughputStep(server.baseUrl, ADMIN, { endpoint: 'list', connections: 4, durationS: 1, maxRequests: 1_000_000 }, stepRequest('list', 'R', undefined), {
      timeoutMs: 5000,
      onTick: (n) => ticks.push(n),
    });
    expect(step.requests).toBeGreaterThan(100);
    expect(step.statusCounts).toEqual({ '200': step.requests });
    expect(step.non2xx).toBe(0);
    expect(step.requestsPerSecond).toBeGreaterThan(100);
    expect(step.elapsedMs).toBeGreaterThan(800);
    expect(step.latencyMs.p50).toBeGreaterThan(0);
    expect(step.latencyMs.p50).toBeLessThanOrEqual(step.latencyMs.p99);
    expect(step.latencyMs.p99).toBeLessThanOrEqual(step.latencyMs.max);
    expect(step.capped).toBe(false);
    expect(ticks.length).toBeGreaterThan(0);
  });

  it('stops a create step at its request bound and reports every created id', async () => {
    const ids: string[] = [];
    const step = await runThroughputStep(server.baseUrl, ADMIN, { endpoint: 'create', connections: 5, durationS: 10, maxRequests: 25 }, stepRequest('create', 'R2', undefined), {
      timeoutMs: 5000,
      onCreated: (id) => ids.push(id),
    });
    expect(step).toMatchObject({ requests: 25, capped: true, statusCounts: { '201': 25 } });
    expect(new Set(ids).size).toBe(25);
    expect(step.elapsedMs).toBeLessThan(5000);
  });
});
