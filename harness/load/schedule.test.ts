import { describe, expect, it } from 'vitest';
import { rampRequests } from '../config/stages.js';
import { arrivalOffsets, maxInWindow, rampOffsets, runOpenModel, type Clock } from './schedule.js';

/** A clock that only moves when slept on, plus work that takes `busyMs` of it. */
function fakeClock(): Clock & { advance(ms: number): void } {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

describe('arrivalOffsets', () => {
  it('spaces 55/min for 120 s evenly: 110 starts, 60/55 s apart', () => {
    const offsets = arrivalOffsets(55, 120);
    expect(offsets).toHaveLength(110);
    expect(offsets[0]).toBe(0);
    expect(offsets[1]).toBeCloseTo(1090.909, 3);
    expect(offsets[109]).toBeCloseTo(109 * (60_000 / 55), 3);
  });

  it('is empty for a zero rate or duration', () => {
    expect(arrivalOffsets(0, 120)).toEqual([]);
    expect(arrivalOffsets(55, 0)).toEqual([]);
  });

  it('puts at most 55 requests in any minute at 55/min, so the fresh probe still fits a 60/min limit', () => {
    expect(maxInWindow(arrivalOffsets(55, 120), 60_000)).toBe(55);
    expect(maxInWindow(arrivalOffsets(60, 120), 60_000)).toBe(60);
    expect(maxInWindow([], 60_000)).toBe(0);
  });
});

describe('runOpenModel', () => {
  it('starts each request at its slot without waiting for earlier answers (open model)', async () => {
    const clock = fakeClock();
    const starts: number[] = [];
    const never: Array<() => void> = [];
    const slow = new Promise<void>((resolve) => never.push(resolve));
    const run = runOpenModel(
      [0, 1000, 2000, 3000],
      async (i) => {
        starts.push(clock.now());
        // The first answer takes "forever"; the schedule must go on regardless.
        if (i === 0) await slow;
        return i;
      },
      { clock },
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(starts).toEqual([0, 1000, 2000, 3000]);
    never[0]!();
    expect((await run).results).toEqual([0, 1, 2, 3]);
  });

  it('fires a late slot at once and keeps the later slots on time, recording the lag', async () => {
    const clock = fakeClock();
    const starts: number[] = [];
    const run = await runOpenModel(
      [0, 1000, 2000],
      async () => {
        starts.push(clock.now());
        // The harness stalls 1500 ms after the first start (event-loop block).
        if (starts.length === 1) clock.advance(1500);
      },
      { clock },
    );
    expect(starts).toEqual([0, 1500, 2000]);
    expect(run.lagsMs).toEqual([0, 500, 0]);
    expect(run.completed).toBe(true);
  });

  it('stops scheduling when the signal aborts', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    const run = await runOpenModel(
      [0, 1000, 2000],
      async (i) => {
        if (i === 1) controller.abort();
        return i;
      },
      { clock, signal: controller.signal },
    );
    expect(run.results).toEqual([0, 1]);
    expect(run.completed).toBe(false);
  });
});

describe('rampOffsets (k6 stages, ramping arrival rate)', () => {
  /** Starts per whole second of a schedule. */
  const perSecond = (offsets: readonly number[], seconds: number): number[] =>
    Array.from({ length: seconds }, (_, s) => offsets.filter((o) => o >= s * 1000 && o < (s + 1) * 1000).length);

  it('holds a steady rate with even gaps, half a gap at either end', () => {
    const offsets = rampOffsets([
      { durationS: 1, target: 10 },
      { durationS: 2, target: 10 },
    ]);
    // 0 → 10 in 1 s (5 requests), then 10/s for 2 s (20 requests).
    expect(offsets).toHaveLength(25);
    expect(offsets.slice(5, 8).map((o, i, a) => (i === 0 ? 0 : o - a[i - 1]!))).toEqual([0, 100, 100]);
    expect(offsets.at(-1)).toBeCloseTo(3000 - 50, 6);
  });

  it('ramps linearly: the starts per second grow with the rate, up and back down', () => {
    const offsets = rampOffsets([
      { durationS: 4, target: 40 },
      { durationS: 4, target: 0 },
    ]);
    // 0 → 40/s over 4 s: 5, 15, 25, 35 per second; then down again.
    expect(perSecond(offsets, 8)).toEqual([5, 15, 25, 35, 35, 25, 15, 5]);
    expect(offsets).toHaveLength(
      rampRequests([
        { durationS: 4, target: 40 },
        { durationS: 4, target: 0 },
      ]),
    );
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });

  it('sends nothing in a stage that stays at 0, and resumes after it', () => {
    const offsets = rampOffsets([
      { durationS: 1, target: 0 },
      { durationS: 1, target: 10 },
    ]);
    expect(offsets.every((o) => o >= 1000)).toBe(true);
    expect(offsets).toHaveLength(5);
  });

  it('keeps to the ramp on an injected clock, however long each request takes (open model)', async () => {
    const clock = fakeClock();
    const started: number[] = [];
    const offsets = rampOffsets([
      { durationS: 2, target: 20 },
      { durationS: 1, target: 20 },
    ]);
    const run = await runOpenModel(
      offsets,
      async () => {
        started.push(clock.now());
        // An answer that never comes before the ramp ends does not delay the next start.
        return new Promise<number>((resolve) => setTimeout(() => resolve(1), 0));
      },
      { clock },
    );
    expect(run.completed).toBe(true);
    expect(started).toEqual(offsets);
    expect(perSecond(started, 3)).toEqual([5, 15, 20]);
    expect(Math.max(...run.lagsMs)).toBe(0);
  });
});
