import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireBurst, keptHeaders, splitUrl } from '../harness/load/burst.js';
import { waitForFreshWindows } from '../harness/load/fresh-windows.js';
import type { RateProbe } from '../harness/rate/fresh.js';
import { request } from 'undici';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { KEY_A_DEFAULT, testSeed } from '../reference/testing/test-api.js';

/*
 * Issue 16 against the real reference limiters (a 5 s window, self-test only): a key whose
 * trailing window holds spread-out traffic (a sustained run, another tool) must become fresh
 * without the wait feeding the window it waits on, and then give a burst exactly its budget.
 * On a sliding-window log whose X-RateLimit-Reset is the moment the oldest request leaves, a
 * wait that probes at every Reset never ends; this one probes at most three times.
 */
const WINDOW_MS = 5000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const LIMITERS: Array<[string, string[]]> = [
  ['fixed window (Reset: the window ends, delta seconds)', []],
  ['sliding-window log (Reset: the oldest request leaves, epoch ms)', ['limiter-sliding-window']],
  ['refilling bucket (Reset: the next request, delta seconds)', ['limiter-refilling-bucket']],
];

describe.concurrent('a fresh window after spread-out traffic, on the reference limiters', () => {
  const servers = new Map<string, RunningReferenceServer>();
  beforeAll(async () => {
    for (const [name, variants] of LIMITERS) servers.set(name, await startReferenceServer({ seed: testSeed(null), variants, rateWindowMs: WINDOW_MS }));
  });
  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => s.close()));
  });

  for (const [name] of LIMITERS) {
    it(`${name}: fresh in a few probes within the bound, then a burst gets exactly the budget`, { timeout: 40_000 }, async () => {
      const server = servers.get(name)!;
      const target = splitUrl(server.baseUrl, '/contacts?limit=1');
      let probes = 0;
      const send = async (): Promise<RateProbe> => {
        const res = await request(`${target.origin}${target.path}`, { headers: { 'x-api-key': KEY_A_DEFAULT } });
        await res.body.dump();
        return { status: res.statusCode, headers: keptHeaders(res.headers) };
      };
      // A sustained run's leftovers: 30 requests spread over 3 s of the 5 s window.
      for (let i = 0; i < 30; i++) {
        await send();
        await sleep(100);
      }
      const fresh = await waitForFreshWindows(
        1,
        async () => {
          probes += 1;
          return send();
        },
        // The bound the load harness gives: the named moment and a full window after the last probe, with room.
        { maxWaitMs: 2 * WINDOW_MS + 10_000, minResetMs: WINDOW_MS / 2, windowMs: WINDOW_MS },
      );
      expect(fresh.fresh, fresh.fresh ? '' : fresh.reason).toBe(true);
      if (!fresh.fresh) return;
      expect(probes).toBeLessThanOrEqual(3);
      expect(fresh.keys[0]!.remaining).toBe(59);
      // Nothing the wait sent is still counted but the probe that found the window fresh: the burst gets the rest.
      const burst = await fireBurst(target, KEY_A_DEFAULT, { requests: 80, connections: 20, timeoutMs: 5000 });
      const admitted = burst.samples.filter((s) => s.status === 200).length;
      // A bucket earns 12 a second back here (60 per 5 s window) from the fresh probe to the burst's end, plus the part of one it held.
      const earned = fresh.keys[0]!.refills ? Math.floor((60 * (Date.now() - fresh.keys[0]!.probeSentAt)) / WINDOW_MS) + 1 : 0;
      expect(admitted).toBeGreaterThanOrEqual(59);
      expect(admitted).toBeLessThanOrEqual(59 + earned);
    });
  }
});
