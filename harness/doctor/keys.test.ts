import { describe, expect, it } from 'vitest';
import { missingApiBase } from './config.js';
import { distinctKeysItem, keyAcceptedItem } from './keys.js';
import { item } from './model.js';
import { blockingLine } from './preflight.js';

describe('distinctKeysItem', () => {
  it('names every pair of roles given the same key, never the key', () => {
    const found = distinctKeysItem({ keys: { admin: 'wmk_a', member: 'wmk_a', limited: 'wmk_l', customLimit: 'wmk_l' }, limitedKeys: [] });
    expect(found).toMatchObject({
      status: 'problem',
      blocksRun: true,
      detail: 'the same key is configured twice: CONFORMANCE_ADMIN_KEY = CONFORMANCE_MEMBER_KEY; CONFORMANCE_LIMITED_KEY = CONFORMANCE_CUSTOM_LIMIT_KEY',
    });
    expect(JSON.stringify(found)).not.toContain('wmk_');
  });
  it('lets CONFORMANCE_LIMITED_KEYS repeat the limited key (its default), nothing else', () => {
    expect(distinctKeysItem({ keys: { admin: 'wmk_a', limited: 'wmk_l' }, limitedKeys: ['wmk_l', 'wmk_2'] }).status).toBe('ok');
    expect(distinctKeysItem({ keys: { admin: 'wmk_a', limited: 'wmk_l' }, limitedKeys: ['wmk_l', 'wmk_a'] }).detail).toMatch(
      /CONFORMANCE_ADMIN_KEY = CONFORMANCE_LIMITED_KEYS\[2\]/,
    );
  });
});

describe('keyAcceptedItem', () => {
  const ok = { status: 200, headers: {} };
  const refused = { status: 401, headers: {} };
  it("takes this API's list in the body as the key accepted, whatever the status (the auth checks judge the status)", () => {
    const listed401 = { status: 401, headers: {}, listed: true };
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_ADMIN_KEY', xApiKey: listed401, bearer: listed401 }, { blocksRun: true })).toMatchObject({
      status: 'ok',
      blocksRun: false,
    });
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_ADMIN_KEY', xApiKey: { ...refused, listed: false }, bearer: refused }, { blocksRun: true }).blocksRun).toBe(
      true,
    );
  });
  it('wants both header styles (spec 5.1)', () => {
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_MEMBER_KEY', xApiKey: ok, bearer: ok }, { blocksRun: true }).status).toBe('ok');
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_MEMBER_KEY', xApiKey: refused, bearer: ok }, { blocksRun: true }).status).toBe('warning');
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_MEMBER_KEY', xApiKey: refused, bearer: refused }, { blocksRun: true })).toMatchObject({
      status: 'problem',
      blocksRun: true,
    });
    expect(keyAcceptedItem({ variable: 'CONFORMANCE_LIMITED_KEY', xApiKey: { status: 429, headers: {} }, bearer: refused }, { blocksRun: false }).status).toBe(
      'warning',
    );
    expect(
      keyAcceptedItem({ variable: 'CONFORMANCE_MEMBER_KEY', xApiKey: { error: 'timeout' }, bearer: { error: 'timeout' } }, { blocksRun: true }).status,
    ).toBe('not-checked');
  });
});

describe('missingApiBase', () => {
  it('offers the URL with /api/v1 for an http(s) URL without it', () => {
    expect(missingApiBase('http://h:8080')).toEqual({ given: 'http://h:8080', candidate: 'http://h:8080/api/v1' });
    expect(missingApiBase('https://h/base/')).toEqual({ given: 'https://h/base/', candidate: 'https://h/base/api/v1' });
    expect(missingApiBase('https://h/api')).toEqual({ given: 'https://h/api', candidate: 'https://h/api/v1' });
    // Not a missing base: the configuration refuses these as they are.
    expect(missingApiBase('https://h/base/?x=1')).toBeUndefined();
    expect(missingApiBase('https://h/api/v2')).toBeUndefined();
    expect(missingApiBase('https://h/api/v1/')).toBeUndefined();
    expect(missingApiBase('ftp://h')).toBeUndefined();
    expect(missingApiBase('not a url')).toBeUndefined();
    expect(missingApiBase(undefined)).toBeUndefined();
  });
});

describe('blockingLine', () => {
  it('names the variable, what was found and the fix, in one line', () => {
    const line = blockingLine(
      item('project', 'CONFORMANCE_PROJECT_ID is a project of org A', 'problem', 'unknown to the admin key', {
        fix: 'set it',
        variables: ['CONFORMANCE_PROJECT_ID'],
        blocksRun: true,
      }),
      2,
    );
    expect(line).toMatch(/^CONFORMANCE_PROJECT_ID: unknown to the admin key\. Fix: set it \(and 2 more problems\)\. conformance doctor shows the whole setup/);
    expect(line).not.toContain('\n');
  });
});
