import { ConfigError } from '../errors.js';
import { SETTINGS, type Setting } from './settings.js';

/*
 * When a run may test the embedded reference server. Without CONFORMANCE_TARGET_URL it does, with
 * the seed's own keys and ids; these rules make sure that is what the user meant, not what a
 * missing URL silently led to.
 */

/** The settings that describe the server of CONFORMANCE_TARGET_URL (keys, ids, the sink's public URL). */
export const TARGET_ONLY: readonly string[] = (SETTINGS as readonly Setting[]).filter((s) => s.targetOnly === true).map((s) => s.name);

/**
 * Whether the process runs in CI: GitHub Actions, GitLab CI, CircleCI, Travis, Buildkite, Azure
 * Pipelines (with its own variable mapped) and most others set CI=true. Any value but an empty one,
 * `false`, `0` or `no` counts, since a missed CI is a silent reference run and a false one only asks
 * for --reference.
 */
export function inCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env['CI']?.trim().toLowerCase();
  return value !== undefined && !['', 'false', '0', 'no'].includes(value);
}

const isSet = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/**
 * Refuses a configuration that would test the embedded reference server by accident: keys or ids
 * of a server set without its URL (the seed's would replace them unseen), or, in CI, no URL and no
 * CONFORMANCE_REFERENCE (an undefined CI variable must not become a green run of the reference).
 * `env` is every variable the run sees; `reference` is CONFORMANCE_REFERENCE as parsed.
 */
export function refuseAccidentalReference(env: Readonly<Record<string, string | undefined>>, reference: boolean): void {
  if (isSet(env['CONFORMANCE_TARGET_URL'])) return;
  const stray = TARGET_ONLY.filter((name) => isSet(env[name]));
  if (stray.length > 0) {
    const names = stray.length === 1 ? `${stray[0]} is` : `${stray.slice(0, -1).join(', ')} and ${stray.at(-1)} are`;
    throw new ConfigError(
      `${names} set but CONFORMANCE_TARGET_URL is not: set the URL of your server (CONFORMANCE_TARGET_URL or --url), ` +
        `or remove ${stray.length === 1 ? 'it' : 'them'} to run against the embedded reference server (--reference)`,
    );
  }
  if (inCi(env) && !reference) {
    throw new ConfigError(
      'CONFORMANCE_TARGET_URL is not set, and in CI (CI is set) a run does not fall back to the embedded reference server: ' +
        'set the URL of your server (CONFORMANCE_TARGET_URL or --url), or give --reference (CONFORMANCE_REFERENCE=true) to test the embedded reference server on purpose',
    );
  }
}
