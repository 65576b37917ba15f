import type { CheckResult, DomainSummary, Level, Status } from './model.js';

/**
 * How a domain's status reads to a person. The report keeps the worst status of its checks
 * (`DomainSummary.status`); shown as is, a domain whose only non-passing checks are skipped
 * SHOULD/MAY checks would read "skip" although everything it verified passed. It reads
 * "pass" with the skips named instead. Skipped MUST checks leave a requirement unverified, so
 * such a domain still reads "skip"; a domain whose failures are all SHOULD/MAY is a warning.
 */
export interface DomainStatusView {
  readonly status: Status;
  /** A failure that is only SHOULD/MAY checks: a warning, not a conformance failure. */
  readonly warning: boolean;
  /** What the chip leaves out, e.g. `5 skipped (SHOULD)`; empty when nothing. */
  readonly note: string;
}

function skippedNote(skipped: readonly CheckResult[]): string {
  const levels = (['MUST', 'SHOULD', 'MAY'] as const satisfies readonly Level[]).filter((l) => skipped.some((c) => c.level === l));
  return `${skipped.length} skipped (${levels.join(', ')})`;
}

export function domainStatusView(domain: DomainSummary, checks: readonly CheckResult[]): DomainStatusView {
  const own = checks.filter((c) => c.domain === domain.domain);
  if (domain.status === 'fail' && !own.some((c) => c.status === 'fail' && c.level === 'MUST')) {
    return { status: 'fail', warning: true, note: '' };
  }
  if (domain.status !== 'skip') return { status: domain.status, warning: false, note: '' };
  const skipped = own.filter((c) => c.status === 'skip');
  const ran = own.length - skipped.length;
  if (ran > 0 && skipped.length > 0 && skipped.every((c) => c.level !== 'MUST')) {
    return { status: 'pass', warning: false, note: skippedNote(skipped) };
  }
  return { status: 'skip', warning: false, note: skipped.length > 0 && ran > 0 ? skippedNote(skipped) : '' };
}
