import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/schema.js';
import { packageFile } from '../../package-root.js';

/*
 * Where the Locust engine's files are, and how keys reach its workers. The locustfile ships as
 * Python source at the same path in the clone and in the installed package.
 */

/** The locustfile every master and worker runs (the same file, shipped in the package). */
export function locustfilePath(): string {
  return fileURLToPath(packageFile('harness/load/locust/locustfile.py'));
}

/**
 * The environment variable naming the keys file on every worker: a JSON array of API keys, in the
 * order of `engineKeys`. Keys never travel on a command line, in a Locust message or in a result.
 */
export const KEYS_FILE_ENV = 'CONFORMANCE_LOCUST_KEYS_FILE';

/**
 * The engine's key list, the order jobs name keys by index in: the limited keys as the load
 * scenarios label them (CONFORMANCE_LIMITED_KEY first unless CONFORMANCE_LIMITED_KEYS lists it),
 * then the admin key when set. A cluster's keys file holds exactly this list.
 */
export function engineKeys(config: Pick<Config, 'keys' | 'limitedKeys'>): string[] {
  const limited = [...config.limitedKeys];
  if (config.keys.limited !== undefined && !limited.includes(config.keys.limited)) limited.unshift(config.keys.limited);
  return config.keys.admin === undefined || limited.includes(config.keys.admin) ? limited : [...limited, config.keys.admin];
}
