import { describe, expect, it } from 'vitest';
import { validateValue } from './validate.js';

describe('validateValue', () => {
  it('accepts valid values and the empty value', () => {
    expect(validateValue('CONFORMANCE_ADMIN_KEY', 'wmk_abc')).toBeUndefined();
    expect(validateValue('CONFORMANCE_PROJECT_ID', 'c1458366-c560-45b8-9c25-c35957b5ae7c')).toBeUndefined();
    expect(validateValue('CONFORMANCE_CUSTOM_LIMIT', '90')).toBeUndefined();
    expect(validateValue('CONFORMANCE_LIMITED_KEYS', 'wmk_a, wmk_b')).toBeUndefined();
    expect(validateValue('CONFORMANCE_MEMBER_KEY', '')).toBeUndefined();
  });

  it('names the variable and never shows a key', () => {
    const message = validateValue('CONFORMANCE_ADMIN_KEY', 'wmk_top secret');
    expect(message).toBe('CONFORMANCE_ADMIN_KEY: an API key cannot contain spaces');
    expect(validateValue('CONFORMANCE_LIMITED_KEYS', 'wmk_a wmk_b')).not.toContain('wmk_');
  });

  it('shows a value that is not secret', () => {
    expect(validateValue('CONFORMANCE_PROJECT_ID', 'p1')).toBe('CONFORMANCE_PROJECT_ID: expected a UUID (got "p1")');
    expect(validateValue('CONFORMANCE_CUSTOM_LIMIT', 'lots')).toMatch(/^CONFORMANCE_CUSTOM_LIMIT: expected a whole number/);
    expect(validateValue('CONFORMANCE_SINK_PUBLIC_URL', 'nope')).toMatch(/^CONFORMANCE_SINK_PUBLIC_URL: not a valid URL/);
  });

  it('refuses a line break, which would start another assignment in the file', () => {
    expect(validateValue('CONFORMANCE_SINK_HOST', 'a\nCONFORMANCE_X=1')).toMatch(/control character/);
  });
});
