import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { loadConfig } from './load.js';
import { SEED_PATH, readSeed, seedDefaults } from './seed.js';

const TARGET = 'http://127.0.0.1:9000/api/v1';

let dir: string;
let envFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conformance-load-'));
  envFile = join(dir, '.env');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the values of the .env file', async () => {
    await writeFile(
      envFile,
      ['# a comment', `CONFORMANCE_TARGET_URL=${TARGET}/`, 'CONFORMANCE_ADMIN_KEY=wmk_fromfile', 'CONFORMANCE_NUM_RUNS=7', 'CONFORMANCE_SEED="99"', ''].join(
        '\n',
      ),
    );
    const config = await loadConfig({ env: {}, envFile });
    expect(config.targetUrl).toBe(TARGET);
    expect(config.keys.admin).toBe('wmk_fromfile');
    expect(config.numRuns).toBe(7);
    expect(config.seed).toBe(99);
  });

  it('lets the environment win over the file', async () => {
    await writeFile(envFile, `CONFORMANCE_TARGET_URL=${TARGET}\nCONFORMANCE_ADMIN_KEY=wmk_fromfile\nCONFORMANCE_NUM_RUNS=7\n`);
    const config = await loadConfig({ env: { CONFORMANCE_NUM_RUNS: '9', CONFORMANCE_ADMIN_KEY: 'wmk_fromenv' }, envFile });
    expect(config.numRuns).toBe(9);
    expect(config.keys.admin).toBe('wmk_fromenv');
    // Not overridden, so still from the file.
    expect(config.targetUrl).toBe(TARGET);
  });

  it('is fine without a file when none is named (--no-dotenv)', async () => {
    const config = await loadConfig({ env: { CONFORMANCE_NUM_RUNS: '4' }, envFile: null });
    expect(config.numRuns).toBe(4);
    expect(config.targetUrl).toBeNull();
  });

  it('refuses a named file that does not exist: a typo must not become a run against the embedded server', async () => {
    const missing = join(dir, 'missing.env');
    const refused = loadConfig({ env: { CONFORMANCE_NUM_RUNS: '4' }, envFile: missing });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(loadConfig({ env: {}, envFile: missing })).rejects.toThrow(
      `--dotenv ${missing}: no such file; check the path, or give --no-dotenv to read no file`,
    );
  });

  it('validates values from the file like those from the environment', async () => {
    await writeFile(envFile, 'CONFORMANCE_NUM_RUNS=zero\n');
    await expect(loadConfig({ env: {}, envFile })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ env: {}, envFile })).rejects.toThrow(/^CONFORMANCE_NUM_RUNS:/);
  });

  it('lets flags win over the environment and the file', async () => {
    await writeFile(envFile, 'CONFORMANCE_NUM_RUNS=7\nCONFORMANCE_SEED=1\n');
    const config = await loadConfig({ env: { CONFORMANCE_NUM_RUNS: '9' }, envFile, overrides: { CONFORMANCE_NUM_RUNS: '3' } });
    expect(config.numRuns).toBe(3);
    expect(config.seed).toBe(1);
  });

  it('reports an unreadable .env path as a ConfigError', async () => {
    // A directory exists but cannot be read as a file.
    await expect(loadConfig({ env: {}, envFile: dir })).rejects.toThrow(ConfigError);
  });

  it('keeps the configured keys and ids against a third-party target', async () => {
    const projectId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
    const config = await loadConfig({
      env: { CONFORMANCE_TARGET_URL: TARGET, CONFORMANCE_ADMIN_KEY: 'wmk_mine', CONFORMANCE_PROJECT_ID: projectId },
      envFile: null,
    });
    expect(config.keys.admin).toBe('wmk_mine');
    expect(config.keys.member).toBeUndefined();
    expect(config.projectId).toBe(projectId);
  });

  it('refuses keys set without a target URL, from the file or the environment: the seed would replace them unseen', async () => {
    await writeFile(envFile, 'CONFORMANCE_ADMIN_KEY=wmk_fromfile\nCONFORMANCE_NUM_RUNS=5\n');
    await expect(loadConfig({ env: {}, envFile })).rejects.toThrow(/^CONFORMANCE_ADMIN_KEY is set but CONFORMANCE_TARGET_URL is not: /);
    await expect(loadConfig({ env: { CONFORMANCE_MEMBER_KEY: 'wmk_fromenv' }, envFile: null })).rejects.toThrow(ConfigError);
  });

  it('refuses a misspelt variable in the file or the environment, naming the closest known one', async () => {
    await writeFile(envFile, `CONFORMANCE_TARGET_ULR=${TARGET}\n`);
    await expect(loadConfig({ env: {}, envFile })).rejects.toThrow(
      `CONFORMANCE_TARGET_ULR (set in ${envFile}) is not a known variable: did you mean CONFORMANCE_TARGET_URL?`,
    );
    await expect(loadConfig({ env: { CONFORMANCE_NUMRUNS: '3' }, envFile: null })).rejects.toThrow(
      /^CONFORMANCE_NUMRUNS \(set in the environment\) is not a known variable: did you mean CONFORMANCE_NUM_RUNS\?/,
    );
  });

  it('in CI, tests the embedded reference server only when asked to (--reference), and never with a URL as well', async () => {
    await expect(loadConfig({ env: { CI: 'true' }, envFile: null })).rejects.toThrow(/--reference/);
    const config = await loadConfig({ env: { CI: 'true' }, envFile: null, overrides: { CONFORMANCE_REFERENCE: 'true' } });
    expect(config.targetUrl).toBeNull();
    expect(config.reference).toBe(true);
    await expect(
      loadConfig({ env: { CONFORMANCE_TARGET_URL: TARGET, CONFORMANCE_ADMIN_KEY: 'wmk_mine', CONFORMANCE_REFERENCE: 'true' }, envFile: null }),
    ).rejects.toThrow(/^CONFORMANCE_REFERENCE \(--reference\) and CONFORMANCE_TARGET_URL are both set/);
  });

  it('fills keys and project ids from fixtures/seed.json in embedded mode', async () => {
    await writeFile(envFile, 'CONFORMANCE_NUM_RUNS=5\n');
    const config = await loadConfig({ env: {}, envFile });
    expect(config.targetUrl).toBeNull();
    expect(config.numRuns).toBe(5);
    expect(config).toMatchObject(seedDefaults(await readSeed()));

    // Read the fixture independently, so a wrong seedDefaults cannot agree with itself.
    const raw = JSON.parse(await readFile(SEED_PATH, 'utf8')) as {
      organisations: Array<{ keys: Array<{ role: string; key: string; limitPerMinute: number | null }>; projects: Array<{ id: string; versionId: string }> }>;
    };
    const [orgA, orgB] = raw.organisations;
    const keyOf = (role: string) => orgA!.keys.find((k) => k.role === role)!;
    expect(config.keys).toEqual({
      admin: keyOf('admin').key,
      member: keyOf('member').key,
      limited: keyOf('limited').key,
      customLimit: keyOf('custom').key,
      otherOrg: orgB!.keys.find((k) => k.role === 'admin')!.key,
    });
    expect(config.customLimit).toBe(keyOf('custom').limitPerMinute);
    expect(config.projectId).toBe(orgA!.projects[0]!.id);
    expect(config.versionId).toBe(orgA!.projects[0]!.versionId);
    expect(config.otherProjectId).toBe(orgB!.projects[0]!.id);
  });
});
