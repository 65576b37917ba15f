import type { Config } from '../config/schema.js';
import { type ErrorCode, type HarnessError, StoppedBeforeChecksError } from '../errors.js';
import type { Redactor } from '../http/redact.js';
import type { Report } from '../report/model.js';
import { writeReport } from '../report/write.js';
import { buildReport, settingsInfo } from './build-report.js';
import { ResultCollector } from './collector.js';
import { Writable } from 'node:stream';
import { Progress } from './progress.js';
import { shippedSpecUnits, type SpecUnit } from '../spec/traceability/units.js';

export interface EarlyStopInfo {
  readonly runId: string;
  readonly startedAt: Date;
  readonly targetUrl: string;
  readonly embedded: boolean;
  readonly toolVersion: string;
}

/** When the run stopped, as its report says it. */
const BEFORE_ANY_CHECK = 'before any check ran';

/** The report of a run stopped before its checks: nothing ran, every selected suite "not run" with the reason. */
export function earlyStopReport(
  config: Config,
  info: EarlyStopInfo,
  reason: string,
  specUnits?: readonly SpecUnit[],
  when = BEFORE_ANY_CHECK,
  code?: ErrorCode,
): Report {
  const collector = new ResultCollector(new Progress(new Writable({ write: (_chunk, _encoding, done) => done() }), { timer: false }), {
    filtered: config.requirements.length > 0,
  });
  collector.stop(`${reason} (${when})`, code);
  collector.finish(
    config.suites.map((domain) => `suites/${domain}.test.ts`),
    reason,
  );
  return buildReport(collector.run, {
    runId: info.runId,
    startedAt: info.startedAt,
    finishedAt: new Date(),
    targetUrl: info.targetUrl,
    embedded: info.embedded,
    ...settingsInfo(config),
    toolVersion: info.toolVersion,
    specUnits,
  });
}

/**
 * Writes the report of a run stopped before its checks (`when` says so, or what ran before the
 * stop, e.g. a check run only to decide it), then hands back an error that carries
 * the original code and message (so the exit code keeps its meaning) and where the files are.
 */
export async function writeEarlyStop(
  config: Config,
  info: EarlyStopInfo,
  cause: HarnessError,
  redactor: Redactor,
  when = BEFORE_ANY_CHECK,
): Promise<StoppedBeforeChecksError> {
  const report = earlyStopReport(config, info, redactor.redact(cause.message), await shippedSpecUnits(), when, cause.code);
  const written = await writeReport(report, config.reportDir, redactor);
  return new StoppedBeforeChecksError(cause, report, written);
}
