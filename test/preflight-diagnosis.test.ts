import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import type { Report } from '../harness/report/model.js';
import { loadSeed } from '../reference/seed.js';
import { DEFAULT_SEED_PATH, startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { runCli, type CliResult } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * The run's preflight against an external target (the embedded one skips it) must never take a
 * server's fault for a configuration mistake. For each diagnosis it can make: a reference fault
 * that shows the same symptom from the server's side (the run goes on and the report fails the
 * requirement the fault breaks), and a real misconfiguration that is still named as one. Every
 * run that reached the target leaves every report file, also when it stopped before its checks.
 */

const REPORT_FILES = ['report.json', 'junit.xml', 'summary.md', 'report.html'] as const;

async function latestReport(result: CliResult): Promise<Report> {
  return JSON.parse(await readFile(join(result.reportDir, 'latest', 'report.json'), 'utf8')) as Report;
}

async function reportFiles(result: CliResult): Promise<string[]> {
  const present = await readdir(join(result.reportDir, 'latest')).catch(() => [] as string[]);
  return REPORT_FILES.filter((f) => present.includes(f));
}

let seed: Awaited<ReturnType<typeof seedDefaults>>;
beforeAll(async () => {
  seed = seedDefaults(await readSeed());
});

/** One reference server with `faults`, its environment, and a run narrowed to `requirements`. */
async function runAgainst(
  faults: readonly string[],
  requirements: string,
  suites: string,
  overrides: Record<string, string | undefined> = {},
): Promise<CliResult> {
  const server: RunningReferenceServer = await startReferenceServer({ faults });
  try {
    const env = {
      ...(await externalTargetEnv(server.baseUrl)),
      CONFORMANCE_SUITES: suites,
      CONFORMANCE_REQUIREMENTS: requirements,
      CONFORMANCE_NUM_RUNS: '5',
      ...overrides,
    };
    const clean = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
    return await runCli(['run'], clean);
  } finally {
    await server.close();
  }
}

describe('a server fault with the symptom of a configuration mistake: the run goes on and the report fails the rule', () => {
  const cases = [
    // GET /projects shows every organisation's projects: the keys differ on reads by id, so not one organisation.
    {
      fault: 'pj-list-leak',
      suites: 'tasks',
      requirement: 'PJ-LIST-ISOLATED',
      said: /CONFORMANCE_OTHER_ORG_KEY is in another organisation: .*a possible isolation failure \(spec 5\.4\)/,
    },
    // Any key may write webhooks: as a member key with admin rights would; both are said.
    {
      fault: 'sec-member-webhook-write',
      suites: 'security',
      requirement: 'SEC-ADMIN-WEBHOOK-WRITE',
      said: /either CONFORMANCE_MEMBER_KEY has admin rights, or the target lets a key without admin rights write webhooks/,
    },
    // A 404 to GET /contacts?limit=1 only: the plain route answers, so the base is right.
    {
      fault: 'paging-query-404',
      suites: 'contacts',
      requirement: 'PAGE-ECHO',
      said: /GET \/contacts\?limit=1 answered 404 but GET \/contacts answered 200: the base URL is right/,
    },
    // Lists without a `pagination` object: an accepted key got records in `data` at /contacts, so this is the API.
    {
      fault: 'paging-no-pagination',
      suites: 'contacts',
      requirement: 'ENV-LIST',
      said: /doctor: warning: Target URL answers like this API: GET \/contacts answered 200 with a JSON list \(data\) but no `pagination` object beside it \(spec 4\): the base is right/,
    },
    // Custom limits ignored: every key, the admin key too, shows the default 60; a setting or the target; RL-LIMIT-CUSTOM decides.
    {
      fault: 'rl-custom-limit-ignored',
      suites: 'rate-limit',
      requirement: 'RL-LIMIT-CUSTOM',
      said: /CONFORMANCE_ADMIN_KEY's limit fits a full run: 60 a minute \(the spec's default: either the key has no custom limit on the target, or the target ignores custom limits\)/,
    },
  ] as const;
  for (const { fault, suites, requirement, said } of cases) {
    it(`${fault}: ${requirement} fails, and the preflight does not take it for a configuration mistake`, { timeout: 120_000 }, async () => {
      const result = await runAgainst([fault], requirement, suites);
      expect(result.code, result.stderr.slice(-1500)).toBe(1);
      expect(result.stderr).toMatch(said);
      const report = await latestReport(result);
      const named = report.checks.filter((c) => c.requirementId === requirement);
      expect(named.length).toBeGreaterThan(0);
      expect(
        named.some((c) => c.status === 'fail'),
        JSON.stringify(named.map((c) => [c.status, c.message])),
      ).toBe(true);
      expect(await reportFiles(result)).toEqual([...REPORT_FILES]);
    });
  }
});

