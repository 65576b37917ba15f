import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../harness/config/load.js';
import { readSeed } from '../harness/config/seed.js';
import { LOAD_JSON_SCHEMA } from '../harness/load/json-schema.js';
import { loadReportSchema, type LoadReport, type ScenarioResult, type ThroughputStepRecord } from '../harness/load/model.js';
import { renderLoadTerminal } from '../harness/load/render-terminal.js';
import { LoadProgress } from '../harness/load/progress.js';
import { runLoad } from '../harness/load/run.js';
import { VARIANT_NAMES, type VariantName } from '../reference/variants.js';
import { readOpenMetrics } from '../harness/load/testing/read-openmetrics.js';
import { readLatestLoadJson, runCli, spawnCli, type CliResult } from './run-cli.js';
import { judgedWithinRefillTolerance, MAX_UNDECIDED_RUNS } from './testing/refill-tolerance.js';
import { SHORT_LOAD } from './testing/short-load.js';

/* `conformance load` end to end against the embedded reference server, shortened (testing/short-load.ts). */
const SHORT = SHORT_LOAD;

/**
 * The reference variants that replace the limiter (reference/variants.ts): another design the
 * harness must measure, not fail. limiter-smoothing among them: it admits one request per share of
 * the window, so a burst gets about one request and refusals asking for a second; the load harness
 * then paces a run on the key (harness/load/smoothing.ts), as the rate-limit suite does (pacedRun).
 */
const LIMITER_VARIANTS = VARIANT_NAMES.filter((v) => v.startsWith('limiter-'));
/**
 * Instants in other notations than the reference's own delta seconds: an ISO 8601 date-time and
 * epoch milliseconds (the load harness reads every form through the one reader the rate-limit
 * suite uses, which test/variants.test.ts runs against every form).
 */
const HEADER_FORM_VARIANTS = VARIANT_NAMES.filter((v) => v === 'reset-iso8601' || v === 'reset-epoch-milliseconds');
/**
 * The runs: each limiter design, the two reset notations beside two of them (a server has one
 * limiter and one reset form; the sliding window keeps its own epoch milliseconds).
 */
const LOAD_VARIANT_RUNS: ReadonlyArray<readonly VariantName[]> = [
  ['limiter-sliding-window'],
  ['limiter-refilling-bucket', 'reset-iso8601'],
  ['limiter-smoothing', 'reset-epoch-milliseconds'],
];

async function allKeys(): Promise<string[]> {
  const seed = await readSeed();
  return seed.organisations.flatMap((o) => o.keys.map((k) => k.key));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function expectNoKey(texts: readonly string[]): Promise<void> {
  for (const key of await allKeys()) {
    const secret = key.slice(key.indexOf('_') + 1);
    for (const text of texts) expect(text.includes(secret), `a key's secret part appears in the output`).toBe(false);
  }
}

/**
 * `conformance load` against a server that admits one request too many, run again while no
 * scenario failed and a burst passed only within its refill tolerance: such a run could not tell
 * the fault (testing/refill-tolerance.ts).
 */
async function loadUntilDecided(env: Record<string, string>): Promise<{ result: CliResult; report: LoadReport }> {
  for (let runs = 1; ; runs++) {
    const result = await runCli(['load'], env);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    const undecided = !report.scenarios.some((s) => s.status === 'failed') && judgedWithinRefillTolerance([JSON.stringify(report.scenarios)]);
    if (!undecided || runs >= MAX_UNDECIDED_RUNS) return { result, report };
  }
}

// Alone, not side by side with the other runs: its verdict needs a burst shorter than a second (testing/refill-tolerance.ts).
describe('conformance load against a server that admits one request too many', () => {
  it('exits 1 and fails the burst when the server admits one request too many (fault rl-one-too-many)', { timeout: 180_000 }, async () => {
    const { result, report } = await loadUntilDecided({ ...SHORT, CONFORMANCE_REFERENCE_FAULTS: 'rl-one-too-many', CONFORMANCE_LOAD_SCENARIOS: 'burst' });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    expect(report.scenarios[0]).toMatchObject({ id: 'burst', status: 'failed' });
    expect(report.scenarios[0]!.message).toMatch(/admitted 60 of 150; expected 59/);
    expect(result.stdout).toMatch(/FAILED/);
  });

  it('still fails a refilling bucket that admits one request too many: its refill tolerance does not hide it', { timeout: 150_000 }, async () => {
    // The spec's minute, not the shortened window: a bucket refilling 60 a minute earns one request back per second of a
    // burst, none in a burst under a second (at 60 per 4 s a burst slowed to 700 ms earned +10, which hid the extra one).
    // Three bursts on fresh keys of a new server, no wait; the repeat of one over finds no fresh window within the bound.
    const { CONFORMANCE_REFERENCE_RATE_WINDOW_S: _shortWindow, ...spec } = SHORT;
    const { result, report } = await loadUntilDecided({
      ...spec,
      CONFORMANCE_LOAD_WAIT_S: '8',
      CONFORMANCE_REFERENCE_VARIANTS: 'limiter-refilling-bucket',
      CONFORMANCE_REFERENCE_FAULTS: 'rl-one-too-many',
      CONFORMANCE_LOAD_SCENARIOS: 'keys',
    });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    expect(failed.length, result.stderr).toBeGreaterThan(0);
    // One over what the bucket earned back: +0 for a burst under a second; a loaded machine may stretch it past one.
    const [, admitted, tolerance] = /admitted (\d+) of 150; expected 59 \(tolerance \+(\d+) for \d+ ms at 60\/min\)/.exec(failed[0]!.message) ?? [];
    expect([Number(admitted) - Number(tolerance), failed[0]!.message]).toEqual([60, failed[0]!.message]);
    expect(report.scenarios.filter((s) => s.status === 'error')).toEqual([]);
  });
});

/** The committed schema of load.json, as a reader of the file validates against it. */
function publishedLoadValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(LOAD_JSON_SCHEMA.path, 'utf8')) as object);
}

