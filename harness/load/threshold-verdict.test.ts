import { describe, expect, it } from 'vitest';
import { parseThreshold, type Threshold } from '../config/thresholds.js';
import { LoadMetrics } from './metrics.js';
import { exitCodeOf, runStatusOf } from './model.js';
import { tallyOfKey } from './tally-merge.js';
import { answersOf, tallyOf, workerInfo } from './testing/traffic.js';
import { judgeThreshold, judgeThresholds } from './threshold-verdict.js';

const threshold = (text: string): Threshold => {
  const parsed = parseThreshold(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.threshold;
};

/**
 * The throughput scenario's get step sent by three Locust workers: two fast, one slow. Each fast
 * worker alone holds p(95)<300; merged, 10 % of the answers took 400 ms and p(95) is crossed.
 */
function threeWorkers(): LoadMetrics {
  const metrics = new LoadMetrics();
  const result = {
    workers: [workerInfo(0), workerInfo(1), workerInfo(2)],
    tallies: [
      { worker: 0, tally: tallyOf(0, answersOf(45, 200, 10), 0, 1000) },
      { worker: 1, tally: tallyOf(0, answersOf(45, 200, 12), 0, 1000) },
      { worker: 2, tally: tallyOf(0, answersOf(10, 200, 400), 0, 1000) },
    ],
  };
  metrics.add({ scenario: 'throughput', endpoint: 'get' }, 'throughput-1', tallyOfKey(result, 0, 1000).tally);
  return metrics;
}

describe('judgeThreshold', () => {
  it("judges the merged traffic of every worker, not any one worker's", () => {
    const metrics = threeWorkers();
    const p95 = judgeThreshold(threshold('http_req_duration{scenario:throughput,endpoint:get}:p(95)<300'), metrics);
    expect(p95.status).toBe('crossed');
    // The histogram's bucket edge: at most 1.6 % above the true 400 ms.
    expect(p95.observed).toBeGreaterThanOrEqual(400);
    expect(p95.observed).toBeLessThanOrEqual(400 * 1.016);
    expect(p95.message).toMatch(/over 100 requests: crossed \(p\(95\) must be < 300\)/);
    expect(judgeThreshold(threshold('http_req_duration:p(50)<300'), metrics).status).toBe('passed');
    expect(judgeThreshold(threshold('http_req_duration:med<300'), metrics).observed).toBeLessThan(13);
  });

  it('measures req/s over the time the traffic took, and counts answers', () => {
    const metrics = threeWorkers();
    // 100 answers in one second (the workers ran side by side).
    expect(judgeThreshold(threshold('http_reqs:rate>=50'), metrics)).toMatchObject({ status: 'passed', observed: 100 });
    expect(judgeThreshold(threshold('http_reqs:rps>=150'), metrics)).toMatchObject({ status: 'crossed', observed: 100 });
    expect(judgeThreshold(threshold('http_reqs:count==100'), metrics).status).toBe('passed');
  });

  it("leaves the limiter's expected 429s out of the error rate, and counts 5xx and lost requests", () => {
    const metrics = new LoadMetrics();
    // A burst: 59 admitted, 91 refused with 429, one 503 and one request without an answer.
    metrics.add({ scenario: 'burst', endpoint: 'list' }, 'burst-1', tallyOf(0, [...answersOf(59, 200, 2), ...answersOf(91, 429, 1), [503, 3]], 1));
    const rate = judgeThreshold(threshold('http_req_failed{scenario:burst}:rate<0.01'), metrics);
    // 2 failed of 152 sent less 91 refused.
    expect(rate.observed).toBeCloseTo(2 / 61, 3);
    expect(rate.status).toBe('crossed');
    expect(judgeThreshold(threshold('http_req_failed{scenario:burst}:rate<0.05'), metrics).status).toBe('passed');
  });

  it("says when most answers were 429: the key's limiter, not the endpoint", () => {
    const metrics = new LoadMetrics();
    metrics.add({ scenario: 'throughput', endpoint: 'list' }, 'throughput-1', tallyOf(0, [...answersOf(10, 200, 2), ...answersOf(90, 429, 1)], 0, 1000));
    expect(judgeThreshold(threshold('http_reqs{endpoint:list}:rate>=500'), metrics).message).toMatch(/90 of 100 answers were 429 \(the key's rate limiter/);
  });

  it('is unverified, never passed, when no traffic matched it', () => {
    const metrics = threeWorkers();
    const record = judgeThreshold(threshold('http_req_duration{scenario:sustained}:p(95)<300'), metrics);
    expect(record).toMatchObject({ status: 'unverified', observed: null });
  });

  it('adds up the series a threshold without tags matches', () => {
    const metrics = threeWorkers();
    metrics.add({ scenario: 'sustained', endpoint: 'list' }, 'sustained-2', tallyOf(0, answersOf(50, 200, 5), 0, 60_000));
    expect(judgeThreshold(threshold('http_reqs:count==150'), metrics).status).toBe('passed');
    expect(judgeThreshold(threshold('http_reqs{endpoint:list}:count==50'), metrics).status).toBe('passed');
  });
});

describe('the run verdict with thresholds', () => {
  const passed = [{ id: 'burst' as const, status: 'passed' as const, message: 'ok' }];
  const all = ['burst'] as const;

  it('a crossed threshold fails a run whose scenarios passed: exit 1', () => {
    const records = judgeThresholds([threshold('http_req_duration:p(95)<300')], threeWorkers());
    const { status } = runStatusOf(
      [...passed, { id: 'keys', status: 'passed', message: '' }, { id: 'sustained', status: 'passed', message: '' }],
      [...all],
      records,
    );
    expect(status).toBe('failed');
    expect(exitCodeOf(status)).toBe(1);
  });

  it('an unverified threshold leaves the run incomplete, not passed', () => {
    const scenarios = [
      ...passed,
      { id: 'keys' as const, status: 'passed' as const, message: '' },
      { id: 'sustained' as const, status: 'passed' as const, message: '' },
    ];
    expect(runStatusOf(scenarios, [...all]).status).toBe('passed');
    expect(runStatusOf(scenarios, [...all], [{ status: 'unverified' }]).status).toBe('incomplete');
    expect(runStatusOf(scenarios, [...all], [{ status: 'passed' }]).status).toBe('passed');
  });

  it('an error stays an error whatever the thresholds say', () => {
    expect(runStatusOf([{ id: 'burst', status: 'error', message: 'broke' }], [...all], [{ status: 'crossed' }]).status).toBe('error');
  });
});
