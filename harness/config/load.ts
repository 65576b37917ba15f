import { readFile } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError } from '../errors.js';
import { refuseAccidentalReference } from './embedded-target.js';
import { refuseUnknownNames } from './known-names.js';
import { parseEnv, type Config } from './schema.js';
import { readSeed, seedDefaults } from './seed.js';

export interface LoadOptions {
  readonly env?: Record<string, string | undefined>;
  /**
   * The file of variables: unset, ./.env when there is one; a path named by the user (--dotenv),
   * which must exist; null, no file at all (--no-dotenv).
   */
  readonly envFile?: string | null | undefined;
  /** Values given as command-line flags (`--url`...): they win over the environment and the file. */
  readonly overrides?: Readonly<Record<string, string>>;
}

/** `named`: the user asked for this file, so its absence is an error, never a silent fallback. */
async function readDotenv(path: string, named: boolean): Promise<Record<string, string>> {
  try {
    return parseDotenv(await readFile(path, 'utf8'));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !named) return {};
    if (code === 'ENOENT') throw new ConfigError(`--dotenv ${path}: no such file; check the path, or give --no-dotenv to read no file`);
    throw new ConfigError(`${path}: cannot be read (${(cause as Error).message}); check the path and its permissions`);
  }
}

/**
 * The variables a run sees: `.env` (or `envFile`) under the environment (the environment wins).
 * A CONFORMANCE_* name that is not a setting is refused in either, naming the closest known one.
 */
export async function readEnv(options: LoadOptions = {}): Promise<Record<string, string | undefined>> {
  const path = options.envFile ?? '.env';
  const fromFile = options.envFile === null ? {} : await readDotenv(path, options.envFile !== undefined);
  const fromEnvironment = options.env ?? process.env;
  refuseUnknownNames(fromEnvironment, 'the environment');
  refuseUnknownNames(fromFile, path);
  return { ...fromFile, ...fromEnvironment, ...options.overrides };
}

/**
 * Configuration from variables, validated once. Without CONFORMANCE_TARGET_URL the run targets
 * the embedded reference server, so every key and id comes from fixtures/seed.json; keys or ids
 * set without a URL, or no URL in CI without CONFORMANCE_REFERENCE, are refused instead
 * (embedded-target.ts).
 */
export async function configFromEnv(env: Record<string, string | undefined>): Promise<Config> {
  const config = parseEnv(env, () => randomInt(0, 2 ** 31 - 1));
  if (config.targetUrl !== null) return config;
  refuseAccidentalReference(env, config.reference);
  // The embedded server only knows the seeded keys and ids (none was set: refused above).
  const defaults = seedDefaults(await readSeed());
  return { ...config, ...defaults };
}

/** Configuration from the environment and `.env` (the environment wins), validated once. */
export async function loadConfig(options: LoadOptions = {}): Promise<Config> {
  return configFromEnv(await readEnv(options));
}
