import { checkAnchors, requirementAnchor, uniqueAnchors } from './anchors.js';
import { domainStatusView, type DomainStatusView } from './domain-status.js';
import { formatDuration, plural, stopLine } from './format.js';
import { compareChecksBySeverity, compareNatural, compareText } from './order.js';
import { inputSurfaceRows, notRejected, type InputSurfaceRow } from './input-classes.js';
import { pivotMatrix, type MatrixTable } from './matrix.js';
import {
  LEVELS,
  STATUSES,
  type CheckResult,
  type DomainSummary,
  type InputClassCell,
  type Level,
  type Report,
  type RequirementCoverage,
  type StatusCounts,
} from './model.js';
import { groupObservations, type ObservedTopic } from './observations.js';
import { groupUnverified, type UnverifiedGroup } from './unverified.js';

/*
 * What every format shows, derived once from a `Report`: which checks, in which order, grouped
 * how, with which totals. A renderer only formats a `ReportView`, so two formats can never
 * disagree on what failed, what is uncovered or how a domain reads.
 */

/** One `label: value` line of the header. */
export interface MetaEntry {
  readonly label: string;
  readonly value: string;
  /** Also in the Markdown summaries (the HTML page shows every entry). */
  readonly inSummary: boolean;
}

export interface LevelRow {
  readonly level: Level;
  readonly counts: StatusCounts;
  readonly total: number;
}

export interface DomainRow {
  readonly summary: DomainSummary;
  readonly view: DomainStatusView;
}

export interface RequirementsView {
  /** Catalogue order: section, then id, both natural. */
  readonly rows: readonly RequirementCoverage[];
  /** Requirements no check of this run covered. */
  readonly uncovered: number;
  /** Why a MUST requirement was not verified, by requirement id. */
  readonly unverifiedById: ReadonlyMap<string, Report['unverified'][number]>;
}

export interface UnverifiedView {
  /** MUST requirements in the catalogue. */
  readonly mustTotal: number;
  readonly groups: readonly UnverifiedGroup[];
}

export interface MatrixView extends MatrixTable {
  /** Cells that failed. */
  readonly failed: number;
}

export interface InputClassesView {
  readonly cells: readonly InputClassCell[];
  /** Classes the target did not reject with a 4xx. */
  readonly missed: readonly InputClassCell[];
  readonly surfaces: readonly InputSurfaceRow[];
}

export interface SpecCoverageView {
  readonly rows: NonNullable<Report['specCoverage']>;
  readonly units: number;
  readonly traced: number;
  readonly verified: number;
}

export interface EndpointsView {
  readonly rows: Report['endpoints'];
  /** Endpoints at least one check exercised. */
  readonly exercised: number;
}

export interface ReportView {
  readonly report: Report;
  readonly meta: readonly MetaEntry[];
  /** Counts per level, in LEVELS order. */
  readonly levels: readonly LevelRow[];
  /** Every check, worst first. */
  readonly checks: readonly CheckResult[];
  /** Each check's fragment id in report.html (anchors.ts). */
  readonly checkAnchors: ReadonlyMap<CheckResult, string>;
  /** Each requirement's fragment id in report.html, by requirement id. */
  readonly requirementAnchors: ReadonlyMap<string, string>;
  /** Failed MUST checks, worst first. */
  readonly failedMust: readonly CheckResult[];
  /** Failed SHOULD and MAY checks, worst first. */
  readonly warnings: readonly CheckResult[];
  readonly errors: readonly CheckResult[];
  readonly inconclusive: readonly CheckResult[];
  /** Domains in name order, each with how its status reads. */
  readonly domains: readonly DomainRow[];
  /** The domains that have checks, in name order. */
  readonly checkDomains: readonly string[];
  readonly unverified: UnverifiedView;
  readonly observations: readonly ObservedTopic[];
  readonly requirements: RequirementsView;
  readonly matrix: MatrixView | null;
  readonly inputClasses: InputClassesView | null;
  readonly specCoverage: SpecCoverageView | null;
  readonly endpoints: EndpointsView;
}

function total(counts: StatusCounts): number {
  return STATUSES.reduce((n, s) => n + counts[s], 0);
}