describe('conformance load', () => {
  it('runs every scenario against the embedded reference, exits 0 and writes a valid, key-free report', async () => {
    const result = await runCli(['load'], SHORT);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(0);
    const written = await readLatestLoadJson(result.reportDir);
    const validate = publishedLoadValidator();
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    const report = loadReportSchema.parse(written);
    expect(report.status).toBe('passed');
    expect(report.scenarios.map((s) => [s.id, s.status])).toEqual([
      ['burst', 'passed'],
      ['keys', 'passed'],
      ['sustained', 'passed'],
      ['throughput', 'passed'],
    ]);
    const keys = report.scenarios[1]!.detail;
    expect(keys?.kind === 'burst' && keys.keys.map((k) => k.admitted)).toEqual([59, 59, 59]);
    // keys bursts every limited key first; burst and sustained then wait for theirs, and the report says what that cost.
    const [burst, , sustained, throughputResult] = report.scenarios;
    expect(report.scenarios[1]!.freshWait).toMatchObject({ sharedWith: [], summary: 'fresh at once (3 probes)' });
    expect(burst!.freshWait).toMatchObject({
      sharedWith: ['keys'],
      keys: ['limited key 1 of 3'],
      summary: expect.stringMatching(/which keys used earlier in this run: the cost of sharing it/),
    });
    expect(sustained!.freshWait).toMatchObject({ sharedWith: ['keys'], keys: ['limited key 3 of 3'] });
    expect(throughputResult!.freshWait).toBeNull();
    expect(result.stdout).toMatch(/Sharing keys between scenarios cost .+ of waiting for fresh rate windows \(keys → burst, keys → sustained\)\.$/m);
    const throughput = report.scenarios[3]!.detail;
    if (throughput?.kind !== 'throughput') throw new Error('no throughput detail');
    expect(throughput.steps).toHaveLength(6);
    expect(throughput.cleanup).toMatchObject({ leftover: 0, problems: [] });
    expect(throughput.cleanup.deleted).toBe(throughput.cleanup.created);
    // The terminal table, the progress display and both files.
    expect(result.stdout).toMatch(/^Load run \S+ against http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(embedded reference server\): PASSED/);
    expect(result.stdout).toMatch(/GET \/contacts\/\{id\}\s+4\s+\d+/);
    expect(result.stderr).toMatch(/^burst: PASSED: limited key 1 of 3: admitted 59 of 150/m);
    const files = await filesUnder(result.reportDir);
    expect(files.map((f) => f.slice(result.reportDir.length + 1)).sort()).toEqual(
      ['latest-load', `load-${report.runId}`].flatMap((d) =>
        ['junit.xml', 'load-metrics.jsonl', 'load-metrics.prom', 'load.html', 'load.json'].map((f) => `${d}/${f}`),
      ),
    );
    const html = await readFile(join(result.reportDir, 'latest-load', 'load.html'), 'utf8');
    expect(html).toContain('<svg class="chart"');
    await expectNoKey([result.stdout, result.stderr, ...(await Promise.all(files.map((f) => readFile(f, 'utf8'))))]);
  });

  it('is incomplete, not passed, when rate scenarios did not run; CONFORMANCE_FAIL_ON_INCOMPLETE makes it exit 3', async () => {
    const result = await runCli(['load'], { ...SHORT, CONFORMANCE_LOAD_SCENARIOS: 'burst', CONFORMANCE_FAIL_ON_INCOMPLETE: 'true' });
    expect(result.stderr).not.toMatch(/internal error/);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    expect(report.scenarios.map((s) => [s.id, s.status])).toEqual([['burst', 'passed']]);
    expect(report.status).toBe('incomplete');
    expect(report.notRun).toEqual([
      { id: 'keys', reason: 'not selected: CONFORMANCE_LOAD_SCENARIOS=burst' },
      { id: 'sustained', reason: 'not selected: CONFORMANCE_LOAD_SCENARIOS=burst' },
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/: INCOMPLETE in /);
  });

  it('exits 1 when a threshold is crossed, judged on the traffic of a ramp and steps; reports it in every format', async () => {
    const result = await runCli(
      [
        'load',
        '--stage',
        '1s:60',
        '--stage',
        '1s:0',
        // No server answers in 1 µs at the 95th percentile: crossed whatever the machine.
        '--threshold',
        'http_req_duration{scenario:throughput,endpoint:list}:p(95)<0.001',
        '--threshold',
        'http_req_failed:rate<0.01',
        '--threshold',
        'http_reqs{scenario:sustained}:count>0',
      ],
      { ...SHORT, CONFORMANCE_LOAD_SCENARIOS: 'throughput', CONFORMANCE_LOAD_ENDPOINTS: 'list', CONFORMANCE_LOAD_CONCURRENCY: '1' },
    );
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    expect(report.status).toBe('failed');
    expect(report.scenarios.map((s) => [s.id, s.status])).toEqual([['throughput', 'passed']]);
    const steps = report.scenarios[0]!.detail?.kind === 'throughput' ? report.scenarios[0]!.detail.steps : [];
    // The step at one connection, then the ramp: 0 → 60/s in 1 s and back, 60 requests on schedule.
    expect(steps.map((st) => [st.connections, st.stages?.length ?? 0])).toEqual([
      [1, 0],
      [0, 2],
    ]);
    expect(steps[1]!.requests).toBe(60);
    expect(report.thresholds.map((t) => [t.expression, t.status])).toEqual([
      ['http_req_duration{scenario:throughput,endpoint:list}:p(95)<0.001', 'crossed'],
      ['http_req_failed:rate<0.01', 'passed'],
      ['http_reqs{scenario:sustained}:count>0', 'unverified'],
    ]);
    expect(result.stdout).toMatch(/^Thresholds \(1 crossed: exit 1/m);
    const latest = join(result.reportDir, 'latest-load');
    const [junit, html, prom] = await Promise.all(['junit.xml', 'load.html', 'load-metrics.prom'].map((f) => readFile(join(latest, f), 'utf8')));
    expect(junit).toMatch(/<testsuite name="thresholds" tests="3" failures="1" errors="0" skipped="1"/);
    expect(html).toContain('<h2 id="thresholds">Thresholds</h2>');
    const families = readOpenMetrics(prom!);
    const count = families.find((f) => f.name === 'conformance_load_http_reqs')!.samples[0]!;
    expect(count.labels).toEqual({ scenario: 'throughput', endpoint: 'list' });
    expect(count.value).toBe(steps[0]!.requests + steps[1]!.requests);
  });

  it('refuses a threshold that does not parse in one usage line, exit 2, before any traffic', async () => {
    const result = await runCli(['load', '--threshold', 'p95<300']);
    expect(result.code).toBe(2);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual([
      'conformance: --threshold "p95<300": expected METRIC{tag:value}:CONDITION, e.g. http_req_duration{scenario:throughput}:p(95)<300 (see docs/load.md#thresholds) [USAGE]',
    ]);
  });

  it('stops on SIGTERM mid-run (a CI cancel): deletes what it created, writes every report file and exits 143', { timeout: 90_000 }, async () => {
    const reportDir = await mkdtemp(join(tmpdir(), 'conformance-load-sigterm-'));
    const { child, done } = spawnCli(['load'], reportDir, { ...SHORT, CONFORMANCE_LOAD_SCENARIOS: 'throughput' });
    // The first measured step has ended: the run has created contacts, and more steps are to come.
    let seen = '';
    let signalled = false;
    child.stderr!.on('data', (d: Buffer) => {
      seen += d.toString();
      if (!signalled && /^throughput: .+ c=1: [\d.]+ req\/s/m.test(seen)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    const result = await done;
    expect(signalled, result.stderr).toBe(true);
    expect(result.stderr).toMatch(/SIGTERM received: stopping the load run/);
    expect(result.code, result.stderr).toBe(143);
    const report = loadReportSchema.parse(await readLatestLoadJson(reportDir));
    const throughput = report.scenarios.find((s) => s.id === 'throughput')!.detail;
    if (throughput?.kind !== 'throughput') throw new Error('no throughput detail');
    expect(throughput.cleanup.created).toBeGreaterThan(0);
    expect(throughput.cleanup).toMatchObject({ leftover: 0, problems: [] });
    expect(throughput.cleanup.deleted).toBe(throughput.cleanup.created);
    const files = (await filesUnder(reportDir)).map((f) => f.slice(reportDir.length + 1)).filter((f) => f.startsWith('latest-load/'));
    expect(files.sort()).toEqual(['junit.xml', 'load-metrics.jsonl', 'load-metrics.prom', 'load.html', 'load.json'].map((f) => `latest-load/${f}`));
  });

  it('rejects bad load configuration with one line and exit 2', async () => {
    const result = await runCli(['load'], { CONFORMANCE_LOAD_SCENARIOS: 'burst,soak' });
    expect(result.code).toBe(2);
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn')),
    ).toEqual(['conformance: CONFORMANCE_LOAD_SCENARIOS: unknown value "soak" (known: burst, keys, sustained, throughput) [CONFIG_INVALID]']);
  });
});

/** `conformance load` in this process, the embedded reference with one limited key (CONFORMANCE_LIMITED_KEYS unset, the documented minimum). */
async function runWithOneKey(env: Record<string, string>): Promise<{ report: LoadReport; log: string }> {
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-load-'));
  const base = await configFromEnv({ ...SHORT, CONFORMANCE_REPORT_DIR: reportDir, ...env });
  // The embedded target takes every seeded limited key; a user's target may have just the one.
  const config = { ...base, limitedKeys: [base.keys.limited!] };
  let log = '';
  const out = { write: (text: string) => ((log += text), true) } as unknown as NodeJS.WritableStream;
  const { report } = await runLoad(config, { progress: new LoadProgress(out, false) });
  return { report, log };
}

const scenario = (report: LoadReport, id: ScenarioResult['id']): ScenarioResult => report.scenarios.find((s) => s.id === id)!;

/**
 * Issue 16: a correct server whose limiter is not a fixed window (a sliding-window log whose Reset
 * is the moment the oldest counted request leaves; a refilling bucket whose Reset is the next
 * request) passes the whole load harness; its design is measured, never taken for a fault. With
 * one limited key, burst and sustained share it: they never spoil each other's fresh window, and
 * the report says what sharing the key cost. Side by side, to keep the self-tests' wall time down.
 */
describe.concurrent('every limiter design and every form of the rate headers the spec allows', () => {
  it('runs every limiter design and both reset notations', () => {
    expect(LOAD_VARIANT_RUNS.flat().sort()).toEqual([...LIMITER_VARIANTS, ...HEADER_FORM_VARIANTS].sort());
  });
  for (const variants of LOAD_VARIANT_RUNS) {
    const smoothing = variants.includes('limiter-smoothing');
    it(`${variants.join(' + ')} passes the whole load harness with three limited keys`, { timeout: 120_000 }, async () => {
      const result = await runCli(['load'], { ...SHORT, CONFORMANCE_REFERENCE_VARIANTS: variants.join(',') });
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code, result.stderr).toBe(0);
      const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
      expect(report.target.variants).toEqual([...variants]);
      // A smoothing limiter admits one request per share of the window: a throughput step's
      // connections at once, arriving together, are then mostly refused, so it measures the
      // limiter, never the endpoint. How many arrive together depends on this machine's speed and
      // load (a busy machine serves them spread out, mostly admitted): when no step measured an
      // endpoint the scenario says so instead of passing (the run is then incomplete, still exit
      // 0); each step says which it measured, by its own answers.
      const throughputSteps = (() => {
        const detail = scenario(report, 'throughput').detail;
        return detail?.kind === 'throughput' ? detail.steps : [];
      })();
      expect(throughputSteps.length).toBeGreaterThan(0);
      for (const step of throughputSteps) expect(step.measured).toBe(step.refused > 0.5 * step.requests ? 'limiter' : 'endpoint');
      if (!smoothing) expect(throughputSteps.map((step) => step.measured)).not.toContain('limiter');
      const unmeasurable = throughputSteps.every((step) => step.measured === 'limiter') ? ['throughput'] : [];
      expect(report.status).toBe(unmeasurable.length > 0 ? 'incomplete' : 'passed');
      expect(
        report.scenarios.map((s) => [s.id, s.status, s.message]).filter(([id, status]) => status !== 'passed' && !unmeasurable.includes(id as string)),
      ).toEqual([]);
      for (const id of unmeasurable) {
        expect(scenario(report, id as ScenarioResult['id'])).toMatchObject({
          status: 'skipped',
          message: expect.stringMatching(/^no step measured an endpoint: .*measured the key's rate limiter, not the endpoint/),
        });
      }
      for (const s of report.scenarios.filter((r) => r.kind !== 'throughput')) {
        // Sparing: a handful of probes per key, however the limiter gives its budget back.
        expect(s.freshWait!.probes, `${s.id}: ${s.freshWait!.steps.join('; ')}`).toBeLessThanOrEqual(6 * s.freshWait!.keys.length);
      }
      if (smoothing) {
        // Every bursted key: a few requests at once (how many depends on how spread out a busy machine
        // sends the 150: 11 were seen), then the paced run all admitted, said in its record.
        const burstKeys = report.scenarios.flatMap((s) => (s.detail?.kind === 'burst' ? s.detail.keys : []));
        expect(burstKeys).toHaveLength(4);
        for (const k of burstKeys) {
          expect(k.summary).toMatch(
            /^smoothing limiter: admitted \d+ of 150 at once \(budget 59\), its refusals asking for 1000 ms at most; paced at one request every 83 ms, all 10 were admitted$/,
          );
          expect(k).toMatchObject({ status: 'passed', rejected: 150 - k.admitted, invalidRetryAfter: 0 });
        }
      }
    });
  }

  /*
   * The smoothing limiter's pass must not hide a fault. rl-concurrent-over-admission counts on a
   * racy fixed window in place of any limiter: the burst admits more than its budget, over the
   * ceiling that holds whatever the limiter. rl-never-recovers refuses a key for good once it was
   * refused: too few at once with a smoothing limiter's short Retry-After, then the paced run is
   * refused too, an under-admission. (rl-one-too-many adds one to a limit a smoothing limiter's
   * burst never reaches: a burst shows nothing of it, and only a paced run faster than the limit
   * for a whole window could, which a load check under the limit never sends.)
   */
  it('still fails a smoothing limiter that over-admits (fault rl-concurrent-over-admission)', { timeout: 90_000 }, async () => {
    const result = await runCli(['load'], {
      ...SHORT,
      CONFORMANCE_REFERENCE_VARIANTS: 'limiter-smoothing',
      CONFORMANCE_REFERENCE_FAULTS: 'rl-concurrent-over-admission',
      CONFORMANCE_LOAD_SCENARIOS: 'burst',
    });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    expect(report.scenarios[0], result.stderr).toMatchObject({
      id: 'burst',
      status: 'failed',
      message: expect.stringMatching(/^limited key 1 of 3: admitted (\d+) of 150; expected 59 /),
    });
    expect(report.scenarios[0]!.message).not.toMatch(/smoothing|paced/);
    expect(result.stderr).not.toMatch(/pacing 10 requests/);
  });

  it('fails a smoothing limiter that refuses the paced run too: an under-admission (fault rl-never-recovers)', { timeout: 90_000 }, async () => {
    const result = await runCli(['load'], {
      ...SHORT,
      CONFORMANCE_REFERENCE_VARIANTS: 'limiter-smoothing',
      CONFORMANCE_REFERENCE_FAULTS: 'rl-never-recovers',
      CONFORMANCE_LOAD_SCENARIOS: 'keys',
    });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    const keys = report.scenarios[0]!;
    expect(keys, result.stderr).toMatchObject({ id: 'keys', status: 'failed' });
    expect(keys.message).toMatch(
      /^limited key \d of 3: admitted \d+ of 150; expected 59 \(.+\), and the key does not keep its rate when paced either \(paced at one request every 83 ms, request \d+ was refused \(429\)\): it admits fewer than its limit \(spec 8\)$/,
    );
    if (keys.detail?.kind !== 'burst') throw new Error('no keys detail');
    expect(keys.detail.keys.map((k) => k.status)).toEqual(['failed', 'failed', 'failed']);
    expect(keys.findings).toHaveLength(3);
  });

  for (const variant of [undefined, ...LIMITER_VARIANTS]) {
    it(`${variant ?? 'fixed window'}: burst and sustained on the one limited key never spoil each other's fresh window, and the report says what sharing it cost`, {
      timeout: 90_000,
    }, async () => {
      const { report, log } = await runWithOneKey({
        CONFORMANCE_LOAD_SCENARIOS: 'burst,sustained',
        ...(variant === undefined ? {} : { CONFORMANCE_REFERENCE_VARIANTS: variant }),
      });
      const burst = scenario(report, 'burst');
      const sustained = scenario(report, 'sustained');
      expect([burst.status, burst.message], log).toEqual(['passed', expect.any(String)]);
      expect([sustained.status, sustained.message], log).toEqual(['passed', expect.any(String)]);
      // keys needs two limited keys: incomplete, not failed.
      expect(report.status).toBe('incomplete');
      // The burst first: its requests leave any limiter's window together; the sustained run's would trickle out.
      expect(Date.parse(burst.startedAt!)).toBeLessThan(Date.parse(sustained.startedAt!));
      expect(Date.parse(sustained.startedAt!)).toBeGreaterThanOrEqual(Date.parse(burst.startedAt!) + burst.durationMs - 50);
      expect(burst.freshWait).toMatchObject({ sharedWith: [], keys: ['limited key 1 of 1'] });
      expect(sustained.freshWait).toMatchObject({
        sharedWith: ['burst'],
        keys: ['limited key 1 of 1'],
        summary: expect.stringMatching(/which burst used earlier in this run: the cost of sharing it/),
      });
      expect(sustained.freshWait!.waitedMs).toBeGreaterThan(0);
      // A limiter giving its budget back gradually: the first probe, one at the moment the headers
      // name, two at the pace seen, one a full window after the last (harness/rate/fresh.ts); never
      // the spec minute's nor the spare (a busy machine spreads the burst, and the pace may fall short).
      expect(sustained.freshWait!.probes).toBeLessThanOrEqual(5);
      expect(log).toMatch(/^sustained: fresh rate window: .+ the cost of sharing it/m);
    });
  }
});

/**
 * The throughput scenario on an admin key whose limit is small (a limited key of the embedded
 * reference, 60 a shortened 4 s window, stands in for it): a step past the key's budget would
 * measure how fast the limiter says 429, not the endpoint. Each step is kept within what the key
 * has left; a step that still comes back mostly refused (a smoothing limiter refuses a burst
 * whatever its headers say) is marked, left out of the figures and stops the scenario, which is
 * then not passed.
 */
describe('throughput on a key whose limit is small', () => {
  async function throughputOnLimitedKey(env: Record<string, string>): Promise<{ report: LoadReport; log: string; html: string; terminal: string }> {
    const reportDir = await mkdtemp(join(tmpdir(), 'conformance-load-'));
    // One step per endpoint: each waits for the key's window, so fewer steps cost less.
    const base = await configFromEnv({
      ...SHORT,
      CONFORMANCE_REPORT_DIR: reportDir,
      CONFORMANCE_LOAD_SCENARIOS: 'throughput',
      CONFORMANCE_LOAD_CONCURRENCY: '4',
      ...env,
    });
    const config = { ...base, keys: { ...base.keys, admin: base.keys.limited! } };
    let log = '';
    const out = { write: (text: string) => ((log += text), true) } as unknown as NodeJS.WritableStream;
    const { report } = await runLoad(config, { progress: new LoadProgress(out, false) });
    const html = await readFile(join(reportDir, 'latest-load', 'load.html'), 'utf8');
    return { report, log, html, terminal: renderLoadTerminal(report, { color: false }) };
  }

  /** A step whose answers are mostly 429 has no req/s and no latencies: they would be the limiter's. */
  function expectNoRefusalFigures(steps: readonly ThroughputStepRecord[]): void {
    for (const st of steps) {
      const refused = st.statusCounts['429'] ?? 0;
      if (refused * 2 > st.requests)
        expect([st.label, st.connections, st.measured, st.requestsPerSecond, st.latencyMs]).toEqual([st.label, st.connections, 'limiter', null, null]);
    }
  }

  it('keeps every step within what the key has left, so each measures its endpoint', { timeout: 120_000 }, async () => {
    const { report, log } = await throughputOnLimitedKey({});
    const throughput = scenario(report, 'throughput');
    if (throughput.detail?.kind !== 'throughput') throw new Error(`no throughput detail: ${throughput.message}\n${log}`);
    const steps = throughput.detail.steps;
    expectNoRefusalFigures(steps);
    expect(
      steps.map((st) => [st.label, st.connections, st.measured]),
      log,
    ).toEqual(['GET /contacts?limit=20', 'GET /contacts/{id}', 'POST /contacts'].map((label) => [label, 4, 'endpoint']));
    for (const st of steps) {
      // Read from the key's headers just before the step, and the step kept within it.
      expect(st.keyBudget, log).toMatchObject({ limit: 60 });
      expect(st.requests).toBeLessThanOrEqual(st.keyBudget!.remaining);
      expect(st.requestsPerSecond).toBeGreaterThan(0);
    }
    expect(throughput.status).toBe('passed');
    expect(throughput.message).toMatch(/^3 steps measured; (\d+) of \1 created contacts deleted$/);
  });

  it('marks a step a smoothing limiter mostly refused, leaves it out of the figures and does not pass the scenario', { timeout: 120_000 }, async () => {
    const { report, log, html, terminal } = await throughputOnLimitedKey({ CONFORMANCE_REFERENCE_VARIANTS: 'limiter-smoothing' });
    const throughput = scenario(report, 'throughput');
    if (throughput.detail?.kind !== 'throughput') throw new Error(`no throughput detail: ${throughput.message}\n${log}`);
    const steps = throughput.detail.steps;
    expectNoRefusalFigures(steps);
    // The first step already measured the limiter; the rest would too, so they are not run.
    expect(
      steps.map((st) => [st.label, st.connections, st.measured]),
      log,
    ).toEqual([['GET /contacts?limit=20', 4, 'limiter']]);
    expect(steps[0]!.refused * 2).toBeGreaterThan(steps[0]!.requests);
    expect(throughput.status).toBe('skipped');
    expect(throughput.message).toMatch(
      /^no step measured an endpoint: the key's limit \(60\/min\) refused most requests: give the admin key a higher custom limit; /,
    );
    expect(throughput.message).toMatch(/stopped after 1 of 3 steps: list × 4 came back mostly 429, and the steps after it would too; /);
    expect(report.status).toBe('incomplete');
    // Neither the table's figures nor the charts carry it.
    expect(html).toContain('measured the limiter, not the endpoint');
    // The charts name steps `list × 4`: none after the throughput table.
    expect(html.slice(html.indexOf('<th>Endpoint</th>'))).not.toMatch(/<svg|list × 4/);
    expect(html).toContain('No step measured an endpoint, so there is nothing to chart.');
    expect(terminal).toMatch(/GET \/contacts\?limit=20\s+4\s+\d+\s+-\s+-\s+-\s+-\s+-/);
    expect(log).toMatch(/^throughput: GET \/contacts\?limit=20 at 4 connections measured the key's rate limiter, not the endpoint/m);
  });
});
