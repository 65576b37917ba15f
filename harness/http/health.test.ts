import { RunStoppedError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { TargetHealth } from './health.js';

describe('TargetHealth', () => {
  it('opens after the threshold of failures of requests sent since the last answer', () => {
    const health = new TargetHealth(3);
    health.recordAnswer(1000);
    health.recordFailure('GET /a: no answer within 1000 ms', 1001);
    health.recordFailure('GET /b: no answer within 1000 ms', 1002);
    expect(health.stopped).toBeNull();
    expect(() => health.admit()).not.toThrow();
    health.recordFailure('GET /c: read ECONNRESET', 1003);
    expect(health.stopped).toEqual({
      kind: 'breaker',
      reason:
        'the target stopped answering: 3 requests in a row got no answer (CONFORMANCE_BREAKER_FAILURES=3; last: GET /c: read ECONNRESET); no further requests were sent',
    });
    expect(() => health.admit()).toThrow(RunStoppedError);
  });

  // Checks run side by side: the few requests a target drops may time out together, while the
  // checks that wait on them send nothing. They were sent before answers that came later.
  it('does not count requests that were sent before an answer arrived, however many fail together', () => {
    const health = new TargetHealth(3);
    for (let sent = 1000; sent < 1008; sent++) health.recordAnswer(sent + 1);
    // Eight requests sent between t=1000 and t=1007 time out together at t=11000.
    for (let sent = 1000; sent < 1008; sent++) health.recordFailure(`GET /${sent}: no answer within 10000 ms`, sent);
    expect(health.stopped).toBeNull();
    expect(health.consecutiveFailures).toBe(0);
  });

  it('keeps the latest answer when workers report out of order', () => {
    const health = new TargetHealth(2);
    health.recordAnswer(5000);
    health.recordAnswer(4000);
    health.recordFailure('x', 4500);
    health.recordFailure('y', 4600);
    expect(health.stopped).toBeNull();
  });

  it('is one state for every instance over the same buffer (the workers and the main process)', () => {
    const main = new TargetHealth(2);
    const worker1 = new TargetHealth(2, main.buffer);
    const worker2 = new TargetHealth(2, main.buffer);
    worker1.recordFailure('GET /a: no answer within 1000 ms', 10);
    worker2.recordFailure('GET /b: no answer within 1000 ms', 11);
    expect(main.stopped?.kind).toBe('breaker');
    expect(() => worker1.admit()).toThrow(/^not run: the target stopped answering: 2 requests in a row/);
  });

  it('keeps the first stop: the deadline after the breaker does not replace its reason', () => {
    const health = new TargetHealth(5);
    health.stop('deadline', 'the run deadline (30 min, CONFORMANCE_RUN_DEADLINE_S) passed');
    health.stop('breaker', 'later');
    expect(health.stopped).toEqual({ kind: 'deadline', reason: 'the run deadline (30 min, CONFORMANCE_RUN_DEADLINE_S) passed' });
    const error = (() => {
      try {
        health.admit();
      } catch (e) {
        return e as RunStoppedError;
      }
    })();
    expect(error?.code).toBe('RUN_DEADLINE');
  });

  it('cuts a reason too long for its slot, on a character boundary', () => {
    const health = new TargetHealth(1);
    health.stop('breaker', `é${'x'.repeat(5000)}`);
    const reason = health.stopped!.reason;
    expect(reason.startsWith('éxxx')).toBe(true);
    expect(reason.endsWith('...')).toBe(true);
    expect(new TextEncoder().encode(reason).length).toBeLessThanOrEqual(1024);
  });
});
