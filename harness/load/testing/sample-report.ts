import { LOAD_DEFAULTS } from '../../config/schema.js';
import { loadReportSchema, type BurstKeyRecord, type LoadReport, type ThroughputStepRecord } from '../model.js';

/*
 * A valid `LoadReport` for renderer and writer tests: a third-party target whose second limited
 * key admits one request too many, a sustained run that passed and a throughput scenario. Values
 * are what a real run records.
 */

function burstKey(key: string, admitted: number, overrides: Partial<BurstKeyRecord> = {}): BurstKeyRecord {
  return {
    key,
    status: admitted === 59 ? 'passed' : 'failed',
    limit: 60,
    expected: 59,
    allowance: 0,
    sent: 150,
    admitted,
    rejected: 150 - admitted,
    other: 0,
    errors: 0,
    elapsedMs: 212.4,
    waitedMs: 61_250,
    invalidRetryAfter: 0,
    summary: `admitted ${admitted} of 150; expected 59 (tolerance +0 for 212 ms at 60/min)`,
    statusCounts: { '200': admitted, '429': 150 - admitted },
    // Two Locust workers, each sending every other request.
    workers: [
      { worker: 0, sent: 75, admitted: Math.ceil(admitted / 2), rejected: 75 - Math.ceil(admitted / 2), other: 0, errors: 0 },
      { worker: 1, sent: 75, admitted: Math.floor(admitted / 2), rejected: 75 - Math.floor(admitted / 2), other: 0, errors: 0 },
    ],
    timeline: {
      bucketMs: 20,
      buckets: [
        { startMs: 0, admitted: 0, rejected: 0, other: 0, error: 0 },
        { startMs: 20, admitted: 40, rejected: 0, other: 0, error: 0 },
        { startMs: 40, admitted: admitted - 40, rejected: 30, other: 0, error: 0 },
        { startMs: 60, admitted: 0, rejected: 120 - admitted, other: 0, error: 0 },
      ],
    },
    ...overrides,
  };
}

function step(endpoint: ThroughputStepRecord['endpoint'], connections: number, rps: number, p50: number): ThroughputStepRecord {
  const label = { list: 'GET /contacts?limit=20', get: 'GET /contacts/{id}', create: 'POST /contacts' }[endpoint];
  return {
    endpoint,
    label,
    connections,
    durationS: 3,
    requests: Math.round(rps * 3),
    elapsedMs: 3000,
    requestsPerSecond: rps,
    latencyMs: { mean: p50 * 1.1, p50, p95: p50 * 2.5, p99: p50 * 4, max: p50 * 20 },
    errors: 0,
    timeouts: 0,
    non2xx: endpoint === 'create' ? 1 : 0,
    refused: 0,
    measured: 'endpoint',
    keyBudget: null,
    statusCounts: endpoint === 'create' ? { '201': Math.round(rps * 3) - 1, '500': 1 } : { '200': Math.round(rps * 3) },
    capped: false,
  };
}

/** The engine of the sample: Locust with two workers whose clocks were 3 ms apart. */
const LOCUST_ENGINE: LoadReport['engine'] = {
  name: 'locust',
  version: '2.12.1',
  workers: [
    { index: 0, host: 'load-worker-a', clockOffsetMs: 0.4, clockRttMs: 0.3, goSpreadMs: 0 },
    { index: 1, host: 'load-worker-b', clockOffsetMs: -2.6, clockRttMs: 0.5, goSpreadMs: 1.1 },
  ],
  clockSpreadMs: 3,
};

/** The sample as the Node engine would have recorded it: one worker, one row per key. */
export function sampleNodeLoadReport(): LoadReport {
  const report = sampleLoadReport();
  return loadReportSchema.parse({
    ...report,
    engine: {
      name: 'node',
      version: '20.19.0',
      workers: [{ index: 0, host: 'harness-host', clockOffsetMs: 0, clockRttMs: 0, goSpreadMs: 0 }],
      clockSpreadMs: 0,
    },
    scenarios: report.scenarios.map((s) => {
      const d = s.detail;
      if (d?.kind === 'burst')
        return {
          ...s,
          detail: {
            ...d,
            keys: d.keys.map((k) => ({
              ...k,
              workers: [{ worker: 0, sent: k.sent, admitted: k.admitted, rejected: k.rejected, other: k.other, errors: k.errors }],
            })),
          },
        };
      if (d?.kind === 'sustained')
        return { ...s, detail: { ...d, workers: [{ worker: 0, sent: d.sent, admitted: d.admitted, rejected: d.rejected, other: d.other, errors: d.errors }] } };
      return s;
    }),
  } satisfies LoadReport);
}

