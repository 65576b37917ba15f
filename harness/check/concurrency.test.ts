import { describe, expect, it } from 'vitest';
import { limiter, mapLimit, narrowingLimiter } from './concurrency.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimit', () => {
  it('keeps at most limit calls in flight and returns results in the order of the items', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([30, 5, 20, 1, 10, 2, 8], 3, async (ms, i) => {
      most = Math.max(most, ++inFlight);
      await tick(ms);
      inFlight--;
      return `${i}:${ms}`;
    });
    expect(most).toBe(3);
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2', '6:8']);
  });

  it('runs the items one by one with limit 1, in order', async () => {
    const order: number[] = [];
    await mapLimit([3, 1, 2], 1, async (ms, i) => {
      order.push(i);
      await tick(ms);
    });
    expect(order).toEqual([0, 1, 2]);
  });

  it('throws the error of the earliest failed item, as a loop would, and starts nothing after a failure', async () => {
    const started: number[] = [];
    const run = mapLimit([0, 1, 2, 3, 4, 5, 6, 7], 3, async (i) => {
      started.push(i);
      // Item 2 fails first in time, item 1 later: item 1's error is the one a loop would have met.
      await tick(i === 1 ? 20 : 5);
      if (i === 1 || i === 2) throw new Error(`item ${i}`);
      return i;
    });
    await expect(run).rejects.toThrow('item 1');
    expect(Math.max(...started)).toBeLessThan(7);
  });

  it('answers an empty list with an empty list', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});

describe('limiter', () => {
  it('keeps at most limit calls in flight, started in the order they were made, and passes results and errors on', async () => {
    const gate = limiter(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(
      [5, 1, 3, 1, 2].map((ms, i) =>
        gate(async () => {
          started.push(i);
          most = Math.max(most, ++inFlight);
          await tick(ms);
          inFlight--;
          if (i === 3) throw new Error('refused');
          return i;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 1, 2, 'refused', 4]);
  });
});

describe('narrowingLimiter', () => {
  it('keeps limit calls in flight until an answer was throttled, then one at a time', async () => {
    const gate = narrowingLimiter(3);
    let inFlight = 0;
    let most = 0;
    const call = (throttled: number) =>
      gate(async () => {
        most = Math.max(most, ++inFlight);
        await tick(2);
        inFlight--;
        return { throttled };
      });
    await Promise.all([call(0), call(0), call(0), call(0)]);
    expect([most, gate.narrowed]).toEqual([3, false]);
    await call(1);
    most = 0;
    await Promise.all([call(0), call(0), call(0)]);
    expect([most, gate.narrowed]).toEqual([1, true]);
  });
});
