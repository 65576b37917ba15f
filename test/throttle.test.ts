import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../harness/config/schema.js';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { estimateRequests } from '../harness/runner/request-estimate.js';
import { loadSeed } from '../reference/seed.js';
import { DEFAULT_SEED_PATH, startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { readLatestReport, runCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Issue 12, "throttling is diagnosed, not endured": a target whose keys all have the spec's
 * default 60 requests a minute (reference fault rl-custom-limit-ignored: the admin key's custom
 * limit is ignored). Without the diagnosis a full run would wait out one 429 after another for
 * hours.
 */

function stderrLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

describe("a run the keys' limits would hold for hours", () => {
  it('asks RL-LIMIT-CUSTOM first: a target that ignores custom limits ends non-conformant, the rest not run and why, every report file written', {
    timeout: 120_000,
  }, async () => {
    // The fault fails the check on its first answer; the short window bounds it otherwise.
    const result = await runCli(['run'], { CONFORMANCE_REFERENCE_FAULTS: 'rl-custom-limit-ignored', CONFORMANCE_REFERENCE_RATE_WINDOW_S: '8' });
    expect(result.code, result.stderr.slice(-1500)).toBe(1);
    expect(result.stderr).toMatch(
      /CONFORMANCE_ADMIN_KEY: the target limits this key to 60 requests per minute \(X-RateLimit-Limit, the spec's default\); this run sends about [\d,]+00 requests with it, which takes about \d+ h \d+ min paced under that limit: either the key carries no custom limit, or the target ignores custom limits \(spec 5\.6, 8\); RL-LIMIT-CUSTOM runs first/,
    );
    const report = await readLatestReport(result.reportDir);
    expect(report.verdict).toBe('non-conformant');
    expect(report.checks.map((c) => [c.requirementId, c.status])).toEqual([['RL-LIMIT-CUSTOM', 'fail']]);
    // The run's own selection, and what it did not verify says why.
    expect([...report.settings.suites].sort()).toEqual([...DOMAINS].sort());
    expect(report.settings.requirements).toEqual([]);
    const ct = report.unverified.find((u) => u.id === 'CT-CREATE-VALID');
    expect(ct).toMatchObject({
      reason: 'not-run',
      detail: expect.stringMatching(
        /CONFORMANCE_ADMIN_KEY is held to the spec's default 60 a minute.*RL-LIMIT-CUSTOM failed: the target ignores custom limits/,
      ),
    });
    expect(await readdir(join(result.reportDir, 'latest'))).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'summary.md', 'report.html']));
    expect(await readFile(join(result.reportDir, 'latest', 'summary.md'), 'utf8')).toMatch(/RL-LIMIT-CUSTOM failed: the target ignores custom limits/);
  });

  it('runs when narrowed to what the limits allow (the auth suite sends a dozen admin-key requests)', async () => {
    const result = await runCli(['run'], { CONFORMANCE_REFERENCE_FAULTS: 'rl-custom-limit-ignored', CONFORMANCE_SUITES: 'auth' });
    const report = await readLatestReport(result.reportDir);
    expect(report.checks.filter((c) => c.status === 'error').map((c) => c.message)).toEqual([]);
    expect(report.throttling.waits).toBe(0);
    expect(result.code).toBe(0);
  });

  it('asks for a run deadline that fits when CONFORMANCE_PACED=true accepts the pace', async () => {
    const result = await runCli(['run'], { CONFORMANCE_REFERENCE_FAULTS: 'rl-custom-limit-ignored', CONFORMANCE_PACED: 'true' });
    expect(result.code).toBe(2);
    expect(stderrLines(result.stderr)).toEqual([
      expect.stringMatching(/^conformance: CONFORMANCE_RUN_DEADLINE_S: CONFORMANCE_ADMIN_KEY: .* Set CONFORMANCE_RUN_DEADLINE_S=\d+ or more/),
    ]);
  });
});

