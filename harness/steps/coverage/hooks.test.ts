import { describe, expect, it } from 'vitest';
import { subscriptionUpdateSchema } from '../../spec/webhooks.js';
import { pairsOf } from './circuit.js';
import { hookChainOf, hookOperations } from './hooks.js';

describe("the subscriptions' chain", () => {
  const ops = hookOperations();
  const steps = hookChainOf(ops);
  const walk = steps.flatMap((s) => (s.kind === 'op' ? [s.op] : []));
  const attributes = ops.flatMap((op, i) => (op.delivery && op.name !== 'rotate-secret' ? [i] : []));

  it('takes a PATCH for each field of the spec model of an update, rotate-secret, test and the read paths', () => {
    expect(ops.map((op) => op.name)).toEqual([
      ...Object.keys(subscriptionUpdateSchema.shape).map((f) => `PATCH ${f}`),
      'rotate-secret',
      'test',
      'every read path',
    ]);
    expect(attributes.map((i) => ops[i]!.name).sort()).toEqual(['PATCH events', 'PATCH isActive', 'PATCH url']);
  });

  it('holds every ordered pair of its operations', () => {
    expect(pairsOf(walk).size).toBe(ops.length * ops.length);
  });

  it('waits the bound out twice: once every delivery attribute was changed an odd number of times, and at the end with each changed an even number of times, twice at least', () => {
    const settled = steps.flatMap((s, i) => (s.kind === 'settled' ? [i] : []));
    expect(settled).toHaveLength(2);
    const count = (before: number, op: number): number => steps.slice(0, before).filter((s) => s.kind === 'op' && s.op === op).length;
    for (const i of attributes) expect(count(settled[0]!, i) % 2, ops[i]!.name).toBe(1);
    // The first moment it is so: the step before, one attribute was still even.
    expect(attributes.some((i) => count(settled[0]! - 1, i) % 2 === 0)).toBe(true);
    for (const [i, op] of ops.entries()) {
      if (!op.delivery) continue;
      expect(count(settled[1]!, i), op.name).toBeGreaterThanOrEqual(2);
      if (op.name !== 'rotate-secret') expect(count(settled[1]!, i) % 2, op.name).toBe(0);
    }
    expect(steps.some((s) => s.kind === 'isolation')).toBe(true);
  });

  it('puts each operation of the table around a DELETE, and a DELETE before a DELETE, before the last wait', () => {
    const around = steps.flatMap((s, i) => (s.kind === 'around-delete' ? [{ s, i }] : []));
    expect(around.map(({ s }) => s.kind === 'around-delete' && s.op)).toEqual([...ops.keys(), undefined]);
    const last = steps.findLastIndex((s) => s.kind === 'settled');
    expect(around.every(({ i }) => i < last)).toBe(true);
    // The reads after the wait meet the deleted subscriptions too (GET by id, the lists, the deliveries lists).
    expect(steps.slice(last).some((s) => s.kind === 'op' && ops[s.op]!.name === 'every read path')).toBe(true);
  });
});
