import { describe, expect, it } from 'vitest';
import { formatDuration, formatNumber, formatResponse } from './format.js';
import { compareNatural } from './order.js';
import { checkLabel } from './verdict.js';

describe('shared text helpers', () => {
  it('orders naturally and deterministically', () => {
    const sections = ['2.10', '10', '2.9', '2.1', '4', '2.3'];
    expect([...sections].sort(compareNatural)).toEqual(['2.1', '2.3', '2.9', '2.10', '4', '10']);
    expect(['R-10', 'R-2', 'R-02'].sort(compareNatural)).toEqual(['R-02', 'R-2', 'R-10']);
  });

  it('formats numbers and durations without the locale', () => {
    expect(formatNumber(1234.5678)).toBe('1234.57');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatDuration(840.4)).toBe('840 ms');
    expect(formatDuration(12_449)).toBe('12.4 s');
    expect(formatDuration(187_000)).toBe('3 min 07 s');
    expect(formatDuration(999.7)).toBe('1.0 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
  });

  it('formats a response with sorted headers', () => {
    const text = formatResponse({
      curl: 'curl',
      method: 'GET',
      url: 'u',
      status: 404,
      responseHeaders: { 'x-b': '2', 'content-type': 'application/json', 'x-a': '1' },
      bodyExcerpt: '{}',
      durationMs: 5,
    });
    expect(text).toBe('HTTP 404 (5 ms)\ncontent-type: application/json\nx-a: 1\nx-b: 2\n\n{}');
  });

  it('does not repeat the level already at the start of a title', () => {
    expect(checkLabel({ requirementId: 'TE-DATE-REAL', level: 'MUST', title: 'MUST reject a bad date' })).toBe('[TE-DATE-REAL] MUST reject a bad date');
    expect(checkLabel({ requirementId: 'X-1', level: 'SHOULD', title: 'send rate headers' })).toBe('[X-1] SHOULD send rate headers');
  });
});
