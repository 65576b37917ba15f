import { describe, expect, it } from 'vitest';
import { waitForFreshWindow, type RateProbe } from './fresh.js';

const answer = (status: number, limit: number, remaining: number, reset: number, extra: Record<string, string> = {}): RateProbe => ({
  status,
  headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset), ...extra },
});

function scripted(answers: RateProbe[]) {
  let clock = 0;
  const slept: number[] = [];
  const sends = answers.slice();
  return {
    slept,
    send: async () => sends.shift()!,
    options: { maxWaitMs: 75_000, minResetMs: 5000, now: () => clock, sleep: async (ms: number) => void (slept.push(ms), (clock += ms)) },
  };
}

describe('waitForFreshWindow (scripted answers)', () => {
  it('is fresh at once when the probe opens a window', async () => {
    const s = scripted([answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, limit: 60, resetUnit: 'delta-seconds', probes: 1, returns: 'unknown' });
    expect(s.slept).toEqual([]);
  });

  it('waits out Retry-After on a spent key, plus the second a whole-second value may hide, then finds the fresh window', async () => {
    const s = scripted([answer(429, 60, 0, 20, { 'retry-after': '20' }), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2, waitedMs: 21_250, returns: 'at-reset' });
    expect(s.slept).toEqual([21_250]);
  });

  it('waits for the reset when the window is in use or about to end', async () => {
    const s = scripted([answer(200, 60, 40, 30), answer(200, 60, 59, 3), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 3, returns: 'at-reset' });
    expect(s.slept).toEqual([31_250, 4250]);
  });

  it('takes a full budget as fresh when the reset stays near after waiting for it: Reset names a refill there', async () => {
    const s = scripted([answer(200, 60, 59, 1), answer(200, 60, 59, 1)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2, returns: 'gradually' });
    expect(s.slept).toEqual([2250]);
  });

  it('waits out another refusal status that carries Retry-After', async () => {
    const s = scripted([answer(503, 60, 0, 9, { 'retry-after': '9' }), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2 });
    expect(s.slept).toEqual([10_250]);
  });

  it('waits a full window after the last probe when the named wait brought back only part of the budget', async () => {
    const s = scripted([answer(200, 60, 2, 1), answer(200, 60, 10, 1), answer(200, 60, 59, 8)]);
    const result = await waitForFreshWindow(s.send, { ...s.options, windowMs: 8000 });
    expect(result).toMatchObject({ fresh: true, probes: 3, returns: 'gradually' });
    expect(s.slept).toEqual([2250, 8250]);
    if (result.fresh) expect(result.waits[1]).toMatch(/^8\.3 s: a full window \(8\.0 s\) after the key's last use/);
  });

  it('gives up before a wait that would pass maxWaitMs, saying why', async () => {
    const s = scripted(Array.from({ length: 10 }, () => answer(429, 60, 0, 60, { 'retry-after': '60' })));
    const result = await waitForFreshWindow(s.send, s.options);
    expect(result).toMatchObject({ fresh: false, probes: 2, reason: expect.stringMatching(/^not fresh after 61\.3 s: the key is over its limit; the next wait \(60\.3 s, a full window/) });
    expect(s.slept).toEqual([61_250]);
  });

  it('gives up when the key is not fresh a full minute after its last use', async () => {
    const s = scripted(Array.from({ length: 10 }, () => answer(200, 60, 30, 1)));
    const result = await waitForFreshWindow(s.send, { ...s.options, maxWaitMs: 600_000, windowMs: 8000 });
    expect(result).toMatchObject({ fresh: false, probes: 4, reason: expect.stringMatching(/a full minute after the key's last use/) });
    expect(s.slept).toEqual([2250, 8250, 60_250]);
  });

  it('is not fresh when an admitted probe has no rate headers, or the probe fails', async () => {
    expect(await waitForFreshWindow(async () => ({ status: 200, headers: {} }), scripted([]).options)).toMatchObject({ fresh: false, probes: 1 });
    expect(await waitForFreshWindow(async () => ({ status: 500, headers: {} }), scripted([]).options)).toMatchObject({ fresh: false, reason: 'the probe request answered 500' });
  });
});

/** A limiter on a fake clock: every probe is a request it counts (5 ms round trip). */
interface Simulated {
  now(): number;
  sleep(ms: number): Promise<void>;
  send(): Promise<RateProbe>;
  /** Requests still counted against the budget now (the probe that found the window included). */
  used(): number;
}

const START = Date.UTC(2026, 10, 22, 12, 0, 0, 400);

/** Fixed window opened by the first request; Reset in epoch seconds, truncated (the precision case). */
function fixedWindow(limit: number, windowMs: number, spentAgoMs: number): Simulated {
  let clock = START;
  let window = { startedAt: clock - spentAgoMs, count: limit + 5 };
  return {
    now: () => clock,
    sleep: async (ms) => void (clock += ms),
    used: () => (clock - window.startedAt >= windowMs ? 0 : window.count),
    send: async () => {
      if (clock - window.startedAt >= windowMs) window = { startedAt: clock, count: 0 };
      window.count += 1;
      clock += 5;
      const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - window.count)), 'x-ratelimit-reset': String(Math.floor((window.startedAt + windowMs) / 1000)) };
      return window.count > limit ? { status: 429, headers: { ...headers, 'retry-after': String(Math.ceil((window.startedAt + windowMs - clock) / 1000)) } } : { status: 200, headers };
    },
  };
}

/** Sliding log: admitted requests count for a window; Reset is when the oldest leaves (epoch ms). */
function slidingLog(limit: number, windowMs: number, log: number[]): Simulated {
  let clock = START;
  const live = (): number[] => log.filter((t) => t + windowMs > clock);
  return {
    now: () => clock,
    sleep: async (ms) => void (clock += ms),
    used: () => live().length,
    send: async () => {
      const counted = live();
      const admitted = counted.length < limit;
      if (admitted) log.push(clock);
      const after = live();
      const resetAt = (after[0] ?? clock) + windowMs;
      clock += 5;
      const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(limit - after.length), 'x-ratelimit-reset': String(resetAt) };
      return admitted ? { status: 200, headers } : { status: 429, headers: { ...headers, 'retry-after': String(Math.ceil((resetAt - clock) / 1000)) } };
    },
  };
}

/** Token bucket refilling `limit` per minute; Reset is the next token (`next`) or a full bucket (`full`), delta seconds rounded up. */
function bucket(limit: number, tokens: number, reset: 'next' | 'full'): Simulated {
  let clock = START;
  let last = clock;
  const perTokenMs = 60_000 / limit;
  const refill = (): void => {
    tokens = Math.min(limit, tokens + (clock - last) / perTokenMs);
    last = clock;
  };
  return {
    now: () => clock,
    sleep: async (ms) => void (clock += ms),
    used: () => (refill(), limit - tokens),
    send: async () => {
      refill();
      const admitted = tokens >= 1;
      if (admitted) tokens -= 1;
      clock += 5;
      const nextMs = (1 - (tokens % 1)) * perTokenMs;
      const fullMs = (limit - tokens) * perTokenMs;
      const headers = {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.floor(tokens)),
        'x-ratelimit-reset': String(Math.max(1, Math.ceil((reset === 'next' ? nextMs : fullMs) / 1000))),
      };
      return admitted ? { status: 200, headers } : { status: 429, headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil(nextMs / 1000))) } };
    },
  };
}

