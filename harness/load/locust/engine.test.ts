import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../../reference/server.js';
import { LocustResultError, LocustStartError } from '../../errors.js';
import type { KeyTally, LocustResult } from '../tally.js';
import { DEFAULT_PYTHON, jobBoundMs, LocustEngine, locustAvailable, readLocustResult } from './engine.js';
import { createBody } from '../throughput.js';
import { KEYS_FILE_ENV } from './paths.js';

/*
 * The real engine: a Locust master and two workers on 127.0.0.1 against the reference server.
 * Worker 1's wall clock is shifted by 800 ms (the locustfile's test-only skew) to show the offset
 * measurement. About 12 s on this 2-core machine.
 */

const unavailable = await locustAvailable(DEFAULT_PYTHON);
const SKEW_MS = 800;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tallies(result: LocustResult, keyIndex: number): { worker: number; tally: KeyTally }[] {
  return result.tallies.filter((t) => t.tally.keyIndex === keyIndex);
}

function total(result: LocustResult, keyIndex: number, pick: (t: KeyTally) => number): number {
  return tallies(result, keyIndex).reduce((n, t) => n + pick(t.tally), 0);
}

const status = (code: string) => (t: KeyTally) => t.statusCounts[code] ?? 0;

describe('harness/load/locust/engine.ts (temp files and results)', () => {
  it('refuses a malformed result file with a message saying what is wrong', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'locust-result-'));
    try {
      const file = join(dir, 'r.json');
      await writeFile(
        file,
        JSON.stringify({
          format: 'conformance-locust-result',
          version: 1,
          locustfile: '1',
          locust: 'x',
          jobId: 'j',
          workers: [],
          tallies: [],
          elapsedMs: 1,
          stopped: false,
        }),
      );
      await expect(readLocustResult(file, 'j')).rejects.toThrow(/malformed: workers/);
      await writeFile(file, '{not json');
      await expect(readLocustResult(file, 'j')).rejects.toBeInstanceOf(LocustResultError);
      await expect(readLocustResult(join(dir, 'absent.json'))).rejects.toThrow(/cannot be read/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(unavailable !== undefined)(`LocustEngine, master + 2 workers on loopback (${unavailable ?? `${DEFAULT_PYTHON} has Locust`})`, () => {
  let server: RunningReferenceServer;
  let engine: LocustEngine;
  let keys: string[];

  beforeAll(async () => {
    server = await startReferenceServer();
    const org = server.seed.organisations[0]!;
    const limited = org.keys.filter((k) => k.role === 'limited').map((k) => k.key);
    const custom = org.keys.find((k) => k.role === 'custom')!.key;
    const member = org.keys.find((k) => k.role === 'member')!.key;
    // 0, 1: limited (60/min), 2: custom (90/min), 3: member (unlimited for these tests).
    keys = [limited[0]!, limited[1]!, custom, member];
    engine = await LocustEngine.start({ workers: 2, keys, workerWaitMs: 20_000, workerEnv: [{}, { WMC_LOCUST_CLOCK_SKEW_MS: String(SKEW_MS) }] });
  }, 40_000);

  afterAll(async () => {
    await engine?.close();
    await server?.close();
  }, 30_000);

  const target = (): string => new URL(server.baseUrl).origin;

  it('measures each worker clock, and finds the one shifted by 800 ms', () => {
    expect(engine.workers.map((w) => w.index)).toEqual([0, 1]);
    // Workers are numbered in the master's order, not the order they were started in.
    const [plain, skewed] = [...engine.workers].sort((a, b) => a.clockOffsetMs - b.clockOffsetMs);
    // The master reads the offset at the midpoint of its fastest ping, so it is off by at most half
    // that ping's round trip (plus rounding) however busy the machine; the round trip itself is a
    // bench figure. The second line makes sure that margin can still tell the 800 ms apart.
    expect(Math.abs(plain!.clockOffsetMs)).toBeLessThanOrEqual(plain!.clockRttMs / 2 + 1);
    expect(Math.abs(skewed!.clockOffsetMs - SKEW_MS)).toBeLessThanOrEqual(skewed!.clockRttMs / 2 + 1);
    expect(Math.max(plain!.clockRttMs, skewed!.clockRttMs)).toBeLessThan(SKEW_MS);
  });

  it('splits a burst of 150 over both workers and admits exactly the limit of 60', async () => {
    const result = await engine.runJob(
      {
        kind: 'burst',
        id: 'burst-one',
        path: '/api/v1/contacts?limit=1',
        keyIndexes: [0],
        requestsPerKey: 150,
        connectionsPerKey: 20,
        timeoutMs: 10_000,
        bucketMs: 100,
      },
      target(),
    );
    expect(result.jobId).toBe('burst-one');
    expect(result.stopped).toBe(false);
    expect(tallies(result, 0).map((t) => [t.worker, t.tally.sent])).toEqual([
      [0, 75],
      [1, 75],
    ]);
    expect(total(result, 0, (t) => t.sent)).toBe(150);
    expect(total(result, 0, status('200'))).toBe(60);
    expect(total(result, 0, status('429'))).toBe(90);
    expect(total(result, 0, (t) => t.errors)).toBe(0);
    // Every 429 left a Retry-After pair (value and Date) in its worker's tally.
    const pairs = tallies(result, 0).flatMap((t) => t.tally.retryAfter.values);
    expect(pairs.reduce((n, v) => n + v.count, 0)).toBe(90);
    expect(pairs.every((v) => v.value !== null && /^\d+$/.test(v.value) && v.date !== null)).toBe(true);
    // Worker 1's receivedAt values carry its 800 ms skew until the judge corrects them by its offset.
    const received = (w: number) => tallies(result, 0).find((t) => t.worker === w)!.tally.retryAfter.values[0]!.receivedAt;
    const corrected = received(1) - result.workers[1]!.clockOffsetMs - (received(0) - result.workers[0]!.clockOffsetMs);
    expect(Math.abs(corrected)).toBeLessThan(500);
    expect(result.workers.every((w) => w.goSpreadMs < 50)).toBe(true);
    expect(total(result, 0, (t) => t.latency.count)).toBe(150);
    expect(JSON.stringify(result)).not.toContain(keys[0]);
  });

  it('keeps two keys of a burst independent: each admits its own limit', async () => {
    const result = await engine.runJob(
      {
        kind: 'burst',
        id: 'burst-two',
        path: '/api/v1/contacts?limit=1',
        keyIndexes: [1, 2],
        requestsPerKey: 120,
        connectionsPerKey: 10,
        timeoutMs: 10_000,
        bucketMs: 100,
      },
      target(),
    );
    expect(total(result, 1, (t) => t.sent)).toBe(120);
    expect(total(result, 1, status('200'))).toBe(60);
    expect(total(result, 2, (t) => t.sent)).toBe(120);
    expect(total(result, 2, status('200'))).toBe(90);
    expect(total(result, 2, status('429'))).toBe(30);
    // Which worker met the limit first depends on timing; at least one did.
    expect(tallies(result, 2).some((t) => t.tally.first429Ms !== null)).toBe(true);
  });

  it('sends a schedule open-model, offsets alternating between the workers, and records the lag', async () => {
    const offsetsMs = Array.from({ length: 20 }, (_, i) => i * 50);
    const result = await engine.runJob(
      { kind: 'schedule', id: 'schedule', path: '/api/v1/contacts?limit=1', keyIndex: 3, offsetsMs, timeoutMs: 5000, bucketMs: 250 },
      target(),
    );
    expect(tallies(result, 3).map((t) => [t.worker, t.tally.sent])).toEqual([
      [0, 10],
      [1, 10],
    ]);
    expect(total(result, 3, status('200'))).toBe(20);
    const first = tallies(result, 3).map((t) => t.tally.firstSentMs!);
    // Worker 0 starts at offset 0, worker 1 at 50 ms (each on its own clock since go). How late
    // after its offset a request leaves (maxLagMs) is a bench figure, not a bound here.
    expect(first[0]).toBeGreaterThanOrEqual(0);
    expect(first[1]).toBeGreaterThanOrEqual(49);
    for (const t of tallies(result, 3)) {
      expect(t.tally.maxLagMs).toBeGreaterThanOrEqual(0);
      expect(t.tally.lastAnswerMs!).toBeGreaterThanOrEqual(900);
    }
    expect(
      tallies(result, 3)
        .flatMap((t) => t.tally.buckets)
        .reduce((n, b) => n + b.admitted, 0),
    ).toBe(20);
  });

  it('runs a throughput GET step for its duration and histograms every answer', async () => {
    const result = await engine.runJob(
      {
        kind: 'throughput',
        id: 'throughput',
        keyIndex: 3,
        method: 'GET',
        path: '/api/v1/contacts?limit=1',
        body: null,
        connections: 4,
        durationS: 1,
        maxRequests: 100_000,
        timeoutMs: 5000,
        bucketMs: 250,
      },
      target(),
    );
    const answers = total(result, 3, (t) => Object.values(t.statusCounts).reduce((a, b) => a + b, 0));
    expect(answers).toBeGreaterThan(100);
    expect(total(result, 3, (t) => t.sent)).toBe(answers + total(result, 3, (t) => t.errors));
    expect(total(result, 3, (t) => t.latency.count)).toBe(answers);
    expect(total(result, 3, (t) => t.latency.buckets.reduce((n, [, c]) => n + c, 0))).toBe(answers);
    // At least its duration; how far past it a step ends is a bench figure.
    expect(result.elapsedMs).toBeGreaterThanOrEqual(1000);
  });

  it('runs a throughput POST step up to its request bound and collects the ids it created', async () => {
    const body = createBody('locust-engine-test');
    const result = await engine.runJob(
      {
        kind: 'throughput',
        id: 'creates',
        keyIndex: 3,
        method: 'POST',
        path: '/api/v1/contacts',
        body,
        connections: 4,
        durationS: 10,
        maxRequests: 41,
        timeoutMs: 5000,
        bucketMs: 1000,
      },
      target(),
    );
    expect(total(result, 3, (t) => t.sent)).toBe(41);
    expect(total(result, 3, status('201'))).toBe(41);
    const ids = tallies(result, 3).flatMap((t) => t.tally.createdIds);
    expect(new Set(ids).size).toBe(41);
    // Stopped by its request bound, not by its 10 s duration.
    expect(result.elapsedMs).toBeLessThan(10_000);
  });

  it('stops a job when its signal aborts and hands back what was sent, marked stopped', async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 600);
    try {
      const result = await engine.runJob(
        {
          kind: 'throughput',
          id: 'aborted',
          keyIndex: 3,
          method: 'GET',
          path: '/api/v1/contacts?limit=1',
          body: null,
          connections: 2,
          durationS: 30,
          maxRequests: 1_000_000,
          timeoutMs: 5000,
          bucketMs: 1000,
        },
        target(),
        { signal: controller.signal },
      );
      expect(result.stopped).toBe(true);
      // Stopped by the abort, not by its 30 s duration.
      expect(result.elapsedMs).toBeLessThan(30_000);
      expect(total(result, 3, (t) => t.sent)).toBeGreaterThan(0);
    } finally {
      clearTimeout(timer);
    }
  });

  it('refuses a worker whose keys file is missing, naming the variable', async () => {
    const started = LocustEngine.start({ workers: 1, keys, workerWaitMs: 15_000, workerEnv: [{ [KEYS_FILE_ENV]: '/nonexistent/keys.json' }] });
    await expect(started).rejects.toBeInstanceOf(LocustStartError);
    await expect(started).rejects.toThrow(/CONFORMANCE_LOCUST_KEYS_FILE cannot be read/);
    await expect(started).rejects.not.toThrow(keys[0]!);
  }, 20_000);

  it('close() ends the master and workers and removes its temp files', async () => {
    const pids = engine.pids();
    const dir = engine.workDir;
    expect(existsSync(join(dir, 'keys.json'))).toBe(true);
    expect(pids).toHaveLength(3);
    expect(pids.every(alive)).toBe(true);
    await engine.close();
    expect(pids.filter(alive)).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  }, 15_000);

  it('fails a job whose master dies, and close() still ends the orphaned worker', async () => {
    const lone = await LocustEngine.start({ workers: 1, keys, workerWaitMs: 15_000 });
    const pids = lone.pids();
    try {
      const job = lone.runJob(
        {
          kind: 'throughput',
          id: 'orphaned',
          keyIndex: 3,
          method: 'GET',
          path: '/api/v1/contacts?limit=1',
          body: null,
          connections: 1,
          durationS: 20,
          maxRequests: 1_000_000,
          timeoutMs: 5000,
          bucketMs: 1000,
        },
        target(),
      );
      setTimeout(() => process.kill(pids[0]!, 'SIGKILL'), 300);
      await expect(job).rejects.toThrow(/master exited during the job/);
    } finally {
      await lone.close();
    }
    expect(pids.filter(alive)).toEqual([]);
  }, 20_000);

  it('waits for external workers started from the command it prints, and writes no keys file of its own', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'locust-external-'));
    const keysFile = join(dir, 'keys.json');
    await writeFile(keysFile, JSON.stringify(keys), { mode: 0o600 });
    let worker: ChildProcess | undefined;
    let external: LocustEngine | undefined;
    try {
      external = await LocustEngine.start({
        workers: 1,
        externalWorkers: true,
        keys,
        workerWaitMs: 15_000,
        onListening: ({ workerCommand }) => {
          const command = workerCommand('127.0.0.1');
          expect(command).not.toContain(keys[0]!);
          worker = spawn('sh', ['-c', command.replace('/path/to/keys.json', keysFile)], { detached: true, stdio: 'ignore' });
        },
      });
      expect(external.workers).toHaveLength(1);
      expect(existsSync(join(external.workDir, 'keys.json'))).toBe(false);
      const result = await external.runJob(
        {
          kind: 'burst',
          id: 'external',
          path: '/api/v1/contacts?limit=1',
          keyIndexes: [3],
          requestsPerKey: 10,
          connectionsPerKey: 2,
          timeoutMs: 5000,
          bucketMs: 100,
        },
        target(),
      );
      expect(total(result, 3, status('200'))).toBe(10);
    } finally {
      await external?.close();
      if (worker?.pid !== undefined) {
        try {
          process.kill(-worker.pid, 'SIGKILL');
        } catch {
          // It quit with its master.
        }
      }
      await rm(dir, { recursive: true, force: true });
    }
  }, 25_000);
});

describe('jobBoundMs', () => {
  it('bounds a schedule by its last start and the timeout, however many starts a ramp holds', () => {
    const offsetsMs = Array.from({ length: 300_000 }, (_, i) => i / 10);
    expect(
      jobBoundMs({ kind: 'schedule', id: 'throughput-1', path: '/api/v1/contacts?limit=20', keyIndex: 0, offsetsMs, timeoutMs: 5000, bucketMs: 1000 }),
    ).toBe(29_999.9 + 5000);
  });
});
