import { describe, expect, it } from 'vitest';
import { createBodyAjv, HH_MM_PATTERN, HH_MM_SS_PATTERN, isRealDate, sharedBodyAjv, utcDate } from './validation.js';

describe('isRealDate (spec 2.3: a <date> must be a real calendar date)', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '2024-04-30', '0001-01-01'])('accepts %s', (value) => {
    expect(isRealDate(value)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-5',
    '2024-01-05T00:00:00Z',
    ' 2024-01-05',
    '２０２４-01-05',
    '',
  ])('rejects %j', (value) => {
    expect(isRealDate(value)).toBe(false);
  });
});

describe('time-of-day patterns', () => {
  it('HH:MM is 00:00..23:59; the batch pattern also takes :SS', () => {
    const hhmm = new RegExp(HH_MM_PATTERN);
    const withSeconds = new RegExp(HH_MM_SS_PATTERN);
    expect(['00:00', '23:59', '09:05'].every((t) => hhmm.test(t))).toBe(true);
    expect(['24:00', '9:30', '12:60', '09:30:00', '0930'].some((t) => hhmm.test(t))).toBe(false);
    expect(['09:30', '09:30:59', '23:59:00'].every((t) => withSeconds.test(t))).toBe(true);
    expect(['09:30:60', '24:00:00', '09:30:5'].some((t) => withSeconds.test(t))).toBe(false);
  });
});

describe('body ajv', () => {
  it('knows the date format and is shared between apps', () => {
    const validate = createBodyAjv().compile({ type: 'string', format: 'date' });
    expect([validate('2024-02-29'), validate('2023-02-29')]).toEqual([true, false]);
    expect(sharedBodyAjv()).toBe(sharedBodyAjv());
    expect(utcDate(new Date('2024-06-15T23:59:59-05:00'))).toBe('2024-06-16');
  });
});
