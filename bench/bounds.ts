import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { RunStoppedError } from '../harness/errors.js';
import { ApiClient } from '../harness/http/client.js';
import { TargetHealth } from '../harness/http/health.js';
import { Redactor } from '../harness/http/redact.js';
import { NodeEngine } from '../harness/load/engine.js';
import { tallyOfKey } from '../harness/load/tally-merge.js';
import { startReferenceServer } from '../reference/server.js';

/**
 * Bounds on the machine's clock that the unit tests used to assert and no longer do (on a busy
 * 2-core machine they flaked): the tests check the logic with fake timers or the code's own
 * figures, and these are the real times, measured here on this machine.
 * - schedule lag: a Node-engine schedule job at offsets 0, 100, 200, 300 ms: how long after the
 *   job's start its first request left, and the most any request left after its offset (was:
 *   first request under 50 ms in harness/load/engine.test.ts);
 * - breaker refusal: how long a request takes to be refused once the breaker is open, no request
 *   sent (was: under 50 ms in harness/http/client.test.ts).
 */
export interface BoundFigures {
  readonly scheduleFirstSentMs: number[];
  readonly scheduleMaxLagMs: number[];
  readonly breakerRefusalMs: number[];
}

export async function measureBounds(rounds: number): Promise<BoundFigures> {
  const figures: BoundFigures = { scheduleFirstSentMs: [], scheduleMaxLagMs: [], breakerRefusalMs: [] };
  const admin = seedDefaults(await readSeed()).keys.admin!;
  const server = await startReferenceServer();
  const engine = new NodeEngine();
  await engine.start();
  try {
    const origin = new URL(server.baseUrl).origin;
    const path = `${new URL(server.baseUrl).pathname.replace(/\/$/, '')}/contacts?limit=1`;
    for (let i = 0; i < rounds; i++) {
      const result = await engine.runJob(
        { kind: 'schedule', id: `bench-${i}`, path, keyIndex: 0, offsetsMs: [0, 100, 200, 300], timeoutMs: 5000, bucketMs: 1 },
        [admin],
        { origin },
      );
      const { tally } = tallyOfKey(result, 0, 1);
      figures.scheduleFirstSentMs.push(tally.firstSentMs ?? Number.NaN);
      figures.scheduleMaxLagMs.push(tally.maxLagMs);

      const health = new TargetHealth(1);
      health.stop('breaker', 'bench: the breaker is open');
      const client = new ApiClient({ baseUrl: server.baseUrl, key: admin, timeoutMs: 5000, redactor: new Redactor([admin]), health });
      const started = performance.now();
      const refused = await client.get('/contacts').then(
        () => false,
        (error: unknown) => error instanceof RunStoppedError,
      );
      if (!refused) throw new Error('bench: the open breaker let a request through');
      figures.breakerRefusalMs.push(performance.now() - started);
    }
  } finally {
    await engine.close();
    await server.close();
  }
  return figures;
}