describe('a server that is this API is judged, not refused, whatever its Content-Type and statuses', () => {
  // Every answer without a Content-Type and every 2xx as 200 (creates, deletes): the bodies are this
  // API's, so the preflight names what it saw and goes on; the checks fail the rules, exit 1, not 2.
  it('no-content-type with all-200: the run goes on, exits 1 and writes every report file, naming the failing checks', { timeout: 120_000 }, async () => {
    const broken = ['ENV-CREATE', 'ENV-DELETE', 'ENV-JSON-TYPE-SENT'];
    const result = await runAgainst(['no-content-type', 'all-200'], broken.join(','), 'contacts');
    expect(result.code, result.stderr.slice(-1500)).toBe(1);
    expect(result.stderr).not.toMatch(/is this the API's \/api\/v1 base/);
    expect(result.stderr).toMatch(
      /doctor: warning: Target URL answers like this API: GET \/contacts answered 200 with a JSON list \(data, pagination\); its JSON body comes with Content-Type \(none\)/,
    );
    const report = await latestReport(result);
    const summary = await readFile(join(result.reportDir, 'latest', 'summary.md'), 'utf8');
    for (const id of broken) {
      const named = report.checks.filter((c) => c.requirementId === id);
      expect(named.length, id).toBeGreaterThan(0);
      expect(
        named.every((c) => c.status === 'fail'),
        `${id}: ${JSON.stringify(named.map((c) => [c.status, c.message]))}`,
      ).toBe(true);
      expect(summary, id).toContain(id);
    }
    expect(report.checks.filter((c) => c.status === 'error')).toEqual([]);
    expect(await reportFiles(result)).toEqual([...REPORT_FILES]);
  });
});

describe('a real misconfiguration is still named as one', () => {
  it('swapped admin and member keys stop the run, and every report file says nothing was verified', { timeout: 60_000 }, async () => {
    const result = await runAgainst([], 'CT-CREATE-VALID', 'contacts', { CONFORMANCE_ADMIN_KEY: seed.keys.member, CONFORMANCE_MEMBER_KEY: seed.keys.admin });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY/);
    expect(await reportFiles(result)).toEqual([...REPORT_FILES]);
    const report = await latestReport(result);
    expect(report.verdict).not.toBe('conformant');
    expect(report.checks.filter((c) => c.requirementId !== 'HARNESS')).toEqual([]);
    expect(report.checks.some((c) => c.requirementId === 'HARNESS' && /before any check ran/.test(c.message ?? ''))).toBe(true);
    const summary = await readFile(join(result.reportDir, 'latest', 'summary.md'), 'utf8');
    expect(summary).toMatch(/stopped early/i);
    expect(`${result.stdout}${result.stderr}${JSON.stringify(report)}`).not.toContain(seed.keys.admin);
  });

  it('an other-organisation key of org A stops the run: it agrees with the admin key on everything', { timeout: 60_000 }, async () => {
    const result = await runAgainst([], 'CT-CREATE-VALID', 'contacts', {
      CONFORMANCE_OTHER_ORG_KEY: seed.limitedKeys[2],
      CONFORMANCE_LIMITED_KEYS: seed.limitedKeys.slice(0, 2).join(','),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CONFORMANCE_OTHER_ORG_KEY: .*agrees with the admin key on everything that identifies an organisation .*: a key of org A/);
    expect(await reportFiles(result)).toEqual([...REPORT_FILES]);
  });

  it('a member key that is an admin key is named (beside the other possibility) and the run goes on', { timeout: 60_000 }, async () => {
    // The same seed, but the member key has admin rights on the target.
    const withAdminMember = structuredClone(await loadSeed(DEFAULT_SEED_PATH));
    withAdminMember.organisations[0]!.keys.find((k) => k.role === 'member')!.admin = true;
    const server = await startReferenceServer({ seed: withAdminMember });
    try {
      const result = await runCli(['run'], {
        ...(await externalTargetEnv(server.baseUrl)),
        CONFORMANCE_SUITES: 'contacts',
        CONFORMANCE_REQUIREMENTS: 'CT-CREATE-VALID',
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(/doctor: warning: CONFORMANCE_MEMBER_KEY has no admin rights: .*either CONFORMANCE_MEMBER_KEY has admin rights/);
    } finally {
      await server.close();
    }
  });

  it('a wrong base path stops the run only when every route tried answers 404', { timeout: 60_000 }, async () => {
    const server = await startReferenceServer();
    try {
      const origin = new URL(server.baseUrl).origin;
      const env = { ...(await externalTargetEnv(server.baseUrl)), CONFORMANCE_TARGET_URL: `${origin}/elsewhere/api/v1`, CONFORMANCE_SUITES: 'contacts' };
      const result = await runCli(['run'], env);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/every route tried under .* answered 404 .*is this the \/api\/v1 base URL/);
      expect(await reportFiles(result)).toEqual([...REPORT_FILES]);
    } finally {
      await server.close();
    }
  });

  it('a wrong custom limit value is named by the doctor, and the run goes on', { timeout: 60_000 }, async () => {
    // The run's quick part leaves the rate-limited keys alone (their budget is the rate-limit
    // checks'); the doctor names the setting beside the other possibility.
    const server = await startReferenceServer();
    try {
      const env = {
        ...(await externalTargetEnv(server.baseUrl)),
        CONFORMANCE_CUSTOM_LIMIT: '120',
        CONFORMANCE_SUITES: 'contacts',
        CONFORMANCE_REQUIREMENTS: 'CT-CREATE-VALID',
      };
      const doctor = await runCli(['doctor'], env);
      expect(doctor.stdout).toMatch(
        /^warning +CONFORMANCE_CUSTOM_LIMIT_KEY reports CONFORMANCE_CUSTOM_LIMIT: X-RateLimit-Limit: 90, CONFORMANCE_CUSTOM_LIMIT says 120: either the setting/m,
      );
      expect((await runCli(['run'], env)).code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