export function sampleLoadReport(): LoadReport {
  const tag = 'conformance-run-20260514T091203Z-a1b2';
  return loadReportSchema.parse({
    schemaVersion: 1,
    runId: '20260514T091203Z-a1b2',
    toolVersion: '0.1.0',
    startedAt: '2026-05-14T09:12:03.000Z',
    finishedAt: '2026-05-14T09:15:10.000Z',
    durationMs: 187_000,
    target: { url: 'https://staging.acme-projects.example/api/v1', embedded: false, faults: [], variants: [], rateWindowS: null },
    engine: LOCUST_ENGINE,
    settings: {
      scenarios: ['burst', 'keys', 'sustained', 'throughput'],
      burstRequests: 150,
      burstConnections: 50,
      sustainedS: 120,
      sustainedPerMin: 55,
      stepS: 3,
      concurrency: [1, 10],
      endpoints: ['list', 'get', 'create'],
      maxCreatesPerStep: LOAD_DEFAULTS.maxCreatesPerStep,
      freshWaitS: 75,
      stages: [],
      failOnIncomplete: false,
    },
    status: 'failed',
    exitCode: 1,
    notRun: [],
    scenarios: [
      {
        id: 'burst',
        kind: 'burst',
        name: "MUST admit exactly the key's budget of a burst",
        status: 'passed',
        message: 'limited key 1 of 2: admitted 59 of 150; expected 59 (tolerance +0 for 212 ms at 60/min)',
        findings: [],
        startedAt: '2026-05-14T09:13:04.000Z',
        durationMs: 61_500,
        bounds: { maxRequests: 235, maxDurationMs: 135_000 },
        detail: { kind: 'burst', path: '/contacts?limit=1', requestsPerKey: 150, connectionsPerKey: 50, keys: [burstKey('limited key 1 of 2', 59)] },
        freshWait: {
          sharedWith: ['keys'],
          keys: ['limited key 1 of 2'],
          waitedMs: 61_250,
          repeatWaitedMs: 0,
          probes: 2,
          steps: ['limited key 1 of 2: 61.3 s: until Retry-After 60 (+1 s precision)'],
          summary: '61.3 s for limited key 1 of 2, which keys used earlier in this run: the cost of sharing it (2 probes)',
        },
      },
      {
        id: 'keys',
        kind: 'burst',
        name: 'MUST give each limited key its own limit',
        status: 'failed',
        message: 'limited key 2 of 2: admitted 60 of 150; expected 59 (tolerance +0 for 212 ms at 60/min)',
        findings: ['limited key 2 of 2: admitted 60 of 150; expected 59 (tolerance +0 for 212 ms at 60/min)'],
        startedAt: '2026-05-14T09:12:03.500Z',
        durationMs: 400,
        bounds: { maxRequests: 470, maxDurationMs: 210_000 },
        detail: {
          kind: 'burst',
          path: '/contacts?limit=1',
          requestsPerKey: 150,
          connectionsPerKey: 50,
          keys: [burstKey('limited key 1 of 2', 59, { waitedMs: 5 }), burstKey('limited key 2 of 2', 60, { waitedMs: 5 })],
        },
        freshWait: {
          sharedWith: [],
          keys: ['limited key 1 of 2', 'limited key 2 of 2'],
          waitedMs: 5,
          repeatWaitedMs: 0,
          probes: 2,
          steps: [],
          summary: 'fresh at once (2 probes)',
        },
      },
      {
        id: 'sustained',
        kind: 'sustained',
        name: 'MUST NOT refuse a steady 55/min',
        status: 'passed',
        message: '110 of 110 requests admitted, none refused (latest start 2.1 ms after its slot)',
        findings: [],
        startedAt: '2026-05-14T09:12:04.000Z',
        durationMs: 180_000,
        bounds: { maxRequests: 195, maxDurationMs: 235_000 },
        detail: {
          kind: 'sustained',
          key: 'limited key 2 of 2',
          path: '/contacts?limit=1',
          ratePerMin: 55,
          durationS: 120,
          limit: 60,
          planned: 110,
          sent: 110,
          admitted: 110,
          rejected: 0,
          other: 0,
          errors: 0,
          waitedMs: 60_100,
          maxLagMs: 2.1,
          statusCounts: { '200': 110 },
          workers: [
            { worker: 0, sent: 55, admitted: 55, rejected: 0, other: 0, errors: 0 },
            { worker: 1, sent: 55, admitted: 55, rejected: 0, other: 0, errors: 0 },
          ],
          timeline: {
            bucketMs: 10_000,
            buckets: Array.from({ length: 12 }, (_, i) => ({ startMs: i * 10_000, admitted: i === 11 ? 0 : 10, rejected: 0, other: 0, error: 0 })),
          },
        },
        freshWait: {
          sharedWith: ['keys'],
          keys: ['limited key 2 of 2'],
          waitedMs: 60_100,
          repeatWaitedMs: 0,
          probes: 2,
          steps: ['limited key 2 of 2: 60.1 s: until Retry-After 59 (+1 s precision)'],
          summary: '1 min 00 s for limited key 2 of 2, which keys used earlier in this run: the cost of sharing it (2 probes)',
        },
      },
      {
        id: 'throughput',
        kind: 'throughput',
        name: 'Throughput and latency of list, get, create on the admin key at 1, 10 connections (measurement)',
        status: 'passed',
        message: '6 steps measured; 601 of 601 created contacts deleted',
        findings: [],
        startedAt: '2026-05-14T09:14:10.000Z',
        durationMs: 21_000,
        bounds: { maxRequests: 6_000_000, maxDurationMs: 200_000 },
        detail: {
          kind: 'throughput',
          key: 'admin key',
          steps: [
            step('list', 1, 812.5, 1.21),
            step('list', 10, 3950, 2.48),
            step('get', 1, 1020, 0.96),
            step('get', 10, 5120.3, 1.9),
            step('create', 1, 100, 9.8),
            step('create', 10, 100, 95.1),
          ],
          cleanup: { tag, created: 601, deleted: 601, leftover: 0, problems: [] },
        },
        freshWait: null,
      },
    ],
    thresholds: [
      {
        expression: 'http_req_duration{scenario:throughput,endpoint:get}:p(95)<300',
        metric: 'http_req_duration',
        tags: { scenario: 'throughput', endpoint: 'get' },
        status: 'passed',
        observed: 1.9,
        message: '1.9 ms over 30760 requests: holds',
      },
      {
        expression: 'http_reqs{scenario:throughput,endpoint:create}:rate>=500',
        metric: 'http_reqs',
        tags: { scenario: 'throughput', endpoint: 'create' },
        status: 'crossed',
        observed: 100,
        message: '100 req/s over 601 requests: crossed (rate must be >= 500)',
      },
    ],
  } satisfies LoadReport);
}
