import { STOPPED_EARLY, type CheckResult, type Level, type Report } from './model.js';
import { plural } from './format.js';
import { unverifiedSummary } from './unverified.js';

/* The verdict and each result in words, shared by every format so they never disagree. */

/** What a failed check means at its level: MUST fails conformance, SHOULD and MAY only warn. */
export function failureKind(level: Level): 'failure' | 'warning' | 'notice' {
  return level === 'MUST' ? 'failure' : level === 'SHOULD' ? 'warning' : 'notice';
}

/** The verdict in words, shared by every format so they never disagree. */
export function verdictLabel(report: Pick<Report, 'verdict'>): string {
  switch (report.verdict) {
    case 'conformant':
      return 'CONFORMANT';
    case 'incomplete':
      return 'INCOMPLETE';
    case 'non-conformant':
      return 'NON-CONFORMANT';
    case 'error':
      return 'ERROR';
    case 'interrupted':
      return 'INTERRUPTED';
  }
}

/**
 * What every output of a run against the embedded reference server says beside its verdict: a
 * green verdict there is the reference's, and says nothing about the user's server.
 */
export const EMBEDDED_TARGET_WORDS = 'embedded reference server, not your server';

/** The verdict as a headline: `CONFORMANT`, or `CONFORMANT (embedded reference server, not your server)`. */
export function verdictHeadline(report: Pick<Report, 'verdict' | 'target'>): string {
  return report.target.embedded ? `${verdictLabel(report)} (${EMBEDDED_TARGET_WORDS})` : verdictLabel(report);
}

/** The target in words: its URL, and for the embedded one what it is. */
export function targetWords(report: Pick<Report, 'target'>): string {
  return report.target.embedded ? `the embedded reference server at ${report.target.url} (not your server)` : report.target.url;
}

/**
 * One sentence under the verdict: why, and what else a reader should know. The word
 * "conformant" never describes an incomplete run.
 */
export function verdictReason(report: Report): string {
  const { byLevel } = report.counts;
  const mustFails = byLevel.MUST.fail;
  const warnings = byLevel.SHOULD.fail + byLevel.MAY.fail;
  const errors = report.counts.byStatus.error;
  const inconclusive = report.counts.byStatus.inconclusive;
  const mustTotal = report.requirements.filter((r) => r.level === 'MUST').length;
  const unverified = report.unverified.length;
  const parts: string[] = [];
  const stopped = report.checks.find((c) => c.requirementId === 'HARNESS' && c.message?.startsWith(STOPPED_EARLY) === true)?.message;
  if (report.verdict === 'interrupted') {
    parts.push(interruptedSentence(report));
  } else if (report.verdict === 'error' && stopped !== undefined && stopped !== null) {
    parts.push(`The run stopped early: ${stopped.slice(STOPPED_EARLY.length)}.`);
  } else if (report.verdict === 'error') {
    parts.push(
      errors > 0
        ? `The run could not reach a verdict: ${plural(errors, 'check')} ended in a harness or transport error.`
        : 'The run could not reach a verdict.',
    );
  } else if (report.verdict === 'non-conformant') {
    parts.push(`${plural(mustFails, 'MUST check')} failed: the target is not conformant.`);
  } else if (report.verdict === 'incomplete') {
    parts.push(
      `No MUST check failed, but ${unverified} of ${plural(mustTotal, 'MUST requirement')} ${unverified === 1 ? 'was' : 'were'} not verified ` +
        `(${unverifiedSummary(report)}): this run does not establish conformance.`,
    );
  } else {
    parts.push(`Every MUST requirement (${mustTotal}) was verified and passed.`);
  }
  if (warnings > 0) {
    parts.push(`${plural(warnings, 'SHOULD/MAY check')} failed (warnings, not conformance failures).`);
  }
  if (report.verdict !== 'error' && errors > 0) parts.push(`${plural(errors, 'check')} errored.`);
  if (inconclusive > 0) parts.push(`${plural(inconclusive, 'check')} inconclusive.`);
  if ((report.verdict === 'non-conformant' || report.verdict === 'error' || report.verdict === 'interrupted') && unverified > 0) {
    parts.push(`${unverified} of ${plural(mustTotal, 'MUST requirement')} not verified (${unverifiedSummary(report)}).`);
  }
  if (report.verdict === 'incomplete' && report.exitCode !== 0) parts.push('CONFORMANCE_FAIL_ON_INCOMPLETE is set: exit code 3.');
  const outages = outageSentence(report);
  if (outages !== undefined) parts.push(outages);
  const cleanup = cleanupSentence(report);
  if (cleanup !== undefined) parts.push(cleanup);
  return parts.join(' ');
}

/**
 * What the run left in the target's data, e.g. "The run's deletes leave 12 soft-deleted tasks,
 * 5 soft-deleted resources and 3 deactivated rates, as the spec has them (2)." Said whenever the
 * run created any, so an operator knows before running against production data.
 */
