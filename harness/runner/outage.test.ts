import { describe, expect, it } from 'vitest';
import { TargetHealth } from '../http/health.js';
import { OutageWatch } from './outage.js';

/** A watch over a fresh breaker (threshold 2) with a scripted probe and a fake clock. */
function setup(answers: boolean[], waitMs = 10_000) {
  let now = Date.now();
  const health = new TargetHealth(2);
  const lines: string[] = [];
  const watch = new OutageWatch(health, {
    waitMs,
    probe: async () => answers.shift() ?? false,
    say: (line) => lines.push(line),
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  return { health, watch, lines, advance: (ms: number) => (now += ms), at: () => now };
}

describe('TargetHealth with an outage wait', () => {
  it('pauses instead of stopping past the threshold, counts the outage, and resumes', async () => {
    const { health } = setup([]);
    health.recordFailure('GET /a: reset', Date.now());
    expect(health.pausedSince).toBeNull();
    health.recordFailure('GET /b: reset', Date.now());
    expect(health.pausedSince).not.toBeNull();
    expect(health.stopped).toBeNull();
    expect(health.outages).toBe(1);
    // Requests in flight when the pause began do not count again.
    health.recordFailure('GET /c: reset', Date.now());
    expect(health.outages).toBe(1);
    health.resume();
    expect(health.pausedSince).toBeNull();
    await expect(health.ready()).resolves.toBeUndefined();
  });

  it('stops at once without an outage wait, as before', () => {
    const health = new TargetHealth(2);
    health.recordFailure('x', Date.now());
    health.recordFailure('y', Date.now());
    expect(health.stopped?.kind).toBe('breaker');
    expect(health.pausedSince).toBeNull();
  });
});

describe('OutageWatch', () => {
  it('probes a paused run with backoff and resumes it when the target answers, recording the window', async () => {
    const { health, watch, lines } = setup([false, false, true]);
    health.recordFailure('a', Date.now());
    health.recordFailure('b', Date.now());
    await watch.check();
    expect(health.pausedSince).toBeNull();
    expect(health.stopped).toBeNull();
    expect(watch.windows).toHaveLength(1);
    expect(watch.windows[0]).toMatchObject({ probes: 3, recovered: true });
    expect(lines.join('\n')).toMatch(/the run is paused[\s\S]*answers again after/);
  });

  it('stops the run when the target stays away past the bound, saying so', async () => {
    const { health, watch } = setup([], 3000);
    health.recordFailure('a', Date.now());
    health.recordFailure('b', Date.now());
    await watch.check();
    expect(health.stopped?.kind).toBe('breaker');
    expect(health.stopped?.reason).toMatch(/did not answer again within 3\.0 s \(CONFORMANCE_OUTAGE_WAIT_S/);
    expect(watch.windows[0]).toMatchObject({ recovered: false });
  });

  it('settles an unexplained failure with one probe: an answer clears it, silence counts toward the breaker', async () => {
    const alive = setup([true]);
    alive.health.recordFailure('lost one', Date.now() - 10);
    await alive.watch.check();
    expect(alive.health.answeredSentAt).toBeGreaterThanOrEqual(alive.health.lastFailureAt);
    expect(alive.health.pausedSince).toBeNull();
    const gone = setup([false]);
    gone.health.recordFailure('lost one', Date.now() - 10);
    await gone.watch.check();
    expect(gone.health.pausedSince).not.toBeNull();
  });
});
