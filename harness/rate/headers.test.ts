import { describe, expect, it } from 'vitest';
import { readRateHeaders } from './headers.js';

describe('readRateHeaders', () => {
  it('reads the three integers', () => {
    const reading = readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': ' 17 ' });
    expect(reading).toEqual({ values: { limit: 60, remaining: 0, reset: '17' }, problems: [] });
    // A policy after the count still says 60; a reset in another form is kept as sent, for interpretReset.
    expect(
      readRateHeaders(
        { 'x-ratelimit-limit': '60, 60;w=60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '2026-11-22T13:00:30+01:00' },
        Date.UTC(2026, 10, 22, 12, 0, 0),
      ).values,
    ).toEqual({
      limit: 60,
      remaining: 59,
      reset: '2026-11-22T13:00:30+01:00',
    });
  });

  it('names each missing or non-integer header', () => {
    const reading = readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-reset': 'soon' });
    expect(reading.values).toEqual({ limit: 60, remaining: undefined, reset: undefined });
    expect(reading.problems).toEqual(['X-RateLimit-Remaining missing', expect.stringMatching(/^X-RateLimit-Reset "soon" is no reset form/)]);
    expect(readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '59.873' }).problems).toEqual([]);
    expect(readRateHeaders({ 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '1' }).problems).toHaveLength(2);
  });
});
