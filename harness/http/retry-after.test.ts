import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

const NOW = Date.UTC(2015, 9, 21, 7, 27, 0); // Wed, 21 Oct 2015 07:27:00 GMT

describe('retryAfterMs', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterMs('120', NOW)).toBe(120_000);
    expect(retryAfterMs('1', NOW)).toBe(1000);
    expect(retryAfterMs('0', NOW)).toBe(0);
    expect(retryAfterMs(' 3 ', NOW)).toBe(3000);
  });

  it('reads an HTTP date relative to now', () => {
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', NOW)).toBe(60_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:27:05 GMT', NOW)).toBe(5000);
  });

  it('reads an HTTP date in the past as no wait', () => {
    expect(retryAfterMs('Wed, 21 Oct 2015 07:00:00 GMT', NOW)).toBe(0);
  });

  it('is undefined when the header is absent', () => {
    expect(retryAfterMs(undefined, NOW)).toBeUndefined();
  });

  it.each(['', '   ', 'soon', 'tomorrow', '1.', '.5', '-5', '5s', '120 seconds', 'abc1', '1e3'])('is undefined for the unreadable value %j', (value) => {
    expect(retryAfterMs(value, NOW)).toBeUndefined();
  });

  // V8's legacy Date.parse accepts "<word> <number>" ("Retry 5" is 1 May 2001): only HTTP dates count.
  it.each(['Retry 5', 'foo 1', 'later 2024'])('is undefined for the word-and-number garbage %j', (value) => {
    expect(retryAfterMs(value, NOW)).toBeUndefined();
  });

  it('reads a fractional delay as the milliseconds it says (tolerated beside RFC 9110 delta-seconds)', () => {
    expect(retryAfterMs('1.5')).toBe(1500);
    expect(retryAfterMs(' 0.25 ')).toBe(250);
  });
});
