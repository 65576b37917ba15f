import { describe, expect, it } from 'vitest';
import { circuit, pairsOf } from './circuit.js';

describe('circuit', () => {
  it('holds every ordered pair of n operations once, in n * n + 1 steps, from 0 back to 0', () => {
    for (const n of [1, 2, 3, 7, 20, 31]) {
      const walk = circuit(n);
      expect(walk).toHaveLength(n * n + 1);
      expect(walk[0]).toBe(0);
      expect(walk.at(-1)).toBe(0);
      expect(pairsOf(walk).size).toBe(n * n);
    }
  });

  it('is the same walk for the same n, and empty for none', () => {
    expect(circuit(5)).toEqual(circuit(5));
    expect(circuit(0)).toEqual([]);
  });
});
