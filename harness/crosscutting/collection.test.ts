import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../check/check.js';
import { sharedScope, type Collection } from './collection.js';

const t = {} as CheckContext;

describe('sharedScope', () => {
  it('makes one scope for checks that ask side by side, and makes it again after a failed attempt (an outage cut it)', async () => {
    let made = 0;
    const collection: Collection = {
      path: '/contacts',
      noun: 'contact',
      scope: async (_t, count) => {
        made += 1;
        if (made === 1) throw new Error('other side closed');
        return { query: { search: 'run' }, ids: Array.from({ length: count }, (_, i) => String(i)) };
      },
    };
    const scopeOf = sharedScope(collection, 3);
    const [a, b] = [scopeOf(t), scopeOf(t)];
    expect(a).toBe(b);
    await expect(a).rejects.toThrow('other side closed');
    const again = await scopeOf(t);
    expect(again?.ids).toHaveLength(3);
    expect(await scopeOf(t)).toBe(again);
    expect(made).toBe(2);
  });

  it('gives no scope for a collection that cannot make one', () => {
    expect(sharedScope({ path: '/reports', noun: 'report' }, 3)(t)).toBeUndefined();
  });
});
