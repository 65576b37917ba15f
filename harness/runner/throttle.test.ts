import { InternalError, RunStoppedError } from '../errors.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type ClientStats } from '../http/client.js';
import { TargetHealth } from '../http/health.js';
import { Redactor } from '../http/redact.js';
import {
  BUDGETED_RETRIES,
  MAX_PACED_KEYS,
  PACED_RETRIES,
  ThrottleGovernor,
  ThrottleLedger,
  budgetReason,
  formatWait,
  type ThrottlePolicy,
} from './throttle.js';

/** A clock that moves only when a sleep says so: waits take no real time. */
function fakeTime(start = 1_000_000): { now: () => number; sleep: (ms: number) => Promise<void>; advance: (ms: number) => void } {
  let t = start;
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

const ADMIN = 'wmk_admin0001';
const OTHER = 'wmk_other0001';

function policy(overrides: Partial<ThrottlePolicy> = {}): ThrottlePolicy {
  return {
    budgetMs: 10_000,
    retries: BUDGETED_RETRIES,
    paced: [],
    countedKey: ADMIN,
    variables: { [ADMIN]: 'CONFORMANCE_ADMIN_KEY', [OTHER]: 'CONFORMANCE_OTHER_ORG_KEY' },
    ...overrides,
  };
}

describe('ThrottleLedger', () => {
  it("carries the exploration's sequence count to the progress line, and nothing once it is cleared", () => {
    const ledger = new ThrottleLedger(new ArrayBuffer(ThrottleLedger.BYTES));
    expect(ledger.sequences()).toBeUndefined();
    ledger.noteSequences(12, 40);
    // Another view of the same buffer (the main thread's) reads what a worker wrote.
    expect(new ThrottleLedger(ledger.buffer).sequences()).toEqual({ done: 12, planned: 40 });
    ledger.noteSequences(0, 0);
    expect(ledger.sequences()).toBeUndefined();
  });

  it('counts the time at least one request waited, once however many waited together', () => {
    const time = fakeTime();
    const ledger = new ThrottleLedger(undefined, time.now);
    ledger.beginWait();
    time.advance(1000);
    ledger.beginWait(); // a second worker waits out the same window
    time.advance(2000);
    ledger.endWait();
    expect(ledger.throttledMs()).toBe(3000); // still waiting: the open interval counts
    time.advance(500);
    ledger.endWait();
    time.advance(10_000); // nobody waits: no throttled time
    ledger.beginWait();
    time.advance(250);
    ledger.endWait();
    expect(ledger.throttledMs()).toBe(3750);
    expect(ledger.waits()).toBe(3);
  });

  it('tells the main process what is left of the longest wait a worker announced', () => {
    const buffer = new SharedArrayBuffer(ThrottleLedger.BYTES);
    const time = fakeTime();
    const worker = new ThrottleLedger(buffer, time.now);
    const main = new ThrottleLedger(buffer, time.now);
    expect(main.knownWaitLeftMs()).toBe(0);
    worker.noteKnownWait(60_000);
    time.advance(15_000);
    worker.noteKnownWait(5000); // a shorter wait beside it does not shorten the first
    expect(main.knownWaitLeftMs()).toBe(45_000);
    time.advance(50_000);
    expect(main.knownWaitLeftMs()).toBe(0);
  });

  it('is one ledger for every view of the same shared buffer (the main process and each worker)', () => {
    const buffer = new SharedArrayBuffer(ThrottleLedger.BYTES);
    const time = fakeTime();
    const worker = new ThrottleLedger(buffer, time.now);
    const main = new ThrottleLedger(buffer, time.now);
    worker.countSent();
    worker.countSent();
    worker.beginWait();
    time.advance(700);
    expect(main.sent()).toBe(2);
    expect(main.throttledMs()).toBe(700);
  });

  it("lets a worker wait for the rate-limit file's load, which another view of the buffer marks, or for its bound", async () => {
    const buffer = new SharedArrayBuffer(ThrottleLedger.BYTES);
    const waiting = new ThrottleLedger(buffer);
    const loading = new ThrottleLedger(buffer);
    // Nothing marked: the bound ends the wait.
    await waiting.rateLimitLoaded(10);
    // Marked meanwhile: the wait ends then, far inside its bound (the test would time out otherwise).
    const ended = waiting.rateLimitLoaded(600_000).then(() => 'ended');
    loading.markRateLimitLoaded();
    expect(await ended).toBe('ended');
    // Marked before: no wait at all, on any view.
    await new ThrottleLedger(buffer).rateLimitLoaded(600_000);
  });

  it('spaces reservations of a paced key by its interval after the allowed burst', () => {
    const time = fakeTime();
    const ledger = new ThrottleLedger(undefined, time.now);
    // 1 request a second, 2 seconds of burst: the first three go at once, then one a second.
    const waits = Array.from({ length: 6 }, () => ledger.reserve(0, 1000, 2000));
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 3000]);
    // Another key has its own schedule.
    expect(ledger.reserve(1, 1000, 0)).toBe(0);
    // Idle time is not saved up beyond the burst.
    time.advance(60_000);
    expect(Array.from({ length: 4 }, () => ledger.reserve(0, 1000, 2000))).toEqual([0, 0, 0, 1000]);
    expect(() => ledger.reserve(MAX_PACED_KEYS, 1000, 0)).toThrow(InternalError);
  });
});

