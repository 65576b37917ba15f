import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLatestReport, runCli } from './run-cli.js';
import { SHARED_FIXTURE_WAIT_MS, sharedRun } from './testing/shared-fixture.js';
import { FAULTY_RUN } from './testing/shared-runs.js';

/*
 * Issue 14, known failures: CONFORMANCE_EXPECTED_FAILURES lists requirements expected to fail.
 * Such a failure does not fail the exit code; an entry that passes now (stale) or has expired does.
 * The stale and expired case reads the faulty run several files share; the forgiving case needs
 * a run that exits 0 (every failure listed), so it makes its own.
 */

let dir: string;
const RUN = {
  CONFORMANCE_SUITES: 'auth,contacts',
  CONFORMANCE_NUM_RUNS: '2',
  CONFORMANCE_SEED: '99',
  CONFORMANCE_REFERENCE_FAULTS: 'contacts-email-unchecked',
};

async function listFile(name: string, entries: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(entries));
  return path;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'expected-failures-'));
});

describe('CONFORMANCE_EXPECTED_FAILURES', () => {
  it.concurrent('forgives a listed failure: exit 0, the verdict still non-conformant, every format says so', async () => {
    // The fault breaks both the e-mail rule and the input-table format classes it sends.
    const file = await listFile('known.json', [
      { id: 'CT-EMAIL-FORMAT', reason: 'e-mail validation lands in 2.4', expires: '2099-12-31' },
      { id: 'INPUT-FORMAT', reason: 'e-mail validation lands in 2.4', expires: '2099-12-31' },
    ]);
    const result = await runCli(['run'], { ...RUN, CONFORMANCE_EXPECTED_FAILURES: file });
    const report = await readLatestReport(result.reportDir);
    expect(report.verdict).toBe('non-conformant');
    expect(report.expectedFailures).toEqual([
      { id: 'CT-EMAIL-FORMAT', reason: 'e-mail validation lands in 2.4', expires: '2099-12-31', state: 'expected', failed: expect.any(Number) },
      { id: 'INPUT-FORMAT', reason: 'e-mail validation lands in 2.4', expires: '2099-12-31', state: 'expected', failed: expect.any(Number) },
    ]);
    expect(report.expectedFailures[0]!.failed).toBeGreaterThan(0);
    expect(report.settings.expectedFailures).toBe('known.json');
    expect(result.code).toBe(0);
    expect(report.exitCode).toBe(0);
    expect(result.stdout).toMatch(/Expected failures \(known\.json\): 2 failed as expected/);
    const latest = join(result.reportDir, 'latest');
    expect(await readFile(join(latest, 'summary.md'), 'utf8')).toMatch(/## Expected failures[\s\S]*\| CT-EMAIL-FORMAT \| failed as expected \|/);
    expect(await readFile(join(latest, 'junit.xml'), 'utf8')).toMatch(
      /<testcase classname="expected failures" name="\[CT-EMAIL-FORMAT\] failed as expected"[^>]*>\s*<skipped message="failed as expected: e-mail validation lands in 2\.4 \(expires 2099-12-31\)"/,
    );
    expect(await readFile(join(latest, 'report.html'), 'utf8')).toMatch(/<section id="expected">/);
  }, 120_000);

  it.concurrent(
    'fails the run for an entry that passes now (stale) and for an expired one',
    async () => {
      // The faulty run other files share (test/testing/shared-runs.ts) carries the list
      // [AUTH-X-API-KEY "was broken once"; CT-EMAIL-FORMAT "should be fixed by now", expired 2020-01-31].
      const result = await sharedRun(FAULTY_RUN);
      const report = await readLatestReport(result.reportDir);
      expect(report.settings.expectedFailures).toBe('old.json');
      expect(report.target.faults).toContain('contacts-email-unchecked');
      expect(report.expectedFailures.map((e) => [e.id, e.state])).toEqual([
        ['AUTH-X-API-KEY', 'stale'],
        ['CT-EMAIL-FORMAT', 'expired'],
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/1 stale \(AUTH-X-API-KEY\): they pass now, remove them; 1 expired \(CT-EMAIL-FORMAT\)/);
      expect(await readFile(join(result.reportDir, 'latest', 'junit.xml'), 'utf8')).toMatch(
        /<failure message="STALE: passes now, remove it: was broken once" type="stale"\/>/,
      );
    },
    SHARED_FIXTURE_WAIT_MS + 20_000,
  );

  it.concurrent('refuses a list it cannot read, in one line (exit 2)', async () => {
    const file = await listFile('bad.json', [{ id: 'NOT-A-REQUIREMENT', reason: 'x' }]);
    const result = await runCli(['run'], { ...RUN, CONFORMANCE_EXPECTED_FAILURES: file });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/^conformance: CONFORMANCE_EXPECTED_FAILURES: .*bad\.json: unknown requirement id "NOT-A-REQUIREMENT"/);
  });
});
