import { describe, expect, it } from 'vitest';
import { interpretReset, readReset, resetForm, resetProblem } from './reset.js';

describe('interpretReset', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads small values as seconds from now', () => {
    expect(interpretReset(42, now)).toEqual({ unit: 'delta-seconds', msUntilReset: 42_000, precisionMs: 1000 });
    expect(interpretReset(0, now)).toEqual({ unit: 'delta-seconds', msUntilReset: 0, precisionMs: 1000 });
    expect(interpretReset(' 42 ', now)).toEqual({ unit: 'delta-seconds', msUntilReset: 42_000, precisionMs: 1000 });
  });

  it('reads epoch seconds and epoch milliseconds as points in time', () => {
    expect(interpretReset(now / 1000 + 30, now)).toEqual({ unit: 'epoch-seconds', msUntilReset: 30_000, precisionMs: 1000 });
    expect(interpretReset(now + 1500, now)).toEqual({ unit: 'epoch-milliseconds', msUntilReset: 1500, precisionMs: 1 });
    expect(interpretReset(now / 1000 - 5, now).msUntilReset).toBe(0);
  });

  it('reads a large delta as milliseconds', () => {
    expect(interpretReset(45_000, now)).toEqual({ unit: 'delta-milliseconds', msUntilReset: 45_000, precisionMs: 1 });
  });

  it('reads fractional seconds, as a delay or an epoch instant, with the precision of their decimals', () => {
    expect(interpretReset('59.873', now)).toEqual({ unit: 'delta-seconds', msUntilReset: 59_873, precisionMs: 1, fractional: true });
    expect(interpretReset('0.5', now)).toEqual({ unit: 'delta-seconds', msUntilReset: 500, precisionMs: 100, fractional: true });
    expect(interpretReset(`${now / 1000 + 12}.25`, now)).toEqual({ unit: 'epoch-seconds', msUntilReset: 12_250, precisionMs: 10, fractional: true });
  });

  it('reads an HTTP date and an ISO 8601 date-time with any offset as the same instant', () => {
    expect(interpretReset('Sun, 22 Nov 2026 12:00:30 GMT', now)).toEqual({ unit: 'http-date', msUntilReset: 30_000, precisionMs: 1000 });
    expect(interpretReset('Sunday, 22-Nov-26 12:00:30 GMT', now).msUntilReset).toBe(30_000);
    expect(interpretReset('Sun Nov 22 12:00:30 2026', now).unit).toBe('http-date');
    expect(interpretReset('2026-11-22T12:00:30Z', now)).toEqual({ unit: 'iso-8601', msUntilReset: 30_000, precisionMs: 1000 });
    expect(interpretReset('2026-11-22T13:00:30.250+01:00', now)).toEqual({ unit: 'iso-8601', msUntilReset: 30_250, precisionMs: 1, fractional: true });
    expect(interpretReset('2026-11-22T07:00:30-0500', now).msUntilReset).toBe(30_000);
    expect(interpretReset('2026-11-22t12:00:30z', now).msUntilReset).toBe(30_000);
  });

  it('says how much later a whole-second value may mean: an epoch second truncated down', () => {
    // The window ends at 12:00:30.800; the server truncates to 12:00:30 and a client 0.1 s later reads it.
    const reading = interpretReset(Math.floor((now + 30_800) / 1000), now + 100);
    expect(reading.msUntilReset).toBe(29_900);
    expect(reading.msUntilReset + reading.precisionMs).toBeGreaterThanOrEqual(30_800 - 100);
  });

  it('knows no form for words, units, impossible dates and dates without an offset', () => {
    for (const value of [
      'soon',
      '30s',
      '-5',
      '1e3',
      '2026-02-30T12:00:00Z',
      '2026-11-22T24:00:00Z',
      '2026-11-22T12:00:30',
      '2026-11-22',
      'Sun, 22 Nov 2026 12:00:30 UTC',
    ]) {
      expect(readReset(value, now), value).toBeUndefined();
    }
  });

  it('names the form in the observation, with a fraction said', () => {
    expect(resetForm(interpretReset('59.873', now))).toBe('delta-seconds (fractional)');
    expect(resetForm(interpretReset('2026-11-22T12:00:30Z', now))).toBe('iso-8601');
  });
});

describe('resetProblem', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const date = new Date(now).toUTCString();

  it('accepts every form of a reset within the next hour', () => {
    for (const value of [
      '30',
      '59.873',
      '45000',
      String(now / 1000 + 30),
      String(now + 30_000),
      'Sun, 22 Nov 2026 12:00:30 GMT',
      '2026-11-22T13:00:30.250+01:00',
    ]) {
      expect(resetProblem(value, date, now), value).toBeUndefined();
    }
  });

  it('quotes a value that fits no form', () => {
    expect(resetProblem('soon', date, now)).toBe(
      'X-RateLimit-Reset "soon" is no reset form this suite knows (delta or epoch seconds or milliseconds, fractional or not; an HTTP date; an ISO 8601 date-time with an offset)',
    );
  });

  it('refuses an instant in the past, measured against the Date header (or the moment of arrival)', () => {
    expect(resetProblem(String(now / 1000 - 120), date, now)).toMatch(
      /^X-RateLimit-Reset "\d+" \(epoch-seconds\) names an instant 120\.0 s before the response's Date .*: a reset in the past$/,
    );
    // Within the whole-second precision of both values: not in the past.
    expect(resetProblem(String(now / 1000 - 1), date, now)).toBeUndefined();
    expect(resetProblem('2026-11-22T11:58:00Z', undefined, now)).toMatch(/120\.0 s before this client's clock/);
    // Read long after arrival, without a Date header, an instant cannot be judged past.
    expect(resetProblem('2026-11-22T11:58:00Z', undefined, undefined)).toBeUndefined();
  });

  it('refuses a reset more than an hour away, as a delay or as an instant', () => {
    expect(resetProblem('5000000', date, now)).toMatch(/is a delay of 5000 s: more than an hour/);
    expect(resetProblem(String(now / 1000 + 7200), date, now)).toMatch(/7200 s after the response's Date/);
  });
});
