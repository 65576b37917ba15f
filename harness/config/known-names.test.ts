import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { closestName, editDistance, KNOWN_NAMES, refuseUnknownNames } from './known-names.js';

describe('closestName', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('ULR', 'URL')).toBe(1);
    expect(editDistance('KEY', 'KYE')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('names the setting a misspelt variable was meant to be', () => {
    expect(closestName('CONFORMANCE_TARGET_ULR')).toBe('CONFORMANCE_TARGET_URL');
    expect(closestName('CONFORMANCE_ADMIN_KYE')).toBe('CONFORMANCE_ADMIN_KEY');
    expect(closestName('CONFORMANCE_SUITE')).toBe('CONFORMANCE_SUITES');
    expect(closestName('conformance_num_runs')).toBe('CONFORMANCE_NUM_RUNS');
  });

  it('guesses nothing for a name unlike any setting', () => {
    expect(closestName('CONFORMANCE_WHATEVER_THIS_IS')).toBeUndefined();
  });
});

describe('refuseUnknownNames', () => {
  it('accepts every setting and any variable outside CONFORMANCE_', () => {
    expect(() => refuseUnknownNames({ ...Object.fromEntries(KNOWN_NAMES.map((n) => [n, 'x'])), CI: 'true', PATH: '/bin' }, 'the environment')).not.toThrow();
  });

  it('refuses an unknown CONFORMANCE_ name in one line naming where it was set and the closest known name', () => {
    const refuse = () => refuseUnknownNames({ CONFORMANCE_TARGET_ULR: 'https://example.test/api/v1', CONFORMANCE_ADMIN_KEY: 'wmk_x' }, '.env');
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow(
      'CONFORMANCE_TARGET_ULR (set in .env) is not a known variable: did you mean CONFORMANCE_TARGET_URL? (conformance --help lists them)',
    );
  });

  it('counts the other unknown names, and never shows a value', () => {
    const refuse = () => refuseUnknownNames({ CONFORMANCE_ZZZ: 'wmk_secret', CONFORMANCE_AAA: 'wmk_secret' }, 'the environment');
    expect(refuse).toThrow(/^CONFORMANCE_AAA \(set in the environment\) is not a known variable \(and 1 more unknown: CONFORMANCE_ZZZ\)/);
    expect(refuse).not.toThrow(/wmk_secret/);
  });
});
