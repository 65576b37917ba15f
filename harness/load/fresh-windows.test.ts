import { describe, expect, it } from 'vitest';
import type { RateProbe } from '../rate/fresh.js';
import { bucket, fixedWindow, SimClock, simulate, slidingLog, START, type Simulated } from '../rate/testing/simulated-limiters.js';
import { FRESH_PROBES_PER_KEY, staleKeys, waitForFreshWindows, type FreshKey } from './fresh-windows.js';

/** A fixed 60 s window per key on a fake clock, as the reference server keeps them. */
function limiter(keys: number, limit = 60) {
  let clock = 1_000_000;
  const windows = Array.from({ length: keys }, () => ({ startedAt: -Infinity, count: 0 }));
  return {
    windows,
    now: () => clock,
    sleep: async (ms: number) => void (clock += ms),
    /** Requests in the key's current window (0 if it has ended). */
    used: (i: number) => (clock - windows[i]!.startedAt >= 60_000 ? 0 : windows[i]!.count),
    spend: (i: number, count: number, agoMs: number) => void (windows[i] = { startedAt: clock - agoMs, count }),
    send: async (i: number): Promise<RateProbe> => {
      const w = windows[i]!;
      if (clock - w.startedAt >= 60_000) Object.assign(w, { startedAt: clock, count: 0 });
      w.count += 1;
      clock += 5; // the round trip
      const reset = Math.max(1, Math.ceil((w.startedAt + 60_000 - clock) / 1000));
      const headers: Record<string, string> = {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.max(0, limit - w.count)),
        'x-ratelimit-reset': String(reset),
      };
      if (w.count > limit) return { status: 429, headers: { ...headers, 'retry-after': String(reset) } };
      return { status: 200, headers };
    },
  };
}

const OPTIONS = { maxWaitMs: 75_000, minResetMs: 5000 };

