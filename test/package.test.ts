import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from '../harness/certify/signature.js';
import { bundleFor, editFile, syntheticReport } from '../harness/certify/testing/synthetic-bundle.js';
import { parse as readYaml } from 'yaml';
import type { Report } from '../harness/report/model.js';
import { ROOT } from './run-cli.js';

/*
 * The tool as people get it: `npm pack` (which builds dist/), the tarball installed into an empty
 * project outside the repository, then every command a newcomer tries first, run from that
 * project with the installed package only. One pack and one install serve every check.
 */

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Result {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment of a user's shell: none of the developer's CONFORMANCE_ settings or vitest's own. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Without CI: a user's terminal, where a bare `conformance run` tests the embedded reference server.
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'CI'),
  );
  return { ...clean, NODE_ENV: 'production', ...extra };
}

let work: string;
let project: string;
let installed: string;
let packed: { filename: string; files: Array<{ path: string }> };
let install: Result;
let quickStart: { install: string; commands: string[] };
let reference: ChildProcess | undefined;
let referenceOut = '';
/** CONFORMANCE_* lines printed by `conformance reference`. */
let runVariables: Record<string, string> = {};

/** The installed command, from the project, as `npx conformance` runs it. */
function conformance(args: readonly string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(join(project, 'node_modules', '.bin', 'conformance'), args, { cwd: project, env: userEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A line of the README run as a user types it, in the project, with npx on the PATH. */
function shell(line: string, env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd: project, env: userEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The quick start of README.md: the commands of its block that installs the package file, the
 * install line apart. The package file it names is this version's tarball, as `npm pack` names it.
 */
async function readmeQuickStart(): Promise<{ install: string; commands: string[] }> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith('npm install -D ./'));
  if (block === undefined) throw new Error('README.md: no quick-start block beginning with npm install -D ./<package file>');
  const [install, ...commands] = block.trimEnd().split('\n');
  return { install: install!, commands };
}

/** Every file below a folder, as paths relative to it. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBelow(dir, path)));
    else out.push(path);
  }
  return out;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'conformance-package-'));
  const pack = await run(NPM, ['pack', '--json', '--pack-destination', work], { cwd: ROOT, env: userEnv(), maxBuffer: 64 * 1024 * 1024 });
  [packed] = JSON.parse(pack.stdout) as [typeof packed];
  project = join(work, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'tryout', version: '1.0.0', private: true }, null, 2)}\n`);
  // The README's install line, as written, with the tarball copied into the project as it says.
  quickStart = await readmeQuickStart();
  await copyFile(join(work, packed.filename), join(project, packed.filename));
  // The cache is warm from the repository's own `npm ci`: no download in the usual case (npm's
  // settings from the environment, so the command stays the README's).
  // NODE_ENV=production (the commands' environment below) would make npm leave a -D package out.
  install = await shell(quickStart.install, { NODE_ENV: '', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' });
  installed = join(project, 'node_modules', 'work-management-conformance');
  reference = spawn(join(project, 'node_modules', '.bin', 'conformance'), ['reference', '--port', '0'], {
    cwd: project,
    env: userEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`conformance reference did not start: ${referenceOut}`)), 20_000);
    reference!.stdout!.on('data', (d: Buffer) => {
      referenceOut += d.toString();
      if (referenceOut.includes('Ctrl-C stops the server')) {
        clearTimeout(timer);
        resolve();
      }
    });
    reference!.stderr!.on('data', (d: Buffer) => (referenceOut += d.toString()));
    reference!.on('exit', () => reject(new Error(`conformance reference ended: ${referenceOut}`)));
  });
  runVariables = Object.fromEntries([...referenceOut.matchAll(/^(CONFORMANCE_[A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}, 240_000);

afterAll(async () => {
  if (reference !== undefined && reference.exitCode === null) {
    const closed = new Promise((resolve) => reference!.on('exit', resolve));
    reference.kill('SIGTERM');
    await closed;
  }
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('the published package', () => {
  it('ships what the commands need and no test file but the conformance suites', () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      'bin/conformance.js',
      'dist/harness/cli/bin.js',
      'dist/reference/command.js',
      'dist/suites/contacts.test.js',
      '.env.example',
      'fixtures/seed.json',
      'spec/work-management-api-v1.md',
      'schemas/report.schema.json',
      'schemas/openapi.json',
      'schemas/openapi.yaml',
      'docs/openapi.md',
      'LICENSE',
      'README.md',
      'docs/commands.md',
      'harness/load/locust/locustfile.py',
    ]) {
      expect(paths).toContain(needed);
    }
    expect(paths.filter((p) => /\.test\.[jt]s$/.test(p) && !/^dist\/suites\/[a-z-]+\.test\.js$/.test(p))).toEqual([]);
    expect(paths.filter((p) => p.includes('/testing/') || p.startsWith('test/'))).toEqual([]);
    // Compiled: no TypeScript to load at start, so no tsx.
    expect(paths.filter((p) => p.endsWith('.ts'))).toEqual([]);
    // The locustfile ships as Python source at its clone path (locustfilePath()); of harness/ only it and the READMEs npm always takes.
    expect(paths.filter((p) => p.startsWith('harness/') && !p.endsWith('/README.md'))).toEqual(['harness/load/locust/locustfile.py']);
  });

  it("the README's quick start works as written: its install line names this package file, and each command succeeds", async () => {
    expect(quickStart.install).toBe(`npm install -D ./${packed.filename}`);
    expect(install.code, install.stderr).toBe(0);
    expect(quickStart.commands.map((c) => c.replace(/\s+#.*$/, ''))).toEqual(['npx conformance run --reference', 'npx conformance --help']);
    for (const command of quickStart.commands) {
      // The whole suite, as written, narrowed by the environment to one domain to keep this test short.
      const result = await shell(command, { CONFORMANCE_SUITES: 'contacts', CONFORMANCE_NUM_RUNS: '2' });
      expect(result.code, `${command}\n${result.stdout}${result.stderr}`).toBe(0);
      if (command.includes('--reference'))
        expect(result.stdout).toMatch(/CONFORMANT \(embedded reference server, not your server\)|INCOMPLETE \(embedded reference server, not your server\)/);
    }
  }, 180_000);

  it('installs into an empty project without a warning', () => {
    expect(install.code, install.stderr).toBe(0);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/npm warn|EBADENGINE|allowScripts/i);
  });

  it('is a copy with no path back to the repository', async () => {
    expect((await lstat(installed)).isSymbolicLink()).toBe(false);
    expect(await realpath(join(project, 'node_modules', '.bin', 'conformance'))).toBe(join(await realpath(installed), 'bin', 'conformance.js'));
    const repo = ROOT.replace(/[\\/]$/, '');
    const pointing: string[] = [];
    for (const file of await filesBelow(installed)) {
      if ((await readFile(join(installed, file), 'utf8')).includes(repo)) pointing.push(file);
    }
    expect(pointing).toEqual([]);
  });

  it('prints the OpenAPI document it ships, and lists the checks of a run without running them', async () => {
    const document = await conformance(['openapi']);
    expect(document.code, document.stderr).toBe(0);
    expect(document.stdout).toBe(await readFile(join(installed, 'schemas', 'openapi.json'), 'utf8'));
    const list = await conformance(['list', '--json', '--suites', 'contacts']);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { checks: Array<{ domain: string }> }).checks.every((c) => c.domain === 'contacts')).toBe(true);
  });

  it('prints its version', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = await conformance(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('starts the reference server and prints its URL and seeded keys', () => {
    expect(referenceOut).toMatch(/^reference server listening at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(runVariables['CONFORMANCE_TARGET_URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    for (const key of ['CONFORMANCE_ADMIN_KEY', 'CONFORMANCE_MEMBER_KEY', 'CONFORMANCE_OTHER_ORG_KEY', 'CONFORMANCE_LIMITED_KEY']) {
      expect(runVariables[key], key).toMatch(/^wmk_[0-9a-f]{32}$/);
    }
  });

  it('init writes .env from the environment without asking, and the doctor finds it ready', async () => {
    const init = await conformance(['init', '--no-doctor'], runVariables);
    expect(init.code, init.stderr).toBe(0);
    const env = await readFile(join(project, '.env'), 'utf8');
    expect(env).toContain(`CONFORMANCE_TARGET_URL=${runVariables['CONFORMANCE_TARGET_URL']}\n`);
    expect(env).toContain(`CONFORMANCE_ADMIN_KEY=${runVariables['CONFORMANCE_ADMIN_KEY']}\n`);
    // From here on the commands read that .env, as a user's would.
    const doctor = await conformance(['doctor']);
    expect(doctor.code, `${doctor.stdout}${doctor.stderr}`).toBe(0);
    expect(doctor.stdout).toContain(`checking ${runVariables['CONFORMANCE_TARGET_URL']}`);
    expect(doctor.stdout).toMatch(/\d+ ok, 0 warnings, 0 problems/);
  }, 60_000);

  it('runs the compiled contacts suite against that server', async () => {
    const result = await conformance(['run'], { CONFORMANCE_SUITES: 'contacts' });
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    const report = JSON.parse(await readFile(join(project, 'reports', 'latest', 'report.json'), 'utf8')) as Report;
    expect(report.target.url).toBe(runVariables['CONFORMANCE_TARGET_URL']);
    expect(report.settings.suites).toEqual(['contacts']);
    const statuses = report.checks.map((c) => c.status);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 'pass')).toEqual([]);
    // Where each check is declared, in the compiled files the package ships, from its root.
    expect(report.checks.filter((c) => c.declaredAt?.[0]?.file !== 'dist/suites/contacts.test.js').map((c) => c.key)).toEqual([]);
    expect(report.checks.some((c) => c.declaredAt?.[1]?.file.startsWith('dist/harness/crosscutting/'))).toBe(true);
  }, 120_000);

  it('verifies a bundle offline: exit 0 when intact, 1 when tampered', async () => {
    const keys = generateKeyPair();
    const { files } = await bundleFor(syntheticReport(), { privateKeyPem: keys.privateKeyPem });
    const write = async (name: string, content: ReadonlyMap<string, Buffer>): Promise<string> => {
      const dir = join(work, name);
      await mkdir(dir);
      for (const [file, data] of content) await writeFile(join(dir, file), data);
      return dir;
    };
    await writeFile(join(work, 'vendor.pub'), keys.publicKeyPem);
    const intact = await conformance(['verify', await write('bundle', files), '--public-key', join(work, 'vendor.pub')]);
    expect(intact.code, `${intact.stdout}${intact.stderr}`).toBe(0);
    const tampered = await conformance([
      'verify',
      await write(
        'tampered',
        editFile(files, 'junit.xml', (t) => t.replace(/<testcase[\s\S]*?<\/testcase>\n/, '')),
      ),
      '--public-key',
      join(work, 'vendor.pub'),
    ]);
    expect(tampered.code, tampered.stdout).toBe(1);
  }, 60_000);

  it('exports the Kubernetes manifests with the shipped locustfile in their ConfigMap', async () => {
    const out = join(work, 'k8s');
    const result = await conformance(['load', 'export', '--kubernetes', out, '--workers', '3']);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    const locustfile = await readFile(join(installed, 'harness', 'load', 'locust', 'locustfile.py'), 'utf8');
    expect(locustfile).toMatch(/^LOCUSTFILE_VERSION = /m);
    const configMap = readYaml((await readFile(join(out, 'locustfile-configmap.yaml'), 'utf8')).replace(/^(#.*\n)+/, '')) as { data: Record<string, string> };
    expect(configMap.data['locustfile.py']).toBe(locustfile);
    expect(await readFile(join(out, 'worker-job.yaml'), 'utf8')).toContain('  parallelism: 3\n');
  }, 60_000);
});
