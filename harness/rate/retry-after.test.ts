import { describe, expect, it } from 'vitest';
import { readRetryAfter } from './retry-after.js';

describe('readRetryAfter', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const date = (offsetS: number): string => new Date(now + offsetS * 1000).toUTCString();

  it('accepts delta-seconds from 1 to 60', () => {
    expect(readRetryAfter('1', undefined, now)).toEqual({ ok: true, form: 'delta-seconds', ms: 1000 });
    expect(readRetryAfter('60', undefined, now)).toEqual({ ok: true, form: 'delta-seconds', ms: 60_000 });
  });

  it('refuses missing, zero, too long and unreadable values', () => {
    expect(readRetryAfter(undefined, undefined, now)).toEqual({ ok: false, problem: 'Retry-After missing' });
    expect(readRetryAfter('0', undefined, now)).toMatchObject({ ok: false, problem: expect.stringMatching(/not positive/) });
    expect(readRetryAfter('61', undefined, now)).toMatchObject({ ok: false, problem: expect.stringMatching(/more than 60 s/) });
    expect(readRetryAfter('57000', undefined, now)).toMatchObject({ ok: false });
    expect(readRetryAfter('1.5', undefined, now)).toMatchObject({ ok: false, problem: expect.stringMatching(/neither/) });
  });

  it('measures an HTTP date from the response Date header when there is one', () => {
    expect(readRetryAfter(date(30), date(0), now + 10_000)).toEqual({ ok: true, form: 'http-date', ms: 30_000 });
    expect(readRetryAfter(date(0), date(0), now)).toMatchObject({ ok: false, problem: expect.stringMatching(/not positive/) });
    expect(readRetryAfter(date(90), date(0), now)).toMatchObject({ ok: false });
  });

  it('allows a little clock skew for a date without a Date header', () => {
    expect(readRetryAfter(date(61), undefined, now)).toMatchObject({ ok: true, form: 'http-date' });
    expect(readRetryAfter(date(63), undefined, now)).toMatchObject({ ok: false });
  });
});
