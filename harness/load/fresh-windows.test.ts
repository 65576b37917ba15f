import { describe, expect, it } from 'vitest';
import type { RateProbe } from '../rate/fresh.js';
import { waitForFreshWindows } from './fresh-windows.js';

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

  it('treats a missing X-RateLimit-Reset as a window that does not run out', async () => {
    const result = await waitForFreshWindows(1, async () => ({ status: 200, headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' } }), OPTIONS);
    expect(result).toMatchObject({ fresh: true, keys: [{ remaining: 59, limit: 60, deadline: Number.POSITIVE_INFINITY }] });
  });
});