export function cleanupSentence(report: Pick<Report, 'cleanup' | 'runId'>): string | undefined {
  const cleanup = report.cleanup;
  if (cleanup === undefined) return undefined;
  const kept = [
    [cleanup.softDeletedTasks, 'soft-deleted task'],
    [cleanup.softDeletedResources, 'soft-deleted resource'],
    [cleanup.deactivatedRates, 'deactivated rate'],
  ] as const;
  const shown = kept.filter(([n]) => n > 0).map(([n, what]) => plural(n, what));
  const parts: string[] = [];
  if (shown.length > 0) {
    const list = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]!}`;
    parts.push(`The run's deletes leave ${list}, as the spec has them (2: a deleted task or resource is soft-deleted, a deleted rate deactivated).`);
  }
  // The read-back's sentence, where the run read back what it deleted (harness/report/footprint.ts).
  if (cleanup.footprint !== undefined) parts.push(cleanup.footprint);
  else if (cleanup.notDeleted > 0) {
    parts.push(
      `${plural(cleanup.notDeleted, 'record')} the run created could not be deleted (the run stopped, the target did not answer, or it refused the delete and a read still found the record): they carry the tag conformance-run-${report.runId.toLowerCase()} where the record has tags.`,
    );
  }
  return parts.length === 0 ? undefined : parts.join(' ');
}

/**
 * Why an interrupted run has no verdict about the target, and what became of its records, e.g.
 * "The run was interrupted by SIGINT (Ctrl-C) before it ended: this run does not establish
 * conformance. It stopped sending and deleted the 12 records it had created."
 */
export function interruptedSentence(report: Pick<Report, 'interrupted' | 'runId' | 'checks'>): string {
  const info = report.interrupted;
  const by = info === undefined ? 'a signal' : info.signal === 'SIGINT' ? 'SIGINT (Ctrl-C)' : 'SIGTERM (the job was cancelled)';
  const failed = report.checks.filter((c) => c.level === 'MUST' && c.status === 'fail').length;
  const parts = [
    `The run was interrupted by ${by} before it ended: this run does not establish conformance${failed > 0 ? ` (though ${plural(failed, 'MUST check')} had failed before it stopped)` : ''}.`,
  ];
  if (info === undefined) return parts[0]!;
  const unanswered = info.createsUnanswered ?? 0;
  if (info.recordsFound === 0 && unanswered === 0) parts.push('It stopped sending; no record it created was left to delete.');
  else if (info.recordsFound === 0) parts.push('It stopped sending; no record it knew of was left to delete.');
  else if (info.recordsLeft === 0) parts.push(`It stopped sending and deleted the ${plural(info.recordsFound, 'record')} it had created and not yet deleted.`);
  else {
    parts.push(
      `It stopped sending and deleted ${info.recordsDeleted} of the ${plural(info.recordsFound, 'record')} it had created; ` +
        `${info.recordsLeft} may remain on the target${info.cleanupCutShort === true ? ' (its time for deleting ran out)' : ''} (those with tags carry conformance-run-${report.runId.toLowerCase()}).`,
    );
  }
  // A create the stop cut off (or that timed out) may have made a record whose id never came back: said, not hidden.
  if (unanswered > 0) {
    parts.push(
      `${plural(unanswered, 'create')} got no answer before it stopped: each may have made a record whose id the run never learnt, which no delete by id can reach (those with tags carry conformance-run-${report.runId.toLowerCase()}).`,
    );
  }
  return parts.join(' ');
}

/**
 * The times the target went away during the run and what was done about it, e.g. "The target
 * was unreachable for 8.2 s at 2026-11-25T03:04:05.000Z; 14 checks ran again from the start."
 */
export function outageSentence(report: Pick<Report, 'outages' | 'checks'>): string | undefined {
  const outages = report.outages ?? [];
  if (outages.length === 0) return undefined;
  const windows = outages.map((o) => `${(o.durationMs / 1000).toFixed(1)} s at ${o.startedAt}${o.recovered ? '' : ' (it did not come back)'}`).join(', ');
  const reruns = report.checks.filter((c) => (c.reruns ?? 0) > 0).length;
  return `The target was unreachable for ${windows}; ${plural(reruns, 'check')} ran again from the start.`;
}

/**
 * `[REQ-ID] LEVEL title`. Titles normally start with their level already ("MUST reject ..."),
 * so the level is only prefixed when the title does not begin with it.
 */
export function checkLabel(check: Pick<CheckResult, 'requirementId' | 'level' | 'title'>): string {
  const startsWithLevel = check.title === check.level || check.title.startsWith(`${check.level} `);
  return `[${check.requirementId}] ${startsWithLevel ? check.title : `${check.level} ${check.title}`}`;
}
