import { describe, expect, it } from 'vitest';
import { mergePatch } from './patch.js';

interface Shape {
  readonly n: number;
  readonly flag: boolean;
  readonly list: readonly string[];
  readonly nested: { readonly a: number; readonly b: number };
  readonly fn: () => string;
}

const base: Shape = { n: 1, flag: false, list: ['x'], nested: { a: 1, b: 2 }, fn: () => 'base' };

describe('mergePatch', () => {
  it('replaces values, merges objects key by key and joins lists without repeats', () => {
    const merged = mergePatch(base, { n: 2, nested: { b: 3 }, list: ['y', 'x'], fn: () => 'patched' });
    expect(merged).toMatchObject({ n: 2, flag: false, list: ['x', 'y'], nested: { a: 1, b: 3 } });
    expect(merged.fn()).toBe('patched');
  });

  it('leaves the base untouched and ignores an absent patch', () => {
    mergePatch(base, { nested: { a: 9 }, list: ['z'] });
    expect(base.nested).toEqual({ a: 1, b: 2 });
    expect(base.list).toEqual(['x']);
    expect(mergePatch(base, undefined)).toBe(base);
  });

  it('two patches that each add to a list keep both', () => {
    const twice = mergePatch(mergePatch(base, { list: ['a'] }), { list: ['b'] });
    expect(twice.list).toEqual(['x', 'a', 'b']);
  });
});
