import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { email, nonEmail, nonUrl, nonUuid, tags, text, url, uuid } from './primitives.js';

const SEED = 20240514;
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 300): T[] => fc.sample(arb, { seed: SEED, numRuns });

describe('primitives', () => {
  it('give the same values for the same seed', () => {
    for (const arb of [text(), email(), url(), tags(), nonEmail(), nonUuid()] as Array<fc.Arbitrary<unknown>>) {
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
});
