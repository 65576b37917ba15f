import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../harness/config/load.js';
import type { Config } from '../harness/config/schema.js';
import { engineLine } from '../harness/load/engine-line.js';
import { locustAvailable } from '../harness/load/locust/engine.js';
import { LocustLoadEngine } from '../harness/load/locust/load-engine.js';
import { engineKeys } from '../harness/load/locust/paths.js';
import type { LoadReport, ScenarioResult } from '../harness/load/model.js';
import { LoadProgress } from '../harness/load/progress.js';
import { runLoad, type RunLoadOptions } from '../harness/load/run.js';
import { judgedWithinRefillTolerance, MAX_UNDECIDED_RUNS } from './testing/refill-tolerance.js';
import { SHORT_LOAD } from './testing/short-load.js';

/*
 * `conformance load --engine=locust` against the embedded reference: Locust's master and two
 * workers on loopback send the traffic, the harness judges their merged tallies. The verdicts must
 * be the Node engine's: a correct server passes every scenario, an over-admitting one fails the
 * same way, and workers whose clocks are a second apart change nothing but the report's clock line.
 * Shortened like test/load.test.ts (testing/short-load.ts).
 */
const SHORT = { ...SHORT_LOAD, CONFORMANCE_LOAD_WORKERS: '2' };

interface Run {
  readonly report: LoadReport;
  readonly log: string;
  readonly files: string[];
}

