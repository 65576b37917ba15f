import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { parseEnv } from './schema.js';
import { checkTargetUrl } from './target-url.js';

describe('checkTargetUrl', () => {
  it.each([
    ['http://127.0.0.1:8080/api/v1', 'http://127.0.0.1:8080/api/v1'],
    ['https://example.test/api/v1/', 'https://example.test/api/v1'],
    ['https://example.test/base/api/v1', 'https://example.test/base/api/v1'],
  ])('takes %s as %s', (raw, url) => {
    expect(checkTargetUrl(raw)).toEqual({ url });
  });

  it.each([
    ['https://example.test', 'https://example.test/api/v1'],
    ['https://example.test/', 'https://example.test/api/v1'],
    ['https://example.test/api', 'https://example.test/api/v1'],
    ['http://h:1/work', 'http://h:1/work/api/v1'],
  ])('refuses %s and names %s as the fix, never using it', (raw, candidate) => {
    const result = checkTargetUrl(raw);
    expect(result).toEqual({ error: `must end with /api/v1; if the API is at ${candidate}, give that URL`, candidate });
  });

  it.each([
    ['not a url', /not a valid URL/],
    ['ftp://example.test/api/v1', /http or https/],
    ['https://example.test/api/v2', /must end with \/api\/v1: the suite tests version 1/],
    ['https://example.test/api/v1?x=1', /query or a fragment/],
  ])('refuses %s without a candidate', (raw, message) => {
    const result = checkTargetUrl(raw) as { error: string; candidate?: string };
    expect(result.error).toMatch(message);
    expect(result.candidate).toBeUndefined();
  });

  it('masks credentials in the URL its message shows', () => {
    const result = checkTargetUrl('https://user:secret@example.test') as { error: string; candidate: string };
    expect(result.candidate).toBe('https://user:secret@example.test/api/v1');
    expect(result.error).not.toContain('secret');
  });

  it('is the rule of a run: a URL without /api/v1 stops it in one line naming the completed URL', () => {
    const env = { CONFORMANCE_ADMIN_KEY: 'wmk_x', CONFORMANCE_TARGET_URL: 'https://example.test/api' };
    expect(() => parseEnv(env, () => 1)).toThrow(ConfigError);
    expect(() => parseEnv(env, () => 1)).toThrow(
      'CONFORMANCE_TARGET_URL: must end with /api/v1; if the API is at https://example.test/api/v1, give that URL (got "https://example.test/api")',
    );
    expect(parseEnv({ ...env, CONFORMANCE_TARGET_URL: 'https://example.test/api/v1/' }, () => 1).targetUrl).toBe('https://example.test/api/v1');
  });
});
