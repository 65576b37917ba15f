import { describe, expect, it } from 'vitest';
import { DELETED, expectedAt, forbiddenBy, forbiddenTestBy, statesWithin, unexplainedTest, type HookState, type TestArrival } from './hooks-window.js';

const BOUND = 5000;
const state = (at: number, over: Partial<HookState> = {}): HookState => ({ at, url: 'u1', listens: true, isActive: true, live: true, secret: 's1', ...over });
const verifiesWith = (secret: string) => (s: string) => s === secret;

describe('the states a delivery is judged by', () => {
  it('are the one in force at the bound before the event, and every one written since, to its arrival', () => {
    const history = [state(0), state(1000, { listens: false }), state(9000, { url: 'u2' }), state(20_000, { isActive: false })];
    expect(statesWithin(history, 8000, 8010, BOUND).map((s) => s.at)).toEqual([1000]);
    expect(statesWithin(history, 5500, 5510, BOUND).map((s) => s.at)).toEqual([0, 1000]);
    expect(statesWithin(history, 8000, 9500, BOUND).map((s) => s.at)).toEqual([1000, 9000]);
  });

  it('forbid a delivery no state within the bound allows, whatever the attribute', () => {
    expect(forbiddenBy([state(0, { listens: false })], 'u1', verifiesWith('s1'))).toMatch(/did not list/);
    expect(forbiddenBy([state(0, { isActive: false })], 'u1', verifiesWith('s1'))).toMatch(/inactive/);
    expect(forbiddenBy([state(0, { url: 'u2' })], 'u1', verifiesWith('s1'))).toMatch(/reached u1/);
    expect(forbiddenBy([state(0, { secret: 's2' })], 'u1', verifiesWith('s1'))).toMatch(/verifies with none/);
  });

  it('allow one some state within the bound allows, each attribute on its own, and leave a secret never learned unjudged', () => {
    const window = [state(0, { listens: false, secret: 's0' }), state(10, { isActive: false })];
    expect(forbiddenBy(window, 'u1', verifiesWith('s0'))).toBeUndefined();
    expect(forbiddenBy(window, 'u1', verifiesWith('s1'))).toBeUndefined();
    expect(forbiddenBy([state(0, { secret: undefined })], 'u1', verifiesWith('x'))).toBeUndefined();
    expect(forbiddenBy([], 'u9', verifiesWith('x'))).toBeUndefined();
  });

  it('expect a delivery only where every state within the bound asks for it at that url', () => {
    expect(expectedAt([state(0)], 'u1')).toBe(true);
    expect(expectedAt([state(0), state(10, { isActive: false })], 'u1')).toBe(false);
    expect(expectedAt([state(0)], 'u2')).toBe(false);
    expect(expectedAt([], 'u1')).toBe(false);
  });
});

describe('a test delivery', () => {
  const arrival = (arrivedAt: number, url = 'u1', secret = 's1'): TestArrival => ({ arrivedAt, url, verifies: (s) => s === secret });

  it('is judged by where it went and how it is signed, whatever the events listed and isActive', () => {
    expect(forbiddenTestBy([state(0, { listens: false, isActive: false })], 'u1', verifiesWith('s1'))).toBeUndefined();
    expect(forbiddenTestBy([state(0)], 'u2', verifiesWith('s1'))).toMatch(/reached u2/);
    expect(forbiddenTestBy([state(0)], 'u1', verifiesWith('s0'))).toMatch(/verifies with none/);
    expect(forbiddenTestBy([state(0, { live: false })], 'u1', verifiesWith('s1'))).toMatch(/^the subscription was deleted/);
  });

  it('forbids a delivery to a subscription deleted throughout the bound, an event too', () => {
    expect(forbiddenBy([state(0, { live: false })], 'u1', verifiesWith('s1'))?.startsWith(DELETED)).toBe(true);
    expect(forbiddenBy([state(0), state(10, { live: false })], 'u1', verifiesWith('s1'))).toBeUndefined();
    expect(expectedAt([state(0, { live: false })], 'u1')).toBe(false);
  });

  it('is explained when each arrival has a test of its own whose states within the bound allow it, a late one of an earlier test too', () => {
    const history = [state(0), state(20_000, { url: 'u2' })];
    // The second test's delivery came first; the first test's came late to the url it had.
    expect(unexplainedTest(history, [1000, 30_000], [arrival(30_010, 'u2'), arrival(31_000, 'u1')], BOUND)).toBeUndefined();
    expect(unexplainedTest(history, [1000], [], BOUND)).toBeUndefined();
  });

  it('is evidence when more arrivals than tests only an old state allows, or none, or before any test', () => {
    const history = [state(0), state(20_000, { url: 'u2' })];
    const twice = unexplainedTest(history, [1000, 30_000], [arrival(1010, 'u1'), arrival(30_010, 'u1')], BOUND);
    expect(twice?.arrival.arrivedAt).toBe(30_010);
    expect(twice?.why).toMatch(/only the first 1 of the 2 tests .*reached u1/);
    const rotated = [state(0), state(20_000, { secret: 's2' })];
    expect(unexplainedTest(rotated, [30_000], [arrival(30_010, 'u1', 's1')], BOUND)?.why).toMatch(/verifies with none/);
    expect(unexplainedTest(history, [], [arrival(10)], BOUND)?.why).toMatch(/no test was asked for/);
  });
});