async function load(env: Record<string, string>, engine?: (config: Config) => RunLoadOptions['engine']): Promise<Run> {
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-locust-load-'));
  try {
    const config = await configFromEnv({ ...SHORT, CONFORMANCE_REPORT_DIR: reportDir, ...env });
    let log = '';
    const out = { write: (text: string) => ((log += text), true) } as unknown as NodeJS.WritableStream;
    const custom = engine?.(config);
    const { report } = await runLoad(config, { progress: new LoadProgress(out, false), ...(custom ? { engine: custom } : {}) });
    const entries = await readdir(reportDir, { recursive: true, withFileTypes: true });
    const files = await Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
    return { report, log, files };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

const scenario = (report: LoadReport, id: ScenarioResult['id']): ScenarioResult => report.scenarios.find((s) => s.id === id)!;

/** What must not depend on the engine: each scenario's status and, per key, what was admitted and refused. */
function verdicts(report: LoadReport): unknown[] {
  return report.scenarios.map((s) => [
    s.id,
    s.status,
    s.detail?.kind === 'burst' ? s.detail.keys.map((k) => [k.key, k.status, k.sent, k.admitted, k.rejected, k.other, k.errors, k.invalidRetryAfter]) : null,
  ]);
}

const noLocust = await locustAvailable();
if (noLocust !== undefined) console.warn(`test/locust-load.test.ts skipped: ${noLocust}`);

describe.skipIf(noLocust !== undefined)('conformance load on Locust (master and 2 workers on loopback)', () => {
  it('passes every scenario against the embedded reference, with per-worker rows and no key anywhere', { timeout: 90_000 }, async () => {
    const { report, log, files } = await load({ CONFORMANCE_LOAD_ENGINE: 'locust' });
    expect(
      report.scenarios.map((s) => [s.id, s.status, s.message]).filter(([, status]) => status !== 'passed'),
      log,
    ).toEqual([]);
    expect(report.status).toBe('passed');
    expect(report.engine).toMatchObject({ name: 'locust', version: expect.stringMatching(/^2\./), workers: [{ index: 0 }, { index: 1 }] });
    const keys = scenario(report, 'keys').detail;
    if (keys?.kind !== 'burst') throw new Error('no keys detail');
    expect(keys.keys.map((k) => k.admitted)).toEqual([59, 59, 59]);
    for (const key of keys.keys) {
      // Both workers sent half of every key's burst, and their rows add up to the key's.
      expect(key.workers.map((w) => w.sent)).toEqual([75, 75]);
      expect(key.workers.reduce((n, w) => n + w.admitted, 0)).toBe(key.admitted);
    }
    const throughput = scenario(report, 'throughput').detail;
    if (throughput?.kind !== 'throughput') throw new Error('no throughput detail');
    expect(throughput.steps).toHaveLength(6);
    expect(throughput.steps.every((s) => s.requests > 0 && s.measured === 'endpoint' && s.latencyMs !== null && s.latencyMs.p50 > 0)).toBe(true);
    expect(throughput.cleanup).toMatchObject({ leftover: 0, problems: [] });
    expect(throughput.cleanup.deleted).toBe(throughput.cleanup.created);
    const config = await configFromEnv({});
    for (const key of engineKeys(config)) {
      const secret = key.slice(key.indexOf('_') + 1);
      for (const text of [log, ...files]) expect(text.includes(secret), "a key's secret part appears in the output").toBe(false);
    }
  });

  it('fails a server that admits one request too many exactly as the Node engine does (fault rl-one-too-many)', { timeout: 240_000 }, async () => {
    // Side by side: each run has its own embedded server. One over is repeated once on a fresh window (run.ts), and fails again.
    const env = { CONFORMANCE_REFERENCE_FAULTS: 'rl-one-too-many', CONFORMANCE_LOAD_SCENARIOS: 'keys' };
    const pair = (): Promise<Run[]> => Promise.all([load({ ...env, CONFORMANCE_LOAD_ENGINE: 'node' }), load({ ...env, CONFORMANCE_LOAD_ENGINE: 'locust' })]);
    // A key that passed within its burst's refill tolerance could not tell the fault (testing/refill-tolerance.ts), and the
    // engines' per-key verdicts are compared: the pair runs again. The scenario's status alone is not enough: one key that
    // told fails it, while another key of the same run passed within its tolerance (a CI run once differed there).
    const undecided = (runs: readonly Run[]): boolean =>
      runs.some(({ report }) => {
        const detail = scenario(report, 'keys').detail;
        return detail?.kind === 'burst' && detail.keys.some((k) => k.status !== 'failed' && judgedWithinRefillTolerance([k.summary]));
      });
    let runs = await pair();
    for (let tries = 1; tries < MAX_UNDECIDED_RUNS && undecided(runs); tries++) runs = await pair();
    const [node, locust] = runs as [Run, Run];
    expect(scenario(node.report, 'keys').message, node.log).toMatch(/admitted 60 of 150; expected 59/);
    expect(scenario(locust.report, 'keys').message, locust.log).toMatch(/admitted 60 of 150; expected 59/);
    expect(verdicts(locust.report)).toEqual(verdicts(node.report));
    expect([node.report.status, locust.report.status]).toEqual(['failed', 'failed']);
  });

  it('passes a smoothing limiter as the Node engine does: too few at once, then a paced run all admitted (variant limiter-smoothing)', {
    timeout: 60_000,
  }, async () => {
    // A 2 s window: the reference's Reset of 1 s is then not near its end, and the key is fresh at once.
    const { report, log } = await load({
      CONFORMANCE_LOAD_ENGINE: 'locust',
      CONFORMANCE_REFERENCE_VARIANTS: 'limiter-smoothing',
      CONFORMANCE_REFERENCE_RATE_WINDOW_S: '2',
      CONFORMANCE_LOAD_SCENARIOS: 'burst',
    });
    expect([scenario(report, 'burst').status, scenario(report, 'burst').message], log).toEqual([
      'passed',
      expect.stringMatching(
        /^limited key 1 of 3: smoothing limiter: admitted \d of 150 at once \(budget 59\), its refusals asking for 1000 ms at most; paced at one request every 42 ms, all 10 were admitted$/,
      ),
    ]);
  });

  it("judges the same when the workers' clocks are a second apart, and the report says how far apart they were", { timeout: 90_000 }, async () => {
    const { report, log } = await load(
      { CONFORMANCE_LOAD_ENGINE: 'locust', CONFORMANCE_LOAD_SCENARIOS: 'keys' },
      (config) =>
        new LocustLoadEngine({
          settings: config.locust,
          keys: engineKeys(config),
          targetUrl: 'http://127.0.0.1/',
          // Test only: worker 1 reads its wall clock a second ahead.
          workerEnv: [{}, { WMC_LOCUST_CLOCK_SKEW_MS: '1000' }],
        }),
    );
    expect([scenario(report, 'keys').status, scenario(report, 'keys').message], log).toEqual(['passed', expect.any(String)]);
    // Each offset is read at the midpoint of a ping, off by at most half its round trip (plus
    // rounding), so the spread is off by at most the two halves together, however busy the machine.
    const margin = report.engine.workers.reduce((sum, w) => sum + w.clockRttMs / 2 + 1, 0);
    expect(margin, 'the pings can tell a second apart').toBeLessThan(1000);
    expect(Math.abs(report.engine.clockSpreadMs - 1000), `spread ${report.engine.clockSpreadMs} ms, margin ${margin} ms`).toBeLessThanOrEqual(margin);
    expect(engineLine(report.engine)).toMatch(/^Locust 2\.\S+, 2 workers, clocks within \d+ ms$/);
  });
});
