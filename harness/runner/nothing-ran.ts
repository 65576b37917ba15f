import type { Config } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import type { CollectedRun } from './collector.js';

/**
 * After the suites: a run narrowed by CONFORMANCE_REQUIREMENTS that ran no check at all verified
 * nothing, and must not end "incomplete" with exit 0. The selection is refused before the run
 * when the table of which suite checks what says so (harness/config/selection.ts); this catches
 * what that table missed. Either the selection or that table is wrong, so the line names both.
 * A run that stopped early, or a suite that broke, is reported as such instead.
 */
export function nothingRanError(
  config: Pick<Config, 'requirements' | 'suites'>,
  run: Pick<CollectedRun, 'checks' | 'harnessErrors' | 'stopped'>,
): ConfigError | undefined {
  if (config.requirements.length === 0 || run.checks.length > 0 || run.harnessErrors.length > 0 || run.stopped !== null) return undefined;
  return new ConfigError(
    `CONFORMANCE_REQUIREMENTS=${config.requirements.join(',')} ran no check of the suites ${config.suites.join(', ')}: nothing was verified; ` +
      "name a requirement those suites check, or add its suite to CONFORMANCE_SUITES (if they already hold it, the harness's table harness/config/requirement-suites.ts is stale: please report it)",
  );
}
