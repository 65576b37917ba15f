import { describe, expect, it } from 'vitest';
import { expectedAt, forbiddenBy, statesWithin, type HookState } from './hooks-window.js';

const BOUND = 5000;
const state = (at: number, over: Partial<HookState> = {}): HookState => ({ at, url: 'u1', listens: true, isActive: true, secret: 's1', ...over });
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
