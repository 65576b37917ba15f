import { DEFAULTS, DOMAINS } from '../config/schema.js';
import { emptyCounts, worstStatus, type CheckResult, type Report, type Status, type StatusCounts } from '../report/model.js';
import { unverifiedMust, verdictOf } from '../runner/verdict.js';
import { REQUIREMENTS, isRequirementId } from '../spec/requirements.js';
import { catalogueSha256, KNOWN_SPEC_SHA256, SPEC_FILE, type Environment } from './environment.js';

/*
 * verify's checks of report.json and environment.json, as pure functions: each returns the
 * problems it found (empty: the check passes) and, where a finding is only worth a warning, the
 * warnings apart.
 */

export interface Findings {
  readonly problems: string[];
  readonly warnings: string[];
}

const SHOWN = 10;
function idList(ids: readonly string[]): string {
  return ids.length <= SHOWN ? ids.join(', ') : `${ids.slice(0, SHOWN).join(', ')} and ${ids.length - SHOWN} more`;
}

const short = (hex: string) => `${hex.slice(0, 16)}…`;

/**
 * Made by `conformance certify`, not a narrowed or self-test run: mode certify, every suite,
 * every requirement, at least the default runs per property, no known failures listed, no
 * injected fault. A certification
 * of the embedded reference server is allowed (self-tests make one) but worth a warning.
 */
export function certifyRunFindings(report: Report, environment: Environment): Findings {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (environment.mode !== 'certify') problems.push(`environment.json says mode "${environment.mode}", not "certify"`);
  if (report.settings.requirements.length > 0)
    problems.push(`the run was narrowed to requirements ${idList(report.settings.requirements)} (CONFORMANCE_REQUIREMENTS)`);
  const missing = DOMAINS.filter((d) => !report.settings.suites.includes(d));
  if (missing.length > 0) problems.push(`the run left out suites ${missing.join(', ')} (CONFORMANCE_SUITES)`);
  if (report.settings.numRuns < DEFAULTS.numRuns) problems.push(`${report.settings.numRuns} runs per property, fewer than the default ${DEFAULTS.numRuns}`);
  if (report.settings.expectedFailures !== null || report.expectedFailures.length > 0) {
    problems.push(
      `known failures were listed (CONFORMANCE_EXPECTED_FAILURES${report.settings.expectedFailures === null ? '' : `=${report.settings.expectedFailures}`}): never allowed in a certification`,
    );
  }
  if (report.target.faults.length > 0) problems.push(`faults were injected into the reference server (${report.target.faults.join(', ')}): a self-test run`);
  if (report.target.embedded) warnings.push('the target was the embedded reference server, not a vendor product');
  return { problems, warnings };
}

/** environment.json describes this report's run; a bundle made by another tool version is worth a warning. */
export function environmentFindings(report: Report, environment: Environment, verifier: { name: string; version: string }): Findings {
  const problems: string[] = [];
  const warnings: string[] = [];
  const differ = (what: string, env: unknown, rep: unknown) => {
    if (env !== rep) problems.push(`${what}: environment.json ${JSON.stringify(env)}, report.json ${JSON.stringify(rep)}`);
  };
  differ('run id', environment.runId, report.runId);
  differ('tool', `${environment.tool.name} ${environment.tool.version}`, `${report.tool.name} ${report.tool.version}`);
  differ('seed', environment.seed, report.settings.seed);
  differ('runs per property', environment.numRuns, report.settings.numRuns);
  const t = (iso: string) => Date.parse(iso);
  if (!(t(environment.startedAt) <= t(report.startedAt) && t(report.startedAt) <= t(report.finishedAt) && t(report.finishedAt) <= t(environment.finishedAt))) {
    problems.push(
      `times: the certification ran ${environment.startedAt} to ${environment.finishedAt}, which does not enclose the report's ${report.startedAt} to ${report.finishedAt}`,
    );
  }
  if (environment.tool.name !== verifier.name || environment.tool.version !== verifier.version) {
    warnings.push(`made by ${environment.tool.name} ${environment.tool.version}, verified by ${verifier.name} ${verifier.version}`);
  }
  return { problems, warnings };
}

/** The spec document the bundle was judged against is the one this tool's catalogue was written from. */
export function specHashProblems(environment: Environment): string[] {
  if (environment.spec.sha256 === KNOWN_SPEC_SHA256) return [];
  return [`environment.json names spec sha256 ${short(environment.spec.sha256)}; this tool knows ${short(KNOWN_SPEC_SHA256)} (${SPEC_FILE})`];
}

/** The requirement catalogue that judged the bundle is this tool's. */
export function catalogueHashProblems(environment: Environment): string[] {
  const known = catalogueSha256();
  if (environment.catalogue.sha256 === known) return [];
  return [`environment.json names catalogue sha256 ${short(environment.catalogue.sha256)}; this tool's catalogue is ${short(known)}`];
}

function countsDiffer(a: StatusCounts, b: StatusCounts): boolean {
  return (Object.keys(a) as Status[]).some((s) => a[s] !== b[s]);
}

/**
 * report.json agrees with itself: counts, domain summaries, requirement coverage, the unverified
 * MUST requirements and the verdict, recomputed from its checks with this tool's catalogue and
 * verdict rules (harness/runner/verdict.ts), are what it states. An edited status or verdict
 * shows here.
 */
