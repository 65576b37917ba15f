import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, email, identifier, nonEmail, nonUrl, nonUuid, pastDate, runSalt, tags, text, url, uuid } from './primitives.js';

const SEED = 20240514;
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 300): T[] => fc.sample(arb, { seed: SEED, numRuns });

describe('primitives', () => {
  it('give the same values for the same seed', () => {
    for (const arb of [text(), email(), url(), tags(), nonEmail(), nonUuid(), identifier(), identifier(20, 'ab12c'), pastDate()] as Array<
      fc.Arbitrary<unknown>
    >) {
      expect(fc.sample(arb, { seed: 7, numRuns: 30 })).toEqual(fc.sample(arb, { seed: 7, numRuns: 30 }));
    }
    expect(fc.sample(text(), { seed: 7, numRuns: 30 })).not.toEqual(fc.sample(text(), { seed: 8, numRuns: 30 }));
  });

  it('email() values pass z.email()', () => {
    for (const value of sample(email())) expect(z.email().safeParse(value).success, value).toBe(true);
  });

  it('nonEmail() values fail z.email()', () => {
    for (const value of sample(nonEmail())) expect(z.email().safeParse(value).success, value).toBe(false);
  });

  it('url() values pass z.url() and new URL(), with a path', () => {
    for (const value of sample(url())) {
      expect(z.url().safeParse(value).success, value).toBe(true);
      const parsed = new URL(value);
      expect(parsed.protocol).toBe('https:');
      // Already normalised: a server that re-serialises it returns the same string.
      expect(parsed.href).toBe(value);
    }
  });

  it('nonUrl() values fail z.url()', () => {
    for (const value of sample(nonUrl())) expect(z.url().safeParse(value).success, value).toBe(false);
  });

  it('uuid() values pass z.uuid() and nonUuid() values fail it', () => {
    for (const value of sample(uuid())) expect(z.uuid().safeParse(value).success, value).toBe(true);
    for (const value of sample(nonUuid())) expect(z.uuid().safeParse(value).success, value).toBe(false);
  });

  it('text() is never empty, never longer than asked and never has surrounding whitespace', () => {
    for (const max of [2, 3, 12, 40]) {
      for (const value of sample(text(max), 100)) {
        expect(value.length).toBeGreaterThanOrEqual(1);
        expect(value.length).toBeLessThanOrEqual(max);
        expect(value.trim()).toBe(value);
        expect(value).not.toMatch(/[\u0000-\u001f\u007f]/);
      }
    }
  });

  it('text(1) keeps to one character', () => {
    for (const value of sample(text(1), 50)) expect(value.length).toBeLessThanOrEqual(1);
  });

  it('tags() are distinct strings', () => {
    for (const value of sample(tags(), 200)) {
      expect(new Set(value).size).toBe(value.length);
      expect(value.length).toBeLessThanOrEqual(4);
    }
  });

  it('tags() are lower-case [a-z0-9-] labels no normaliser changes', () => {
    const all = sample(tags(), 300).flat();
    expect(all.length).toBeGreaterThan(100);
    for (const value of all) expect(value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('identifier() values rarely collide, unlike text(), and keep to the length asked', () => {
    const distinct = (values: string[]) => new Set(values).size;
    // The reason identifier() exists: short text() values repeat.
    expect(distinct(sample(text(), 1000))).toBeLessThan(1000);
    for (const [max, salt] of [
      [40, ''],
      [20, runSalt('conformance-run-20261123T000000Z-abcd')],
      [30, 'x'],
    ] as const) {
      const values = sample(identifier(max, salt), 1000);
      expect(distinct(values)).toBe(1000);
      for (const value of values) {
        expect(value.length).toBeLessThanOrEqual(max);
        expect(value.trim()).toBe(value);
        expect(value).toMatch(new RegExp(`-${salt}[0-9a-f]{8}$`));
      }
    }
  });

  it('runSalt() is short, stable per run tag and differs between runs', () => {
    const a = runSalt('conformance-run-20261123T000000Z-abcd');
    expect(a).toMatch(/^[0-9a-z]{5}$/);
    expect(runSalt('conformance-run-20261123T000000Z-abcd')).toBe(a);
    expect(runSalt('conformance-run-20261123T000000Z-abce')).not.toBe(a);
    expect(runSalt(undefined)).toBe('');
  });

  it('pastDate() values are real dates no later than 2024', () => {
    for (const value of sample(pastDate())) {
      expect(z.iso.date().safeParse(value).success, value).toBe(true);
      expect(value <= '2024-12-31').toBe(true);
    }
  });

  it('amount() keeps to its bounds with at most two decimals', () => {
    for (const value of sample(amount(10, 0.01))) {
      expect(value).toBeGreaterThanOrEqual(0.01);
      expect(value).toBeLessThanOrEqual(10);
      expect(Math.round(value * 100) / 100).toBe(value);
    }
  });
});
