import { describe, expect, it } from 'vitest';
import { interpretReset } from './reset.js';

describe('interpretReset', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads small values as seconds from now', () => {
    expect(interpretReset(42, now)).toEqual({ unit: 'delta-seconds', msUntilReset: 42_000, precisionMs: 1000 });
    expect(interpretReset(0, now)).toEqual({ unit: 'delta-seconds', msUntilReset: 0, precisionMs: 1000 });
  });

  it('reads epoch seconds and epoch milliseconds as points in time', () => {
    expect(interpretReset(now / 1000 + 30, now)).toEqual({ unit: 'epoch-seconds', msUntilReset: 30_000, precisionMs: 1000 });
    expect(interpretReset(now + 1500, now)).toEqual({ unit: 'epoch-milliseconds', msUntilReset: 1500, precisionMs: 1 });
    expect(interpretReset(now / 1000 - 5, now).msUntilReset).toBe(0);
  });

  it('reads a large delta as milliseconds', () => {
    expect(interpretReset(45_000, now)).toEqual({ unit: 'delta-milliseconds', msUntilReset: 45_000, precisionMs: 1 });
  });

  it('says how much later a whole-second value may mean: an epoch second truncated down', () => {
    // The window ends at 12:00:30.800; the server truncates to 12:00:30 and a client 0.1 s later reads it.
    const reading = interpretReset(Math.floor((now + 30_800) / 1000), now + 100);
    expect(reading.msUntilReset).toBe(29_900);
    expect(reading.msUntilReset + reading.precisionMs).toBeGreaterThanOrEqual(30_800 - 100);
  });
});
