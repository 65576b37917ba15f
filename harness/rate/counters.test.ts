import { describe, expect, it } from 'vitest';
import { judgeOwnCounter, type CounterSample } from './counters.js';

const T = Date.UTC(2026, 10, 22, 12, 0, 0);
const sample = (status: number, limit: number, remaining: number, reset: number, atMs = T): CounterSample => ({
  status,
  headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) },
  atMs,
});
const meanwhile = 'the limited key sent 65 (60 admitted)';

describe('judgeOwnCounter', () => {
  it('passes a counter that moved by its own request only, and says what was measured', () => {
    const verdict = judgeOwnCounter({
      name: 'second limited key',
      before: sample(200, 60, 58, 59),
      after: sample(200, 60, 57, 58, T + 900),
      ownRequests: 1,
      elapsedMs: 900,
      meanwhile,
    });
    expect(verdict).toEqual({
      kind: 'own',
      summary: 'second limited key: X-RateLimit-Remaining 58 → 57 over 1 own request while the limited key sent 65 (60 admitted)',
    });
  });

  it('fails a counter that fell by more than its own requests, refused or not', () => {
    const shared = judgeOwnCounter({
      name: 'custom-limit key',
      before: sample(200, 90, 87, 8),
      after: sample(200, 90, 23, 8, T + 400),
      ownRequests: 1,
      elapsedMs: 400,
      meanwhile,
    });
    expect(shared).toEqual({
      kind: 'fell',
      summary:
        "custom-limit key: X-RateLimit-Remaining 87 → 23 over 1 own request while the limited key sent 65 (60 admitted): it fell by 64, more than its own 1, so its counter counts other keys' requests",
    });
    expect(judgeOwnCounter({ name: 'k', before: sample(200, 60, 58, 8), after: sample(429, 60, 0, 8), ownRequests: 1, elapsedMs: 400, meanwhile }).kind).toBe(
      'fell',
    );
    // Two own requests: falling by two is its own doing, by three is not.
    expect(judgeOwnCounter({ name: 'k', before: sample(200, 60, 58, 8), after: sample(200, 60, 56, 8), ownRequests: 2, elapsedMs: 400, meanwhile }).kind).toBe(
      'own',
    );
    expect(judgeOwnCounter({ name: 'k', before: sample(200, 60, 58, 8), after: sample(200, 60, 55, 8), ownRequests: 2, elapsedMs: 400, meanwhile }).kind).toBe(
      'fell',
    );
  });

  it("allows a refilling limiter on a self-test's shortened window what it earns back at that pace", () => {
    // 400 ms at 60 per 4 s earns 6 back: a rise of 5 is its own refill, not a reset.
    const input = { name: 'k', before: sample(200, 60, 50, 1), after: sample(200, 60, 54, 1, T + 400), ownRequests: 1, elapsedMs: 400, meanwhile };
    expect(judgeOwnCounter(input).kind).toBe('reset');
    expect(judgeOwnCounter({ ...input, windowMs: 4000 }).kind).toBe('own');
  });

  it('allows a refilling limiter what it earns back, and calls a bigger rise a reset', () => {
    // 3.5 s at 60/min earns 3 back: 58 - 1 + 3 (+1 for whole requests) = 61 at most.
    expect(
      judgeOwnCounter({ name: 'k', before: sample(200, 60, 50, 1), after: sample(200, 60, 53, 1, T + 3500), ownRequests: 1, elapsedMs: 3500, meanwhile }).kind,
    ).toBe('own');
    const rose = judgeOwnCounter({
      name: 'k',
      before: sample(200, 60, 30, 2),
      after: sample(200, 60, 59, 60, T + 3000),
      ownRequests: 1,
      elapsedMs: 3000,
      meanwhile,
    });
    expect(rose.kind).toBe('reset');
    expect(rose.summary).toMatch(/rose by 30 more than its own requests allow \(refill \+3\)/);
  });

  it('calls a reset moment a window ahead a reset even when Remaining looks right', () => {
    // Epoch-millisecond Reset: the first window ended during the burst, the after request opened the next one.
    const verdict = judgeOwnCounter({
      name: 'k',
      before: sample(200, 60, 59, T + 1000),
      after: sample(200, 60, 58, T + 1500 + 60_000, T + 1500),
      ownRequests: 1,
      elapsedMs: 1500,
      meanwhile,
    });
    expect(verdict.kind).toBe('reset');
    expect(verdict.summary).toMatch(/X-RateLimit-Reset moved 60\.5 s later \(at most 4\.5 s without a reset\)/);
    // A sliding log keeps the moment its oldest request leaves: no jump.
    expect(
      judgeOwnCounter({
        name: 'k',
        before: sample(200, 60, 59, T + 60_000),
        after: sample(200, 60, 58, T + 60_000, T + 1500),
        ownRequests: 1,
        elapsedMs: 1500,
        meanwhile,
      }).kind,
    ).toBe('own');
  });

  it('cannot judge a key with nothing left to lose, or without the headers', () => {
    expect(judgeOwnCounter({ name: 'k', before: sample(200, 60, 1, 8), after: sample(429, 60, 0, 8), ownRequests: 1, elapsedMs: 400, meanwhile }).kind).toBe(
      'unreadable',
    );
    expect(
      judgeOwnCounter({ name: 'k', before: { status: 200, headers: {}, atMs: T }, after: sample(200, 60, 0, 8), ownRequests: 1, elapsedMs: 400, meanwhile })
        .kind,
    ).toBe('unreadable');
  });
});
