import { describe, expect, it } from 'vitest';
import { readRateHeaders } from './headers.js';

describe('readRateHeaders', () => {
  it('reads the three integers', () => {
    const reading = readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': ' 17 ' });
    expect(reading).toEqual({ values: { limit: 60, remaining: 0, reset: 17 }, problems: [] });
  });

  it('names each missing or non-integer header', () => {
    const reading = readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-reset': '59.873' });
    expect(reading.values).toEqual({ limit: 60, remaining: undefined, reset: undefined });
    expect(reading.problems).toEqual(['X-RateLimit-Remaining missing', 'X-RateLimit-Reset is not a non-negative integer ("59.873")']);
    expect(readRateHeaders({ 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '1' }).problems).toHaveLength(2);
  });
});
