import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { inCi, refuseAccidentalReference, TARGET_ONLY } from './embedded-target.js';

const URL = 'https://api.example.test/api/v1';

describe('inCi', () => {
  it('reads CI as CI services set it, and an unset, empty or false one as not CI', () => {
    for (const value of ['true', 'TRUE', '1', 'yes', 'woodpecker']) expect(inCi({ CI: value }), value).toBe(true);
    for (const value of [undefined, '', ' ', 'false', 'False', '0', 'no']) expect(inCi({ CI: value }), String(value)).toBe(false);
  });
});

describe('refuseAccidentalReference', () => {
  it('counts the keys, ids and the sink public URL as describing a target, not the generic settings', () => {
    expect(TARGET_ONLY).toEqual(
      expect.arrayContaining([
        'CONFORMANCE_ADMIN_KEY',
        'CONFORMANCE_LIMITED_KEYS',
        'CONFORMANCE_PROJECT_ID',
        'CONFORMANCE_VERSION_ID',
        'CONFORMANCE_SINK_PUBLIC_URL',
      ]),
    );
    expect(TARGET_ONLY).not.toContain('CONFORMANCE_SEED');
    expect(TARGET_ONLY).not.toContain('CONFORMANCE_SUITES');
    expect(TARGET_ONLY).not.toContain('CONFORMANCE_TARGET_URL');
  });

  it('refuses a key set without a target URL, naming it and both ways out', () => {
    const refuse = () => refuseAccidentalReference({ CONFORMANCE_ADMIN_KEY: 'wmk_mine' }, false);
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow(
      'CONFORMANCE_ADMIN_KEY is set but CONFORMANCE_TARGET_URL is not: set the URL of your server (CONFORMANCE_TARGET_URL or --url), or remove it to run against the embedded reference server (--reference)',
    );
    expect(() => refuseAccidentalReference({ CONFORMANCE_MEMBER_KEY: 'wmk_a', CONFORMANCE_PROJECT_ID: 'p', CONFORMANCE_SEED: '1' }, true)).toThrow(
      /^CONFORMANCE_MEMBER_KEY and CONFORMANCE_PROJECT_ID are set but CONFORMANCE_TARGET_URL is not/,
    );
  });

  it('lets keys and ids through with a target URL, and an empty key is unset', () => {
    expect(() => refuseAccidentalReference({ CONFORMANCE_TARGET_URL: URL, CONFORMANCE_ADMIN_KEY: 'wmk_mine', CI: 'true' }, false)).not.toThrow();
    expect(() => refuseAccidentalReference({ CONFORMANCE_ADMIN_KEY: ' ' }, false)).not.toThrow();
  });

  it('in CI, needs --reference to test the embedded reference server', () => {
    const refuse = () => refuseAccidentalReference({ CI: 'true' }, false);
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow(/^CONFORMANCE_TARGET_URL is not set, and in CI .*CONFORMANCE_TARGET_URL or --url.*--reference \(CONFORMANCE_REFERENCE=true\)/);
    expect(() => refuseAccidentalReference({ CI: 'true' }, true)).not.toThrow();
    // Outside CI a bare run still tests the reference (the quick start relies on it).
    expect(() => refuseAccidentalReference({}, false)).not.toThrow();
  });
});
