import { describe, expect, it } from 'vitest';
import { normaliseTargetUrl, validateValue } from './validate.js';

describe('normaliseTargetUrl', () => {
  it.each([
    ['http://127.0.0.1:8080/api/v1', 'http://127.0.0.1:8080/api/v1'],
    ['https://example.test/api/v1/', 'https://example.test/api/v1'],
    ['https://example.test/base/api/v1', 'https://example.test/base/api/v1'],
  ])('takes %s as %s, without a note', (raw, url) => {
    expect(normaliseTargetUrl(raw)).toEqual({ url });
  });

  it.each([
    ['https://example.test', 'https://example.test/api/v1'],
    ['https://example.test/', 'https://example.test/api/v1'],
    ['https://example.test/api', 'https://example.test/api/v1'],
    ['http://h:1/work', 'http://h:1/work/api/v1'],
  ])('completes %s to %s and says so', (raw, url) => {
    const result = normaliseTargetUrl(raw);
    expect(result).toMatchObject({ url });
    expect((result as { note: string }).note).toMatch(/does not end with \/api\/v1: using /);
  });

  it.each([
    ['not a url', /not a valid URL/],
    ['ftp://example.test/api/v1', /http or https/],
    ['https://example.test/api/v2', /must end with \/api\/v1/],
    ['https://example.test/api/v1?x=1', /query or a fragment/],
  ])('refuses %s', (raw, message) => {
    expect((normaliseTargetUrl(raw) as { error: string }).error).toMatch(message);
  });

  it('masks credentials in the URL it shows', () => {
    const result = normaliseTargetUrl('https://user:secret@example.test') as { url: string; note: string };
    expect(result.url).toBe('https://user:secret@example.test/api/v1');
    expect(result.note).not.toContain('secret');
  });
});

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
