import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { KEY_A_LIMITED, testSeed } from '../../reference/testing/test-api.js';
import { ApiClient, RAW_429 } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import { WindowEstimate } from '../rate/window.js';
import { concurrentBurst, isAdmitted, recover, sequentialBurst, type SampleRoute } from './rate-limit.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The suite's three steps in a row on a sliding-window log (variant limiter-sliding-window) with a
 * 4 s window, the burst spread over about 1.5 s as it is over a real network: after RL-RECOVERY's
 * wait only the oldest part of the burst has left the window, and the concurrent burst must still
 * find a fresh window (its probes stay counted in a sliding log) and get exactly the budget.
 */
describe('rate-limit steps on a sliding-window log', () => {
  let server: RunningReferenceServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: testSeed(null), variants: ['limiter-sliding-window'], rateWindowMs: 4000 });
    client = new ApiClient({ baseUrl: server.baseUrl, key: KEY_A_LIMITED, timeoutMs: 5000, redactor: new Redactor([KEY_A_LIMITED]), throttle: RAW_429 });
  });
  afterAll(async () => server.close());

  it('recovers, then waits out the rest of the window without feeding it, and the concurrent burst gets exactly the budget', { timeout: 30_000 }, async () => {
    const window = new WindowEstimate();
    const slow: SampleRoute = { route: 'GET /contacts', send: async (c) => (await sleep(25), c.get('/contacts', { limit: 1 })) };
    const burst = await sequentialBurst(client, [slow], 60, { window });
    expect(burst.fresh.fresh).toBe(true);
    expect(burst.admitted).toHaveLength(60);
    expect(burst.elapsedMs).toBeGreaterThan(1000);
    expect(window.longestMs).toBeGreaterThanOrEqual(3900);

    const recovery = await recover(client, 60, window);
    expect(recovery.after !== undefined && isAdmitted(recovery.after.res)).toBe(true);
    // Only part of the burst has left: the first request after the wait does not show a fresh window.
    expect(Number(recovery.after!.res.headers['x-ratelimit-remaining'])).toBeLessThan(59);

    const concurrent = await concurrentBurst(client, 60, { found: recovery.after, window });
    expect(concurrent.fresh).toMatchObject({ fresh: true, returns: 'gradually' });
    expect(concurrent.responses.filter((r) => isAdmitted(r.res))).toHaveLength(59);
    // A named wait (at least a second) and one window after the last probe, not a minute: read
    // from the waits it planned, which the headers decide, not from a clock a busy machine slows.
    const planned = concurrent.fresh.waits.map((w) => Number(/^(\d+(?:\.\d+)?) s:/.exec(w)?.[1]));
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.every(Number.isFinite), concurrent.fresh.waits.join('; ')).toBe(true);
    expect(
      planned.reduce((sum, s) => sum + s, 0),
      concurrent.fresh.waits.join('; '),
    ).toBeLessThan(4 + 1 + 3);
  });
});
