import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productFor } from '../harness/certify/testing/synthetic-bundle.js';
import { reportSchema } from '../harness/report/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { ROOT } from './run-cli.js';
import {
  digestOf,
  haveScript,
  imageForThisRevision,
  labelsOf,
  removeContainer,
  runContainer,
  runContainerOnTerminal,
  stopContainer,
  type BuiltImage,
} from './testing/image.js';
import { liveCounts } from './testing/live-counts.js';
import { checksEnded } from './testing/progress-marks.js';
import { externalTargetEnv } from './target-env.js';

/*
 * The container image (Containerfile, scripts/build-image.sh) runs the suite as the package does:
 * a run in the container against a reference server started here, outside it (`--network host`),
 * exits as the CLI does (0 for the reference, 1 for a faulty one), writes every report file into
 * the mounted folder, owned by the calling user (`--user`), and `podman stop` (SIGTERM to PID 1)
 * ends a run as a CI cancel does outside: exit 143, report files written, created records deleted;
 * Ctrl-C on `podman run -it` (typed on a terminal `script` gives it) as Ctrl-C does outside: 130.
 * The image is built once (reused while one of this package version and source revision exists);
 * without podman or when the build fails (no Debian mirror), the file skips and says why.
 */

const REPORT_FILES = ['junit.xml', 'report.html', 'report.json', 'summary-full.md', 'summary.md'];
/** Checks that must have ended before `podman stop`, so the run has records to clean up. */
const CHECKS_BEFORE_STOP = 30;
/** podman stop's grace before SIGKILL: a CI system's common 10 s. */
const STOP_GRACE_S = 10;
/** Bound on a run that shows no progress: it is signalled anyway, and the assertions say what is missing. */
const SIGNAL_FALLBACK_MS = 120_000;
const terminal = await haveScript();

const built: BuiltImage | string = await imageForThisRevision();
if (typeof built === 'string') console.warn(`test/image.test.ts skipped: ${built}`);
else console.warn(`test/image.test.ts: image ${built.image} ${built.reused ? 'reused' : `built\n${built.log}`}`);
const image = typeof built === 'string' ? '' : built.image;

const uid = process.getuid?.() ?? 0;
const gid = process.getgid?.() ?? 0;
const names: string[] = [];
const containerName = (what: string): string => {
  const name = `conformance-selftest-${process.pid}-${what}`;
  names.push(name);
  return name;
};

/** The options of a run in the container: the calling user, the report folder mounted, the target's variables. */
async function runOptions(baseUrl: string, extra: Record<string, string> = {}): Promise<{ options: string[]; reportDir: string }> {
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-image-'));
  const env = { ...(await externalTargetEnv(baseUrl)), ...extra };
  const options = ['--user', `${uid}:${gid}`, '-v', `${reportDir}:/reports`];
  for (const [key, value] of Object.entries(env)) options.push('-e', `${key}=${value}`);
  return { options, reportDir };
}

