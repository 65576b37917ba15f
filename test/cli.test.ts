import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.js';
import { readSeed } from '../harness/config/seed.js';
import { readLatestReport, runCli } from './run-cli.js';

/** A port nothing listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function oneLine(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

describe('CLI', () => {
  it('prints help with every public variable and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const name of ['CONFORMANCE_TARGET_URL', 'CONFORMANCE_ADMIN_KEY', 'CONFORMANCE_SUITES', 'CONFORMANCE_REPORT_DIR', 'CONFORMANCE_SEED']) {
      expect(stdout).toContain(name);
    }
  });

  it.each([
    [{ CONFORMANCE_TARGET_URL: 'not a url', CONFORMANCE_ADMIN_KEY: 'wmk_x' }, /CONFORMANCE_TARGET_URL: not a valid URL/],
    [{ CONFORMANCE_TARGET_URL: 'http://127.0.0.1:1/api/v2', CONFORMANCE_ADMIN_KEY: 'wmk_x' }, /CONFORMANCE_TARGET_URL: must end with \/api\/v1/],
    [{ CONFORMANCE_TARGET_URL: 'http://127.0.0.1:1/api/v1' }, /CONFORMANCE_ADMIN_KEY: required/],
    [{ CONFORMANCE_NUM_RUNS: 'many' }, /CONFORMANCE_NUM_RUNS: expected a whole number/],
    [{ CONFORMANCE_SUITES: 'contacts,invoices' }, /CONFORMANCE_SUITES: unknown domain "invoices"/],
    [{ CONFORMANCE_REFERENCE_FAULTS: 'no-such-fault' }, /CONFORMANCE_REFERENCE_FAULTS: unknown fault "no-such-fault"/],
    [{ CONFORMANCE_REFERENCE_VARIANTS: 'no-such-variant' }, /CONFORMANCE_REFERENCE_VARIANTS: unknown variant "no-such-variant"/],
    [{ CONFORMANCE_FAIL_ON_INCOMPLETE: 'sometimes' }, /CONFORMANCE_FAIL_ON_INCOMPLETE: expected true or false/],
    // It would run no check and exit 0, as if something had been verified.
    [
      { CONFORMANCE_SUITES: 'auth', CONFORMANCE_REQUIREMENTS: 'ENV-CREATE' },
      /^conformance: CONFORMANCE_REQUIREMENTS selects no check of the suites CONFORMANCE_SUITES=auth runs: ENV-CREATE is checked by the contacts, .*webhooks suites; add/,
    ],
    // The rule init follows too: never a quietly completed URL.
    [
      { CONFORMANCE_TARGET_URL: 'http://127.0.0.1:1/api', CONFORMANCE_ADMIN_KEY: 'wmk_x' },
      /CONFORMANCE_TARGET_URL: must end with \/api\/v1; if the API is at http:\/\/127\.0\.0\.1:1\/api\/v1, give that URL/,
    ],
  ])('rejects bad configuration %j with one line and exit 2', async (env, message) => {
    const { code, stderr, stdout } = await runCli(['run'], env);
    expect(code).toBe(2);
    expect(oneLine(stderr)).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('refuses a named --dotenv file that does not exist: one line, exit 2, no run (never a false CONFORMANT)', async () => {
    const { code, stderr, stdout } = await runCli(['run', '--dotenv', '/nonexistent/typo.env']);
    expect(code).toBe(2);
    expect(oneLine(stderr)).toEqual([
      'conformance: --dotenv /nonexistent/typo.env: no such file; check the path, or give --no-dotenv to read no file [CONFIG_INVALID]',
    ]);
    expect(stdout).toBe('');
  });

  it('load runs the same preflight as run: a target answering HTML is not the API base (exit 2, one line), never a broken harness', async () => {
    const html = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    const { port } = html.address() as { port: number };
    try {
      const env = {
        CONFORMANCE_TARGET_URL: `http://127.0.0.1:${port}/api/v1`,
        CONFORMANCE_ADMIN_KEY: 'wmk_0123456789abcdef',
        CONFORMANCE_LOAD_SCENARIOS: 'burst',
      };
      const [load, run] = await Promise.all([runCli(['load'], env), runCli(['run'], env)]);
      expect(load.code).toBe(2);
      expect(oneLine(load.stderr).filter((l) => l.startsWith('conformance: '))).toEqual([
        expect.stringMatching(/^conformance: CONFORMANCE_TARGET_URL: GET \/contacts .*not JSON: is this the API's \/api\/v1 base\?/),
      ]);
      expect(load.stderr).not.toMatch(/internal error|the harness broke|could not create/);
      // The same line as run's.
      expect(oneLine(run.stderr).filter((l) => l.startsWith('conformance: '))).toEqual(oneLine(load.stderr).filter((l) => l.startsWith('conformance: ')));
      expect(load.stderr).not.toContain('wmk_0123456789abcdef');
    } finally {
      html.close();
    }
  });

  it('rejects an unknown argument with exit 2', async () => {
    const { code, stderr } = await runCli(['frobnicate']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown argument "frobnicate"/);
  });

  it('reports an unreachable target in one line and exits 2', async () => {
    const port = await closedPort();
    const { code, stderr } = await runCli(['run'], {
      CONFORMANCE_TARGET_URL: `http://127.0.0.1:${port}/api/v1`,
      CONFORMANCE_ADMIN_KEY: 'wmk_0123456789abcdef',
    });
    expect(code).toBe(2);
    expect(oneLine(stderr)).toHaveLength(1);
    expect(stderr).toMatch(/cannot reach the target/);
    expect(stderr).not.toContain('wmk_0123456789abcdef');
  });

  it('reports a refused admin key as a configuration error', async () => {
    const server = await startReferenceServer();
    try {
      const { code, stderr } = await runCli(['run'], { CONFORMANCE_TARGET_URL: server.baseUrl, CONFORMANCE_ADMIN_KEY: 'wmk_notarealkey' });
      expect(code).toBe(2);
      expect(stderr).toMatch(/CONFORMANCE_ADMIN_KEY: the target refused the admin key/);
      expect(stderr).not.toContain('wmk_notarealkey');
    } finally {
      await server.close();
    }
  });

  it('skips, with the reason, the checks whose variables are not set against an external target: the run is incomplete, never conformant', async () => {
    const server = await startReferenceServer();
    const seed = await readSeed();
    const admin = seed.organisations[0]!.keys.find((k) => k.role === 'admin')!.key;
    try {
      const env = { CONFORMANCE_TARGET_URL: server.baseUrl, CONFORMANCE_ADMIN_KEY: admin, CONFORMANCE_SUITES: 'auth' };
      const result = await runCli(['run'], env);
      const report = await readLatestReport(result.reportDir);
      expect(report.target.embedded).toBe(false);
      const scope = report.checks.find((c) => c.requirementId === 'AUTH-ORG-SCOPE');
      expect(scope?.status).toBe('skip');
      expect(scope?.message).toMatch(/CONFORMANCE_OTHER_ORG_KEY is not set/);
      expect(report.checks.filter((c) => c.status === 'pass').length).toBeGreaterThan(0);
      // Incomplete: exit 0 by default, and the report says what was not verified and why.
      expect(report.verdict).toBe('incomplete');
      expect(result.code).toBe(0);
      expect(report.unverified.find((u) => u.id === 'AUTH-ORG-SCOPE')).toMatchObject({
        reason: 'not-configured',
        detail: expect.stringContaining('CONFORMANCE_OTHER_ORG_KEY'),
      });
      expect(report.unverified.find((u) => u.id === 'CT-NAME-MIN')).toMatchObject({ reason: 'not-selected', detail: 'not selected: CONFORMANCE_SUITES=auth' });
      expect(result.stdout).toMatch(/^INCOMPLETE {2}/m);
      expect(result.stdout).not.toMatch(/^CONFORMANT/m);
      // CONFORMANCE_FAIL_ON_INCOMPLETE makes the same run fail a CI job, with its own code.
      const strict = await runCli(['run'], { ...env, CONFORMANCE_REQUIREMENTS: 'AUTH-X-API-KEY', CONFORMANCE_FAIL_ON_INCOMPLETE: 'true' });
      const strictReport = await readLatestReport(strict.reportDir);
      expect(strictReport.checks.every((c) => c.requirementId === 'AUTH-X-API-KEY' && c.status === 'pass')).toBe(true);
      expect(strictReport.verdict).toBe('incomplete');
      expect(strictReport.exitCode).toBe(3);
      expect(strict.code).toBe(3);
    } finally {
      await server.close();
    }
  });
});

describe('the conformance bin', () => {
  it('runs the TypeScript CLI through its JavaScript shim', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['bin/conformance.js', '--help'], { cwd: new URL('../', import.meta.url), encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: conformance <command>/);
  });
});
