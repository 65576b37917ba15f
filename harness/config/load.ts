import { readFile } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError } from '../errors.js';
import { parseEnv, type Config } from './schema.js';
import { readSeed, seedDefaults } from './seed.js';

export interface LoadOptions {
  readonly env?: Record<string, string | undefined>;
  /** Path of the .env file; a missing file is fine. */
  readonly envFile?: string;
}

async function readDotenv(path: string): Promise<Record<string, string>> {
  try {
    return parseDotenv(await readFile(path, 'utf8'));
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`${path}: cannot be read (${(cause as Error).message})`);
  }
}

/**
 * Configuration from the environment and `.env` (the environment wins), validated once.
 * Without CONFORMANCE_TARGET_URL the run targets the embedded reference server, so every value
 * key and id comes from fixtures/seed.json.
 */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
  const fromFile = await readDotenv(options.envFile ?? '.env');
  const env = { ...fromFile, ...(options.env ?? process.env) };
  const config = parseEnv(env, () => randomInt(0, 2 ** 31 - 1));
  if (config.targetUrl !== null) return config;
  // The embedded server only knows the seeded keys and ids, so they replace whatever was set.
  const defaults = seedDefaults(await readSeed());
  return { ...config, ...defaults };
}
