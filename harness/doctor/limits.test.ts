import { describe, expect, it } from 'vitest';
import { customLimitItem, defaultLimitItem, runLimitItems } from './limits.js';

const answer = (headers: Record<string, string>, status = 200) => ({ status, headers });
const config = { keys: { admin: 'wmk_a', member: 'wmk_m' }, numRuns: 20, paced: false, runDeadlineS: 1800 };

describe('runLimitItems', () => {
  it('says how many requests a full run sends and how long they take under the limit', () => {
    const [admin, member] = runLimitItems(config, { admin: answer({ 'x-ratelimit-limit': '60' }), member: answer({ 'x-ratelimit-limit': '60' }) });
    // The run refuses a slow run from its own (maybe narrowed) plan: this item never stops it.
    expect(admin).toMatchObject({ id: 'limit:CONFORMANCE_ADMIN_KEY', status: 'problem', blocksRun: false });
    expect(admin!.detail).toMatch(
      /^60 a minute \(the spec's default: either the key has no custom limit on the target, or the target ignores custom limits\); a full run sends about [\d,]+00 requests with it: about \d+ h \d+ min paced under that limit, longer than the 10 min/,
    );
    expect(admin!.fix).toMatch(/at least 1,\d\d\d \(spec 5\.6/);
    expect(member).toMatchObject({ status: 'ok' });
  });
  it('warns when the limit holds the run, accepts a paced run within the deadline, refuses one past it', () => {
    expect(runLimitItems(config, { admin: answer({ 'x-ratelimit-limit': '2000' }) })[0]!.status).toBe('warning');
    expect(runLimitItems(config, { admin: answer({ 'x-ratelimit-limit': '100000' }) })[0]!.status).toBe('ok');
    expect(runLimitItems({ ...config, paced: true, runDeadlineS: 36_000 }, { admin: answer({ 'x-ratelimit-limit': '60' }) })[0]!.status).toBe('warning');
    const late = runLimitItems({ ...config, paced: true }, { admin: answer({ 'x-ratelimit-limit': '60' }) })[0]!;
    expect(late).toMatchObject({ status: 'problem', variables: ['CONFORMANCE_ADMIN_KEY', 'CONFORMANCE_RUN_DEADLINE_S'] });
    expect(runLimitItems(config, { admin: answer({}) })[0]).toMatchObject({ status: 'warning', detail: expect.stringMatching(/no usable X-RateLimit-Limit/) });
  });
});

describe('defaultLimitItem and customLimitItem', () => {
  it('want 60 a minute with budget left on a limited key', () => {
    expect(defaultLimitItem('CONFORMANCE_LIMITED_KEY', answer({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '58' })).detail).toBe(
      'X-RateLimit-Limit: 60, 58 left in the current window',
    );
    expect(defaultLimitItem('CONFORMANCE_LIMITED_KEY', answer({ 'x-ratelimit-limit': '90' })).status).toBe('problem');
    expect(defaultLimitItem('CONFORMANCE_LIMITED_KEY', answer({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' })).status).toBe('warning');
    expect(defaultLimitItem('CONFORMANCE_LIMITED_KEYS[2]', answer({ 'x-ratelimit-limit': '60' }, 429))).toMatchObject({
      status: 'warning',
      variables: ['CONFORMANCE_LIMITED_KEYS'],
    });
    expect(defaultLimitItem('CONFORMANCE_LIMITED_KEY', undefined).status).toBe('not-checked');
  });
  it('want the configured custom limit', () => {
    const custom = { keys: { customLimit: 'wmk_c' }, customLimit: 90 };
    expect(customLimitItem(custom, answer({ 'x-ratelimit-limit': '90' })).status).toBe('ok');
    // The advertised limit is the behaviour under test: a setting or a target ignoring custom
    // limits, both named, and the run goes on (RL-LIMIT-CUSTOM decides).
    const ignored = customLimitItem(custom, answer({ 'x-ratelimit-limit': '60' }));
    expect(ignored).toMatchObject({ status: 'warning', blocksRun: false });
    expect(ignored.detail).toMatch(/either the setting .* is wrong, or the target ignores the key's custom limit/);
    expect(ignored.fix).toMatch(/give it 90 there/);
    const other = customLimitItem(custom, answer({ 'x-ratelimit-limit': '120' }));
    expect(other.fix).toBe("if 120 is the key's custom limit, set CONFORMANCE_CUSTOM_LIMIT=120; otherwise give the key a limit of 90 on the target");
    expect(other.detail).toMatch(/the target applies 120 rather than the key's custom limit/);
    expect(customLimitItem({ keys: {}, customLimit: undefined }, undefined).status).toBe('not-configured');
  });
});
