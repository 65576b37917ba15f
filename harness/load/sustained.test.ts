import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { splitUrl, type Sample } from './burst.js';
import { judgeSustained, runSustained } from './sustained.js';
import { tallySamples } from './tally-samples.js';

/** A run's samples as the judge reads them. */
const run = (planned: number, samples: readonly Sample[], maxLagMs = 0) => ({ planned, tally: tallySamples(samples, { keyIndex: 0, bucketMs: 1, maxLagMs }) });

function sample(status: number | null, startMs: number): Sample {
  return { startMs, endMs: startMs + 3, receivedAt: 0, status, headers: {}, ...(status === null ? { error: 'no answer within 10000 ms' } : {}) };
}

describe('judgeSustained', () => {
  it('passes when every request under the limit was admitted', () => {
    const verdict = judgeSustained(
      run(
        110,
        Array.from({ length: 110 }, (_, i) => sample(200, i * 1090.9)),
        1.5,
      ),
      'limited key 3 of 3',
    );
    expect(verdict).toMatchObject({ status: 'passed', findings: [], counts: { sent: 110, admitted: 110, rejected: 0 } });
    expect(verdict.message).toMatch(/110 of 110 requests admitted, none refused/);
  });

  it('fails on any 429, saying when the first came', () => {
    const samples = Array.from({ length: 110 }, (_, i) => sample(i === 70 ? 429 : 200, i * 1000));
    const verdict = judgeSustained(run(110, samples), 'k');
    expect(verdict.status).toBe('failed');
    expect(verdict.findings[0]).toBe('k: 1 of 110 requests were refused with 429 under the limit (first after 70 s)');
  });

  it('fails other refusals, and is an error when requests only got no answer or the run stopped early', () => {
    expect(judgeSustained(run(2, [sample(200, 0), sample(500, 1000)]), 'k').status).toBe('failed');
    expect(judgeSustained(run(2, [sample(200, 0), sample(null, 1000)]), 'k').status).toBe('error');
    expect(judgeSustained(run(3, [sample(200, 0)]), 'k')).toMatchObject({ status: 'error', findings: ['k: stopped after 1 of 3 planned requests'] });
  });
});

describe('runSustained against the reference server', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('holds the arrival rate: 6 requests in about 1 s at 360/min', async () => {
    const started = performance.now();
    const sent = await runSustained(splitUrl(server.baseUrl, '/contacts?limit=1'), 'wmk_c2526fc86d4d0798bc7020ac02cd5b90', {
      ratePerMin: 360,
      durationS: 1,
      timeoutMs: 5000,
    });
    const elapsed = performance.now() - started;
    expect(sent.planned).toBe(6);
    expect(sent.samples.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The last start is at 5 × 166.7 ms.
    expect(elapsed).toBeGreaterThanOrEqual(820);
    expect(sent.samples[5]!.startMs).toBeGreaterThanOrEqual(830);
  });
});
