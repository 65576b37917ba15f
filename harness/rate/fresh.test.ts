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

describe('waitForFreshWindow', () => {
  it('is fresh at once when the probe opens a window', async () => {
    const s = scripted([answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, limit: 60, resetUnit: 'delta-seconds', probes: 1 });
    expect(s.slept).toEqual([]);
  });

  it('waits out Retry-After on a spent key, then finds the fresh window', async () => {
    const s = scripted([answer(429, 60, 0, 20, { 'retry-after': '20' }), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2, waitedMs: 20_250 });
    expect(s.slept).toEqual([20_250]);
  });

  it('waits for the reset when the window is in use or about to end', async () => {
    const s = scripted([answer(200, 60, 40, 30), answer(200, 60, 59, 3), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 3 });
    expect(s.slept).toEqual([30_250, 3250]);
  });

  it('waits out another refusal status that carries Retry-After', async () => {
    const s = scripted([answer(503, 60, 0, 9, { 'retry-after': '9' }), answer(200, 60, 59, 60)]);
    expect(await waitForFreshWindow(s.send, s.options)).toMatchObject({ fresh: true, probes: 2 });
    expect(s.slept).toEqual([9250]);
  });

  it('gives up after maxWaitMs with the reason', async () => {
    const s = scripted(Array.from({ length: 10 }, () => answer(429, 60, 0, 60, { 'retry-after': '60' })));
    const result = await waitForFreshWindow(s.send, s.options);
    expect(result).toMatchObject({ fresh: false, probes: 3, reason: expect.stringMatching(/over its limit/) });
  });

  it('is not fresh when an admitted probe has no rate headers, or the probe fails', async () => {
    expect(await waitForFreshWindow(async () => ({ status: 200, headers: {} }), scripted([]).options)).toMatchObject({ fresh: false, probes: 1 });
    expect(await waitForFreshWindow(async () => ({ status: 500, headers: {} }), scripted([]).options)).toMatchObject({ fresh: false, reason: 'the probe request answered 500' });
  });
});