export function reportConsistencyProblems(report: Report): string[] {
  const problems: string[] = [];
  const checks = report.checks;
  const byStatus = emptyCounts();
  const byLevel = { MUST: emptyCounts(), SHOULD: emptyCounts(), MAY: emptyCounts() };
  const domains = new Map<string, CheckResult[]>();
  for (const c of checks) {
    byStatus[c.status] += 1;
    byLevel[c.level][c.status] += 1;
    domains.set(c.domain, [...(domains.get(c.domain) ?? []), c]);
  }
  if (report.counts.total !== checks.length) problems.push(`counts.total is ${report.counts.total}, but there are ${checks.length} checks`);
  if (countsDiffer(report.counts.byStatus, byStatus))
    problems.push(`counts.byStatus ${JSON.stringify(report.counts.byStatus)} is not what the checks give ${JSON.stringify(byStatus)}`);
  for (const level of ['MUST', 'SHOULD', 'MAY'] as const) {
    if (countsDiffer(report.counts.byLevel[level], byLevel[level]))
      problems.push(`counts.byLevel.${level} is not what the checks give ${JSON.stringify(byLevel[level])}`);
  }
  for (const summary of report.domains) {
    const own = domains.get(summary.domain) ?? [];
    const counts = emptyCounts();
    for (const c of own) counts[c.status] += 1;
    const status = own.reduce<Status>((w, c) => worstStatus(w, c.status), 'pass');
    if (countsDiffer(summary.counts, counts) || summary.status !== status) problems.push(`domain ${summary.domain}: its summary is not what its checks give`);
  }
  const unknown = [...new Set(checks.map((c) => c.requirementId).filter((id) => id !== 'HARNESS' && !isRequirementId(id)))];
  if (unknown.length > 0) problems.push(`checks name requirements this tool's catalogue does not have: ${idList(unknown)}`);
  const coverageWrong: string[] = [];
  for (const r of report.requirements) {
    const named = checks.filter((c) => c.requirementId === r.id);
    const status = named.reduce<Status | null>((w, c) => (w === null ? c.status : worstStatus(w, c.status)), null);
    if (r.checks !== named.length || r.status !== status)
      coverageWrong.push(`${r.id} (says ${r.status ?? 'none'} over ${r.checks}, checks give ${status ?? 'none'} over ${named.length})`);
  }
  if (coverageWrong.length > 0) problems.push(`requirement coverage disagrees with the checks: ${idList(coverageWrong)}`);
  const unverified = unverifiedMust(REQUIREMENTS, checks, {
    suites: report.settings.suites,
    allSuites: DOMAINS.every((d) => report.settings.suites.includes(d)),
    requirements: report.settings.requirements,
  });
  const stated = report.unverified
    .map((u) => `${u.id}:${u.reason}`)
    .sort()
    .join();
  if (
    unverified
      .map((u) => `${u.id}:${u.reason}`)
      .sort()
      .join() !== stated
  ) {
    problems.push(`unverified MUST requirements: report.json lists ${report.unverified.length}, the checks give ${unverified.length}`);
  }
  // The verdict only: the exit code also depends on known failures (CONFORMANCE_EXPECTED_FAILURES),
  // which a certification refuses anyway (certify-run).
  const { verdict } = verdictOf(checks, [], unverified, { failOnIncomplete: report.settings.failOnIncomplete });
  if (report.verdict !== verdict) problems.push(`the verdict says ${report.verdict}, the checks give ${verdict}`);
  return problems;
}

/**
 * Every MUST requirement of this tool's catalogue is in report.requirements and passed: at least
 * one check, every check of it passed (none skipped, inconclusive, failed or erred), no MUST
 * requirement unverified, and the verdict conformant (part 1 of the verdict rules).
 */
export function mustRequirementProblems(report: Report): string[] {
  const problems: string[] = [];
  const coverage = new Map(report.requirements.map((r) => [r.id, r]));
  const absent: string[] = [];
  const notPassed: string[] = [];
  for (const [id, requirement] of Object.entries(REQUIREMENTS)) {
    if (requirement.level !== 'MUST') continue;
    const r = coverage.get(id);
    if (r === undefined) absent.push(id);
    else if (r.checks === 0 || r.status === null) notPassed.push(`${id} (no check ran)`);
    else if (r.status !== 'pass') notPassed.push(`${id} (${r.status})`);
  }
  // Belt and braces: the checks themselves, in case the coverage table was edited.
  const mustChecks = report.checks.filter((c) => c.level === 'MUST' && c.status !== 'pass');
  const listed = new Set(notPassed.map((s) => s.split(' ')[0]));
  for (const c of mustChecks) {
    if (!listed.has(c.requirementId)) {
      listed.add(c.requirementId);
      notPassed.push(`${c.requirementId} (a check ${c.status})`);
    }
  }
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  absent.sort(byId);
  notPassed.sort(byId);
  if (absent.length > 0) problems.push(`${absent.length} MUST requirement(s) missing from report.json: ${idList(absent)}`);
  if (notPassed.length > 0) problems.push(`${notPassed.length} MUST requirement(s) not passed: ${idList(notPassed)}`);
  if (report.unverified.length > 0)
    problems.push(`${report.unverified.length} MUST requirement(s) unverified: ${idList(report.unverified.map((u) => `${u.id} (${u.reason})`))}`);
  if (report.verdict !== 'conformant') problems.push(`the verdict is ${report.verdict}, not conformant`);
  return problems;
}