describe.skipIf(typeof built === 'string')('the container image', () => {
  const servers: RunningReferenceServer[] = [];
  afterAll(async () => {
    await Promise.all(names.map(removeContainer));
    await Promise.all(servers.map((s) => s.close()));
  });

  it('carries the package version and the source revision as OCI labels, and its entry point is the CLI', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const labels = await labelsOf(image);
    expect(labels['org.opencontainers.image.version']).toBe(version);
    expect(labels['org.opencontainers.image.revision']).toMatch(/^[0-9a-f]{40}$/);
    const started = performance.now();
    const help = await runContainer(image, containerName('help'), [], ['--help']).done;
    console.warn(`test/image.test.ts: IMAGE --help took ${Math.round(performance.now() - started)} ms`);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout + help.stderr).toMatch(/conformance/);
    const versionOut = await runContainer(image, containerName('version'), [], ['--version']).done;
    expect(versionOut.stdout.trim()).toBe(version);
  }, 60_000);

  it('a certification (a full run) against the reference outside the container exits 0, every report file in the mounted folder, owned by the caller; its bundle names the image digest and verify shows it', async () => {
    // The reference's 1 s delivery timeout is its own choice, not under test here: on a loaded shared machine
    // the suite's sink in the container answered after it (a retry after the 2xx, WH-RETRY-SUCCESS; at load
    // average 25 even after 10 s), so 30 s.
    const server = await startReferenceServer({ webhooks: { timeoutMs: 30_000 } });
    servers.push(server);
    // The target's variables through --env-file, as a user's .env is passed.
    const { reportDir } = await runOptions(server.baseUrl);
    const envFile = join(await mkdtemp(join(tmpdir(), 'conformance-image-env-')), 'target.env');
    // The reference runs in this test's process: on a loaded 2-core machine (load average 25) it left
    // requests unanswered past the default 10 s bound, which the suite rightly reports; 30 s here.
    const env = { ...(await externalTargetEnv(server.baseUrl)), CONFORMANCE_REQUEST_TIMEOUT_MS: '30000' };
    await writeFile(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    // `conformance certify` is a full run that cannot be narrowed, and writes the run's report files
    // as `run` does; the digest is passed as the documented command passes it (docs/certification.md).
    const digest = await digestOf(image);
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    await writeFile(
      join(reportDir, 'product.json'),
      JSON.stringify(productFor({ target: { url: server.baseUrl, embedded: false, faults: [], variants: [] } })),
    );
    const mounted = ['--user', `${uid}:${gid}`, '-v', `${reportDir}:/reports`];
    const started = performance.now();
    const result = await runContainer(
      image,
      containerName('full'),
      [...mounted, '--env-file', envFile, '-e', `CONFORMANCE_IMAGE_DIGEST=${digest}`],
      ['certify', '--product', '/reports/product.json', '--out', '/reports/bundle'],
    ).done;
    console.warn(`test/image.test.ts: a full run (certify) in the container took ${Math.round((performance.now() - started) / 1000)} s`);
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(result.stdout).toMatch(/^Certification: CONFORMANT$/m);
    const report = reportSchema.parse(JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')));
    expect(report.exitCode).toBe(0);
    expect(report.target).toMatchObject({ url: server.baseUrl, embedded: false });
    for (const file of REPORT_FILES) {
      const info = await stat(join(reportDir, 'latest', file));
      expect([file, info.uid, info.gid]).toEqual([file, uid, gid]);
    }
    const environment = JSON.parse(await readFile(join(reportDir, 'bundle', 'environment.json'), 'utf8')) as { tool: { version: string; image?: unknown } };
    expect(environment.tool).toMatchObject({ version: report.tool.version, image: { digest } });
    const verified = await runContainer(image, containerName('verify'), mounted, ['verify', '/reports/bundle']).done;
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(new RegExp(`environment: .*${report.tool.version} in image ${digest}`));
  }, 600_000);

  it('a run against a faulty reference exits 1', async () => {
    const server = await startReferenceServer({ faults: ['contacts-email-unchecked'] });
    servers.push(server);
    const { options, reportDir } = await runOptions(server.baseUrl, { CONFORMANCE_SUITES: 'contacts' });
    const result = await runContainer(image, containerName('fault'), options, ['run']).done;
    expect(result.code, result.stderr.slice(-3000)).toBe(1);
    const report = reportSchema.parse(JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')));
    expect(report.exitCode).toBe(1);
    expect(JSON.stringify(report)).toContain('CT-EMAIL-FORMAT');
  }, 300_000);

  /** A reference of its own for a run to be signalled, with what both organisations hold before it. */
  async function signalTarget(): Promise<{ server: RunningReferenceServer; keys: string[]; before: Record<string, number> }> {
    const server = await startReferenceServer();
    servers.push(server);
    const env = await externalTargetEnv(server.baseUrl);
    const keys = [env['CONFORMANCE_ADMIN_KEY']!, env['CONFORMANCE_OTHER_ORG_KEY']!];
    return { server, keys, before: await liveCounts(server.baseUrl, keys) };
  }

  /** A run stopped by `signal` ended as outside: every report file, the verdict interrupted, every created record deleted. */
  async function expectCleanStop(
    signal: 'SIGINT' | 'SIGTERM',
    output: string,
    reportDir: string,
    target: { server: RunningReferenceServer; keys: string[]; before: Record<string, number> },
  ): Promise<void> {
    expect(output).toMatch(new RegExp(`conformance: ${signal}: stopping the run`));
    for (const file of REPORT_FILES) expect((await stat(join(reportDir, 'latest', file))).isFile(), file).toBe(true);
    const report = reportSchema.parse(JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')));
    expect(report.verdict).toBe('interrupted');
    expect(report.interrupted?.signal).toBe(signal);
    expect(report.interrupted?.recordsFound).toBeGreaterThan(0);
    expect(report.interrupted?.recordsLeft).toBe(0);
    expect(await liveCounts(target.server.baseUrl, target.keys), output.slice(-3000)).toEqual(target.before);
    expect((await readdir(reportDir)).filter((f) => f.endsWith('.created.jsonl'))).toEqual([]);
  }

  it('podman stop mid-run: exit 143, every report file written, every created record deleted', async () => {
    const target = await signalTarget();
    const { options, reportDir } = await runOptions(target.server.baseUrl, { CONFORMANCE_SUITES: 'contacts,tasks', CONFORMANCE_NUM_RUNS: '5' });
    const name = containerName('stop');
    const { child, done } = runContainer(image, name, options, ['run']);
    let progress = '';
    let stopping: Promise<void> | undefined;
    const stop = (): void => {
      stopping ??= stopContainer(name, STOP_GRACE_S);
    };
    const fallback = setTimeout(stop, SIGNAL_FALLBACK_MS);
    child.stderr!.on('data', (d: Buffer) => {
      progress += d.toString();
      if (checksEnded(progress) >= CHECKS_BEFORE_STOP) stop();
    });
    const result = await done;
    clearTimeout(fallback);
    await stopping;
    expect(result.code, result.stderr.slice(-3000)).toBe(143);
    await expectCleanStop('SIGTERM', result.stderr, reportDir, target);
  }, 300_000);

  it.skipIf(!terminal)(
    'Ctrl-C on podman run -it mid-run: exit 130, every report file written, every created record deleted',
    async () => {
      const target = await signalTarget();
      const { options, reportDir } = await runOptions(target.server.baseUrl, { CONFORMANCE_SUITES: 'contacts,tasks', CONFORMANCE_NUM_RUNS: '5' });
      const { child, done } = runContainerOnTerminal(image, containerName('ctrl-c'), options, ['run']);
      let screen = '';
      let pressed = false;
      const ctrlC = (): void => {
        if (pressed) return;
        pressed = true;
        child.stdin!.write('\x03');
      };
      const fallback = setTimeout(ctrlC, SIGNAL_FALLBACK_MS);
      child.stdout!.on('data', (d: Buffer) => {
        screen += d.toString();
        if (checksEnded(screen) >= CHECKS_BEFORE_STOP) ctrlC();
      });
      const result = await done;
      clearTimeout(fallback);
      child.stdin!.end();
      expect(result.code, (result.stdout + result.stderr).slice(-3000)).toBe(130);
      await expectCleanStop('SIGINT', result.stdout, reportDir, target);
    },
    300_000,
  );
});