describe('ThrottleGovernor', () => {
  it('waits out a 429 within the budget and counts it', async () => {
    const time = fakeTime();
    const ledger = new ThrottleLedger(undefined, time.now);
    const health = new TargetHealth(5);
    const governor = new ThrottleGovernor(ledger, health, policy(), time);
    const started = time.now();
    await governor.waitOut429(ADMIN, 4000);
    expect(time.now() - started).toBe(4000);
    expect(ledger.throttledMs()).toBe(4000);
    expect(health.stopped).toBeNull();
  });

  it('stops the run once the waits pass the budget, naming the key, and refuses every further request', async () => {
    const time = fakeTime();
    const ledger = new ThrottleLedger(undefined, time.now);
    const health = new TargetHealth(5);
    const governor = new ThrottleGovernor(ledger, health, policy({ budgetMs: 10_000 }), time);
    await governor.waitOut429(ADMIN, 8000);
    const started = time.now();
    const error = await governor.waitOut429(OTHER, 60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunStoppedError);
    // Cut short just past the budget (sleeps are sliced), not after the whole minute.
    expect(time.now() - started).toBeLessThanOrEqual(2000 + 250);
    expect(health.stopped?.kind).toBe('throttled');
    expect(health.stopped?.reason).toMatch(
      /^throttled: 10 s spent waiting out HTTP 429 \(CONFORMANCE_THROTTLE_BUDGET_S=10\): the target's per-minute limit of CONFORMANCE_OTHER_ORG_KEY/,
    );
    expect((error as RunStoppedError).message).toBe(`not run: ${health.stopped?.reason}`);
    await expect(governor.beforeRequest(ADMIN)).rejects.toBeInstanceOf(RunStoppedError);
  });

  it('ends a wait when another worker stopped the run meanwhile', async () => {
    const time = fakeTime();
    const health = new TargetHealth(5);
    const sleep = async (ms: number): Promise<void> => {
      await time.sleep(ms);
      if (time.now() > 1_003_000) health.stop('deadline', 'the run deadline passed');
    };
    const governor = new ThrottleGovernor(new ThrottleLedger(undefined, time.now), health, policy({ budgetMs: null }), { now: time.now, sleep });
    await expect(governor.waitOut429(ADMIN, 60_000)).rejects.toMatchObject({ kind: 'deadline' });
    expect(time.now()).toBeLessThan(1_004_000);
  });

  it('never stops a paced run (no budget), however long it waits', async () => {
    const time = fakeTime();
    const health = new TargetHealth(5);
    const governor = new ThrottleGovernor(new ThrottleLedger(undefined, time.now), health, policy({ budgetMs: null, retries: PACED_RETRIES }), time);
    for (let i = 0; i < 10; i++) await governor.waitOut429(ADMIN, 60_000);
    expect(health.stopped).toBeNull();
    expect(governor.retries).toEqual(PACED_RETRIES);
  });

  it('returns early from a wait when the check is cancelled', async () => {
    const time = fakeTime();
    const controller = new AbortController();
    const sleep = async (ms: number): Promise<void> => {
      await time.sleep(ms);
      controller.abort();
    };
    const governor = new ThrottleGovernor(new ThrottleLedger(undefined, time.now), undefined, policy(), { now: time.now, sleep });
    await governor.waitOut429(ADMIN, 60_000, controller.signal);
    expect(time.now() - 1_000_000).toBeLessThanOrEqual(250);
  });

  it('paces a key with an advertised limit at 90% of it, evenly, and counts only the admin key', async () => {
    const time = fakeTime();
    const ledger = new ThrottleLedger(undefined, time.now);
    // 60 a minute: 54 a minute paced, one per 1.11 s.
    const governor = new ThrottleGovernor(ledger, undefined, policy({ paced: [{ key: ADMIN, variable: 'CONFORMANCE_ADMIN_KEY', limitPerMinute: 60 }] }), time);
    const sentAt: number[] = [];
    for (let i = 0; i < 10; i++) {
      await governor.beforeRequest(ADMIN);
      sentAt.push(time.now() - 1_000_000);
    }
    await governor.beforeRequest(OTHER); // not paced, not counted
    expect(ledger.sent()).toBe(10);
    const interval = 60_000 / 54;
    expect(sentAt[0]).toBe(0);
    // The schedule is exact; the sleeps in between are sliced, so allow a slice of rounding.
    for (let i = 1; i < 10; i++) {
      expect(sentAt[i]).toBeGreaterThanOrEqual(i * interval - 1);
      expect(sentAt[i]).toBeLessThan(i * interval + 250);
    }
    // So any minute sees at most 55 of them: room for the runner's probes within the advertised 60.
    expect(Math.floor(60_000 / interval) + 1).toBe(55);
  });
});

