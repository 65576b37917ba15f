import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSeed } from '../harness/config/seed.js';
import { loadReportSchema } from '../harness/load/model.js';
import { readLatestLoadJson, runCli } from './run-cli.js';

/*
 * `conformance load` end to end against the embedded reference server, shortened: a 4 s rate
 * window instead of a minute (self-test only), a 3 s sustained run, 1 s throughput steps.
 */
const SHORT = {
  CONFORMANCE_REFERENCE_RATE_WINDOW_S: '4',
  CONFORMANCE_LOAD_SUSTAINED_S: '3',
  CONFORMANCE_LOAD_STEP_S: '1',
  CONFORMANCE_LOAD_CONCURRENCY: '1,4',
  CONFORMANCE_LOAD_MAX_CREATES: '50',
  CONFORMANCE_LOAD_WAIT_S: '10',
};

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

describe('conformance load', () => {
  it('runs every scenario against the embedded reference, exits 0 and writes a valid, key-free report', async () => {
    const result = await runCli(['load'], SHORT);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(0);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    expect(report.status).toBe('passed');
    expect(report.scenarios.map((s) => [s.id, s.status])).toEqual([
      ['burst', 'passed'],
      ['keys', 'passed'],
      ['sustained', 'passed'],
      ['throughput', 'passed'],
    ]);
    const keys = report.scenarios[1]!.detail;
    expect(keys?.kind === 'burst' && keys.keys.map((k) => k.admitted)).toEqual([59, 59, 59]);
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
    expect(files.map((f) => f.slice(result.reportDir.length + 1)).sort()).toEqual([
      `latest-load/load.html`,
      `latest-load/load.json`,
      `load-${report.runId}/load.html`,
      `load-${report.runId}/load.json`,
    ]);
    const html = await readFile(join(result.reportDir, 'latest-load', 'load.html'), 'utf8');
    expect(html).toContain('<svg class="chart"');
    await expectNoKey([result.stdout, result.stderr, ...(await Promise.all(files.map((f) => readFile(f, 'utf8'))))]);
  });

  it('exits 1 and fails the burst when the server admits one request too many (fault rl-one-too-many)', async () => {
    const result = await runCli(['load'], { ...SHORT, CONFORMANCE_REFERENCE_FAULTS: 'rl-one-too-many', CONFORMANCE_LOAD_SCENARIOS: 'burst' });
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(1);
    const report = loadReportSchema.parse(await readLatestLoadJson(result.reportDir));
    expect(report.scenarios[0]).toMatchObject({ id: 'burst', status: 'failed' });
    expect(report.scenarios[0]!.message).toMatch(/admitted 60 of 150; expected 59/);
    expect(result.stdout).toMatch(/FAILED/);
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

  it('rejects bad load configuration with one line and exit 2', async () => {
    const result = await runCli(['load'], { CONFORMANCE_LOAD_SCENARIOS: 'burst,soak' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn'))).toEqual([
      'conformance: CONFORMANCE_LOAD_SCENARIOS: unknown value "soak" (known: burst, keys, sustained, throughput)',
    ]);
  });
});
