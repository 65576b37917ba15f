import { describe, expect, it } from 'vitest';
import { checkList } from './check-list.js';
import { REQUIREMENT_NEEDS } from './requirement-needs.js';
import { REQUIREMENT_SUITES } from './requirement-suites.js';
import { parseEnv } from './schema.js';
import { DOMAINS } from './defaults.js';
import { isRequirementId, REQUIREMENTS } from '../spec/requirements.js';

const URL = 'https://api.example.com/api/v1';
const KEY = 'wmk_0123456789abcdef0123456789abcdef';
const config = (env: Record<string, string>) => parseEnv(env, () => 1);

describe('checkList (conformance list)', () => {
  it('lists one row per requirement and suite that checks it, with its level and section from the catalogue', () => {
    const list = checkList(config({}));
    const expected = Object.entries(REQUIREMENT_SUITES).reduce((n, [, suites]) => n + suites.length, 0);
    expect(list.checks).toHaveLength(expected);
    const row = list.checks.find((c) => c.requirementId === 'CT-NAME-MIN')!;
    expect(row).toMatchObject({ level: REQUIREMENTS['CT-NAME-MIN'].level, domain: 'contacts', section: REQUIREMENTS['CT-NAME-MIN'].section, needs: [] });
    expect(list.notSelected).toEqual([]);
  });

  it('against the embedded reference server, has every variable (its seed sets them)', () => {
    expect(checkList(config({})).checks.filter((c) => c.skipped)).toEqual([]);
  });

  it('against a URL with only the admin key, marks the checks that need another variable as skipped, naming it', () => {
    const list = checkList(config({ CONFORMANCE_TARGET_URL: URL, CONFORMANCE_ADMIN_KEY: KEY }));
    const isolation = list.checks.find((c) => c.requirementId === 'SEC-ISOLATION-READ')!;
    expect(isolation.skipped).toBe(true);
    expect(isolation.needs.find((n) => n.variable === 'CONFORMANCE_OTHER_ORG_KEY')).toEqual({
      variable: 'CONFORMANCE_OTHER_ORG_KEY',
      set: false,
      optional: false,
    });
    // An optional variable never makes a check skip.
    expect(list.checks.find((c) => c.requirementId === 'RL-HEADERS-SUCCESS')!.skipped).toBe(false);
    expect(list.checks.find((c) => c.requirementId === 'CT-NAME-MIN')!.skipped).toBe(false);
    const withKey = checkList(config({ CONFORMANCE_TARGET_URL: URL, CONFORMANCE_ADMIN_KEY: KEY, CONFORMANCE_OTHER_ORG_KEY: KEY.replace('0', '1') }));
    expect(withKey.checks.find((c) => c.requirementId === 'AUTH-ORG-SCOPE')!.skipped).toBe(false);
  });

  it('counts a second limited key in place of the custom-limit key (RL-PER-KEY-COUNTERS), not the first one alone', () => {
    const base = { CONFORMANCE_TARGET_URL: URL, CONFORMANCE_ADMIN_KEY: KEY, CONFORMANCE_LIMITED_KEY: KEY.replace('a', 'b') };
    const counters = (env: Record<string, string>) => checkList(config(env)).checks.find((c) => c.requirementId === 'RL-PER-KEY-COUNTERS')!;
    expect(counters(base).skipped).toBe(true);
    expect(counters({ ...base, CONFORMANCE_LIMITED_KEYS: `${base.CONFORMANCE_LIMITED_KEY},${KEY.replace('a', 'c')}` }).skipped).toBe(false);
  });

  it('follows the selection: CONFORMANCE_SUITES and CONFORMANCE_REQUIREMENTS', () => {
    const list = checkList(config({ CONFORMANCE_SUITES: 'contacts,tasks', CONFORMANCE_REQUIREMENTS: 'INPUT-TYPE,CT-NAME-MIN' }));
    expect(list.checks.map((c) => `${c.requirementId} ${c.domain}`)).toEqual(['INPUT-TYPE contacts', 'INPUT-TYPE tasks', 'CT-NAME-MIN contacts']);
    expect(list.notSelected).toHaveLength(Object.keys(REQUIREMENTS).length - 2);
  });

  it('declares needs only for catalogued requirements in suites that check them', () => {
    for (const [id, byDomain] of Object.entries(REQUIREMENT_NEEDS)) {
      expect(isRequirementId(id), id).toBe(true);
      for (const domain of Object.keys(byDomain ?? {})) {
        expect(DOMAINS as readonly string[]).toContain(domain);
        expect(REQUIREMENT_SUITES[id as keyof typeof REQUIREMENT_SUITES], `${id} ${domain}`).toContain(domain);
      }
    }
  });
});