async function freshOn(sim: Simulated, windowMs?: number) {
  const result = await waitForFreshWindow(() => sim.send(), { maxWaitMs: 135_000, minResetMs: 5000, windowMs, now: sim.now, sleep: sim.sleep });
  return { result, used: sim.used() };
}

describe('waitForFreshWindow (simulated limiters)', () => {
  it('fixed window with a truncated epoch-seconds Reset: one wait, no request of the old window spent', async () => {
    const { result, used } = await freshOn(fixedWindow(60, 60_000, 20_000));
    expect(result).toMatchObject({ fresh: true, probes: 2, returns: 'at-reset' });
    expect(used).toBe(1);
  });

  it('sliding log with part of a burst still counted: its probes do not keep it from becoming fresh', async () => {
    // 60 requests spread over the 3 s that ended 7.6 s ago in an 8 s window (the self-test's): the oldest just left.
    const log = Array.from({ length: 60 }, (_, i) => START - 10_600 + i * 50);
    const { result, used } = await freshOn(slidingLog(60, 8000, log), 8000);
    expect(result).toMatchObject({ fresh: true, returns: 'gradually' });
    expect(used).toBe(1);
    expect(result.probes).toBeLessThanOrEqual(3);
    expect(result.waitedMs).toBeLessThan(2 * 8000 + 3000);
  });

  it('sliding log refused at the first probe, with a minute window and no estimate of it', async () => {
    const log = Array.from({ length: 60 }, (_, i) => START - 30_000 + i * 100);
    const { result, used } = await freshOn(slidingLog(60, 60_000, log));
    expect(result).toMatchObject({ fresh: true, returns: 'gradually' });
    expect(used).toBe(1);
    expect(result.waitedMs).toBeLessThan(95_000);
  });

  it('token bucket whose Reset is the next token: fresh a full window after the last probe', async () => {
    const { result, used } = await freshOn(bucket(60, 0, 'next'));
    expect(result).toMatchObject({ fresh: true, returns: 'gradually' });
    expect(used).toBeLessThan(2);
    expect(result.waitedMs).toBeLessThan(65_000);
  });

  it('token bucket whose Reset is when it is full: the wait it names, then one look whether the reset stays near', async () => {
    const { result, used } = await freshOn(bucket(60, 0.5, 'full'));
    expect(result).toMatchObject({ fresh: true, probes: 3, returns: 'gradually' });
    expect(result.waitedMs).toBeLessThan(65_000);
    expect(used).toBeLessThan(2);
  });
});
