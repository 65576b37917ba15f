import { describe, expect, it } from 'vitest';
import { InternalError } from '../errors.js';
import { TargetHealth } from './health.js';
import { slotLayout, slotViews } from './shared-slots.js';
import { ThrottleLedger } from '../runner/throttle.js';

const LAYOUT = slotLayout({
  int32: { a: 1, b: 1, c: 1 },
  float64: { x: 1, many: 3, y: 1 },
  bigint64: { clock: 2 },
  bytes: { text: 10, more: 3 },
});

describe('slotLayout', () => {
  it('numbers each kind by name, a name of length n taking n slots', () => {
    expect(LAYOUT.int32).toEqual({ a: 0, b: 1, c: 2 });
    expect(LAYOUT.float64).toEqual({ x: 0, many: 1, y: 4 });
    expect(LAYOUT.bigint64).toEqual({ clock: 0 });
  });

  it('aligns the 8-byte kinds after the Int32 slots, and counts the bytes', () => {
    // 3 Int32 = 12 bytes, aligned to 16; 5 Float64 = 40; 2 BigInt64 = 16; 13 bytes.
    expect(LAYOUT.offsets).toEqual({ int32: 0, float64: 16, bigint64: 56, 'bytes:text': 72, 'bytes:more': 82 });
    expect(LAYOUT.bytes).toBe(85);
  });

  it('refuses a slot of no length', () => {
    expect(() => slotLayout({ int32: { none: 0 } })).toThrow(InternalError);
    expect(() => slotLayout({ bytes: { none: -1 } })).toThrow(InternalError);
  });
});

describe('slotViews', () => {
  it('two views of one buffer (two threads) see the same slots, and no two names overlap', () => {
    const buffer = new SharedArrayBuffer(LAYOUT.bytes);
    const one = slotViews(LAYOUT, buffer, 'test');
    const two = slotViews(LAYOUT, buffer, 'test');
    Atomics.store(one.int32, LAYOUT.int32.c, 7);
    one.float64[LAYOUT.float64.many + 2] = 2.5;
    one.float64[LAYOUT.float64.y] = -1;
    Atomics.store(one.bigint64, LAYOUT.bigint64.clock + 1, 123n);
    one.bytes.text.set([1, 2, 3]);
    one.bytes.more.fill(9);
    expect(Atomics.load(two.int32, LAYOUT.int32.c)).toBe(7);
    expect([...two.int32]).toEqual([0, 0, 7]);
    expect([...two.float64]).toEqual([0, 0, 0, 2.5, -1]);
    expect([...two.bigint64]).toEqual([0n, 123n]);
    expect([...two.bytes.text]).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect([...two.bytes.more]).toEqual([9, 9, 9]);
  });

  it('works over a plain ArrayBuffer (one thread), and refuses a buffer too small, naming its owner', () => {
    expect(slotViews(LAYOUT, new ArrayBuffer(LAYOUT.bytes), 'test').int32).toHaveLength(3);
    expect(() => slotViews(LAYOUT, new SharedArrayBuffer(LAYOUT.bytes - 1), 'Owner')).toThrow(/^Owner needs 85 bytes of shared state, got 84$/);
  });

  it('is the layout of the target health and of the throttle ledger', () => {
    expect(() => new TargetHealth(3, new SharedArrayBuffer(TargetHealth.BYTES - 1))).toThrow(/^TargetHealth needs/);
    expect(() => new ThrottleLedger(new SharedArrayBuffer(ThrottleLedger.BYTES - 1))).toThrow(/^ThrottleLedger needs/);
    // Two instances over one buffer share their state, as two workers do.
    const buffer = new SharedArrayBuffer(TargetHealth.BYTES);
    new TargetHealth(3, buffer).stop('deadline', 'the run deadline passed');
    expect(new TargetHealth(3, buffer).stopped).toEqual({ kind: 'deadline', reason: 'the run deadline passed' });
    const ledger = new SharedArrayBuffer(ThrottleLedger.BYTES);
    new ThrottleLedger(ledger).countSent();
    expect(new ThrottleLedger(ledger).sent()).toBe(1);
  });
});
