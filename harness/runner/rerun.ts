import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DOMAINS, type Config, type Domain } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import { isRequirementId } from '../spec/requirements.js';
import { emptySelection } from '../config/selection.js';

/*
 * Issue 14, "re-run what failed": `conformance run --rerun-failed [report.json]` runs only the
 * requirements that failed or erred in that report, with its seed and runs per property, so a
 * fix can be checked in seconds and a flaky failure told from a real one.
 */

interface PastCheck {
  readonly requirementId: string;
  readonly domain: string;
  readonly status: string;
}

interface PastReport {
  readonly runId: string;
  readonly settings: { readonly seed: number; readonly numRuns: number };
  readonly checks: readonly PastCheck[];
}

/** The report to re-run: the given path, or `<report dir>/latest/report.json`. */
export function rerunSource(config: Pick<Config, 'reportDir'>, given: string | undefined): string {
  return resolve(given ?? resolve(config.reportDir, 'latest', 'report.json'));
}

export async function readPastReport(path: string): Promise<PastReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ConfigError(`--rerun-failed: cannot read ${path} (${(cause as Error).message}); give the report.json of the run to repeat`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`--rerun-failed: ${path} is not JSON; give a report.json written by conformance run`);
  }
  const report = parsed as Partial<PastReport>;
  if (
    typeof report.runId !== 'string' ||
    !Array.isArray(report.checks) ||
    typeof report.settings?.seed !== 'number' ||
    typeof report.settings.numRuns !== 'number'
  ) {
    throw new ConfigError(`--rerun-failed: ${path} is not a conformance report (no runId, settings or checks)`);
  }
  return report as PastReport;
}

/** The requirements (and their domains) that failed or erred; HARNESS and unknown ids are left out. */
export function failedRequirements(report: PastReport): { readonly ids: string[]; readonly suites: Domain[] } {
  const failed = report.checks.filter((c) => (c.status === 'fail' || c.status === 'error') && isRequirementId(c.requirementId));
  const ids = [...new Set(failed.map((c) => c.requirementId))].sort();
  const suites = DOMAINS.filter((d) => failed.some((c) => c.domain === d));
  return { ids, suites };
}

/** The configuration of the re-run: those requirements, in their suites, with the report's seed and runs. */
export function rerunConfig(config: Config, report: PastReport): Config | undefined {
  const { ids, suites } = failedRequirements(report);
  if (ids.length === 0) return undefined;
  // A report of another version may place a requirement in a suite that no longer checks it.
  const nothingRuns = emptySelection(suites.length > 0 ? suites : config.suites, ids);
  if (nothingRuns !== undefined) throw new ConfigError(`--rerun-failed: ${nothingRuns}`);
  return {
    ...config,
    requirements: ids,
    suites: suites.length > 0 ? suites : config.suites,
    allSuites: suites.length === DOMAINS.length,
    seed: report.settings.seed,
    numRuns: report.settings.numRuns,
  };
}