describe('a key at the default limit on a target that honours custom limits, or with nothing to decide it', () => {
  it('is the configuration problem once RL-LIMIT-CUSTOM passed: exit 2, one line saying so, every report file', { timeout: 150_000 }, async () => {
    // The admin key carries no custom limit; the custom-limit key's 90 is honoured.
    const seed = structuredClone(await loadSeed(DEFAULT_SEED_PATH));
    seed.organisations[0]!.keys.find((k) => k.role === 'admin')!.limitPerMinute = null;
    const server = await startReferenceServer({ seed, rateWindowMs: 8_000 });
    try {
      const result = await runCli(['run'], await externalTargetEnv(server.baseUrl));
      expect(result.code, result.stderr.slice(-1500)).toBe(2);
      expect(stderrLines(result.stderr).at(-1)).toMatch(
        /^conformance: CONFORMANCE_ADMIN_KEY: the target limits this key to 60 requests per minute .*; RL-LIMIT-CUSTOM passed \(the target honours CONFORMANCE_CUSTOM_LIMIT_KEY's custom limit\), so the key carries no custom limit on the target\. Give the key a higher per-minute limit/,
      );
      expect(await readdir(join(result.reportDir, 'latest'))).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'summary.md', 'report.html']));
      const report = await readLatestReport(result.reportDir);
      expect(report.verdict).not.toBe('conformant');
      const stops = report.checks.filter((c) => c.requirementId === 'HARNESS').map((c) => c.message ?? '');
      expect(stops).toContainEqual(
        expect.stringMatching(/^the run stopped early: .*RL-LIMIT-CUSTOM passed .* \(before the run's checks: only RL-LIMIT-CUSTOM ran, to decide this\)$/),
      );
    } finally {
      await server.close();
    }
  });

  it('without CONFORMANCE_CUSTOM_LIMIT_KEY stops at once saying both possibilities (exit 2)', { timeout: 60_000 }, async () => {
    const server = await startReferenceServer({ faults: ['rl-custom-limit-ignored'] });
    try {
      const { CONFORMANCE_CUSTOM_LIMIT_KEY: _key, CONFORMANCE_CUSTOM_LIMIT: _limit, ...env } = await externalTargetEnv(server.baseUrl);
      const result = await runCli(['run'], env);
      expect(result.code).toBe(2);
      expect(stderrLines(result.stderr).at(-1)).toMatch(
        /^conformance: CONFORMANCE_ADMIN_KEY: .* That is the spec's default: either the key carries no custom limit on the target, or the target ignores custom limits \(spec 5\.6, 8; with CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT set, the run checks RL-LIMIT-CUSTOM first, which tells which\)\./,
      );
      const report = await readLatestReport(result.reportDir);
      expect(report.checks.filter((c) => c.requirementId !== 'HARNESS')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a target that throttles without saying its limit', () => {
  let server: RunningReferenceServer;
  let proxy: CountingProxy;

  beforeAll(async () => {
    server = await startReferenceServer({ faults: ['rl-custom-limit-ignored'] });
    // No X-RateLimit-* headers: the run cannot plan, and meets the limit as 429s.
    proxy = await startCountingProxy(server.baseUrl, { stripRateHeaders: true });
  });

  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('stops once the throttling budget is spent, writes the report with the cause, and exits 1 with verdict error', async () => {
    const result = await runCli(['run'], {
      ...(await externalTargetEnv(proxy.baseUrl)),
      // 760 admin-key requests at 60 a minute: over 12 minutes of 429s without the budget.
      CONFORMANCE_SUITES: 'contacts',
      CONFORMANCE_THROTTLE_BUDGET_S: '3',
    });
    expect(result.code).toBe(1);
    const report = await readLatestReport(result.reportDir);
    expect(report.verdict).toBe('error');
    const cause =
      /throttled: \d+ s spent waiting out HTTP 429 \(CONFORMANCE_THROTTLE_BUDGET_S=3\): the target's per-minute limit of CONFORMANCE_ADMIN_KEY \(the key of the last 429\) is too low for this run/;
    // The run-level cause, and every check it ended says it too.
    expect(report.checks.filter((c) => c.domain === 'harness').map((c) => c.message)).toEqual([expect.stringMatching(cause)]);
    const ended = report.checks.filter((c) => c.domain === 'contacts' && c.status === 'error');
    expect(ended.length).toBeGreaterThan(10);
    for (const check of ended) expect(check.message).toMatch(cause);
    expect(report.checks.some((c) => c.domain === 'contacts' && c.status === 'pass')).toBe(true);
    expect(report.throttling.waits).toBeGreaterThan(0);
    // After the stop nothing more went out: the 60 the minute allowed, the 429s, no cleanup.
    expect(proxy.counts().get(seedDefaults(await readSeed()).keys.admin!)).toBeLessThan(200);
    expect(result.stdout).toMatch(/^ERROR {2}/m);
    // Seconds of waiting, not the quarter of an hour the 429s would have taken: the waits the run
    // counted, not the wall clock, which a busy machine stretches. They add up over the requests
    // waiting at once (up to CONFORMANCE_CONCURRENCY), so a busy machine, whose requests end later
    // and overlap more, counts more of them (45.6 s once on a loaded CI machine): 90 s is still an
    // eighth of the 12 minutes the run would have waited without the budget.
    expect(report.throttling.totalWaitMs).toBeLessThan(90_000);
  });
});

describe('the request estimate', () => {
  let server: RunningReferenceServer;
  let proxy: CountingProxy;

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startCountingProxy(server.baseUrl);
  });

  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('is within 25% of the admin-key requests a real run of the functional suites sends', { timeout: 240_000 }, async () => {
    // Every suite but rate-limit (its length is its waits for fresh windows, not requests).
    const suites = DOMAINS.filter((d) => d !== 'rate-limit');
    const numRuns = 7;
    const result = await runCli(['run'], {
      ...(await externalTargetEnv(proxy.baseUrl)),
      CONFORMANCE_SUITES: suites.join(','),
      CONFORMANCE_NUM_RUNS: String(numRuns),
    });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    const seed = seedDefaults(await readSeed());
    const sent = proxy.counts().get(seed.keys.admin!) ?? 0;
    const estimated = estimateRequests(suites, numRuns).admin;
    expect(sent / estimated).toBeGreaterThan(0.75);
    expect(sent / estimated).toBeLessThan(1.25);
  });
});
