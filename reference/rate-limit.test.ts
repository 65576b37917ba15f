import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT_PER_MINUTE, FixedWindowLimiter } from './rate-limit.js';
import { KEY_A_ADMIN, KEY_A_LIMITED, KEY_A_MEMBER, testApi, testSeed } from './testing.js';

function clock(start = 1_000_000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('FixedWindowLimiter', () => {
  it('counts per key inside a 60 s window and resets after it', () => {
    const c = clock();
    const limiter = new FixedWindowLimiter(c.now);
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    c.advance(20_500);
    expect(limiter.hit('k', 2)).toEqual({ allowed: true, limit: 2, remaining: 0, resetSeconds: 40 });
    expect(limiter.hit('k', 2)).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 40 });
    expect(limiter.hit('other', 2).remaining).toBe(1);
    c.advance(39_499);
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: false, resetSeconds: 1 });
    c.advance(1);
    expect(limiter.hit('k', 2)).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60 });
  });
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

  it('lets exactly the limit through when requests arrive concurrently', async () => {
    const api = await testApi({ seed: testSeed(5) });
    const responses = await Promise.all(Array.from({ length: 12 }, () => api.get('/contacts', KEY_A_LIMITED)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });
});
