import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Config } from '../../config/schema.js';
import { readSeed, seedDefaults } from '../../config/seed.js';
import { ConfigError } from '../../errors.js';
import { engineKeys, KEYS_FILE_ENV } from './paths.js';

/*
 * The keys file every Locust worker reads (its path in CONFORMANCE_LOCUST_KEYS_FILE): the engine's
 * keys as a JSON array, readable by its owner only. Written from the configuration (the same .env
 * the master reads), so a key never passes through a command line or a shell's history.
 */

/** The keys a run against this configuration sends with, in the order jobs name them (the embedded server's come from the seed). */
export async function keysOf(config: Pick<Config, 'targetUrl' | 'keys' | 'limitedKeys'>): Promise<string[]> {
  if (config.targetUrl !== null) return engineKeys(config);
  const seed = seedDefaults(await readSeed());
  return engineKeys({ keys: seed.keys, limitedKeys: seed.limitedKeys });
}

/**
 * Writes `keys` to `path` as a JSON array with mode 0600: first to a file beside it created with
 * that mode, then renamed over it, so the keys are never readable by others, not even for a moment.
 */
export async function writeKeysFile(path: string, keys: readonly string[]): Promise<string> {
  if (keys.length === 0) {
    throw new ConfigError(
      `${KEYS_FILE_ENV}: no key to write; set CONFORMANCE_LIMITED_KEY or CONFORMANCE_LIMITED_KEYS (the admin key joins them for the throughput scenario)`,
    );
  }
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    // The mode of a new file passes through the umask: say 0600 outright.
    await chmod(temporary, 0o600);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  return target;
}

/** What `conformance load keys-file` prints: where, how many, the mode; never a key. */
export function keysFileWritten(path: string, count: number): string {
  return `wrote ${count} key${count === 1 ? '' : 's'} to ${path} (mode 0600, a JSON array in the order jobs name them); on each worker set ${KEYS_FILE_ENV}=${path}\n`;
}
