import { describe, expect, it } from 'vitest';
import { waitForFreshWindow, type RateProbe } from './fresh.js';
import { bucket, fixedWindow, simulate, slidingLog, START, type Limiter, type Simulated, type Unit } from './testing/simulated-limiters.js';

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
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2, returns: 'gradually', refills: true });
    expect(s.slept).toEqual([2250]);
  });

  it('takes a full budget with the reset near as fresh at once when the caller knows Reset names a refill', async () => {
    const s = scripted([answer(200, 60, 59, 1)]);
    expect(await waitForFreshWindow(s.send, { ...s.options, refills: true })).toMatchObject({ fresh: true, probes: 1, refills: true });
    expect(s.slept).toEqual([]);
  });

  it('waits at the pace the budget came back at while that is sooner than a full window, twice at most, then a full window', async () => {
    // 20 came back in 2.3 s (19 for sure): the 31 still missing take 3.6 s at that pace; then 7 in 3.9 s; then 2.
    const s = scripted([answer(200, 60, 10, 1), answer(200, 60, 29, 1), answer(200, 60, 35, 1), answer(200, 60, 36, 1), answer(200, 60, 59, 60)]);
    const result = await waitForFreshWindow(s.send, { ...s.options, maxWaitMs: 135_000 });
    expect(result).toMatchObject({ fresh: true, probes: 5, returns: 'gradually' });
    if (!result.fresh) return;
    expect(result.waits).toHaveLength(4);
    expect(result.waits[0]).toBe('2.3 s: until X-RateLimit-Reset 1 (delta-seconds) (+1 s precision)');
    expect(result.waits[1]).toMatch(/^3\.\d s: 20 request\(s\) came back in 2\.3 s; at that pace the 31 still missing take 3\.\d s$/);
    expect(result.waits[2]).toMatch(/^1\d\.\d s: 7 request\(s\) came back in 3\.\d s; at that pace the 25 still missing take/);
    expect(result.waits[3]).toMatch(/^60\.3 s: a full window \(60\.0 s\) after the key's last use/);
  });

  it('tries a pace only while a full window after it still fits the bound', async () => {
    const s = scripted([answer(200, 60, 10, 1), answer(200, 60, 29, 1), answer(200, 60, 59, 60)]);
    const result = await waitForFreshWindow(s.send, { ...s.options, maxWaitMs: 64_000 });
    expect(result).toMatchObject({ fresh: true, probes: 3 });
    if (result.fresh) expect(result.waits[1]).toMatch(/a full window/);
  });

  it('waits out another refusal status that carries Retry-After', async () => {
    const s = scripted([answer(503, 60, 0, 9, { 'retry-after': '9' }), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2 });
    expect(s.slept).toEqual([10_250]);
  });

  it('waits a full window after the last probe when the named wait brought back only part of the budget', async () => {
    const s = scripted([answer(200, 60, 2, 1), answer(200, 60, 10, 1), answer(200, 60, 59, 8)]);
    const told: string[] = [];
    const result = await waitForFreshWindow(s.send, { ...s.options, windowMs: 8000, onWait: (step) => told.push(step) });
    expect(result).toMatchObject({ fresh: true, probes: 3, returns: 'gradually' });
    expect(s.slept).toEqual([2250, 8250]);
    // Each wait is told as it starts, as the result lists them.
    expect(result.fresh && told).toEqual(result.fresh && result.waits);
    if (result.fresh) expect(result.waits[1]).toMatch(/^8\.3 s: a full window \(8\.0 s\) after the key's last use/);
  });

  it('gives up before a wait that would pass maxWaitMs, saying why', async () => {
    const s = scripted(Array.from({ length: 10 }, () => answer(429, 60, 0, 60, { 'retry-after': '60' })));
    const result = await waitForFreshWindow(s.send, s.options);
    expect(result).toMatchObject({
      fresh: false,
      probes: 2,
      reason: expect.stringMatching(/^not fresh after 61\.3 s: the key is over its limit; the next wait \(60\.3 s, a full window/),
    });
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
    expect(await waitForFreshWindow(async () => ({ status: 500, headers: {} }), scripted([]).options)).toMatchObject({
      fresh: false,
      reason: 'the probe request answered 500',
    });
  });
});

/** The key's traffic before the wait, as request times. */
const TRAFFIC: Record<string, (windowMs: number) => number[]> = {
  none: () => [],
  'a burst just now': () => Array.from({ length: 150 }, (_, i) => START - 300 + i * 2),
  'a burst half a window ago': (w) => Array.from({ length: 150 }, (_, i) => START - w / 2 + i * 2),
  // A sustained run at 55/min that ended just now: spread over the trailing window.
  'a sustained run over the last half window': (w) => {
    const n = Math.round((55 * w) / 2 / 60_000);
    return Array.from({ length: n }, (_, i) => START - 50 - (n - 1 - i) * (w / 55));
  },
  'a steady 59 over the whole last window': (w) => Array.from({ length: 59 }, (_, i) => START - w + 500 + i * ((w - 1000) / 59)),
};

async function freshOn(sim: Simulated, windowMs: number | undefined, maxWaitMs = 135_000) {
  const result = await waitForFreshWindow(() => sim.send(), { maxWaitMs, minResetMs: 5000, windowMs, now: sim.now, sleep: sim.sleep });
  return { result, used: sim.used() };
}

const KINDS: Array<[string, (w: number) => Limiter, Unit]> = [
  ['fixed window, Reset the window end in delta seconds', (w) => fixedWindow(w), 'delta-seconds'],
  ['fixed window, Reset the window end in epoch seconds (truncated)', (w) => fixedWindow(w), 'epoch-seconds'],
  ['sliding log, Reset the oldest request leaving (epoch ms)', (w) => slidingLog(w, 'next'), 'epoch-milliseconds'],
  ['sliding log, Reset the newest request leaving (delta seconds)', (w) => slidingLog(w, 'whole'), 'delta-seconds'],
  ['refilling bucket, Reset the next request (delta seconds)', (w) => bucket(w, 'next'), 'delta-seconds'],
  ['refilling bucket, Reset a full bucket (epoch ms)', (w) => bucket(w, 'whole'), 'epoch-milliseconds'],
];

describe('waitForFreshWindow on every limiter design and Reset meaning (fake clock)', () => {
  for (const [kind, make, unit] of KINDS) {
    for (const [traffic, history] of Object.entries(TRAFFIC)) {
      for (const windowMs of [60_000, 8_000]) {
        it(`${kind}; ${traffic}; ${windowMs / 1000} s window`, async () => {
          const sim = simulate(make(windowMs), unit, history(windowMs));
          const { result, used } = await freshOn(sim, windowMs === 60_000 ? undefined : windowMs);
          expect(result.fresh, result.fresh ? '' : result.reason).toBe(true);
          if (process.env['SHOW_WAITS']) console.log(`${kind}; ${traffic}; ${windowMs}: ${sim.sent()} probes, ${(result.waitedMs / 1000).toFixed(1)} s`);
          // The fresh probe is all the budget spent: no earlier probe is still counted.
          expect(used).toBeLessThanOrEqual(1);
          // Sparing: at most the first probe, the named moment, a look at a near reset, one at the pace seen and one a window later.
          expect(sim.sent()).toBeLessThanOrEqual(5);
          // Bounded by the named wait (at most a window and a second) and a full window after the last probe.
          expect(result.waitedMs).toBeLessThanOrEqual(2 * windowMs + 4000);
        });
      }
    }
  }
});

describe('a sliding-window log whose trailing window holds a spread-out sustained run', () => {
  // 55/min for 28.4 s ended just now, after the sustained scenario's own fresh probe: 28 requests in the window.
  const sustained = (): number[] => [START - 28_500, ...Array.from({ length: 27 }, (_, i) => START - 28_400 + i * (60_000 / 55))];

  it('becomes fresh in three probes: the moment Reset names, then a full window after that probe', async () => {
    const sim = simulate(slidingLog(60_000, 'next'), 'epoch-milliseconds', sustained());
    const { result, used } = await freshOn(sim, undefined);
    expect(result).toMatchObject({ fresh: true, probes: 3, returns: 'gradually', refills: false });
    expect(used).toBe(1);
    if (!result.fresh) return;
    expect(result.waits).toHaveLength(2);
    expect(result.waits[0]).toMatch(/^3\d\.\d s: until X-RateLimit-Reset \d+ \(epoch-milliseconds\)$/);
    expect(result.waits[1]).toMatch(/^60\.3 s: a full window \(60\.0 s\) after the key's last use \(this probe\)/);
    // Within the load harness's bound, which covers the named wait and a full window after it.
    expect(result.waitedMs).toBeLessThan(135_000);
  });

  it('never probes once a second as each old request leaves, even with a bound too short for a full window', async () => {
    const sim = simulate(slidingLog(60_000, 'next'), 'epoch-milliseconds', sustained());
    const { result } = await freshOn(sim, undefined, 75_000);
    expect(result.fresh).toBe(false);
    expect(sim.sent()).toBe(2);
    if (!result.fresh)
      expect(result.reason).toMatch(
        /^not fresh after 3\d\.\d s: 32 of 60 requests remain; the next wait \(60\.3 s, a full window \(60\.0 s\) after the key's last use/,
      );
  });

  it('the same trailing window on a shortened 8 s window, as the self-tests have it', async () => {
    const history = Array.from({ length: 7 }, (_, i) => START - 50 - (6 - i) * (60_000 / 55));
    const sim = simulate(slidingLog(8_000, 'next'), 'epoch-milliseconds', history);
    const { result, used } = await freshOn(sim, 8_000);
    expect(result).toMatchObject({ fresh: true, returns: 'gradually' });
    expect(used).toBe(1);
    expect(sim.sent()).toBeLessThanOrEqual(4);
  });
});
