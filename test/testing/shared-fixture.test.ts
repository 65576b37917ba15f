import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onceAcrossWorkers, type WaitClock } from './shared-fixture.js';

/** A clock whose sleep only moves time on, and counts its naps. */
function fakeClock(): WaitClock & { naps: number } {
  let time = 0;
  const clock = {
    naps: 0,
    now: () => time,
    sleep: async (ms: number) => {
      clock.naps++;
      time += ms;
    },
  };
  return clock;
}

/** A clock that stands still: a waiter yields to the builder's file writes and never times out. */
const STILL: WaitClock = { now: () => 0, sleep: () => new Promise((resolve) => setImmediate(resolve)) };

describe('onceAcrossWorkers', () => {
  it('builds once for every caller, and leaves its outcome for callers to come', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'shared-fixture-')), 'run');
    let builds = 0;
    const build = async (at: string): Promise<{ at: string }> => {
      builds++;
      return { at };
    };
    const clock = STILL;
    const [a, b] = await Promise.all([onceAcrossWorkers(dir, build, { clock }), onceAcrossWorkers(dir, build, { clock })]);
    expect(builds).toBe(1);
    expect(a).toEqual({ at: dir });
    expect(b).toEqual(a);
    await expect(onceAcrossWorkers(dir, build, { clock })).resolves.toEqual(a);
    expect(builds).toBe(1);
    expect(JSON.parse(await readFile(join(dir, 'outcome.json'), 'utf8'))).toEqual({ value: a });
  });

  it("fails a waiting caller with the builder's reason when the build throws", async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'shared-fixture-')), 'run');
    const clock = STILL;
    const failing = async (): Promise<never> => {
      throw new Error('the reference would not start');
    };
    const [builder, waiter] = await Promise.allSettled([onceAcrossWorkers(dir, failing, { clock }), onceAcrossWorkers(dir, failing, { clock })]);
    for (const outcome of [builder, waiter]) {
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/could not be built: Error: the reference would not start/);
    }
  });

  it('waits for a build another worker holds the lock of, bounded, then fails naming the fixture', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'shared-fixture-')), 'run');
    await mkdir(`${dir}.lock`);
    const clock = fakeClock();
    let builds = 0;
    await expect(
      onceAcrossWorkers(
        dir,
        async () => {
          builds++;
          return 1;
        },
        { clock, waitMs: 10_000 },
      ),
    ).rejects.toThrow(`the shared fixture ${dir} was not ready after 10 s`);
    expect(builds).toBe(0);
    expect(clock.now()).toBeGreaterThanOrEqual(10_000);
    expect(clock.naps).toBe(40);
  });
});
