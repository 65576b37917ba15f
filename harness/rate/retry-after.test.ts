import { describe, expect, it } from 'vitest';
import { readRetryAfter } from './retry-after.js';

describe('readRetryAfter', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const date = (offsetS: number): string => new Date(now + offsetS * 1000).toUTCString();
  /** The bound of a one-minute window, to keep the arithmetic of these cases small. */
  const minute = { maxMs: 60_000 };

  it('accepts delta-seconds from 1 to 60', () => {
    expect(readRetryAfter('1', undefined, now, minute)).toEqual({ ok: true, form: 'delta-seconds', ms: 1000, precisionMs: 1000 });
    expect(readRetryAfter('60', undefined, now, minute)).toEqual({ ok: true, form: 'delta-seconds', ms: 60_000, precisionMs: 1000 });
  });

  it('allows up to two minutes by default (jitter or a penalty beyond the window), not a value in milliseconds', () => {
    expect(readRetryAfter('90', undefined, now)).toEqual({ ok: true, form: 'delta-seconds', ms: 90_000, precisionMs: 1000 });
    expect(readRetryAfter('120', undefined, now)).toMatchObject({ ok: true });
    expect(readRetryAfter('121', undefined, now)).toEqual({ ok: false, problem: 'Retry-After "121" asks for 121 s, more than 120 s' });
    expect(readRetryAfter('60000', undefined, now)).toMatchObject({ ok: false });
  });

  it('refuses missing, zero, too long and unreadable values', () => {
    expect(readRetryAfter(undefined, undefined, now, minute)).toEqual({ ok: false, problem: 'Retry-After missing' });
    expect(readRetryAfter('0', undefined, now, minute)).toMatchObject({ ok: false, problem: expect.stringMatching(/not positive/) });
    expect(readRetryAfter('61', undefined, now, minute)).toEqual({ ok: false, problem: 'Retry-After "61" asks for 61 s, more than 60 s' });
    expect(readRetryAfter('57000', undefined, now, minute)).toMatchObject({ ok: false });
    expect(readRetryAfter('1.5s', undefined, now, minute)).toMatchObject({ ok: false, problem: expect.stringMatching(/neither/) });
    // A fractional delay is not RFC 9110's delta-seconds but says when to come back: tolerated, its own form.
    expect(readRetryAfter('1.5', undefined, now, minute)).toEqual({ ok: true, form: 'delta-seconds-fractional', ms: 1500, precisionMs: 1 });
    expect(readRetryAfter('60.5', undefined, now, minute)).toMatchObject({ ok: false, problem: expect.stringMatching(/more than 60 s/) });
  });

  it('accepts a wait of 0 (a wait under a second, truncated) only where the window visibly ends now', () => {
    expect(readRetryAfter('0', undefined, now, { windowEndingNow: true })).toEqual({ ok: true, form: 'delta-seconds', ms: 0, precisionMs: 1000 });
    expect(readRetryAfter(date(0), date(0), now, { windowEndingNow: true })).toEqual({ ok: true, form: 'http-date', ms: 0, precisionMs: 1000 });
    expect(readRetryAfter('0', undefined, now, { windowEndingNow: false })).toMatchObject({ ok: false, problem: expect.stringMatching(/not positive/) });
    // A date before Date asks for no wait at all, window ending or not.
    expect(readRetryAfter(date(-2), date(0), now, { windowEndingNow: true })).toMatchObject({ ok: false });
  });

  it('measures an HTTP date from the response Date header when there is one', () => {
    expect(readRetryAfter(date(30), date(0), now + 10_000)).toEqual({ ok: true, form: 'http-date', ms: 30_000, precisionMs: 1000 });
    expect(readRetryAfter(date(0), date(0), now)).toEqual({
      ok: false,
      problem: `Retry-After ${date(0)} is the same instant as Date ${date(0)}: it asks for no wait`,
    });
    expect(readRetryAfter(date(-2), date(0), now)).toMatchObject({ ok: false, problem: expect.stringMatching(/is 2 s before Date/) });
    expect(readRetryAfter(date(90), date(0), now, minute)).toMatchObject({ ok: false });
  });

  it('allows a date rounded up and a Date truncated down to be 61 s apart, not 62', () => {
    // Server clock 12:00:00.900, window ends 60 s later: the date rounds up to 12:01:01, Date truncates to 12:00:00.
    const roundedUp = new Date(Math.ceil((now + 900 + 60_000) / 1000) * 1000).toUTCString();
    expect(readRetryAfter(roundedUp, date(0), now, minute)).toEqual({ ok: true, form: 'http-date', ms: 61_000, precisionMs: 1000 });
    expect(readRetryAfter(date(62), date(0), now, minute)).toEqual({
      ok: false,
      problem: `Retry-After ${date(62)} is 62 s after Date ${date(0)}; allowed at most 61 s (60 s + 1 s for the whole-second precision of the two values)`,
    });
  });

  it('allows the date precision and a little clock skew for a date without a Date header', () => {
    expect(readRetryAfter(date(63), undefined, now, minute)).toMatchObject({ ok: true, form: 'http-date', precisionMs: 3000 });
    expect(readRetryAfter(date(64), undefined, now, minute)).toEqual({
      ok: false,
      problem:
        `Retry-After ${date(64)} is 64 s after this client's clock (the response has no Date header); ` +
        "allowed at most 63 s (60 s + 1 s for the date's whole-second precision + 2 s for clock skew)",
    });
    expect(readRetryAfter(date(64), undefined, now + 500, minute)).toMatchObject({ ok: false, problem: expect.stringMatching(/is 63\.5 s after/) });
  });
});
