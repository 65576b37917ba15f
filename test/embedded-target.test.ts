import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLatestReport, runCli } from './run-cli.js';

/*
 * No green verdict for a server that was not tested: a misspelt variable, keys without a URL, or
 * an unset URL in CI never turn into a run against the embedded reference server, and a run that
 * does test it says so. Every refusal is one line and exit 2, before anything runs.
 */

function lines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

/** Exit 2 with one line on stderr (a configuration problem: its code ends it), nothing on stdout and no report written. */
async function expectRefused(result: { code: number | null; stdout: string; stderr: string; reportDir: string }, message: string | RegExp): Promise<void> {
  expect(result.code, result.stderr).toBe(2);
  expect(lines(result.stderr)).toHaveLength(1);
  if (typeof message === 'string') expect(lines(result.stderr)[0]).toBe(`conformance: ${message} [CONFIG_INVALID]`);
  else expect(result.stderr).toMatch(message);
  expect(result.stdout).toBe('');
  expect(existsSync(result.reportDir) ? await readdir(result.reportDir) : []).toEqual([]);
}

const URL = 'https://api.example.test/api/v1';
const KEYS = {
  CONFORMANCE_ADMIN_KEY: 'wmk_admin000000000000',
  CONFORMANCE_MEMBER_KEY: 'wmk_member00000000000',
  CONFORMANCE_OTHER_ORG_KEY: 'wmk_other000000000000',
  CONFORMANCE_LIMITED_KEY: 'wmk_limited0000000000',
};
/** One check of one domain: a run against the reference in a few seconds. */
const NARROW = { CONFORMANCE_SUITES: 'contacts', CONFORMANCE_REQUIREMENTS: 'CT-EMAIL-FORMAT', CONFORMANCE_NUM_RUNS: '2' };

describe.concurrent('the target of a run is never the embedded reference server by accident', () => {
  it('refuses a misspelt variable in the environment, naming the closest known one (run, doctor and load alike)', async () => {
    const env = { CONFORMANCE_TARGET_ULR: URL, ...KEYS };
    const message =
      'CONFORMANCE_TARGET_ULR (set in the environment) is not a known variable: did you mean CONFORMANCE_TARGET_URL? (conformance --help lists them)';
    const [run, doctor, load] = await Promise.all([runCli(['run'], env), runCli(['doctor'], env), runCli(['load'], env)]);
    await expectRefused(run, message);
    await expectRefused(doctor, message);
    await expectRefused(load, message);
    // The keys are never echoed.
    expect(run.stderr).not.toContain(KEYS.CONFORMANCE_ADMIN_KEY);
  });

  it('refuses a misspelt variable in the .env file, naming the file and the closest known name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-dotenv-'));
    const envFile = join(dir, '.env');
    await writeFile(envFile, [`CONFORMANCE_TARGET_ULR=${URL}`, ...Object.entries(KEYS).map(([k, v]) => `${k}=${v}`), ''].join('\n'));
    await expectRefused(
      await runCli(['run', '--dotenv', envFile]),
      `CONFORMANCE_TARGET_ULR (set in ${envFile}) is not a known variable: did you mean CONFORMANCE_TARGET_URL? (conformance --help lists them)`,
    );
  });

  it('refuses keys set without a target URL instead of testing the reference server with its own keys', async () => {
    await expectRefused(
      await runCli(['run'], { CONFORMANCE_ADMIN_KEY: KEYS.CONFORMANCE_ADMIN_KEY }),
      'CONFORMANCE_ADMIN_KEY is set but CONFORMANCE_TARGET_URL is not: set the URL of your server (CONFORMANCE_TARGET_URL or --url), or remove it to run against the embedded reference server (--reference)',
    );
    await expectRefused(
      await runCli(['run', '--reference'], { ...KEYS, ...NARROW }),
      /^conformance: CONFORMANCE_ADMIN_KEY, .* and CONFORMANCE_LIMITED_KEY are set but CONFORMANCE_TARGET_URL is not/,
    );
  });

  it('in CI, refuses a run without a target URL unless --reference asks for the reference server', async () => {
    await expectRefused(
      await runCli(['run'], { CI: 'true', ...NARROW }),
      /^conformance: CONFORMANCE_TARGET_URL is not set, and in CI .*--url.*--reference \(CONFORMANCE_REFERENCE=true\)/,
    );
    await expectRefused(
      await runCli(['run', '--reference', '--url', URL], { CI: 'true', CONFORMANCE_ADMIN_KEY: KEYS.CONFORMANCE_ADMIN_KEY }),
      /^conformance: CONFORMANCE_REFERENCE \(--reference\) and CONFORMANCE_TARGET_URL are both set/,
    );
  });

  it('in CI with --reference, runs the reference server and says so in every output', async () => {
    const result = await runCli(['run', '--reference'], { CI: 'true', ...NARROW });
    expect(result.code, result.stderr).toBe(0);
    const report = await readLatestReport(result.reportDir);
    expect(report.target).toMatchObject({ embedded: true, kind: 'embedded reference server' });
    expect(result.stdout).toMatch(/^INCOMPLETE \(embedded reference server, not your server\) {2}/m);
    expect(result.stderr).toMatch(/conformance run \S+ against the embedded reference server, not your server \(/);
    const dir = join(result.reportDir, 'latest');
    expect((await readFile(join(dir, 'summary.md'), 'utf8')).split('\n')[0]).toBe(
      '# Conformance report: ⚠️ INCOMPLETE (embedded reference server, not your server)',
    );
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toContain('<h1>Conformance report (embedded reference server, not your server)</h1>');
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuites name="[^"]*: the embedded reference server at http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(not your server\)"/,
    );
  });
});
