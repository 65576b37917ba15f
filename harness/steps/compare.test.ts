import { describe, expect, it } from 'vitest';
import { mismatch, sameValue } from './compare.js';

describe('sameValue', () => {
  it('accepts a date as a midnight date-time, with or without a zone', () => {
    for (const actual of [
      '2024-03-01T00:00',
      '2024-03-01T00:00:00',
      '2024-03-01T00:00:00.000Z',
      '2024-03-01 00:00:00',
      '2024-03-01T00:00:00+02:00',
      '2024-03-01T00:00:00-0500',
    ]) {
      expect(sameValue('2024-03-01', actual), actual).toBe(true);
    }
  });

  it('refuses another day or another time of day', () => {
    for (const actual of ['2024-03-02T00:00:00Z', '2024-03-01T12:00:00Z', '2024-03-01T00:00:01Z', '2024-03-01X', '01/03/2024']) {
      expect(sameValue('2024-03-01', actual), actual).toBe(false);
    }
  });

  it('accepts HH:MM with seconds', () => {
    expect(sameValue('08:30', '08:30:00')).toBe(true);
    expect(sameValue('08:30', '08:30:00.000')).toBe(true);
    expect(sameValue('08:30', '08:30:01')).toBe(false);
    expect(sameValue('08:30', '08:31')).toBe(false);
  });

  it('accepts a batch HH:MM:SS start time kept, cut to the record HH:MM, or with fractional seconds', () => {
    expect(sameValue('08:30:15', '08:30')).toBe(true);
    expect(sameValue('08:30:15', '08:30:15.000')).toBe(true);
    expect(sameValue('08:30:15', '08:31')).toBe(false);
    expect(sameValue('08:30:15', '08:30:16')).toBe(false);
    expect(mismatch({ startTime: '08:30:15' }, { startTime: '08:30:15' })).toBeUndefined();
  });

  it('accepts a number as a decimal string', () => {
    expect(sameValue(12.5, '12.50')).toBe(true);
    expect(sameValue(12.5, '12.49')).toBe(false);
  });
});

describe('mismatch', () => {
  it('compares tags as a set and lets null match an absent field', () => {
    expect(mismatch({ tags: ['b', 'a'] }, { tags: ['a', 'b'] })).toBeUndefined();
    expect(mismatch({}, { notes: null })).toBeUndefined();
    expect(mismatch({ notes: 'x' }, { notes: null })).toContain('notes');
  });

  it('compares a phone number by its digits, as E.164 keeps it', () => {
    expect(mismatch({ phone: '+491701234567' }, { phone: '+49 1701234567' })).toBeUndefined();
    expect(mismatch({ phone: '+49 170 1234567' }, { phone: '+49 1701234567' })).toBeUndefined();
    expect(mismatch({ phone: '+491701234568' }, { phone: '+49 1701234567' })).toContain('phone');
    expect(mismatch({ phone: null }, { phone: '+49 1701234567' })).toContain('phone');
  });
});

describe('billableModifiers compared on the keys sent', () => {
  const sent = { billableModifiers: [{ id: 'a', name: 'Fee', type: 'percentage', value: '12.5' }] };

  it('accepts added keys, another key order and a normalised value string', () => {
    const shown = { billableModifiers: [{ value: '12.50', type: 'percentage', name: 'Fee', id: 'a', appliesTo: 'amount' }] };
    expect(mismatch(shown, sent)).toBeUndefined();
  });

  it('still fails a changed value, a missing key or a missing item', () => {
    expect(mismatch({ billableModifiers: [{ id: 'a', name: 'Fee', type: 'percentage', value: '13' }] }, sent)).toBeDefined();
    expect(mismatch({ billableModifiers: [{ id: 'a', name: 'Fee', value: '12.5' }] }, sent)).toBeDefined();
    expect(mismatch({ billableModifiers: [] }, sent)).toBeDefined();
  });
});
