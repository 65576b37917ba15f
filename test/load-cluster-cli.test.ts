import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/*
 * The tools of a run across machines, as a user runs them: `conformance load keys-file` and
 * `conformance load export --kubernetes`, from the environment, with no key ever printed.
 */

const KEYS = {
  CONFORMANCE_TARGET_URL: 'https://api.example.com/api/v1',
  CONFORMANCE_ADMIN_KEY: 'wmk_cli_admin_secret',
  CONFORMANCE_LIMITED_KEYS: 'wmk_cli_lim_secret1,wmk_cli_lim_secret2',
  CONFORMANCE_SKIP_DOCTOR: 'true',
};
const SECRETS = ['wmk_cli_admin_secret', 'wmk_cli_lim_secret1', 'wmk_cli_lim_secret2'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conformance-load-tools-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('conformance load keys-file and export', () => {
  it('keys-file writes the keys file with mode 0600 and prints no key', async () => {
    const path = join(dir, 'keys.json');
    const result = await runCli(['load', 'keys-file', path], KEYS);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`wrote 3 keys to ${path} (mode 0600`);
    for (const key of SECRETS) expect(`${result.stdout}${result.stderr}`).not.toContain(key);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(['wmk_cli_lim_secret1', 'wmk_cli_lim_secret2', 'wmk_cli_admin_secret']);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('keys-file without a path writes to CONFORMANCE_LOCUST_KEYS_FILE, and refuses when neither says where', async () => {
    const path = join(dir, 'from-env.json');
    expect((await runCli(['load', 'keys-file'], { ...KEYS, CONFORMANCE_LOCUST_KEYS_FILE: path })).code).toBe(0);
    expect(JSON.parse(await readFile(path, 'utf8'))).toHaveLength(3);
    const refused = await runCli(['load', 'keys-file'], KEYS);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/load keys-file needs a path, or CONFORMANCE_LOCUST_KEYS_FILE set/);
  });

  it('export --kubernetes writes the manifests for --workers, without a key', async () => {
    const out = join(dir, 'k8s');
    const result = await runCli(['load', 'export', '--kubernetes', out, '--workers', '5', '--image=registry.internal/conformance:1'], KEYS);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote 7 files to .*k8s \(5 workers, master port 5557\); no key was written/);
    const names = (await readdir(out, { recursive: true })).sort();
    expect(names).toEqual([
      'README.txt',
      'locustfile-configmap.yaml',
      'master-job.yaml',
      'master-service.yaml',
      'secrets',
      'secrets/env-secret.yaml',
      'secrets/locust-keys-secret.yaml',
      'worker-job.yaml',
    ]);
    const worker = await readFile(join(out, 'worker-job.yaml'), 'utf8');
    expect(worker).toContain('  parallelism: 5\n');
    expect(worker).toContain('"registry.internal/conformance:1"');
    for (const name of names.filter((n) => n.includes('.'))) {
      const text = await readFile(join(out, name), 'utf8');
      for (const key of SECRETS) expect(text, name).not.toContain(key);
    }
  });

  it('export without --kubernetes says what it needs (exit 2)', async () => {
    const result = await runCli(['load', 'export'], KEYS);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/load export needs --kubernetes DIR/);
  });
});
