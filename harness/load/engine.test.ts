import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { judgeBurstKey } from './burst.js';
import { JobKeyError } from '../errors.js';
import { NodeEngine } from './engine.js';
import { keyTallySchema } from './tally.js';
import { tallyOfKey } from './tally-merge.js';
import { throughputStepOf } from './throughput.js';

const LIMITED = 'wmk_1c92cffb5b45f3227219789a041be7d8';
const ADMIN = 'wmk_3be3b5804692ebe4e955884c7b5d1661';

describe('NodeEngine against the reference server', () => {
  let server: RunningReferenceServer;
  const engine = new NodeEngine();
  const keys = [LIMITED, ADMIN];
  beforeAll(async () => {
    server = await startReferenceServer();
    await engine.start();
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  it('is one worker on the harness clock', () => {
    expect(engine.name).toBe('node');
    expect(engine.workers()).toEqual([expect.objectContaining({ index: 0, clockOffsetMs: 0 })]);
  });

  it("sends a burst job and hands back a valid tally the judge passes on an unused key's window", async () => {
    const origin = new URL(server.baseUrl).origin;
    const path = `${new URL(server.baseUrl).pathname.replace(/\/$/, '')}/contacts?limit=1`;
    const job = { kind: 'burst' as const, id: 'b1', path, keyIndexes: [0], requestsPerKey: 90, connectionsPerKey: 30, timeoutMs: 5000, bucketMs: 1 };
    const result = await engine.runJob(job, keys, { origin });
    expect(result.stopped).toBe(false);
    expect(result.tallies).toHaveLength(1);
    const { tally, workers } = tallyOfKey(result, 0, 1);
    expect(keyTallySchema.parse(tally)).toEqual(tally);
    expect(tally).toMatchObject({ sent: 90, statusCounts: { '200': 60, '429': 30 }, errors: 0 });
    expect(tally.retryAfter.values.length).toBeGreaterThan(0);
    const judged = judgeBurstKey({ label: 'limited key 1 of 1', tally, workers, limit: 60, remaining: 60, waitedMs: 0 });
    expect(judged.record).toMatchObject({ status: 'passed', admitted: 60, rejected: 30, workers: [{ worker: 0, sent: 90, admitted: 60, rejected: 30 }] });
  });

  it('sends a schedule job at its offsets, reporting each answer', async () => {
    const origin = new URL(server.baseUrl).origin;
    const path = `${new URL(server.baseUrl).pathname.replace(/\/$/, '')}/contacts?limit=1`;
    const answers: (number | null)[] = [];
    const started = performance.now();
    const result = await engine.runJob(
      { kind: 'schedule', id: 's1', path, keyIndex: 1, offsetsMs: [0, 100, 200, 300], timeoutMs: 5000, bucketMs: 1 },
      keys,
      { origin },
      { onAnswer: (s) => answers.push(s) },
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(answers).toEqual([200, 200, 200, 200]);
    const { tally } = tallyOfKey(result, 1, 1);
    expect(tally).toMatchObject({ sent: 4, statusCounts: { '200': 4 } });
    // How soon after its offset a request leaves is a bench figure (bench/bounds.ts), not a bound here.
    expect(tally.firstSentMs).toBeGreaterThanOrEqual(0);
    expect(tally.firstSentMs!).toBeLessThan(tally.lastAnswerMs!);
    expect(tally.lastAnswerMs).toBeGreaterThanOrEqual(300);
  });

  it('sends a throughput step and the record comes from its tally; creates hand back their ids', async () => {
    const origin = new URL(server.baseUrl).origin;
    const base = new URL(server.baseUrl).pathname.replace(/\/$/, '');
    const result = await engine.runJob(
      {
        kind: 'throughput',
        id: 't1',
        keyIndex: 1,
        method: 'POST',
        path: `${base}/contacts`,
        body: JSON.stringify({ contactType: 'company', name: 'engine test', tags: ['engine-test'] }),
        connections: 2,
        durationS: 2,
        maxRequests: 25,
        timeoutMs: 5000,
        bucketMs: 1000,
      },
      keys,
      { origin },
    );
    const { tally } = tallyOfKey(result, 1, 1000);
    expect(tally.createdIds.length).toBeGreaterThan(0);
    expect(tally.createdIds.length).toBeLessThanOrEqual(25);
    const record = throughputStepOf({ endpoint: 'create', connections: 2, durationS: 2, maxRequests: 25 }, tally);
    expect(record).toMatchObject({ endpoint: 'create', label: 'POST /contacts', errors: 0, non2xx: 0, capped: true });
    expect(record.requests).toBeGreaterThanOrEqual(25);
    expect(record.statusCounts['201']).toBe(record.requests);
    expect(record.latencyMs?.p50).toBeGreaterThan(0);
  });

  it('refuses a job naming a key it does not hold', async () => {
    await expect(
      engine.runJob({ kind: 'schedule', id: 'x', path: '/', keyIndex: 7, offsetsMs: [0], timeoutMs: 100, bucketMs: 1 }, keys, { origin: 'http://127.0.0.1:9' }),
    ).rejects.toThrow(JobKeyError);
  });
});
