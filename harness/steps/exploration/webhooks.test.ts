import { describe, expect, it } from 'vitest';
import type { WebhookSink } from '../../sink/sink.js';
import { deliveryWait, type HookSink } from './webhooks.js';

const hooks = (misses: number, delivered: number): HookSink => ({
  sink: { delivered } as WebhookSink,
  waitMs: 1500,
  graceMs: 3000,
  misses,
});

describe('deliveryWait: how long a sequence waits for one delivery', () => {
  it('waits the whole wait until two deliveries were missed', () => {
    expect(deliveryWait(hooks(0, 0))).toBe(1500);
    expect(deliveryWait(hooks(1, 0))).toBe(1500);
  });

  it("stops waiting after two misses while nothing ever reached the sink (it may be out of the target's reach)", () => {
    expect(deliveryWait(hooks(2, 0))).toBe(0);
    expect(deliveryWait(hooks(7, 0))).toBe(0);
  });

  it('keeps waiting after misses once a delivery reached the sink: the target is only slow', () => {
    expect(deliveryWait(hooks(2, 1))).toBe(1500);
    expect(deliveryWait(hooks(9, 40))).toBe(1500);
  });
});
