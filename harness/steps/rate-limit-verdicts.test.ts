import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../http/client.js';
import type { Timed } from './rate-limit.js';
import { uncountedRoute } from './rate-limit-verdicts.js';

const ROUTES = ['GET /contacts', 'GET /contacts/{id}', 'POST /contacts', 'GET /webhooks/events'];

/**
 * A sequential burst, route after route, against a token bucket of `limit` per `windowMs`: the
 * server takes each request at `at` of its round trip, refills continuously and reports the
 * whole requests left. `free` is a route the bucket does not count.
 */
function bucketBurst(options: { limit: number; windowMs: number; durationsMs: readonly number[]; at: number; free?: string }): Timed[] {
  const { limit, windowMs, durationsMs, at, free } = options;
  let tokens = limit;
  let clockMs = 0;
  let takenMs = 0;
  return durationsMs.map((durationMs, i) => {
    const route = ROUTES[i % ROUTES.length]!;
    const startMs = clockMs;
    const serverMs = startMs + at * durationMs;
    tokens = Math.min(limit, tokens + ((serverMs - takenMs) * limit) / windowMs);
    takenMs = serverMs;
    if (route !== free) tokens -= 1;
    clockMs += durationMs;
    const res: ApiResponse = {
      status: 200,
      headers: { 'x-ratelimit-remaining': String(Math.floor(tokens)) },
      text: '',
      json: undefined,
      exchange: null as never,
    };
    return { route, res, startMs, endMs: clockMs };
  });
}

const timeline = fc.record({
  windowMs: fc.constantFrom(8000, 60_000),
  durationsMs: fc.array(fc.integer({ min: 1, max: 150 }), { minLength: 64, maxLength: 64 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('uncountedRoute (RL-ALL-ENDPOINTS)', () => {
  it('never blames a route a refilling bucket counts, wherever its refills land', () => {
    fc.assert(
      fc.property(timeline, ({ windowMs, durationsMs, at }) => {
        const admitted = bucketBurst({ limit: 60, windowMs, durationsMs, at });
        for (const route of ROUTES) expect(uncountedRoute({ admitted, limit: 60, refillWindowMs: windowMs }, route)).toBeUndefined();
      }),
      { seed: 32, numRuns: 400 },
    );
  });

  it('refills landing while one route is in flight are not taken for an uncounted route', () => {
    // 5, 20, 20 and 20 ms round trips, the server counting at the answer: at 60 per 8 s a request
    // comes back every 133 ms, and 5 of the 16 land between GET /contacts/{id}'s answer and the
    // one before it, though those steps make only 400 of the burst's 1,000 ms.
    const admitted = bucketBurst({ limit: 60, windowMs: 8000, durationsMs: Array.from({ length: 64 }, (_, i) => (i % 4 === 0 ? 5 : 20)), at: 1 });
    const drops = admitted.reduce((sum, a, i) => {
      if (i === 0 || a.route !== 'GET /contacts/{id}') return sum;
      return sum + Number(admitted[i - 1]!.res.headers['x-ratelimit-remaining']) - Number(a.res.headers['x-ratelimit-remaining']);
    }, 0);
    expect(drops).toBe(11);
    expect(uncountedRoute({ admitted, limit: 60, refillWindowMs: 8000 }, 'GET /contacts/{id}')).toBeUndefined();
  });

  it('blames a route the bucket does not count, at the spec minute and at a self-test window', () => {
    fc.assert(
      fc.property(timeline, ({ windowMs, durationsMs, at }) => {
        // A self-test window refills fast: its bursts are quick (the reference is next to the run).
        const quick = windowMs === 8000 ? durationsMs.map((ms) => Math.ceil(ms / 10)) : durationsMs;
        const admitted = bucketBurst({ limit: 60, windowMs, durationsMs: quick, at, free: 'GET /webhooks/events' });
        expect(uncountedRoute({ admitted, limit: 60, refillWindowMs: windowMs }, 'GET /webhooks/events')).toMatch(
          /^16 admitted GET \/webhooks\/events requests lowered X-RateLimit-Remaining by -?\d+ in all$/,
        );
      }),
      { seed: 32, numRuns: 400 },
    );
  });
});
