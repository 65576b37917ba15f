import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { LatencyHistogram } from './histogram.js';
import type { KeyTally } from './tally.js';
import { createBody, LIMITER_SHARE, measuredLimiter, runTag, runThroughputStep, stepRequest, throughputStepOf } from './throughput.js';
import { MIN_STEP_REQUESTS, planStep, throughputVerdict } from './throughput-verdict.js';
import type { ThroughputStep } from './scenarios.js';

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
    const step = await runThroughputStep(
      server.baseUrl,
      ADMIN,
      { endpoint: 'list', connections: 4, durationS: 1, maxRequests: 1_000_000 },
      stepRequest('list', 'R', undefined),
      {
        timeoutMs: 5000,
        onTick: (n) => ticks.push(n),
      },
    );
    // How many a loaded machine sends in the second is the bench's figure, not this test's: the
    // rate must be the requests over the step's own elapsed time (a machine at load 20 sent 50).
    expect(step.requests).toBeGreaterThan(4);
    expect(step.statusCounts).toEqual({ '200': step.requests });
    expect(step.non2xx).toBe(0);
    expect(step.requestsPerSecond).toBeCloseTo((step.requests * 1000) / step.elapsedMs, 0);
    expect(step.elapsedMs).toBeGreaterThan(800);
    expect(step.measured).toBe('endpoint');
    const latency = step.latencyMs!;
    expect(latency.p50).toBeGreaterThan(0);
    expect(latency.p50).toBeLessThanOrEqual(latency.p99);
    expect(latency.p99).toBeLessThanOrEqual(latency.max);
    expect(step.capped).toBe(false);
    expect(ticks.length).toBeGreaterThan(0);
  });

  it('stops a create step at its request bound and reports every created id', async () => {
    const ids: string[] = [];
    const step = await runThroughputStep(
      server.baseUrl,
      ADMIN,
      { endpoint: 'create', connections: 5, durationS: 10, maxRequests: 25 },
      stepRequest('create', 'R2', undefined),
      {
        timeoutMs: 5000,
        onCreated: (id) => ids.push(id),
      },
    );
    expect(step).toMatchObject({ requests: 25, capped: true, statusCounts: { '201': 25 } });
    expect(new Set(ids).size).toBe(25);
    // Stopped by its request bound, not by its 10 s duration.
    expect(step.elapsedMs).toBeLessThan(10_000);
  });
});

/** A merged tally of one step: answers by status, every latency 1 ms, the last answer at 1 s. */
function tallyOf(statusCounts: Record<string, number>): KeyTally {
  const answers = Object.values(statusCounts).reduce((n, c) => n + c, 0);
  const latency = new LatencyHistogram();
  for (let i = 0; i < answers; i++) latency.record(1);
  return {
    keyIndex: 0,
    sent: answers,
    statusCounts,
    errors: 0,
    firstError: null,
    firstSentMs: 0,
    lastAnswerMs: 1000,
    first429Ms: null,
    first429SentMs: null,
    bucketMs: 1000,
    buckets: [],
    retryAfter: { values: [], overflow: { count: 0 } },
    latency: latency.toSparse() as KeyTally['latency'],
    maxLagMs: 0,
    createdIds: [],
  } as unknown as KeyTally;
}

const CREATE_50: ThroughputStep = { endpoint: 'create', connections: 50, durationS: 3, maxRequests: 2000 };

