import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parse } from 'dotenv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_EXAMPLE_URL, runInit, type InitIo } from '../harness/cli/init.js';
import { readSeed, seedDefaults, type SeedFile } from '../harness/config/seed.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';

/** Non-interactive streams whose output the test reads. */
function io(cwd: string, env: Record<string, string | undefined> = {}): { io: InitIo; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const stdin = new PassThrough();
  stdin.end();
  return { io: { stdin, stdout, stderr, interactive: false, cwd, env }, out: () => out, err: () => err };
}

/** A doctor that only notes what it was asked to check. */
function stubDoctor(): { doctor: (envFile: string) => Promise<number>; checked: string[] } {
  const checked: string[] = [];
  return { doctor: async (envFile) => (checked.push(envFile), 0), checked };
}

describe('conformance init against the reference server', () => {
  let server: RunningReferenceServer;
  let seed: SeedFile;
  let defaults: ReturnType<typeof seedDefaults>;
  let dir: string;

  beforeAll(async () => {
    server = await startReferenceServer();
    seed = await readSeed();
    defaults = seedDefaults(seed);
    dir = await mkdtemp(join(tmpdir(), 'conformance-init-'));
  });

  afterAll(async () => {
    await server?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  const keyArgs = (): string[] => [
    '--admin-key',
    defaults.keys.admin!,
    '--member-key',
    defaults.keys.member!,
    '--other-org-key',
    defaults.keys.otherOrg!,
    '--limited-key',
    defaults.keys.limited!,
    '--custom-limit-key',
    defaults.keys.customLimit!,
  ];

  it('writes a commented, private .env with what it was given and what it learnt, then runs the doctor', async () => {
    const run = io(dir);
    const { doctor, checked } = stubDoctor();
    const code = await runInit(['--url', server.baseUrl, ...keyArgs()], run.io, doctor);
    expect(run.err()).toBe('');
    expect(code).toBe(0);
    const envFile = join(dir, '.env');
    expect(checked).toEqual([envFile]);

    const text = await readFile(envFile, 'utf8');
    const values = parse(text);
    const [orgA, orgB] = seed.organisations;
    expect(values).toMatchObject({
      CONFORMANCE_TARGET_URL: server.baseUrl,
      CONFORMANCE_ADMIN_KEY: defaults.keys.admin,
      CONFORMANCE_MEMBER_KEY: defaults.keys.member,
      CONFORMANCE_OTHER_ORG_KEY: defaults.keys.otherOrg,
      CONFORMANCE_LIMITED_KEY: defaults.keys.limited,
      CONFORMANCE_CUSTOM_LIMIT_KEY: defaults.keys.customLimit,
      // The seed's custom key has a limit of 90 a minute; the reference advertises it.
      CONFORMANCE_CUSTOM_LIMIT: String(defaults.customLimit),
      CONFORMANCE_OTHER_PROJECT_ID: orgB!.projects[0]!.id,
    });
    expect(defaults.customLimit).toBe(90);
    expect(orgA!.projects.map((p) => p.id)).toContain(values['CONFORMANCE_PROJECT_ID']);
    const project = orgA!.projects.find((p) => p.id === values['CONFORMANCE_PROJECT_ID'])!;
    expect(values['CONFORMANCE_VERSION_ID']).toBe(project.versionId);
    // Nothing else was set.
    expect(values['CONFORMANCE_SUITES']).toBe('');

    // Every comment and every line of the template is still there.
    const lines = text.split('\n');
    const example = await readFile(ENV_EXAMPLE_URL, 'utf8');
    for (const line of example.split('\n').filter((l) => l.startsWith('#'))) expect(lines).toContain(line);
    expect(text).toMatch(/# learnt by conformance init: first of 2 projects of org A \(GET \/projects with CONFORMANCE_ADMIN_KEY\)\nCONFORMANCE_PROJECT_ID=/);
    expect(text).toMatch(/# learnt by conformance init: X-RateLimit-Limit of CONFORMANCE_CUSTOM_LIMIT_KEY \(GET \/contacts\)\nCONFORMANCE_CUSTOM_LIMIT=90\n/);

    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    // The summary names what was set and learnt, and shows no key.
    expect(run.out()).toContain('learnt: CONFORMANCE_PROJECT_ID=');
    for (const org of seed.organisations) for (const { key } of org.keys) expect(run.out()).not.toContain(key.slice(4));
  });

  it('refuses to overwrite the file without --force, in one line naming it and the flag', async () => {
    const envFile = join(dir, '.env');
    const before = await readFile(envFile, 'utf8');
    const run = io(dir);
    const { doctor, checked } = stubDoctor();
    expect(await runInit(['--url', server.baseUrl, ...keyArgs()], run.io, doctor)).toBe(2);
    expect(run.err()).toBe(`conformance init: ${envFile} already exists; use --force to overwrite it [INIT_STOPPED]\n`);
    expect(checked).toEqual([]);
    expect(await readFile(envFile, 'utf8')).toBe(before);
  });

  it('refuses a URL without /api/v1 as a run does, naming the completed URL, and writes nothing', async () => {
    const run = io(dir, { CONFORMANCE_ADMIN_KEY: defaults.keys.admin });
    const { doctor, checked } = stubDoctor();
    const origin = server.baseUrl.replace(/\/api\/v1$/, '');
    expect(await runInit(['--output', 'origin.env', '--url', origin, '--no-doctor'], run.io, doctor)).toBe(2);
    expect(run.err()).toBe(
      `conformance init: CONFORMANCE_TARGET_URL: must end with /api/v1; if the API is at ${server.baseUrl}, give that URL (got ${JSON.stringify(`${origin}/`)}, given with --url) [INIT_STOPPED]\n`,
    );
    expect(checked).toEqual([]);
    await expect(stat(join(dir, 'origin.env'))).rejects.toThrow(/ENOENT/);
  });

  it('with --force, rewrites it; takes keys from the environment', async () => {
    const envFile = join(dir, 'custom.env');
    await writeFile(envFile, 'OLD=1\n', { mode: 0o644 });
    const run = io(dir, { CONFORMANCE_ADMIN_KEY: defaults.keys.admin, CONFORMANCE_MEMBER_KEY: '' });
    const { doctor, checked } = stubDoctor();
    const code = await runInit(['--force', '--output', 'custom.env', '--url', `${server.baseUrl}/`, '--no-doctor'], run.io, doctor);
    expect(run.err()).toBe('');
    expect(code).toBe(0);
    expect(checked).toEqual([]);
    const values = parse(await readFile(envFile, 'utf8'));
    expect(values['OLD']).toBeUndefined();
    expect(values).toMatchObject({
      CONFORMANCE_TARGET_URL: server.baseUrl,
      CONFORMANCE_ADMIN_KEY: defaults.keys.admin,
      CONFORMANCE_MEMBER_KEY: '',
      CONFORMANCE_PROJECT_ID: defaults.projectId,
    });
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
  });

  it('refuses a malformed value in one line without showing the key, and writes nothing', async () => {
    const run = io(dir);
    const { doctor } = stubDoctor();
    expect(await runInit(['--output', 'bad.env', '--url', server.baseUrl, '--admin-key', 'wmk_with space'], run.io, doctor)).toBe(2);
    expect(run.err()).toBe('conformance init: CONFORMANCE_ADMIN_KEY: an API key cannot contain spaces (given with --admin-key) [INIT_STOPPED]\n');
    await expect(stat(join(dir, 'bad.env'))).rejects.toThrow(/ENOENT/);
  });
});
