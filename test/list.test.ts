import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckList } from '../harness/config/check-list.js';
import type { Report } from '../harness/report/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { readLatestReport, runCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * `conformance list` says before a run which checks it would skip for want of a variable
 * (harness/config/requirement-needs.ts). Proven against runs: the reference server as an outside
 * target, given only the admin key, then the ids and keys in part (a check that needs the project
 * and its versionId skips for the first it meets); what the run skipped "not configured" must be
 * exactly what the list said, naming the same variables.
 */

let server: RunningReferenceServer;
let full: Record<string, string>;

beforeAll(async () => {
  server = await startReferenceServer();
  full = await externalTargetEnv(server.baseUrl);
});

afterAll(async () => {
  await server?.close();
});

const pick = (names: readonly string[]): Record<string, string> => Object.fromEntries(Object.entries(full).filter(([k]) => names.includes(k)));

/** `REQ domain`, for every row the list marks skipped, with the variables it says are not set. */
function listedSkips(list: CheckList): Map<string, string[]> {
  return new Map(
    list.checks
      .filter((c) => c.skipped)
      .map((c) => [`${c.requirementId} ${c.domain}`, c.needs.filter((n) => !n.set && !n.optional).flatMap((n) => [n.variable, ...(n.or ?? [])])]),
  );
}

/** `REQ domain` → the not-configured reasons of its skipped checks. */
function runSkips(report: Report): Map<string, string[]> {
  const skips = new Map<string, string[]>();
  for (const c of report.checks) {
    if (c.status !== 'skip' || !(c.message ?? '').startsWith('not configured:')) continue;
    const key = `${c.requirementId} ${c.domain}`;
    skips.set(key, [...(skips.get(key) ?? []), c.message!]);
  }
  return skips;
}

describe.concurrent('conformance list agrees with the checks a run skips for want of a variable', () => {
  const cases = [
    { name: 'only the admin key', variables: ['CONFORMANCE_TARGET_URL', 'CONFORMANCE_ADMIN_KEY'] },
    {
      name: 'the project without its versionId, org B without its project, the member key',
      variables: ['CONFORMANCE_TARGET_URL', 'CONFORMANCE_ADMIN_KEY', 'CONFORMANCE_PROJECT_ID', 'CONFORMANCE_OTHER_ORG_KEY', 'CONFORMANCE_MEMBER_KEY'],
    },
  ];
  for (const { name, variables } of cases) {
    it(`with ${name}`, async () => {
      const env = { ...pick(variables), CONFORMANCE_NUM_RUNS: '1' };
      const [listed, ran] = await Promise.all([runCli(['list', '--json'], env), runCli(['run'], env)]);
      expect(listed.code, listed.stderr).toBe(0);
      expect([0, 3], ran.stderr.slice(-2000)).toContain(ran.code);
      const list = JSON.parse(listed.stdout) as CheckList;
      const said = listedSkips(list);
      const did = runSkips(await readLatestReport(ran.reportDir));
      expect([...did.keys()].sort()).toEqual([...said.keys()].sort());
      // Each skip names a variable the list said was missing for that row.
      for (const [key, reasons] of did) {
        for (const reason of reasons)
          expect(
            said.get(key)!.some((v) => reason.includes(v)),
            `${key}: ${reason}`,
          ).toBe(true);
      }
      expect(said.size).toBeGreaterThan(0);
    }, 180_000);
  }
});

describe('conformance list', () => {
  it('prints the table of the selected checks, exits 0, and sends nothing to the target', async () => {
    let requests = 0;
    const target = createServer((_req, res) => {
      requests++;
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/v1`;
      const result = await runCli(['list', '--suites', 'security,contacts', '--url', url], pick(['CONFORMANCE_ADMIN_KEY']));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /^conformance list: \d+ requirement rows of 2 suites would run against http:\/\/127\.0\.0\.1:\d+\/api\/v1; nothing is sent$/m,
      );
      expect(result.stdout).toMatch(/^The run reports \d+ checks: a row is a requirement in a suite/m);
      expect(result.stdout).toMatch(/^REQUIREMENT +LEVEL +SUITE +SECTION +NEEDS$/m);
      expect(result.stdout).toMatch(/^SEC-ISOLATION-READ +MUST +security +[\d., ]+ .*CONFORMANCE_OTHER_ORG_KEY \(NOT SET\)/m);
      expect(result.stdout).toMatch(/^CT-NAME-MIN +MUST +contacts +[\d., ]+-$/m);
      expect(result.stdout).toMatch(/^\d+ of the rows would be skipped for want of .*CONFORMANCE_OTHER_ORG_KEY.* \(set them to run them\)\.$/m);
      expect(result.stdout).toMatch(/^Not selected \(\d+ requirements\): by CONFORMANCE_SUITES=security,contacts\.$/m);
      expect(requests).toBe(0);
    } finally {
      target.close();
    }
  }, 60_000);

  it('says how many checks the run then reports (one suite), beside its rows of requirements', async () => {
    const env = { CONFORMANCE_SUITES: 'auth' };
    const [table, listed, ran] = await Promise.all([runCli(['list'], env), runCli(['list', '--json'], env), runCli(['run'], env)]);
    expect(ran.code, ran.stderr.slice(-2000)).toBe(0);
    const report = await readLatestReport(ran.reportDir);
    const list = JSON.parse(listed.stdout) as CheckList & { runChecks: { checks: number; atMost: boolean } };
    expect(list.runChecks).toEqual({ checks: report.checks.length, atMost: false });
    // auth checks some requirements more than once: the two figures differ, and the table says both.
    expect(report.checks.length).toBeGreaterThan(list.checks.length);
    expect(table.stdout).toContain(`conformance list: ${list.checks.length} requirement rows of 1 suite would run against`);
    expect(table.stdout).toContain(`The run reports ${report.checks.length} checks: a row is a requirement in a suite`);
  }, 120_000);

  it('refuses a bad option or configuration with one line and exit 2, as run does', async () => {
    const option = await runCli(['list', '--jsn']);
    expect(option.code).toBe(2);
    expect(option.stderr.trim()).toBe('conformance: unknown option "--jsn" (see conformance list --help) [USAGE]');
    const setting = await runCli(['list'], { CONFORMANCE_SUITES: 'contact' });
    expect(setting.code).toBe(2);
    expect(setting.stderr).toMatch(/CONFORMANCE_SUITES.*\[CONFIG_INVALID\]/);
  }, 60_000);
});
