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

/** The variables a run sees: `.env` (or `envFile`) under the environment (the environment wins). */
export async function readEnv(options: LoadOptions = {}): Promise<Record<string, string | undefined>> {
  const fromFile = await readDotenv(options.envFile ?? '.env');
  return { ...fromFile, ...(options.env ?? process.env) };
}

/**
 * Configuration from variables, validated once. Without CONFORMANCE_TARGET_URL the run targets
 * the embedded reference server, so every key and id comes from fixtures/seed.json.
 */
export async function configFromEnv(env: Record<string, string | undefined>): Promise<Config> {
  const config = parseEnv(env, () => randomInt(0, 2 ** 31 - 1));
  if (config.targetUrl !== null) return config;
  // The embedded server only knows the seeded keys and ids, so they replace whatever was set.
  const defaults = seedDefaults(await readSeed());
  return { ...config, ...defaults };
}

/** Configuration from the environment and `.env` (the environment wins), validated once. */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
  return configFromEnv(await readEnv(options));
}
