import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/schema.js';
import { ConfigError } from '../../errors.js';
import { keysFileWritten, keysOf, writeKeysFile } from './keys-file.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conformance-keys-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the workers keys file', () => {
  it('holds the engine keys in order, as a JSON array only its owner reads, even over a readable file', async () => {
    const config = parseEnv(
      {
        CONFORMANCE_TARGET_URL: 'https://h/api/v1',
        CONFORMANCE_ADMIN_KEY: 'wmk_adm',
        CONFORMANCE_LIMITED_KEY: 'wmk_l0',
        CONFORMANCE_LIMITED_KEYS: 'wmk_l1,wmk_l2',
      },
      () => 1,
    );
    const path = join(dir, 'sub', 'keys.json');
    await writeFile(join(dir, 'old.json'), 'x', { mode: 0o644 });
    const keys = await keysOf(config);
    expect(keys).toEqual(['wmk_l0', 'wmk_l1', 'wmk_l2', 'wmk_adm']);
    expect(await writeKeysFile(path, keys)).toBe(path);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(keys);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    // Over an existing, world-readable file: replaced, and 0600 too.
    await writeKeysFile(join(dir, 'old.json'), keys);
    expect((await stat(join(dir, 'old.json'))).mode & 0o777).toBe(0o600);
  });

  it('says where and how many, never a key', () => {
    const line = keysFileWritten('/etc/k.json', 4);
    expect(line).toContain('wrote 4 keys to /etc/k.json (mode 0600');
    expect(line).toContain('CONFORMANCE_LOCUST_KEYS_FILE=/etc/k.json');
    expect(line).not.toMatch(/wmk_/);
  });

  it('takes the embedded server keys from the seed', async () => {
    const keys = await keysOf(parseEnv({}, () => 1));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses to write an empty list', async () => {
    await expect(writeKeysFile(join(dir, 'none.json'), [])).rejects.toBeInstanceOf(ConfigError);
  });
});