describe('ApiClient with a governor', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A target that refuses every request with 429 and Retry-After 30. */
  async function alwaysThrottled(): Promise<{ baseUrl: string; requests: () => number }> {
    let requests = 0;
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end('{"error":{"code":"rate_limited"}}');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, requests: () => requests };
  }

  it('waits out 429s through the governor until the budget stops the run, then sends nothing more', async () => {
    const target = await alwaysThrottled();
    const time = fakeTime();
    const health = new TargetHealth(5);
    const governor = new ThrottleGovernor(new ThrottleLedger(undefined, time.now), health, policy({ budgetMs: 45_000 }), time);
    const stats: ClientStats = { throttled: 0, throttledMs: 0 };
    const client = new ApiClient({ baseUrl: target.baseUrl, key: ADMIN, timeoutMs: 5000, redactor: new Redactor([ADMIN]), health, governor, stats });
    const error = await client.get('/contacts').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunStoppedError);
    // First answer, a 30 s wait, the retry, and the second wait cut at the budget.
    expect(target.requests()).toBe(2);
    expect(stats.throttled).toBe(2);
    await expect(client.get('/contacts')).rejects.toBeInstanceOf(RunStoppedError);
    expect(target.requests()).toBe(2);
  });

  it("uses the governor's retries unless the client chose its own (raw 429s for rate-limit checks)", async () => {
    const target = await alwaysThrottled();
    const time = fakeTime();
    const governor = new ThrottleGovernor(
      new ThrottleLedger(undefined, time.now),
      undefined,
      policy({ budgetMs: null, retries: { maxWaitMs: 1000, maxRetries: 2 } }),
      time,
    );
    const client = new ApiClient({ baseUrl: target.baseUrl, key: ADMIN, timeoutMs: 5000, redactor: new Redactor([ADMIN]), governor });
    await expect(client.get('/contacts')).rejects.toThrow(/still answered 429 after 2 waits/);
    expect(target.requests()).toBe(3);
    const raw = await client.with({ throttle: { maxWaitMs: 0, maxRetries: 0 } }).get('/contacts');
    expect(raw.status).toBe(429);
  });
});

describe('formatWait and budgetReason', () => {
  it.each([
    [0, '0 s'],
    [59_400, '59 s'],
    [60_000, '1 min'],
    [125_000, '2 min 5 s'],
    [3_600_000, '1 h'],
    [8_130_000, '2 h 16 min'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });

  it('says what spent the budget and what to do, in one line', () => {
    const reason = budgetReason(125_000, 120_000, 'CONFORMANCE_ADMIN_KEY');
    expect(reason).toBe(
      "throttled: 2 min 5 s spent waiting out HTTP 429 (CONFORMANCE_THROTTLE_BUDGET_S=120): the target's per-minute limit of CONFORMANCE_ADMIN_KEY (the key of the last 429) is too low for this run; " +
        'give it a higher limit (spec 5.6), narrow the run (CONFORMANCE_SUITES, CONFORMANCE_NUM_RUNS), or set CONFORMANCE_PACED=true to accept a paced run',
    );
  });
});