function metaEntries(report: Report): MetaEntry[] {
  const meta: MetaEntry[] = [];
  const add = (label: string, value: string, inSummary = true): void => {
    meta.push({ label, value, inSummary });
  };
  add('Target', report.target.embedded ? `${report.target.url} (embedded reference server)` : report.target.url);
  // Before anything else a reader sees: what was verified stopped here, and the code says why.
  if (report.stoppedBy !== undefined) add('Stopped early', stopLine(report.stoppedBy));
  add('Run', report.runId);
  add('Started', report.startedAt);
  add('Finished', report.finishedAt, false);
  add('Duration', formatDuration(report.durationMs));
  add('Checks', `${report.counts.total}`, false);
  add('Tool', `${report.tool.name} ${report.tool.version}`);
  add('Seed', `${report.settings.seed} (${plural(report.settings.numRuns, 'run')} per property)`);
  add('Suites', report.settings.suites.length === 0 ? '(all)' : report.settings.suites.join(', '));
  if (report.settings.requirements.length > 0) add('Requirements selected', report.settings.requirements.join(', '));
  if (report.target.faults.length > 0) add('Injected faults', report.target.faults.join(', '));
  if (report.target.variants.length > 0) add('Reference variants', report.target.variants.join(', '));
  if (report.throttling.waits > 0) {
    add('Throttling', `waited out HTTP 429 ${plural(report.throttling.waits, 'time')}, ${formatDuration(report.throttling.totalWaitMs)} in total`);
  }
  return meta;
}

function sum<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((n, r) => n + value(r), 0);
}

/** The one derivation of a report's views, for every renderer. Pure and deterministic. */
export function reportView(report: Report): ReportView {
  const checks = [...report.checks].sort(compareChecksBySeverity);
  const requirementRows = [...report.requirements].sort((a, b) => compareNatural(a.section, b.section) || compareNatural(a.id, b.id));
  const failed = checks.filter((c) => c.status === 'fail');
  const inputCells = report.inputClasses ?? [];
  const specRows = report.specCoverage ?? [];
  return {
    report,
    meta: metaEntries(report),
    levels: LEVELS.map((level) => ({ level, counts: report.counts.byLevel[level], total: total(report.counts.byLevel[level]) })),
    checks,
    checkAnchors: checkAnchors(checks),
    // Anchors come from what identifies a requirement (anchors.ts): the same in every run.
    requirementAnchors: new Map([...uniqueAnchors(requirementRows, (r) => requirementAnchor(r.id))].map(([r, a]) => [r.id, a])),
    failedMust: failed.filter((c) => c.level === 'MUST'),
    warnings: failed.filter((c) => c.level !== 'MUST'),
    errors: checks.filter((c) => c.status === 'error'),
    inconclusive: checks.filter((c) => c.status === 'inconclusive'),
    domains: [...report.domains]
      .sort((a, b) => compareText(a.domain, b.domain))
      .map((summary) => ({ summary, view: domainStatusView(summary, report.checks) })),
    checkDomains: [...new Set(report.checks.map((c) => c.domain))].sort(compareText),
    unverified: {
      mustTotal: report.requirements.filter((r) => r.level === 'MUST').length,
      groups: groupUnverified(report.unverified),
    },
    observations: groupObservations(report.observations),
    requirements: {
      rows: requirementRows,
      uncovered: requirementRows.filter((r) => r.status === null || r.checks === 0).length,
      unverifiedById: new Map(report.unverified.map((u) => [u.id, u])),
    },
    matrix: report.matrix.length === 0 ? null : { ...pivotMatrix(report.matrix), failed: report.matrix.filter((c) => c.status === 'fail').length },
    inputClasses: inputCells.length === 0 ? null : { cells: inputCells, missed: notRejected(inputCells), surfaces: inputSurfaceRows(inputCells) },
    specCoverage:
      specRows.length === 0
        ? null
        : { rows: specRows, units: sum(specRows, (r) => r.units), traced: sum(specRows, (r) => r.traced), verified: sum(specRows, (r) => r.verified) },
    endpoints: { rows: report.endpoints, exercised: report.endpoints.filter((e) => e.checks > 0).length },
  };
}