describe('a step whose answers are mostly 429 measured the limiter, not the endpoint', () => {
  it('counts more than half 429 as the limiter, half or fewer as the endpoint', () => {
    expect(LIMITER_SHARE).toBe(0.5);
    expect(measuredLimiter({ '429': 2000 })).toBe(true);
    expect(measuredLimiter({ '201': 49, '429': 51 })).toBe(true);
    expect(measuredLimiter({ '201': 50, '429': 50 })).toBe(false);
    expect(measuredLimiter({ '200': 100 })).toBe(false);
    expect(measuredLimiter({})).toBe(false);
  });

  it('gives such a step no req/s and no latencies, whichever engine tallied it, and says so', () => {
    const record = throughputStepOf(CREATE_50, tallyOf({ '429': 2000 }), { limit: 100_000, remaining: 0 });
    expect(record).toMatchObject({
      requests: 2000,
      refused: 2000,
      measured: 'limiter',
      requestsPerSecond: null,
      latencyMs: null,
      keyBudget: { limit: 100_000, remaining: 0 },
    });
    const served = throughputStepOf(CREATE_50, tallyOf({ '201': 1500, '429': 500 }));
    expect(served).toMatchObject({ refused: 500, measured: 'endpoint', requestsPerSecond: 2000, keyBudget: null });
    expect(served.latencyMs?.p50).toBeGreaterThan(0);
  });

  it('leaves such steps out of the count: the scenario says how many of its steps measured an endpoint', () => {
    const ok = throughputStepOf({ ...CREATE_50, endpoint: 'list' }, tallyOf({ '200': 3000 }));
    const refused = throughputStepOf(CREATE_50, tallyOf({ '429': 2000 }));
    expect(throughputVerdict([ok, ok], 2, undefined, 100_000)).toEqual({ status: 'passed', message: '2 steps measured' });
    const partly = throughputVerdict([ok, refused], 12, 'create × 50 came back mostly 429', 100_000);
    expect(partly.status).toBe('passed');
    expect(partly.message).toMatch(
      /^1 of 12 steps measured; 1 measured the key's rate limiter, not the endpoint \(create × 50: 2000 of 2000 answers 429\), left out of the figures; stopped after 2 of 12 steps: create × 50 came back mostly 429 \(the key's limit \(100000\/min\) refused most requests: give the admin key a higher custom limit\)$/,
    );
  });

  it('is not passed when no step measured an endpoint: skipped, with the limit and what to do', () => {
    const refused = throughputStepOf(CREATE_50, tallyOf({ '429': 2000 }));
    const verdict = throughputVerdict([refused], 12, 'create × 50 came back mostly 429', 100_000);
    expect(verdict.status).toBe('skipped');
    expect(verdict.message).toMatch(
      /^no step measured an endpoint: the key's limit \(100000\/min\) refused most requests: give the admin key a higher custom limit; /,
    );
    expect(throughputVerdict([refused], 1, undefined, undefined).message).toMatch(/the key's rate limiter \(it advertises no limit\) refused most requests/);
  });
});

describe('planStep: each step within what the key has left', () => {
  const list: ThroughputStep = { endpoint: 'list', connections: 10, durationS: 3, maxRequests: 300_000 };

  it('bounds a step to the requests the key has left', () => {
    expect(planStep(list, { limit: 100_000, remaining: 40_000, resetMs: 30_000 }, 0)).toEqual({ kind: 'run', step: { ...list, maxRequests: 40_000 } });
    // A bound above what the key has left is kept as it is.
    expect(planStep(CREATE_50, { limit: 100_000, remaining: 40_000, resetMs: 30_000 }, 0)).toEqual({ kind: 'run', step: CREATE_50 });
  });

  it('runs a step as configured when the key advertises no budget', () => {
    expect(planStep(list, undefined, 0)).toEqual({ kind: 'run', step: list });
  });

  it('waits for the window when too little is left and the wait fits, else stops with the reason', () => {
    const low = { limit: 60, remaining: MIN_STEP_REQUESTS - 1, resetMs: 20_000 };
    expect(planStep(list, low, 30_000)).toEqual({ kind: 'wait', ms: 20_000 });
    const stop = planStep(list, low, 10_000);
    expect(stop.kind).toBe('stop');
    expect(stop.kind === 'stop' && stop.reason).toMatch(/^the key's limit \(60\/min\) left 19 requests, fewer than the 20 list × 10 needs/);
    // Two requests per connection at least.
    expect(planStep(CREATE_50, { limit: 60, remaining: 60, resetMs: undefined }, 60_000).kind).toBe('stop');
  });
});
