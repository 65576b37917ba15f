import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDoctorConfig } from '../harness/doctor/config.js';
import { DOCTOR_JSON_SCHEMA } from '../harness/doctor/json-schema.js';
import type { DoctorItem, DoctorReport } from '../harness/doctor/model.js';
import { runDoctor } from '../harness/doctor/run.js';
import { loadSeed } from '../reference/seed.js';
import { DEFAULT_SEED_PATH, startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { runCli, readLatestReport } from './run-cli.js';
import { startHostileProxy } from './hostile-proxy.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Issue 13: the doctor against the reference server, configured right (every item ok) and with
 * each mistake a person makes when preparing a server, each named in the output with its fix.
 */

let server: RunningReferenceServer;
let env: Record<string, string>;
let seedKeys: { admin: string; member: string; limited: readonly string[]; custom: string; orgB: string; orgBProject: string };

beforeAll(async () => {
  server = await startReferenceServer();
  env = await externalTargetEnv(server.baseUrl);
  const [orgA, orgB] = server.seed.organisations;
  seedKeys = {
    admin: orgA!.keys.find((k) => k.role === 'admin')!.key,
    member: orgA!.keys.find((k) => k.role === 'member')!.key,
    limited: orgA!.keys.filter((k) => k.role === 'limited').map((k) => k.key),
    custom: orgA!.keys.find((k) => k.role === 'custom')!.key,
    orgB: orgB!.keys[0]!.key,
    orgBProject: orgB!.projects[0]!.id,
  };
});

afterAll(async () => {
  await server.close();
});

async function doctorWith(overrides: Record<string, string | undefined>, scope: 'full' | 'preflight' = 'full'): Promise<DoctorReport> {
  const merged = { ...env, ...overrides };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const { config, urlFix } = await loadDoctorConfig({ env: merged, envFile: null });
  return runDoctor(config, { scope, urlFix });
}

function find(report: DoctorReport, id: string): DoctorItem {
  const found = report.items.find((i) => i.id === id);
  expect(found, `item ${id} in ${report.items.map((i) => i.id).join(', ')}`).toBeDefined();
  return found!;
}

function problems(report: DoctorReport): string[] {
  return report.items.filter((i) => i.status === 'problem').map((i) => i.id);
}

describe('conformance doctor against the reference server', () => {
  it('finds every item ok with a correct configuration, and leaves nothing behind', async () => {
    const report = await doctorWith({});
    expect(report.items.filter((i) => i.status !== 'ok').map((i) => `${i.id}: ${i.status}: ${i.detail}`)).toEqual([]);
    expect(report.exitCode).toBe(0);
    for (const id of [
      'target',
      'keys:distinct',
      'rights:admin',
      'rights:member',
      'org:member',
      'org:other-org',
      'project',
      'version',
      'other-project',
      'reports',
      'reports:other-org',
      'sink',
    ])
      find(report, id);
    expect(find(report, 'sink').detail).toMatch(/signature verifies/);
    expect(find(report, 'limit:CONFORMANCE_LIMITED_KEY').detail).toMatch(/X-RateLimit-Limit: 60/);
    expect(find(report, 'limit:CONFORMANCE_CUSTOM_LIMIT_KEY').detail).toMatch(/90, as configured/);
    // The sink check's subscription is gone again.
    expect(report.created.every((c) => c.deleted)).toBe(true);
    const hooks = await fetch(`${server.baseUrl}/webhooks?limit=100`, { headers: { 'x-api-key': seedKeys.admin } }).then(
      (r) => r.json() as Promise<{ data: Array<{ description?: string }> }>,
    );
    expect(hooks.data.filter((h) => /conformance-doctor:/.test(h.description ?? ''))).toEqual([]);
    // Nothing in the report is a key.
    const text = JSON.stringify(report);
    for (const key of [seedKeys.admin, seedKeys.member, seedKeys.custom, seedKeys.orgB, ...seedKeys.limited]) expect(text).not.toContain(key);
  });

  it('names swapped member and admin keys, and says to exchange them', async () => {
    const report = await doctorWith({ CONFORMANCE_ADMIN_KEY: seedKeys.member, CONFORMANCE_MEMBER_KEY: seedKeys.admin });
    expect(problems(report)).toEqual(expect.arrayContaining(['rights:admin', 'rights:member']));
    expect(find(report, 'rights:admin').detail).toMatch(/answered 403.*permission refusal/);
    const member = find(report, 'rights:member');
    expect(member.detail).toMatch(/the member key created a webhook subscription .*deleted again.*look swapped/);
    expect(member.fix).toBe('exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY');
    expect(member.blocksRun).toBe(true);
    expect(report.created).toEqual([expect.objectContaining({ path: expect.stringMatching(/^\/webhooks\//), deleted: true })]);
    expect(report.exitCode).toBe(1);
  });

  it("says a refused admin key is the key's problem, never a proxy's", async () => {
    const report = await doctorWith({ CONFORMANCE_ADMIN_KEY: 'wmk_notarealkey0000' });
    const target = find(report, 'target');
    expect(target.detail).toMatch(/answered 401 to the admin key/);
    expect(target.fix).toMatch(/^check CONFORMANCE_ADMIN_KEY: a key this target issued/);
    for (const found of report.items) expect(`${found.detail} ${found.fix ?? ''}`).not.toMatch(/proxy/);
  });

  it('names an other-organisation key that belongs to org A', async () => {
    const [, second, third] = seedKeys.limited;
    const report = await doctorWith({ CONFORMANCE_OTHER_ORG_KEY: third!, CONFORMANCE_LIMITED_KEYS: `${seedKeys.limited[0]},${second}` });
    const other = find(report, 'org:other-org');
    expect(other.status).toBe('problem');
    // Proven by agreement on everything that identifies an organisation, reads by id included (not by one list).
    expect(other.detail).toMatch(
      /sees CONFORMANCE_PROJECT_ID, a project of org A, and agrees with the admin key on everything that identifies an organisation \(both read CONFORMANCE_PROJECT_ID by id; .*both list the same \d+ projects?\): a key of org A/,
    );
    expect(other.fix).toMatch(/CONFORMANCE_OTHER_ORG_KEY to a key of a second organisation/);
    expect(other.blocksRun).toBe(true);
    expect(find(report, 'other-project').status).toBe('problem');
    expect(find(report, 'keys:distinct').status).toBe('ok');
  });

  it("names a project id that is not org A's", async () => {
    const report = await doctorWith({ CONFORMANCE_PROJECT_ID: seedKeys.orgBProject });
    const project = find(report, 'project');
    expect(project.status).toBe('problem');
    expect(project.detail).toMatch(/a project of org B \(CONFORMANCE_OTHER_ORG_KEY sees it\), not of org A/);
    expect(project.fix).toMatch(new RegExp(`set CONFORMANCE_PROJECT_ID to a project of org A \\(for example ${server.seed.organisations[0]!.projects[0]!.id}`));
    expect(find(report, 'version').status).toBe('not-checked');
    const unknown = await doctorWith({ CONFORMANCE_PROJECT_ID: '00000000-0000-4000-8000-000000000000' });
    expect(find(unknown, 'project').detail).toMatch(/unknown to the admin key/);
  });

  it('names a limited key that carries a custom limit', async () => {
    const report = await doctorWith({
      CONFORMANCE_LIMITED_KEY: seedKeys.custom,
      CONFORMANCE_LIMITED_KEYS: undefined,
      CONFORMANCE_CUSTOM_LIMIT_KEY: undefined,
      CONFORMANCE_CUSTOM_LIMIT: undefined,
    });
    const limited = find(report, 'limit:CONFORMANCE_LIMITED_KEY');
    expect(limited.status).toBe('problem');
    expect(limited.detail).toMatch(/X-RateLimit-Limit: 90; the rate-limit checks burst this key and need the default 60 a minute/);
    expect(limited.fix).toMatch(/remove the key's custom limit/);
    expect(find(report, 'limit:CONFORMANCE_CUSTOM_LIMIT_KEY').status).toBe('not-configured');
    // A custom limit the key does not have is named too.
    const wrongCustom = await doctorWith({ CONFORMANCE_CUSTOM_LIMIT: '120' });
    // Named as a setting, beside the other possibility (a target applying another limit); the run goes on.
    const custom = find(wrongCustom, 'limit:CONFORMANCE_CUSTOM_LIMIT_KEY');
    expect(custom).toMatchObject({ status: 'warning', blocksRun: false });
    expect(custom.detail).toMatch(/^X-RateLimit-Limit: 90, CONFORMANCE_CUSTOM_LIMIT says 120: either the setting .* is wrong, or the target applies 90/);
    expect(custom.fix).toMatch(/if 90 is the key's custom limit, set CONFORMANCE_CUSTOM_LIMIT=90/);
  });

  it('names a sink URL the target cannot reach, and what CONFORMANCE_SINK_PUBLIC_URL must be', async () => {
    const port = await closedPort();
    const report = await doctorWith({ CONFORMANCE_SINK_PUBLIC_URL: `http://127.0.0.1:${port}`, CONFORMANCE_WEBHOOK_WAIT_S: '20' });
    const sink = find(report, 'sink');
    expect(sink.status).toBe('problem');
    expect(sink.detail).toMatch(
      new RegExp(`could not deliver to http://127\\.0\\.0\\.1:${port}/hooks/[0-9a-f]+: its deliveries log shows \\d+ failed attempts?`),
    );
    expect(sink.fix).toMatch(
      /CONFORMANCE_SINK_PUBLIC_URL must be an address at which the target reaches this machine's sink \(it listens on 127\.0\.0\.1:\d+\)/,
    );
    expect(report.created.at(-1)).toMatchObject({ deleted: true });
  });

  it('names a URL without /api/v1 and the URL to set', async () => {
    const bare = server.baseUrl.replace(/\/api\/v1$/, '');
    const report = await doctorWith({ CONFORMANCE_TARGET_URL: bare });
    const target = find(report, 'target');
    expect(target.status).toBe('problem');
    expect(target.detail).toContain(`CONFORMANCE_TARGET_URL=${bare} does not end with /api/v1`);
    expect(target.fix).toBe(`set CONFORMANCE_TARGET_URL=${server.baseUrl}`);
    expect(target.blocksRun).toBe(true);
    // The rest is checked against the corrected URL.
    expect(find(report, 'rights:member').status).toBe('ok');
    const nowhere = await doctorWith({ CONFORMANCE_TARGET_URL: `${bare}/nothing` });
    expect(find(nowhere, 'target').detail).toMatch(/does not answer like this API either/);
    expect(find(nowhere, 'rest').status).toBe('not-checked');
  });

  it('names an admin key limited to 60 a minute: how many requests a run needs and how long it would take', async () => {
    const seed = await loadSeed(DEFAULT_SEED_PATH);
    const slow = structuredClone(seed);
    slow.organisations[0]!.keys.find((k) => k.role === 'admin')!.limitPerMinute = null;
    const slowServer = await startReferenceServer({ seed: slow });
    try {
      const report = await doctorWith({ CONFORMANCE_TARGET_URL: slowServer.baseUrl }, 'preflight');
      const limit = find(report, 'limit:CONFORMANCE_ADMIN_KEY');
      expect(limit.status).toBe('problem');
      expect(limit.detail).toMatch(
        /^60 a minute \(the spec's default: either the key has no custom limit on the target, or the target ignores custom limits\); a full run sends about [\d,]+00 requests with it: about \d+ h \d+ min paced under that limit/,
      );
      expect(limit.fix).toMatch(/give the key a per-minute limit of at least [\d,]{3,}/);
      // The preflight leaves the rate-limited keys alone: their budget is the rate-limit checks'.
      expect(report.items.some((i) => i.id.startsWith('limit:CONFORMANCE_LIMITED'))).toBe(false);
      expect(report.items.some((i) => i.id === 'sink')).toBe(false);
    } finally {
      await slowServer.close();
    }
  });

  it('names an organisation B without a report definition, which the security checks cannot create (no POST /reports)', { timeout: 90_000 }, async () => {
    const bare = structuredClone(await loadSeed(DEFAULT_SEED_PATH));
    bare.organisations[1]!.reportDefinitions = [];
    const bareServer = await startReferenceServer({ seed: bare });
    try {
      // In the run's quick part too: one request.
      const report = await doctorWith({ CONFORMANCE_TARGET_URL: bareServer.baseUrl }, 'preflight');
      const other = find(report, 'reports:other-org');
      expect(other).toMatchObject({ status: 'problem', blocksRun: false, variables: ['CONFORMANCE_OTHER_ORG_KEY'] });
      expect(other.detail).toMatch(/^GET \/reports with CONFORMANCE_OTHER_ORG_KEY lists none: SEC-REFERENCE-NO-LEAK has no report of org B to execute/);
      expect(other.fix).toMatch(/create at least one report definition in organisation B/);
      // Org A's definitions are untouched: its own item stays ok.
      expect(find(report, 'reports').status).toBe('ok');
      // The check that needs the record says exactly that, and what to add.
      const run = await runCli(['run'], {
        ...env,
        CONFORMANCE_TARGET_URL: bareServer.baseUrl,
        CONFORMANCE_SUITES: 'security',
        CONFORMANCE_REQUIREMENTS: 'SEC-REFERENCE-NO-LEAK',
      });
      const leak = (await readLatestReport(run.reportDir)).checks.filter((c) => c.requirementId === 'SEC-REFERENCE-NO-LEAK' && c.status !== 'pass');
      expect(leak.map((c) => [c.status, c.message])).toEqual([
        [
          'skip',
          'not applicable: organisation B (CONFORMANCE_OTHER_ORG_KEY) lists no report definition; the spec has no POST /reports, so the suite cannot create one: add one to organisation B (docs/preparing-your-server.md)',
        ],
      ]);
    } finally {
      await bareServer.close();
    }
  });

  it('writes a doctor.json the published schema accepts (npm run schema keeps it current)', async () => {
    const committed = JSON.parse(await readFile(new URL('../schemas/doctor.schema.json', import.meta.url), 'utf8')) as object;
    expect(committed).toEqual(DOCTOR_JSON_SCHEMA.jsonSchema());
    // A member key with admin rights looks exactly like a target that lets any key write webhooks:
    // both are said, and the run would go on (the security checks decide).
    const result = await runCli(['doctor'], { ...env, CONFORMANCE_MEMBER_KEY: seedKeys.admin, CONFORMANCE_OTHER_ORG_KEY: seedKeys.member });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^warning +CONFORMANCE_MEMBER_KEY has no admin rights: the member key created a webhook subscription .*either CONFORMANCE_MEMBER_KEY has admin rights, or the target lets a key without admin rights write webhooks/m,
    );
    expect(result.stdout).toMatch(/^ +fix: if the key is an admin key, set CONFORMANCE_MEMBER_KEY to a key of org A without admin rights$/m);
    expect(result.stdout).toMatch(/^PROBLEM +CONFORMANCE_OTHER_ORG_KEY is in another organisation: .*a key of org A$/m);
    const written = JSON.parse(await readFile(`${result.reportDir}/doctor.json`, 'utf8')) as DoctorReport;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    expect(ajv.validate(committed, written), JSON.stringify(ajv.errors)).toBe(true);
    expect(written.exitCode).toBe(1);
    expect(`${result.stdout}${result.stderr}${JSON.stringify(written)}`).not.toContain(seedKeys.admin);
  });

  it('ends soon against a target that stops answering part way: what is left says it could not be checked', async () => {
    const proxy = await startHostileProxy({ target: server.baseUrl, behaviour: 'dead', every: 12 });
    try {
      const report = await doctorWith({ CONFORMANCE_TARGET_URL: proxy.baseUrl, CONFORMANCE_REQUEST_TIMEOUT_MS: '300', CONFORMANCE_BREAKER_FAILURES: '3' });
      expect(find(report, 'target').status).toBe('ok');
      expect(report.items.some((i) => i.detail.includes('could not check') || i.detail.includes('no answer'))).toBe(true);
      // After the death: the breaker's few timeouts, then nothing more is sent.
      expect(proxy.stats().requests).toBeLessThanOrEqual(11 + 3 + 1);
    } finally {
      await proxy.close();
    }
  });

  it('exits 2 in one line when the configuration itself cannot be read', async () => {
    const result = await runCli(['doctor'], { ...env, CONFORMANCE_SEED: 'soon' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^conformance: CONFORMANCE_SEED: expected a whole number from -2147483648 to 2147483647/),
    ]);
  });
});

describe('conformance run: the doctor first', () => {
  it('stops a run whose configuration makes it meaningless: exit 2, one line naming the cause; --skip-doctor runs anyway', async () => {
    const swapped = {
      ...env,
      CONFORMANCE_ADMIN_KEY: seedKeys.member,
      CONFORMANCE_MEMBER_KEY: seedKeys.admin,
      CONFORMANCE_SUITES: 'auth',
      CONFORMANCE_NUM_RUNS: '2',
    };
    const stopped = await runCli(['run'], swapped);
    expect(stopped.code).toBe(2);
    const lines = stopped.stderr.split('\n').filter((l) => l.startsWith('conformance: '));
    expect(lines).toHaveLength(1);
    // Swapped keys are the one certainty about rights: the member key may write what the admin key may not.
    expect(lines[0]).toMatch(
      /^conformance: CONFORMANCE_ADMIN_KEY: POST \/webhooks with an invalid body answered 403 .*the two keys look swapped\. Fix: exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY \(and 1 more problem\)\. conformance doctor shows the whole setup; --skip-doctor/,
    );
    expect(stopped.stderr).not.toContain(seedKeys.admin);
    // The line and the report it leaves name the code of the stop (docs/why-did-my-run-stop.md).
    expect(lines[0]).toMatch(/ \[PREFLIGHT_FAILED\]$/);
    expect((await readLatestReport(stopped.reportDir)).stoppedBy).toMatchObject({ code: 'PREFLIGHT_FAILED' });
    const skipped = await runCli(['run', '--skip-doctor'], swapped);
    expect([0, 1]).toContain(skipped.code);
    expect((await readLatestReport(skipped.reportDir)).checks.length).toBeGreaterThan(0);
  });

  // A user with a member key only gives it as the admin key: the target is right to refuse its
  // webhook writes (spec 5.5), and nothing tells that from a target refusing admins.
  const REFUSED =
    "POST /webhooks refused CONFORMANCE_ADMIN_KEY (403): either the key has no admin rights or the server refuses admins' webhook writes (spec 5.5); checks that need an admin key are not verified";
  const memberAsAdmin = () => {
    const { CONFORMANCE_MEMBER_KEY: _unset, ...rest } = env;
    return { ...rest, CONFORMANCE_ADMIN_KEY: seedKeys.member, CONFORMANCE_SUITES: 'webhooks,security', CONFORMANCE_NUM_RUNS: '2' };
  };

  it('a member key given as the admin key: the checks that need an admin key end unverified with one line naming both parties, none fails', {
    timeout: 180_000,
  }, async () => {
    const result = await runCli(['run'], memberAsAdmin());
    const report = await readLatestReport(result.reportDir);
    expect(result.code, result.stderr.slice(-1500)).toBe(0);
    expect(report.verdict).toBe('incomplete');
    expect(
      report.checks.filter((c) => c.status === 'fail' || c.status === 'inconclusive' || c.status === 'error').map((c) => `${c.key}: ${c.message}`),
    ).toEqual([]);
    expect(result.stderr.split('\n').filter((l) => l.includes(REFUSED))).toEqual([REFUSED]);
    const skipped = report.checks.filter((c) => c.message === REFUSED);
    expect(skipped.length).toBeGreaterThan(20);
    expect(new Set(skipped.map((c) => c.domain))).toEqual(new Set(['webhooks', 'security']));
    // The checks that decide without an admin key are still judged.
    expect(report.checks.filter((c) => c.domain === 'security' && c.status === 'pass').length).toBeGreaterThan(0);
  });

  it('a member key given as the admin key, without the doctor: each admin webhook write refused ends its check unverified, none fails', {
    timeout: 180_000,
  }, async () => {
    const result = await runCli(['run', '--skip-doctor'], memberAsAdmin());
    const report = await readLatestReport(result.reportDir);
    expect(result.code, result.stderr.slice(-1500)).toBe(0);
    expect(report.verdict).toBe('incomplete');
    expect(
      report.checks.filter((c) => c.status === 'fail' || c.status === 'inconclusive' || c.status === 'error').map((c) => `${c.key}: ${c.message}`),
    ).toEqual([]);
    const skipped = report.checks.filter(
      (c) =>
        c.message !== null &&
        /^(POST|PATCH|DELETE) \/webhooks(\/\{id\})? refused CONFORMANCE_ADMIN_KEY \(403\): either the key has no admin rights or the server refuses admins' webhook writes \(spec 5\.5\)/.test(
          c.message,
        ),
    );
    expect(skipped.length).toBeGreaterThan(20);
  });

  it('runs the cheap part and goes on when the configuration is right', async () => {
    const result = await runCli(['run'], { ...env, CONFORMANCE_SUITES: 'auth', CONFORMANCE_NUM_RUNS: '2' });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/doctor: \d+ ok, 0 warnings, 0 problems before the run/);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
