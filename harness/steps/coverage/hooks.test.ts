import { describe, expect, it } from 'vitest';
import { subscriptionUpdateSchema } from '../../spec/webhooks.js';
import { pairsOf } from './circuit.js';
import { hookChainOf, hookOperations } from './hooks.js';

describe("the subscriptions' chain", () => {
  const ops = hookOperations();
  const steps = hookChainOf(ops);
  const walk = steps.flatMap((s) => (s.kind === 'op' ? [s.op] : []));

  it('takes a PATCH for each field of the spec model of an update, rotate-secret and the read paths', () => {
    expect(ops.map((op) => op.name)).toEqual([...Object.keys(subscriptionUpdateSchema.shape).map((f) => `PATCH ${f}`), 'rotate-secret', 'every read path']);
  });

  it('holds every ordered pair of its operations', () => {
    expect(pairsOf(walk).size).toBe(ops.length * ops.length);
  });

  it('fires after the bound once right after the first change of events, and at the end with every delivery attribute changed an even number of times, twice at least', () => {
    const settled = steps.flatMap((s, i) => (s.kind === 'settled' ? [i] : []));
    expect(settled).toHaveLength(2);
    const first = steps[settled[0]! - 1]!;
    expect(first.kind === 'op' && ops[first.op]!.name).toBe('PATCH events');
    expect(steps.slice(0, settled[0]).filter((s) => s.kind === 'op' && ops[s.op]!.name === 'PATCH events')).toHaveLength(1);
    const before = steps.slice(0, settled[1]);
    for (const [i, op] of ops.entries()) {
      if (!op.delivery) continue;
      const count = before.filter((s) => s.kind === 'op' && s.op === i).length;
      expect(count, op.name).toBeGreaterThanOrEqual(2);
      if (op.name !== 'rotate-secret') expect(count % 2, op.name).toBe(0);
    }
    expect(steps.some((s) => s.kind === 'isolation')).toBe(true);
  });
});
