import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/schema.js';
import { clusterInstructions, DEFAULT_WORKER_KEYS_FILE, INSTRUCTIONS_FILE, shellWord, workerCommand, writeClusterInstructions } from './instructions.js';
import { engineKeys, KEYS_FILE_ENV } from './paths.js';

const KEYS = {
  CONFORMANCE_TARGET_URL: 'https://api.example.com/api/v1',
  CONFORMANCE_ADMIN_KEY: 'wmk_admin_secret1',
  CONFORMANCE_LIMITED_KEYS: 'wmk_lim_secret2,wmk_lim_secret3',
};

function cluster(extra: Record<string, string> = {}) {
  return parseEnv(
    {
      ...KEYS,
      CONFORMANCE_LOAD_ENGINE: 'locust',
      CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'true',
      CONFORMANCE_LOAD_WORKERS: '6',
      CONFORMANCE_LOCUST_MASTER_HOST: '10.20.0.5',
      CONFORMANCE_LOCUST_MASTER_PORT: '6557',
      CONFORMANCE_LOCUST_PYTHON: '/usr/bin/python3',
      ...extra,
    },
    () => 1,
  );
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('clusterInstructions', () => {
  it('gives the exact worker command: the master host and port, the locustfile, the keys file by environment', () => {
    const config = cluster({ CONFORMANCE_LOCUST_KEYS_FILE: '/srv/keys.json' });
    const text = clusterInstructions(config.locust, {
      locustfile: '/opt/conformance/harness/load/locust/locustfile.py',
      locustfileVersion: '1',
      keyCount: 3,
    }).join('\n');
    expect(text).toContain(
      `${KEYS_FILE_ENV}=/srv/keys.json /usr/bin/python3 -m locust -f /opt/conformance/harness/load/locust/locustfile.py --worker --master-host 10.20.0.5 --master-port 6557`,
    );
    expect(text).toContain('npx conformance load keys-file /srv/keys.json');
    expect(text).toContain('mode 0600');
    expect(text).toContain('start 6 workers');
    expect(text).toContain('listens on 0.0.0.0:6557');
    expect(text).toContain('waits up to 120 s');
    expect(text).toContain('(version 1)');
    expect(text).toContain("run's 3 keys");
    expect(text).not.toContain('this machine only');
  });

  it('never contains a key of the configuration', () => {
    const config = cluster();
    const text = clusterInstructions(config.locust, {
      locustfile: '/x/locustfile.py',
      keyCount: engineKeys(config).length,
      target: 'https://api.example.com/api/v1',
    }).join('\n');
    expect(engineKeys(config)).toHaveLength(3);
    for (const key of [...engineKeys(config), 'secret']) expect(text).not.toContain(key);
    expect(text).toContain(`${KEYS_FILE_ENV}=${DEFAULT_WORKER_KEYS_FILE}`);
    expect(text).toContain('and the target, https://api.example.com/api/v1');
  });

  it('warns when the workers are told to reach the master on loopback', () => {
    const config = cluster({ CONFORMANCE_LOCUST_MASTER_HOST: '127.0.0.1' });
    const text = clusterInstructions(config.locust, { locustfile: '/x/locustfile.py', keyCount: 1 }).join('\n');
    expect(text).toMatch(/127\.0\.0\.1 is this machine only; workers elsewhere need --master-host/);
    expect(text).toContain("run's 1 key,");
  });

  it('quotes a path with spaces or quotes for the shell', () => {
    expect(shellWord('/plain/path.py')).toBe('/plain/path.py');
    expect(shellWord("/my dir/it's.py")).toBe(`'/my dir/it'\\''s.py'`);
    const config = cluster({ CONFORMANCE_LOCUST_KEYS_FILE: '/k e y s.json' });
    const text = clusterInstructions(config.locust, { locustfile: '/my dir/locustfile.py', keyCount: 2 }).join('\n');
    expect(text).toContain(`${KEYS_FILE_ENV}='/k e y s.json' /usr/bin/python3 -m locust -f '/my dir/locustfile.py' --worker`);
    expect(workerCommand(config.locust, '/my dir/locustfile.py')).toEqual([
      '/usr/bin/python3',
      '-m',
      'locust',
      '-f',
      '/my dir/locustfile.py',
      '--worker',
      '--master-host',
      '10.20.0.5',
      '--master-port',
      '6557',
    ]);
  });

  it('writes locust-workers.txt into the report directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-instructions-'));
    dirs.push(dir);
    const path = await writeClusterInstructions(join(dir, 'load-run'), ['one', 'two']);
    expect(path).toBe(join(dir, 'load-run', INSTRUCTIONS_FILE));
    expect(await readFile(path, 'utf8')).toBe('one\ntwo\n');
  });
});
