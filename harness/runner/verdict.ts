import { UNVERIFIED_REASONS, type CheckResult, type Unverified, type UnverifiedReason, type Verdict } from '../report/model.js';
import type { Requirement } from '../spec/requirements.js';

/*
 * The verdict rules: a verdict claims only what was verified.
 *  - non-conformant: a MUST check failed;
 *  - error: the harness broke (a check or the run itself), and no MUST check failed;
 *  - incomplete: nothing failed or broke, but a MUST requirement of the catalogue was not verified
 *    (a check of it skipped or was inconclusive, or no check of it ran: not selected, not run);
 *  - conformant: every MUST requirement has at least one check that ran and passed, and no MUST
 *    check failed, erred, skipped or was inconclusive.
 */

/** How the run was narrowed (CONFORMANCE_SUITES, CONFORMANCE_REQUIREMENTS). */
export interface Selection {
  /** The domains that ran; `allSuites` when CONFORMANCE_SUITES did not narrow them. */
  readonly suites: readonly string[];
  readonly allSuites: boolean;
  /** CONFORMANCE_REQUIREMENTS; empty: every check of the selected suites. */
  readonly requirements: readonly string[];
}

export interface VerdictOptions {
  /** CONFORMANCE_FAIL_ON_INCOMPLETE: an incomplete run exits 3 (a CI job fails) instead of 0. */
  readonly failOnIncomplete: boolean;
}

/** Exit code of an incomplete run under CONFORMANCE_FAIL_ON_INCOMPLETE: not 1, so CI can tell it from a failure. */
export const INCOMPLETE_EXIT_CODE = 3;

/** Order of the reasons, most serious first: a requirement is listed under its first. */
const REASON_ORDER: readonly UnverifiedReason[] = UNVERIFIED_REASONS;

const NOT_CONFIGURED = /^not configured:/i;
const VARIABLE = /CONFORMANCE_[A-Z0-9_]+/g;

function reasonOf(check: CheckResult): UnverifiedReason | null {
  switch (check.status) {
    case 'pass':
    case 'fail':
      return null;
    case 'error':
      return 'error';
    case 'inconclusive':
      return 'inconclusive';
    case 'skip':
      return NOT_CONFIGURED.test(check.message ?? '') ? 'not-configured' : 'not-applicable';
  }
}

function notRunDetail(id: string, selection: Selection): { reason: UnverifiedReason; detail: string } {
  if (selection.requirements.length > 0 && !selection.requirements.includes(id)) {
    return { reason: 'not-selected', detail: `not selected: CONFORMANCE_REQUIREMENTS=${selection.requirements.join(',')}` };
  }
  if (!selection.allSuites) {
    return { reason: 'not-selected', detail: `not selected: CONFORMANCE_SUITES=${selection.suites.join(',')}` };
  }
  return { reason: 'not-run', detail: 'no check of it ran (see the harness errors of this run)' };
}

/** One short line out of the distinct messages of a requirement's unverified checks. */
function detailOf(reason: UnverifiedReason, checks: readonly CheckResult[]): string {
  const messages = [...new Set(checks.map((c) => c.message ?? reason))];
  if (reason === 'not-configured') {
    const variables = [...new Set(messages.flatMap((m) => m.match(VARIABLE) ?? []))].sort();
    if (variables.length > 0) return `not configured: ${variables.join(', ')} ${variables.length === 1 ? 'is' : 'are'} not set`;
  }
  const first = messages[0] ?? reason;
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
  const prefix = reason === 'inconclusive' && !/^inconclusive/i.test(first) ? 'inconclusive: ' : '';
  return `${prefix}${first}${more}`;
}

/**
 * The MUST requirements of the catalogue this run did not verify. A requirement with a failed
 * check is not listed (it failed: the run is non-conformant); one with a passed check and a
 * skipped one is (part of it was not verified). Sorted by id.
 */
export function unverifiedMust(catalogue: Readonly<Record<string, Requirement>>, checks: readonly CheckResult[], selection: Selection): Unverified[] {
  const byRequirement = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const list = byRequirement.get(check.requirementId) ?? [];
    list.push(check);
    byRequirement.set(check.requirementId, list);
  }
  const out: Unverified[] = [];
  for (const [id, requirement] of Object.entries(catalogue)) {
    if (requirement.level !== 'MUST') continue;
    const base = { id, section: requirement.section, domain: requirement.area, statement: requirement.statement };
    const named = byRequirement.get(id) ?? [];
    if (named.length === 0) {
      out.push({ ...base, ...notRunDetail(id, selection) });
      continue;
    }
    if (named.some((c) => c.status === 'fail')) continue;
    const unverified = named.filter((c) => reasonOf(c) !== null);
    if (unverified.length === 0) continue;
    const reason = REASON_ORDER.find((r) => unverified.some((c) => reasonOf(c) === r))!;
    out.push({
      ...base,
      reason,
      detail: detailOf(
        reason,
        unverified.filter((c) => reasonOf(c) === reason),
      ),
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The verdict and exit code of a run. 2 (configuration, unreachable target) is decided before a
 * run starts and never comes from here.
 */
export function verdictOf(
  checks: readonly CheckResult[],
  harnessErrors: readonly string[],
  unverified: readonly Unverified[],
  options: VerdictOptions,
): { verdict: Verdict; exitCode: 0 | 1 | 3 } {
  if (checks.some((c) => c.level === 'MUST' && c.status === 'fail')) return { verdict: 'non-conformant', exitCode: 1 };
  if (harnessErrors.length > 0 || checks.some((c) => c.status === 'error')) return { verdict: 'error', exitCode: 1 };
  // Belt and braces: a MUST check that did not pass leaves the run incomplete even if its
  // requirement were somehow missing from the catalogue.
  const mustUnverified = checks.some((c) => c.level === 'MUST' && c.status !== 'pass');
  if (unverified.length > 0 || mustUnverified) {
    return { verdict: 'incomplete', exitCode: options.failOnIncomplete ? INCOMPLETE_EXIT_CODE : 0 };
  }
  return { verdict: 'conformant', exitCode: 0 };
}

/**
 * The exit code once CONFORMANCE_EXPECTED_FAILURES is taken into account. The verdict
 * stays what the checks say; the exit code forgives failures of entries still `expected`, and
 * fails the run for a stale entry (it passes now: remove it) or an expired one.
 */
export function exitCodeWithExpected(
  checks: readonly CheckResult[],
  harnessErrors: readonly string[],
  unverified: readonly Unverified[],
  expected: ReadonlyArray<{ readonly id: string; readonly state: string }>,
  options: VerdictOptions,
): 0 | 1 | 3 {
  if (expected.some((e) => e.state === 'stale' || e.state === 'expired')) return 1;
  const forgiven = new Set(expected.filter((e) => e.state === 'expected').map((e) => e.id));
  if (forgiven.size === 0) return verdictOf(checks, harnessErrors, unverified, options).exitCode;
  const rest = checks.filter((c) => !(forgiven.has(c.requirementId) && c.status === 'fail'));
  return verdictOf(
    rest,
    harnessErrors,
    unverified.filter((u) => !forgiven.has(u.id)),
    options,
  ).exitCode;
}
