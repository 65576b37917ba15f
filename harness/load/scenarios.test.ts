import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/schema.js';
import { FRESH_PROBES_PER_KEY } from './fresh-windows.js';
import { buildScenarios, executionOrder, resolveKeys, sharedKeys, type Scenario, type ThroughputScenario } from './scenarios.js';

const settings = (env: Record<string, string> = {}) => parseEnv(env, () => 1).load;

describe('buildScenarios', () => {
  it('has the four scenarios by default, in report order, with the default sizes', () => {
    const scenarios = buildScenarios(settings(), 10_000);
    expect(scenarios.map((s) => s.id)).toEqual(['burst', 'keys', 'sustained', 'throughput']);
    expect(scenarios[0]).toMatchObject({ kind: 'burst', requestsPerKey: 150, connectionsPerKey: 50, keys: { role: 'limited', which: 'first' } });
    expect(scenarios[1]).toMatchObject({ kind: 'burst', keys: { role: 'limited', which: 'all' } });
    expect(scenarios[2]).toMatchObject({ kind: 'sustained', ratePerMin: 55, durationS: 120, background: true });
    const throughput = scenarios[3] as ThroughputScenario;
    expect(throughput.steps.map((s) => `${s.endpoint}×${s.connections}`)).toEqual([
      'list×1',
      'list×10',
      'list×50',
      'list×100',
      'get×1',
      'get×10',
      'get×50',
      'get×100',
      'create×1',
      'create×10',
      'create×50',
      'create×100',
    ]);
  });

  it('bounds every scenario in requests and time', () => {
    for (const s of buildScenarios(settings(), 10_000)) {
      expect(s.bounds.maxRequests).toBeGreaterThan(0);
      expect(Number.isFinite(s.bounds.maxRequests)).toBe(true);
      expect(s.bounds.maxDurationMs).toBeGreaterThan(0);
      expect(s.bounds.maxDurationMs).toBeLessThan(30 * 60_000);
    }
    const sustained = buildScenarios(settings(), 10_000)[2]!;
    // 110 scheduled requests, plus the probes a fresh-window wait sends at most.
    expect(sustained.bounds.maxRequests).toBe(110 + FRESH_PROBES_PER_KEY);
    expect(FRESH_PROBES_PER_KEY).toBeLessThanOrEqual(32);
    // The fresh-window wait covers the moment the headers name and a full minute after the last probe.
    expect(sustained.kind === 'sustained' && sustained.freshWaitMs).toBeGreaterThanOrEqual(2 * 60_000 + 2000);
    const throughput = buildScenarios(settings(), 10_000)[3] as ThroughputScenario;
    for (const step of throughput.steps.filter((s) => s.endpoint === 'create')) expect(step.maxRequests).toBe(2000);
  });

  it('follows the CONFORMANCE_LOAD_* overrides, for shortened self-test runs', () => {
    const scenarios = buildScenarios(
      settings({
        CONFORMANCE_LOAD_SCENARIOS: 'sustained,throughput',
        CONFORMANCE_LOAD_SUSTAINED_S: '3',
        CONFORMANCE_LOAD_STEP_S: '1',
        CONFORMANCE_LOAD_CONCURRENCY: '1,4',
        CONFORMANCE_LOAD_ENDPOINTS: 'create,get',
        CONFORMANCE_LOAD_MAX_CREATES: '2',
      }),
      10_000,
    );
    expect(scenarios.map((s) => s.id)).toEqual(['sustained', 'throughput']);
    expect(scenarios[0]).toMatchObject({ durationS: 3 });
    // Reads before creates; never more connections than a capped step has requests.
    expect((scenarios[1] as ThroughputScenario).steps.map((s) => [s.endpoint, s.connections, s.durationS, s.maxRequests])).toEqual([
      ['get', 1, 1, 100_000],
      ['get', 4, 1, 100_000],
      ['create', 1, 1, 2],
      ['create', 2, 1, 2],
    ]);
  });
});

