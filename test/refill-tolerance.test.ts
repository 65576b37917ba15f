import { describe, expect, it } from 'vitest';
import { judgedWithinRefillTolerance } from './testing/refill-tolerance.js';

describe('a burst judged within a refill tolerance (the self-tests run such a run again)', () => {
  it('is one whose summary gives a tolerance of one request or more', () => {
    expect(judgedWithinRefillTolerance(['admitted 60 of 150; expected 59 (tolerance +1 for 1012 ms at 60/min)'])).toBe(true);
    expect(judgedWithinRefillTolerance(['x', 'admitted 61 of 66; expected 60 (tolerance +12 for 1700 ms at 60/8 s)'])).toBe(true);
  });

  it('is not one judged with no tolerance, nor a text without a burst summary', () => {
    expect(judgedWithinRefillTolerance(['admitted 60 of 150; expected 59 (tolerance +0 for 936 ms at 60/min)'])).toBe(false);
    expect(judgedWithinRefillTolerance(['a fresh window after 8.3 s', ''])).toBe(false);
    expect(judgedWithinRefillTolerance([])).toBe(false);
  });
});
