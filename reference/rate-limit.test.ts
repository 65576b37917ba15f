import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { readRetryAfter } from '../harness/rate/retry-after.js';
import fc from 'fast-check';
import { DEFAULT_LIMIT_PER_MINUTE, FixedWindowLimiter, RefillingBucketLimiter, SlidingWindowLimiter } from './rate-limit.js';
import { SmoothingLimiter } from './smoothing-limiter.js';
import { startReferenceServer } from './server.js';
import { KEY_A_ADMIN, KEY_A_DEFAULT, KEY_A_LIMITED, KEY_A_MEMBER, KEY_B_ADMIN, testApi, testSeed } from './testing/test-api.js';

function clock(start = 1_000_000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('FixedWindowLimiter', () => {
  it('counts per key inside a 60 s window and resets after it', () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(c.now);
    const resetAt = 1_060_000;
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60, resetAt });
    c.advance(20_500);
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 40, resetAt });
    expect(limiter.hit('k', 2)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 40, resetAt });
    expect(limiter.hit('other', 2).remaining).toBe(1);
    c.advance(39_499);
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: false, resetSeconds: 1 });
    c.advance(1);
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60, resetAt: resetAt + 60_000 });
  });

  it('peeks without counting or opening a window', () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(c.now);
    expect(limiter.peek('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 2, resetSeconds: 60, resetAt: 1_060_000 });
    c.advance(10_000);
    limiter.hit('k', 2);
    expect(limiter.peek('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60, resetAt: 1_070_000 });
    expect(limiter.peek('k', 2)).toMatchObject({ remaining: 1 });
    c.advance(60_000);
    expect(limiter.peek('k', 2)).toMatchObject({ remaining: 2, resetAt: 1_130_000 });
  });

  it('takes another window length (self-tests only)', () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(c.now, 2_000);
    expect(limiter.hit('k', 1)).toMatchObject({ allowed: true, resetSeconds: 2 });
    c.advance(1_999);
    expect(limiter.hit('k', 1)).toMatchObject({ allowed: false, resetSeconds: 1 });
    c.advance(1);
    expect(limiter.hit('k', 1)).toMatchObject({ allowed: true, resetSeconds: 2 });
  });
});