describe('executionOrder', () => {
  const config = (limitedKeys: string[]) => ({ keys: { admin: 'wmk_admin', limited: limitedKeys[0] }, limitedKeys });
  const keysOf =
    (c: ReturnType<typeof config>) =>
    (s: Scenario): readonly string[] => {
      const r = resolveKeys(s.keys, c);
      return r.ok ? r.keys.map((k) => k.key) : [];
    };

  it('runs keys first (all keys fresh), sustained in the background, then the single-key burst, throughput last', () => {
    expect(executionOrder(buildScenarios(settings(), 10_000)).map((s) => s.id)).toEqual(['keys', 'sustained', 'burst', 'throughput']);
    const three = config(['wmk_l1', 'wmk_l2', 'wmk_l3']);
    expect(executionOrder(buildScenarios(settings(), 10_000), keysOf(three)).map((s) => s.id)).toEqual(['keys', 'sustained', 'burst', 'throughput']);
  });

  it('runs the burst before the sustained run when they share the only limited key: a burst leaves any window at once', () => {
    const one = config(['wmk_only']);
    const order = executionOrder(buildScenarios(settings(), 10_000), keysOf(one));
    expect(order.map((s) => s.id)).toEqual(['keys', 'burst', 'sustained', 'throughput']);
    // What the report calls the cost of sharing: sustained after burst (and keys, which uses every limited key).
    const sustained = order.find((s) => s.id === 'sustained')!;
    expect(sharedKeys(order, sustained, keysOf(one))).toEqual([
      { id: 'keys', keys: ['wmk_only'] },
      { id: 'burst', keys: ['wmk_only'] },
    ]);
    expect(sharedKeys(order, order.find((s) => s.id === 'throughput')!, keysOf(one))).toEqual([]);
  });

  it('with three limited keys, only keys shares with burst and sustained', () => {
    const three = config(['wmk_l1', 'wmk_l2', 'wmk_l3']);
    const order = executionOrder(buildScenarios(settings(), 10_000), keysOf(three));
    expect(sharedKeys(order, order.find((s) => s.id === 'burst')!, keysOf(three))).toEqual([{ id: 'keys', keys: ['wmk_l1'] }]);
    expect(sharedKeys(order, order.find((s) => s.id === 'sustained')!, keysOf(three))).toEqual([{ id: 'keys', keys: ['wmk_l3'] }]);
  });
});

describe('resolveKeys', () => {
  const config = { keys: { admin: 'wmk_admin', limited: 'wmk_l2' }, limitedKeys: ['wmk_l1', 'wmk_l2', 'wmk_l3'] };

  it('labels keys by role and position, never by value', () => {
    const all = resolveKeys({ role: 'limited', which: 'all' }, config);
    expect(all).toEqual({
      ok: true,
      keys: [
        { label: 'limited key 1 of 3', key: 'wmk_l1' },
        { label: 'limited key 2 of 3', key: 'wmk_l2' },
        { label: 'limited key 3 of 3', key: 'wmk_l3' },
      ],
    });
    expect(resolveKeys({ role: 'admin' }, config)).toEqual({ ok: true, keys: [{ label: 'admin key', key: 'wmk_admin' }] });
  });

  it('bursts CONFORMANCE_LIMITED_KEY and runs the sustained scenario on another key when there is one', () => {
    expect(resolveKeys({ role: 'limited', which: 'first' }, config)).toMatchObject({ keys: [{ key: 'wmk_l2' }] });
    expect(resolveKeys({ role: 'limited', which: 'spare' }, config)).toMatchObject({ keys: [{ key: 'wmk_l3' }] });
    const single = { keys: { admin: 'a', limited: 'wmk_only' }, limitedKeys: ['wmk_only'] };
    expect(resolveKeys({ role: 'limited', which: 'spare' }, single)).toMatchObject({ keys: [{ key: 'wmk_only' }] });
  });

  it('adds CONFORMANCE_LIMITED_KEY to the list when CONFORMANCE_LIMITED_KEYS does not hold it', () => {
    const r = resolveKeys({ role: 'limited', which: 'all' }, { keys: { limited: 'wmk_x' }, limitedKeys: ['wmk_y'] });
    expect(r).toMatchObject({ keys: [{ key: 'wmk_x', label: 'limited key 1 of 2' }, { key: 'wmk_y' }] });
  });

  it('says which variable is missing', () => {
    expect(resolveKeys({ role: 'limited', which: 'first' }, { keys: {}, limitedKeys: [] })).toEqual({
      ok: false,
      reason: 'neither CONFORMANCE_LIMITED_KEY nor CONFORMANCE_LIMITED_KEYS is set',
    });
    expect(resolveKeys({ role: 'admin' }, { keys: {}, limitedKeys: [] })).toMatchObject({ ok: false, reason: 'CONFORMANCE_ADMIN_KEY is not set' });
  });
});