describe('waitForFreshWindows', () => {
  it('is fresh at once when every key is unused, having spent one request per key', async () => {
    const l = limiter(3);
    const result = await waitForFreshWindows(3, l.send, { ...OPTIONS, now: l.now, sleep: l.sleep });
    expect(result).toMatchObject({ fresh: true, probes: 3 });
    if (!result.fresh) throw new Error('not fresh');
    expect(result.keys.map((k) => k.remaining)).toEqual([59, 59, 59]);
    expect([0, 1, 2].map(l.used)).toEqual([1, 1, 1]);
  });

  it('re-opens the windows of keys that went stale while another key waited, without spending their budget', async () => {
    const l = limiter(3);
    // Key 0 was just bursted: its window has 58 s to run. Keys 1 and 2 are unused.
    l.spend(0, 150, 2000);
    const result = await waitForFreshWindows(3, l.send, { ...OPTIONS, now: l.now, sleep: l.sleep });
    expect(result.fresh).toBe(true);
    if (!result.fresh) throw new Error('not fresh');
    // Each key's current window holds exactly its one probe, and has most of a minute left.
    expect([0, 1, 2].map(l.used)).toEqual([1, 1, 1]);
    expect(result.keys.map((k) => k.remaining)).toEqual([59, 59, 59]);
    for (const k of result.keys) expect(k.deadline - l.now()).toBeGreaterThanOrEqual(OPTIONS.minResetMs);
    expect(result.waitedMs).toBeGreaterThan(58_000);
    expect(result.waitedMs).toBeLessThan(OPTIONS.maxWaitMs);
  });

  it('names the key that never became fresh', async () => {
    const l = limiter(2);
    const result = await waitForFreshWindows(2, async (i) => (i === 1 ? { status: 401, headers: {} } : l.send(i)), { ...OPTIONS, now: l.now, sleep: l.sleep });
    expect(result).toMatchObject({ fresh: false, index: 1, reason: 'the probe request answered 401' });
  });

  it('waits for a truncated epoch-seconds Reset plus its precision before probing a key again, so no probe lands in the old window', async () => {
    const clock = new SimClock();
    // Key 0 was bursted 2 s ago; key 1 is unused. Reset in epoch seconds, truncated by the server.
    const keys = [
      simulate(
        fixedWindow(60_000),
        'epoch-seconds',
        Array.from({ length: 150 }, () => START - 2000),
        clock,
      ),
      simulate(fixedWindow(60_000), 'epoch-seconds', [], clock),
    ];
    const result = await waitForFreshWindows(2, (i) => keys[i]!.send(), { ...OPTIONS, now: clock.now, sleep: clock.sleep });
    expect(result.fresh).toBe(true);
    expect(keys.map((k) => k.used())).toEqual([1, 1]);
    expect(keys.map((k) => k.sent())).toEqual([2, 2]);
  });

  it('keeps a refilling key (its Reset names the next request) fresh while another key waits: probed again right before the burst, no endless re-probing', async () => {
    const clock = new SimClock();
    const keys: Simulated[] = [
      simulate(bucket(60_000, 'next'), 'delta-seconds', [], clock),
      simulate(
        bucket(60_000, 'next'),
        'delta-seconds',
        Array.from({ length: 150 }, () => START - 1000),
        clock,
      ),
    ];
    const result = await waitForFreshWindows(2, (i) => keys[i]!.send(), { ...OPTIONS, maxWaitMs: 135_000, now: clock.now, sleep: clock.sleep });
    expect(result).toMatchObject({ fresh: true, refills: true });
    if (!result.fresh) return;
    for (const k of result.keys) {
      expect(k).toMatchObject({ refills: true, remaining: 59, deadline: Number.POSITIVE_INFINITY });
      // Both probes are recent: the burst's tolerance counts what the bucket earns from them on.
      expect(clock.t - k.probeSentAt).toBeLessThanOrEqual(1000);
    }
    expect(keys.map((k) => k.used())).toEqual([1, 1].map((n): unknown => expect.closeTo(n, 0)));
    expect(result.probes).toBeLessThanOrEqual(8);
  });

  it('knows a refilling limiter from an earlier wait: a full bucket whose reset is near is fresh at once', async () => {
    const clock = new SimClock();
    const key = simulate(bucket(60_000, 'next'), 'delta-seconds', [], clock);
    const result = await waitForFreshWindows(1, () => key.send(), { ...OPTIONS, refills: true, now: clock.now, sleep: clock.sleep });
    expect(result).toMatchObject({ fresh: true, probes: 1, refills: true });
  });

  it('sliding logs, one holding a spread-out sustained run: every key fresh, each probed sparingly, within the bound', async () => {
    const clock = new SimClock();
    const sustained = Array.from({ length: 28 }, (_, i) => START - 28_500 + i * (60_000 / 55));
    const keys = [
      simulate(slidingLog(60_000, 'next'), 'epoch-milliseconds', sustained, clock),
      simulate(
        slidingLog(60_000, 'next'),
        'epoch-milliseconds',
        Array.from({ length: 150 }, () => START - 500),
        clock,
      ),
      simulate(slidingLog(60_000, 'next'), 'epoch-milliseconds', [], clock),
    ];
    const result = await waitForFreshWindows(3, (i) => keys[i]!.send(), { maxWaitMs: 135_000, minResetMs: 5000, now: clock.now, sleep: clock.sleep });
    expect(result.fresh, result.fresh ? '' : result.reason).toBe(true);
    if (!result.fresh) return;
    expect(keys.map((k) => k.used())).toEqual([1, 1, 1]);
    // Spread-out run: the named moment, then a full window; burst: refused, so its probe is not logged, fresh at the
    // named moment; unused: fresh at once, its window over by the time the others were fresh, so probed once more.
    expect(keys.map((k) => k.sent())).toEqual([3, 2, 2]);
    expect(result.waitedMs).toBeLessThan(135_000);
    expect(result.keys[0]!.waits).toHaveLength(2);
    expect(result.keys[0]!.waits[1]).toMatch(/a full window \(60\.0 s\) after the key's last use/);
  });

  it('bounds the probes per key', () => {
    expect(FRESH_PROBES_PER_KEY).toBe(32);
  });

  it('treats a missing X-RateLimit-Reset as a window that does not run out', async () => {
    const result = await waitForFreshWindows(1, async () => ({ status: 200, headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' } }), OPTIONS);
    expect(result).toMatchObject({ fresh: true, keys: [{ remaining: 59, limit: 60, deadline: Number.POSITIVE_INFINITY }] });
  });
});

describe('staleKeys', () => {
  const key = (over: Partial<FreshKey>): FreshKey => ({
    remaining: 59,
    limit: 60,
    deadline: Number.POSITIVE_INFINITY,
    surelyEnded: Number.POSITIVE_INFINITY,
    refills: false,
    probeSentAt: 0,
    spent: false,
    probes: 1,
    waits: [],
    ...over,
  });

  it('re-probes a key whose window ends too soon once it has surely ended, and any other key whose window ends by then', () => {
    const keys = [key({ deadline: 3000, surelyEnded: 4000 }), key({ deadline: 7000, surelyEnded: 8000 }), key({ deadline: 60_000, surelyEnded: 61_000 })];
    expect(staleKeys(keys, 0, 5000)).toEqual({ stale: [0, 1], until: 8250 });
  });

  it('leaves alone keys with a long window and a refilling key probed just now; takes a refilling key whose probe would be old', () => {
    expect(staleKeys([key({ deadline: 60_000 }), key({ refills: true, probeSentAt: -200 })], 0, 5000)).toEqual({ stale: [], until: 0 });
    const keys = [key({ deadline: 1000, surelyEnded: 2000 }), key({ refills: true, probeSentAt: 0 })];
    expect(staleKeys(keys, 0, 5000)).toEqual({ stale: [0, 1], until: 2250 });
  });
});