describe('SlidingWindowLimiter (variant limiter-sliding-window)', () => {
  it('admits while fewer than the limit were admitted in the trailing window, and gives requests back one by one', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(c.now, 10_000);
    expect(limiter.hit('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 10, resetAt: 1_010_000 });
    c.advance(2_000);
    limiter.hit('k', 3);
    c.advance(2_000);
    expect(limiter.hit('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 6, resetAt: 1_010_000 });
    c.advance(1_500);
    // Refused requests are not logged: the oldest admitted one still leaves at 1_010_000.
    expect(limiter.hit('k', 3)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 5, resetAt: 1_010_000 });
    c.advance(4_500);
    // The first request left; the next oldest (at 1_002_000) leaves in 2 s. A fixed window would give all 3 back.
    expect(limiter.hit('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 2, resetAt: 1_012_000 });
    expect(limiter.hit('k', 3).allowed).toBe(false);
    expect(limiter.hit('other', 3).remaining).toBe(2);
  });

  it('peeks without logging, and is empty a full window after the last admitted request', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter(c.now, 8_000);
    for (let i = 0; i < 3; i++) limiter.hit('k', 3);
    expect(limiter.peek('k', 3)).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.peek('k', 3)).toMatchObject({ remaining: 0 });
    c.advance(7_999);
    expect(limiter.peek('k', 3)).toMatchObject({ remaining: 0, resetSeconds: 1 });
    c.advance(1);
    expect(limiter.peek('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 8, resetAt: 1_016_000 });
  });
});

describe('RefillingBucketLimiter (variant limiter-refilling-bucket)', () => {
  it('starts full, refuses when not one whole request is left, and earns one back every window / limit', () => {
    const c = clock();
    // 3 a window of 6 s: one request back every 2 s.
    const limiter = new RefillingBucketLimiter(c.now, 6_000);
    expect(limiter.hit('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 2, resetAt: 1_002_000 });
    limiter.hit('k', 3);
    c.advance(500);
    // The request taken at 1_000_000 is earned back 2 s later, whatever came since.
    expect(limiter.hit('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 2, resetAt: 1_002_000 });
    // Refused: nothing taken, the next request is still earned at 1_002_000.
    expect(limiter.hit('k', 3)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 2, resetAt: 1_002_000 });
    c.advance(1_499);
    expect(limiter.hit('k', 3)).toMatchObject({ allowed: false, resetSeconds: 1, resetAt: 1_002_000 });
    c.advance(1);
    expect(limiter.hit('k', 3)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 2, resetAt: 1_004_000 });
    expect(limiter.hit('other', 3).remaining).toBe(2);
  });

  it('is full again a window after it was empty, never above the limit, and a full bucket names now as its reset', () => {
    const c = clock();
    const limiter = new RefillingBucketLimiter(c.now, 6_000);
    for (let i = 0; i < 3; i++) limiter.hit('k', 3);
    expect(limiter.peek('k', 3)).toMatchObject({ allowed: false, remaining: 0, resetAt: 1_002_000 });
    c.advance(5_999);
    expect(limiter.peek('k', 3)).toMatchObject({ allowed: true, remaining: 2 });
    c.advance(1);
    expect(limiter.peek('k', 3)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 1, resetAt: 1_006_000 });
    c.advance(60_000);
    expect(limiter.hit('k', 3)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('at 60 a minute earns one request a second, whatever the clock: no fraction shows as a request', () => {
    const c = clock(1_000_333);
    const limiter = new RefillingBucketLimiter(c.now);
    for (let i = 0; i < 60; i++) expect(limiter.hit('k', 60).allowed).toBe(true);
    expect(limiter.hit('k', 60)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
    for (let s = 1; s <= 60; s++) {
      c.advance(999);
      expect(limiter.peek('k', 60).remaining).toBe(s - 1);
      c.advance(1);
      expect(limiter.peek('k', 60).remaining).toBe(s);
    }
  });
});

describe('SmoothingLimiter (variant limiter-smoothing)', () => {
  it('admits one request per window / limit, refuses a burst from its second request, and peeks without taking', () => {
    const c = clock();
    const limiter = new SmoothingLimiter(c.now, 10_000);
    expect(limiter.peek('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 2, resetSeconds: 1, resetAt: 1_000_000 });
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 5, resetAt: 1_005_000 });
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: false, remaining: 1, resetSeconds: 5 });
    c.advance(5_000);
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 5, resetAt: 1_010_000 });
    c.advance(5_000);
    // The first request left the window: one back.
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('every limiter (one set-up: KeyedLimiter)', () => {
  const LIMITERS = { FixedWindowLimiter, SlidingWindowLimiter, RefillingBucketLimiter, SmoothingLimiter } as const;

  it.each(Object.keys(LIMITERS) as (keyof typeof LIMITERS)[])(
    '%s: Remaining never negative, Reset at least 1 s, never more than the limit admitted in a trailing window (spec 8)',
    (name) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 5 }),
          fc.array(fc.oneof(fc.constant('hit' as const), fc.constant('peek' as const), fc.integer({ min: 1, max: 4_000 })), { maxLength: 60 }),
          (limit, steps) => {
            const c = clock();
            const limiter = new LIMITERS[name](c.now, 10_000);
            const admitted: number[] = [];
            for (const step of steps) {
              if (typeof step === 'number') {
                c.advance(step);
                continue;
              }
              const decision = step === 'hit' ? limiter.hit('k', limit) : limiter.peek('k', limit);
              expect(decision.remaining).toBeGreaterThanOrEqual(0);
              expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
              expect(decision.limit).toBe(limit);
              if (step === 'hit' && decision.allowed) admitted.push(c.now());
              // A fixed window (across its boundary) and a full bucket that refills may admit twice the
              // limit in a trailing window: spec 8 names no algorithm. A log or a pacer never more than it.
              const most = name === 'FixedWindowLimiter' || name === 'RefillingBucketLimiter' ? 2 * limit : limit;
              expect(admitted.filter((t) => t > c.now() - 10_000).length).toBeLessThanOrEqual(most);
            }
          },
        ),
        { numRuns: 200 },
      );
    },
  );
});

describe('rate limiting (spec 8)', () => {
  it('sets the three headers on every authenticated response, errors included', async () => {
    const api = await testApi();
    const responses = [
      await api.get('/contacts'),
      await api.get('/contacts?limit=0'),
      await api.get('/contacts/unknown'),
      await api.post('/contacts', { name: '' }),
      await api.request({ method: 'POST', url: '/contacts', payload: '{', headers: { 'content-type': 'application/json' } }),
    ];
    responses.forEach((response, i) => {
      expect(response.headers['x-ratelimit-limit']).toBe('1000000');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(1000000 - i - 1));
      const reset = Number(response.headers['x-ratelimit-reset']);
      expect(Number.isInteger(reset) && reset >= 1 && reset <= 60).toBe(true);
    });
  });

  it('sends no rate headers on a 401: without an accepted key there is no budget to report', async () => {
    const api = await testApi();
    for (const key of [null, 'wmk_unknown']) {
      const response = await api.get('/contacts', key);
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      expect(response.headers['retry-after']).toBeUndefined();
    }
  });

  it('answers 429 with Retry-After once a small limit is used up, then recovers in the next window', async () => {
    const c = clock();
    const api = await testApi({ seed: testSeed(3), now: c.now });
    for (let i = 0; i < 3; i++) expect((await api.get('/contacts', KEY_A_LIMITED)).statusCode).toBe(200);
    c.advance(15_200);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['x-ratelimit-reset']).toBe('45');
    // other keys of the same organisation have their own counters
    expect((await api.get('/contacts', KEY_A_MEMBER)).statusCode).toBe(200);
    // a refused write does not happen
    expect((await api.post('/contacts', { contactType: 'company', name: 'x' }, KEY_A_LIMITED)).statusCode).toBe(429);
    c.advance(45_000);
    const again = await api.get('/contacts', KEY_A_LIMITED);
    expect(again.statusCode).toBe(200);
    expect(again.json().pagination.total).toBe(0);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('applies the default of 60 per minute when the seed limit is null', async () => {
    const api = await testApi({ seed: testSeed(null) });
    const first = await api.get('/contacts', KEY_A_LIMITED);
    expect(first.headers['x-ratelimit-limit']).toBe(String(DEFAULT_LIMIT_PER_MINUTE));
    const statuses: number[] = [];
    for (let i = 1; i <= 60; i++) statuses.push((await api.get('/contacts', KEY_A_LIMITED)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(59);
    expect(statuses.at(-1)).toBe(429);
    expect((await api.get('/contacts', KEY_A_ADMIN)).statusCode).toBe(200);
  });

  it('gives a key with a custom limit exactly that limit, and reports it', async () => {
    const api = await testApi({ seed: testSeed(7) });
    const responses = [];
    for (let i = 0; i < 9; i++) responses.push(await api.get('/contacts', KEY_A_LIMITED));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429]);
    expect(new Set(responses.map((r) => r.headers['x-ratelimit-limit']))).toEqual(new Set(['7']));
    expect(responses.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['6', '5', '4', '3', '2', '1', '0', '0', '0']);
    // the key without a limit of its own in the same seed keeps the default
    expect((await api.get('/contacts', KEY_A_DEFAULT)).headers['x-ratelimit-limit']).toBe('60');
  });

  it('lets exactly the limit through when 150 injected requests arrive at once', async () => {
    const api = await testApi({ seed: testSeed(null) });
    const responses = await Promise.all(Array.from({ length: 150 }, () => api.get('/contacts', KEY_A_LIMITED)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(60);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(90);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('lets exactly the limit through when 150 requests arrive over 50 real connections', async () => {
    const server = await startReferenceServer({ seed: testSeed(null) });
    const pool = new Pool(new URL(server.baseUrl).origin, { connections: 50 });
    try {
      const path = `${new URL(server.baseUrl).pathname}/contacts`;
      const responses = await Promise.all(
        Array.from({ length: 150 }, async () => {
          const { statusCode, headers, body } = await pool.request({ method: 'GET', path, headers: { 'x-api-key': KEY_A_LIMITED } });
          await body.dump();
          return { statusCode, retryAfter: headers['retry-after'] };
        }),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(60);
      const refused = responses.filter((r) => r.statusCode !== 200);
      expect(refused.every((r) => r.statusCode === 429 && Number(r.retryAfter) >= 1 && Number(r.retryAfter) <= 60)).toBe(true);
      expect(refused).toHaveLength(90);
    } finally {
      await pool.close();
      await server.close();
    }
  });

  it('uses the rateWindowMs option for the window, Reset and Retry-After', async () => {
    const c = clock();
    const api = await testApi({ seed: testSeed(2), now: c.now, rateWindowMs: 5_000 });
    expect((await api.get('/contacts', KEY_A_LIMITED)).headers['x-ratelimit-reset']).toBe('5');
    await api.get('/contacts', KEY_A_LIMITED);
    c.advance(1_500);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect([refused.statusCode, refused.headers['retry-after'], refused.headers['x-ratelimit-reset']]).toEqual([429, '4', '4']);
    c.advance(3_500);
    const again = await api.get('/contacts', KEY_A_LIMITED);
    expect([again.statusCode, again.headers['x-ratelimit-remaining'], again.headers['x-ratelimit-reset']]).toEqual([200, '1', '5']);
  });
});

describe('rate-limit variants (legitimate choices the suite must pass)', () => {
  it('retry-after-http-date: Retry-After is the reset moment as an HTTP date, rounded up to the second', async () => {
    const c = clock(1_000_000_400);
    const api = await testApi({ seed: testSeed(2), now: c.now, variants: ['retry-after-http-date'] });
    await api.get('/contacts', KEY_A_LIMITED);
    await api.get('/contacts', KEY_A_LIMITED);
    c.advance(20_000);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect(refused.statusCode).toBe(429);
    // The window opened at 1_000_000.400 s and ends at 1_000_060.400 s: rounded up, 1_000_061 s.
    expect(refused.headers['retry-after']).toBe(new Date(1_000_061_000).toUTCString());
    expect(refused.headers['x-ratelimit-reset']).toBe('40');
  });

  it('retry-after-http-date over real HTTP: up to 61 s after the truncated Date header, and the suite reads it', async () => {
    const server = await startReferenceServer({ seed: testSeed(1), variants: ['retry-after-http-date'] });
    try {
      const url = `${server.baseUrl}/contacts`;
      await fetch(url, { headers: { 'x-api-key': KEY_A_LIMITED } });
      const refused = await fetch(url, { headers: { 'x-api-key': KEY_A_LIMITED } });
      const retryAfter = refused.headers.get('retry-after')!;
      const date = refused.headers.get('date')!;
      expect(refused.status).toBe(429);
      const apart = (Date.parse(retryAfter) - Date.parse(date)) / 1000;
      expect(apart).toBeGreaterThanOrEqual(60);
      expect(apart).toBeLessThanOrEqual(61);
      expect(readRetryAfter(retryAfter, date)).toMatchObject({ ok: true, form: 'http-date' });
    } finally {
      await server.close();
    }
  });

  it('limiter-sliding-window: Reset in epoch milliseconds, Retry-After whole seconds until the oldest request leaves', async () => {
    const c = clock();
    const api = await testApi({ seed: testSeed(2), now: c.now, rateWindowMs: 8_000, variants: ['limiter-sliding-window'] });
    expect((await api.get('/contacts', KEY_A_LIMITED)).headers['x-ratelimit-reset']).toBe('1008000');
    c.advance(3_000);
    await api.get('/contacts', KEY_A_LIMITED);
    c.advance(600);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect([refused.statusCode, refused.headers['retry-after'], refused.headers['x-ratelimit-reset']]).toEqual([429, '5', '1008000']);
    c.advance(4_400);
    // One request left the window, one is still in it: one admitted, then refused until 1_011_000.
    const again = await api.get('/contacts', KEY_A_LIMITED);
    expect([again.statusCode, again.headers['x-ratelimit-remaining'], again.headers['x-ratelimit-reset']]).toEqual([200, '0', '1011000']);
    expect((await api.get('/contacts', KEY_A_LIMITED)).statusCode).toBe(429);
  });
});

describe('limiter-refilling-bucket over the app', () => {
  it('answers with the whole requests left and, in Reset and Retry-After, the seconds until the next one frees up', async () => {
    const c = clock();
    const api = await testApi({ seed: testSeed(2), now: c.now, rateWindowMs: 8_000, variants: ['limiter-refilling-bucket'] });
    const first = await api.get('/contacts', KEY_A_LIMITED);
    expect([first.statusCode, first.headers['x-ratelimit-remaining'], first.headers['x-ratelimit-reset']]).toEqual([200, '1', '4']);
    await api.get('/contacts', KEY_A_LIMITED);
    c.advance(1_500);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect([refused.statusCode, refused.headers['retry-after'], refused.headers['x-ratelimit-reset']]).toEqual([429, '3', '3']);
    c.advance(2_500);
    const again = await api.get('/contacts', KEY_A_LIMITED);
    expect([again.statusCode, again.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
  });

  it('refuses to combine with limiter-sliding-window', async () => {
    await expect(testApi({ seed: testSeed(2), variants: ['limiter-sliding-window', 'limiter-refilling-bucket'] })).rejects.toThrow(/switch on one of them/);
  });

  it('no two limiter-* variants combine: each replaces the limiter', async () => {
    await expect(testApi({ seed: testSeed(2), variants: ['limiter-smoothing', 'limiter-sliding-window'] })).rejects.toThrow(
      'limiter-sliding-window and limiter-smoothing each replace the limiter: switch on one of them',
    );
  });
});

/** The faults must break their own rule and leave the others alone (probes check the first half). */
describe('rate-limit faults keep the rules they do not name', () => {
  it('rl-shared-counter: the block lifts when the shared window resets', async () => {
    const api = await testApi({ faults: ['rl-shared-counter'] });
    for (let i = 0; i < 4; i++) await api.get('/contacts', KEY_A_LIMITED);
    expect((await api.get('/contacts', KEY_B_ADMIN)).statusCode).toBe(429);
    api.advanceClock(60_000);
    expect((await api.get('/contacts', KEY_B_ADMIN)).statusCode).toBe(200);
    expect((await api.get('/contacts', KEY_A_LIMITED)).statusCode).toBe(200);
  });

  it('rl-shared-counter-own-limits: each key is still refused by its own limit only', async () => {
    const api = await testApi({ faults: ['rl-shared-counter-own-limits'] });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.get('/contacts', KEY_A_LIMITED)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const admin = await api.get('/contacts', KEY_B_ADMIN);
    expect([admin.statusCode, admin.headers['x-ratelimit-remaining']]).toEqual([200, String(1000000 - 5)]);
    api.advanceClock(60_000);
    expect((await api.get('/contacts', KEY_A_LIMITED)).headers['x-ratelimit-remaining']).toBe('2');
  });

  it('rl-concurrent-over-admission: sequential requests are still counted exactly', async () => {
    const api = await testApi({ faults: ['rl-concurrent-over-admission'] });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.get('/contacts', KEY_A_LIMITED)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('rl-never-recovers: Retry-After still counts down the window', async () => {
    const api = await testApi({ faults: ['rl-never-recovers'] });
    for (let i = 0; i < 4; i++) await api.get('/contacts', KEY_A_LIMITED);
    api.advanceClock(60_000);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect((await api.get('/contacts', KEY_A_MEMBER)).statusCode).toBe(200);
  });

  it('rl-headers-missing-on-errors: a 429 keeps its Retry-After', async () => {
    const api = await testApi({ faults: ['rl-headers-missing-on-errors'] });
    for (let i = 0; i < 3; i++) await api.get('/contacts', KEY_A_LIMITED);
    const refused = await api.get('/contacts', KEY_A_LIMITED);
    expect([refused.statusCode, refused.headers['x-ratelimit-limit'], refused.headers['retry-after'] !== undefined]).toEqual([429, undefined, true]);
  });

  it('rl-one-too-many and rl-remaining-stuck: Retry-After and Reset stay whole seconds of the window', async () => {
    for (const fault of ['rl-one-too-many', 'rl-remaining-stuck'] as const) {
      const api = await testApi({ faults: [fault] });
      const responses = [];
      for (let i = 0; i < 5; i++) responses.push(await api.get('/contacts', KEY_A_LIMITED));
      const refused = responses.at(-1)!;
      expect(refused.statusCode, fault).toBe(429);
      expect(refused.headers['retry-after'], fault).toMatch(/^(60|[1-5]?\d)$/);
      expect(refused.headers['x-ratelimit-reset'], fault).toBe(refused.headers['retry-after']);
    }
  });

  it('rl-endpoint-exempt: other endpoints still count and are refused', async () => {
    const api = await testApi({ faults: ['rl-endpoint-exempt'] });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.get('/webhooks', KEY_A_LIMITED)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const events = await api.get('/webhooks/events', KEY_A_LIMITED);
    expect([events.statusCode, events.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
  });
});
