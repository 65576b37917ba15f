import { escapeMarkdownCell, escapeMarkdownText, markdownCode, markdownFence } from './escape/markdown.js';
import { checkMessage, formatDuration, formatProperty, formatResponse, messageAndCode, plural } from './format.js';
import { checkLabel, failureKind, verdictHeadline, verdictReason } from './verdict.js';
import { STATUSES, type CheckResult, type Level, type Report, type Status, type StatusCounts } from './model.js';
import { renderTransitionsMarkdown } from './transitions.js';
import { EXPECTED_LABEL, expectedSummary } from './expected.js';
import { detailAfterReason, idList, UNVERIFIED_LABEL } from './unverified.js';
import { reportView, type ReportView } from './view.js';
import {
  clip,
  clipBlock,
  heading,
  renderDocument,
  renderSection,
  row,
  section,
  SECTION_NAMES,
  SUMMARY_LIMITS,
  tableHead,
  UNLIMITED,
  type Form,
  type Item,
  type Limits,
  type Section,
} from './markdown-sections.js';

/**
 * Longest `summary.md`, in UTF-16 code units (never fewer than characters): a pull-request
 * comment holds at most 65,536 characters and a job summary 1 MiB; the margin leaves room for
 * whatever a bot puts around it.
 */
export const SUMMARY_MAX_CHARS = 60_000;

const STATUS_ICON: Readonly<Record<Status, string>> = {
  pass: '✅',
  skip: '⏭️',
  inconclusive: '❔',
  fail: '❌',
  error: '💥',
};

const VERDICT_ICON: Readonly<Record<Report['verdict'], string>> = {
  conformant: '✅',
  incomplete: '⚠️',
  'non-conformant': '❌',
  error: '💥',
  interrupted: '⏹️',
};

function countCells(counts: StatusCounts): string[] {
  return STATUSES.map((s) => String(counts[s]));
}

/** A failed SHOULD/MAY is a warning: it never wears the icon of a conformance failure. */
function checkStatusLabel(status: Status, level: Level): string {
  return status === 'fail' && level !== 'MUST' ? `⚠️ fail (${failureKind(level)})` : `${STATUS_ICON[status]} ${status}`;
}

/* ----------------------------------------------------------------------------------------------
 * The sections
 * -------------------------------------------------------------------------------------------- */

function headerSection(view: ReportView, limits: Limits): Section {
  const { report } = view;
  return section({
    name: SECTION_NAMES.header,
    lead: [
      `# Conformance report: ${VERDICT_ICON[report.verdict]} ${verdictHeadline(report)}`,
      '',
      escapeMarkdownText(clip(verdictReason(report), limits.block)),
      '',
      ...view.meta.filter((m) => m.inSummary).map((m) => `- **${m.label}:** ${escapeMarkdownCell(clip(m.value, limits.cell))}`),
    ],
  });
}

function countsSection(view: ReportView): Section {
  const { report } = view;
  const header = ['Level', ...STATUSES, 'total'];
  const align = header.map((_h, i) => (i === 0 ? 'l' : 'r') as 'l' | 'r');
  const rows = view.levels.map((l) => row([l.level, ...countCells(l.counts), String(l.total)]));
  rows.push(row(['**all**', ...countCells(report.counts.byStatus).map((c) => `**${c}**`), `**${report.counts.total}**`]));
  return section({
    name: SECTION_NAMES.results,
    lead: [heading(SECTION_NAMES.results), '', ...tableHead(header, align), ...rows],
    tail: [
      'A failed MUST check makes the target non-conformant; failed SHOULD and MAY checks are warnings. ' +
        'Conformance requires every MUST requirement of the catalogue to be verified and to pass.',
    ],
  });
}

/** Which MUST requirements the run did not verify, and why: what keeps a run from being conformant. */
function unverifiedSection(view: ReportView, limits: Limits): Section | null {
  const { report } = view;
  if (report.unverified.length === 0) return null;
  const { mustTotal, groups } = view.unverified;
  const rows = groups.map((g) =>
    row([
      UNVERIFIED_LABEL[g.reason],
      escapeMarkdownCell(clip(detailAfterReason(g), limits.cell)),
      String(g.ids.length),
      escapeMarkdownCell(limits.ids === Infinity ? g.ids.join(', ') : idList(g.ids, limits.ids)),
    ]),
  );
  return section({
    name: SECTION_NAMES.unverified,
    lead: [
      heading(SECTION_NAMES.unverified),
      '',
      `${report.unverified.length} of ${plural(mustTotal, 'MUST requirement')} were not verified by this run; ` +
        'set the variables named, run every suite and requirement, and re-run what was inconclusive to verify them.',
    ],
    itemsHead: tableHead(['Reason', 'Detail', 'Count', 'Requirements'], ['l', 'l', 'r', 'l']),
    items: rows.map((full) => ({ full })),
  });
}

/** CONFORMANCE_EXPECTED_FAILURES: each entry, how it fared, and why it is listed. */
function expectedSection(report: Report, limits: Limits): Section | null {
  if (report.expectedFailures.length === 0) return null;
  const rows = report.expectedFailures.map((e) =>
    row([e.id, EXPECTED_LABEL[e.state], String(e.failed), e.expires ?? '', escapeMarkdownCell(clip(e.reason, limits.cell))]),
  );
  return section({
    name: SECTION_NAMES.expected,
    lead: [
      heading(SECTION_NAMES.expected),
      '',
      `${escapeMarkdownCell(expectedSummary(report) ?? '')}. A failure listed here does not fail the exit code; ` +
        'a stale or expired entry does. The verdict is what the checks say.',
    ],
    itemsHead: tableHead(['Requirement', 'State', 'Failed checks', 'Expires', 'Reason'], ['l', 'l', 'r', 'l', 'l']),
    items: rows.map((full) => ({ full })),
  });
}

function domainsSection(view: ReportView, limits: Limits): Section | null {
  if (view.domains.length === 0) return null;
  const header = ['Domain', 'Status', ...STATUSES];
  const align = header.map((_h, i) => (i < 2 ? 'l' : 'r') as 'l' | 'r');
  const rows = view.domains.map(({ summary: d, view: status }) => {
    const label = status.warning ? '⚠️ fail (warnings only)' : `${STATUS_ICON[status.status]} ${status.status}`;
    return row([escapeMarkdownCell(clip(d.domain, limits.cell)), status.note === '' ? label : `${label}, ${status.note}`, ...countCells(d.counts)]);
  });
  return section({
    name: SECTION_NAMES.domains,
    lead: [heading(SECTION_NAMES.domains)],
    itemsHead: tableHead(header, align),
    items: rows.map((full) => ({ full })),
  });
}

/** Everything needed to reproduce and judge one result, in fenced blocks that show data verbatim. */
function checkDetail(check: CheckResult, anchor: string, limits: Limits): string {
  const lines: string[] = [
    `### ${escapeMarkdownCell(clip(checkLabel(check), limits.cell))}`,
    '',
    `**Domain** ${escapeMarkdownCell(clip(check.domain, limits.cell))} · **Section** ${escapeMarkdownCell(clip(check.section, limits.cell))} · ` +
      `**Level** ${check.level} · **Status** ${checkStatusLabel(check.status, check.level)} · **Time** ${formatDuration(check.durationMs)} · ` +
      `**In the HTML report** ${markdownCode(`report.html#${anchor}`)}`,
    '',
  ];
  const message = checkMessage(check);
  if (message !== null) {
    if (/[\r\n]/.test(message) || message.length > limits.cell) {
      lines.push('**Message**', '', markdownFence(clipBlock(message, limits.block), 'text'), '');
    } else {
      lines.push(`**Message** ${escapeMarkdownText(message)}`, '');
    }
  }
  if (check.exchange !== null) {
    lines.push('**Reproduce**', '', markdownFence(clipBlock(check.exchange.curl, limits.block), 'sh'), '');
    lines.push(
      `**Response** to ${markdownCode(clip(`${check.exchange.method} ${check.exchange.url}`, limits.cell))}`,
      '',
      markdownFence(clipBlock(formatResponse(check.exchange), limits.block), 'http'),
      '',
    );
  }
  if (check.property !== null) {
    lines.push(`**Property** ${escapeMarkdownCell(formatProperty(check.property))}`, '');
    if (check.property.counterexample !== null) {
      lines.push('**Counterexample**', '', markdownFence(clipBlock(check.property.counterexample, limits.block), 'text'), '');
    }
  }
  if (check.throttled > 0) {
    lines.push(`**Throttled** waited out HTTP 429 ${plural(check.throttled, 'time')} (not a failure).`, '');
  }
  return lines.join('\n').replace(/\n+$/, '');
}

/** One line: label, domain, section and message, without the evidence. */
function checkBrief(check: CheckResult, limits: Limits): string {
  // The code whole after the clipped message: a long message never hides it.
  const parts = messageAndCode(check);
  const text = [parts.message === null ? null : escapeMarkdownCell(clip(parts.message, limits.cell)), parts.code].filter((p) => p !== null).join(' ');
  const message = text === '' ? '' : `: ${text}`;
  return (
    `- **${escapeMarkdownCell(clip(checkLabel(check), limits.cell))}** ` +
    `(${escapeMarkdownCell(clip(check.domain, limits.cell))}, spec ${escapeMarkdownCell(clip(check.section, limits.cell))})${message}`
  );
}

function checkItems(checks: readonly CheckResult[], anchors: ReadonlyMap<CheckResult, string>, limits: Limits): Item[] {
  return checks.map((c) => ({ full: checkDetail(c, anchors.get(c) ?? '', limits), brief: checkBrief(c, limits) }));
}

const moreChecks = (n: number): string => `_… and ${plural(n, 'more check')}: see report.html._`;

function failureSections(view: ReportView, limits: Limits): { must: Section; warnings: Section | null; errors: Section | null } {
  const { failedMust: must, warnings, errors, checkAnchors: anchors } = view;
  return {
    must: section({
      name: SECTION_NAMES.failures,
      lead: must.length === 0 ? [heading(SECTION_NAMES.failures), '', 'No MUST check failed.'] : [heading(SECTION_NAMES.failures)],
      items: checkItems(must, anchors, limits),
      join: '\n\n',
      omitted: moreChecks,
    }),
    warnings:
      warnings.length === 0
        ? null
        : section({
            name: SECTION_NAMES.warnings,
            lead: [heading(SECTION_NAMES.warnings), '', 'These do not affect conformance.'],
            items: checkItems(warnings, anchors, limits),
            join: '\n\n',
            omitted: moreChecks,
          }),
    errors:
      errors.length === 0
        ? null
        : section({
            name: SECTION_NAMES.errors,
            lead: [heading(SECTION_NAMES.errors), '', 'These checks could not finish (harness or transport error): their requirements are untested.'],
            items: checkItems(errors, anchors, limits),
            join: '\n\n',
            omitted: moreChecks,
          }),
  };
}

function inconclusiveSection(view: ReportView, limits: Limits): Section | null {
  const checks = view.inconclusive;
  if (checks.length === 0) return null;
  return section({
    name: SECTION_NAMES.inconclusive,
    lead: [heading(SECTION_NAMES.inconclusive), '', 'The run could not decide these either way; the requirement is neither met nor failed.'],
    items: checks.map((c) => ({ full: checkBrief(c, limits) })),
    join: '\n\n',
    omitted: moreChecks,
  });
}

function observationsSection(view: ReportView, limits: Limits): Section | null {
  if (view.observations.length === 0) return null;
  const cell = (s: string): string => escapeMarkdownCell(clip(s, limits.cell));
  return section({
    name: SECTION_NAMES.observations,
    lead: [heading(SECTION_NAMES.observations), '', 'What the target chose where the specification leaves the choice open.'],
    items: view.observations.map(({ topic, values }) => ({
      full: [
        `**${cell(topic)}**`,
        '',
        ...tableHead(['Value', 'Seen at', 'Requirement']),
        ...values.map((v) => row([v.value === '' ? '_(empty)_' : cell(v.value), cell(v.subjects.join(', ')), cell(v.requirements.join(', '))])),
      ].join('\n'),
    })),
    join: '\n\n',
    omitted: (n) => `_… and ${plural(n, 'more topic')}: see report.html._`,
  });
}

function transitionsSection(report: Report): Section | null {
  const text = renderTransitionsMarkdown(report).replace(/\n+$/, '');
  if (text === '') return null;
  return section({ name: SECTION_NAMES.transitions, lead: [], items: [{ full: text }], omitted: () => '' });
}

function coverageSection(view: ReportView, limits: Limits): Section | null {
  const { rows: requirements, uncovered } = view.requirements;
  if (requirements.length === 0) return null;
  const cell = (s: string): string => escapeMarkdownCell(clip(s, limits.cell));
  return section({
    name: SECTION_NAMES.requirements,
    lead: [
      heading(SECTION_NAMES.requirements),
      '',
      `${plural(requirements.length, 'requirement')} in the catalogue: ${requirements.length - uncovered} covered by this run, ` + `${uncovered} not covered.`,
    ],
    itemsHead: tableHead(['Requirement', 'Level', 'Section', 'Domain', 'Statement', 'Checks', 'Result'], ['l', 'l', 'l', 'l', 'l', 'r', 'l']),
    items: requirements.map((r) => ({
      full: row([
        cell(r.id),
        r.level,
        cell(r.section),
        cell(r.domain),
        cell(r.statement),
        String(r.checks),
        r.status === null ? '⚠️ **not covered**' : checkStatusLabel(r.status, r.level),
      ]),
    })),
  });
}

function endpointsSection(view: ReportView, limits: Limits): Section | null {
  const { report } = view;
  if (report.endpoints.length === 0 && report.notTestable.length === 0) return null;
  const { exercised } = view.endpoints;
  const cell = (s: string): string => escapeMarkdownCell(clip(s, limits.cell));
  return section({
    name: SECTION_NAMES.endpoints,
    lead: [heading(SECTION_NAMES.endpoints), '', `${exercised} of ${plural(report.endpoints.length, 'documented endpoint')} exercised by this run.`],
    itemsHead: tableHead(['Method', 'Path', 'Domain', 'Section', 'Checks'], ['l', 'l', 'l', 'l', 'r']),
    items: report.endpoints.map((e) => ({
      full: row([cell(e.method), cell(e.path), cell(e.domain), cell(e.section), e.checks > 0 ? String(e.checks) : '⚠️ **not exercised**']),
    })),
    tail:
      report.notTestable.length > 0
        ? ['**Not testable** (the spec names these without documenting them):', '', ...report.notTestable.map((n) => `- ${cell(n.domain)}: ${cell(n.reason)}`)]
        : [],
  });
}

/** The spec's units per section and how the run accounted for them (harness/spec/traceability). */
function specCoverageSection(view: ReportView, limits: Limits): Section | null {
  if (view.specCoverage === null) return null;
  const { rows, units, traced, verified } = view.specCoverage;
  return section({
    name: SECTION_NAMES.specSections,
    lead: [
      heading(SECTION_NAMES.specSections),
      '',
      `The spec cut into ${plural(units, 'unit')} (table rows, bullets, sentences; docs/traceability.md): ${traced} traced to requirements, ${verified} of them verified by this run (every requirement they name passed).`,
    ],
    itemsHead: tableHead(['Section', 'Units', 'Traced', 'Verified', 'Informative', 'Untestable'], ['l', 'r', 'r', 'r', 'r', 'r']),
    items: rows.map((r) => ({
      full: row([
        escapeMarkdownCell(clip(r.section, limits.cell)),
        String(r.units),
        String(r.traced),
        String(r.verified),
        String(r.informative),
        String(r.untestable),
      ]),
    })),
  });
}

function matrixSection(view: ReportView, limits: Limits): Section | null {
  if (view.matrix === null) return null;
  const { operations, rows, failed } = view.matrix;
  const cell = (s: string): string => escapeMarkdownCell(clip(s, limits.cell));
  return section({
    name: SECTION_NAMES.matrix,
    lead: [heading(SECTION_NAMES.matrix), '', `Resource x operation x key: ✅ refused or allowed as spec 5 requires, ❌ not (${failed} failed), · not tried.`],
    itemsHead: tableHead(['Resource', 'Key', ...operations.map((o) => clip(o, limits.cell))]),
    items: rows.map((r) => ({
      full: row([
        cell(r.resource),
        cell(r.key),
        ...r.cells.map((c) => (c === undefined ? '·' : `${c.status === 'pass' ? '✅' : '❌'}${c.answered === null ? '' : ` ${c.answered}`}`)),
      ]),
    })),
  });
}

function inputClassesSection(view: ReportView, limits: Limits): Section | null {
  if (view.inputClasses === null) return null;
  const { cells, missed, surfaces } = view.inputClasses;
  const cell = (s: string): string => escapeMarkdownCell(clip(s, limits.cell));
  return section({
    name: SECTION_NAMES.inputClasses,
    lead: [
      heading(SECTION_NAMES.inputClasses),
      '',
      `Every field of every request body and query, each invalid class derived from the spec's field table sent once: ${cells.length} sent, ${cells.length - missed.length} rejected with a 4xx, ${missed.length} not.`,
      ...missed
        .slice(0, 20)
        .map((c) => `- ❌ ${cell(c.surface)} \`${cell(c.field)}\` ${cell(c.class)}: sent ${cell(c.sent)}, answered ${c.answered ?? 'nothing'}`),
    ],
    itemsHead: tableHead(['Surface', 'Fields', 'Sent', 'Rejected', 'Accepted', 'Other', 'Classes']),
    items: surfaces.map((r) => ({
      full: row([cell(r.surface), String(r.fields), String(r.sent), String(r.rejected), String(r.accepted), String(r.other), cell(r.classes)]),
    })),
  });
}

function footerSection(report: Report, limits: Limits): Section {
  return section({
    name: SECTION_NAMES.footer,
    lead: [
      `_Generated by ${escapeMarkdownCell(clip(`${report.tool.name} ${report.tool.version}`, limits.cell))}, run ${escapeMarkdownCell(clip(report.runId, limits.cell))}._`,
    ],
  });
}

/* ----------------------------------------------------------------------------------------------
 * The two documents
 * -------------------------------------------------------------------------------------------- */

/**
 * `summary-full.md`: the whole report in Markdown, for a hand-over document. Verdict first, then
 * counts, the evidence for every failure (MUST before SHOULD/MAY warnings), errors, inconclusive
 * checks, observations and requirement coverage. Deterministic: everything is sorted, no clock.
 */
export function renderMarkdown(report: Report): string {
  const view = reportView(report);
  const failures = failureSections(view, UNLIMITED);
  const sections = [
    headerSection(view, UNLIMITED),
    countsSection(view),
    domainsSection(view, UNLIMITED),
    failures.must,
    failures.warnings,
    failures.errors,
    unverifiedSection(view, UNLIMITED),
    expectedSection(report, UNLIMITED),
    inconclusiveSection(view, UNLIMITED),
    observationsSection(view, UNLIMITED),
    transitionsSection(report),
    matrixSection(view, UNLIMITED),
    inputClassesSection(view, UNLIMITED),
    coverageSection(view, UNLIMITED),
    specCoverageSection(view, UNLIMITED),
    endpointsSection(view, UNLIMITED),
    footerSection(report, UNLIMITED),
  ].filter((s): s is Section => s !== null);
  return renderDocument(
    sections,
    sections.map((s) => s.items.map((): Form => 'full')),
    sections.map(() => true),
  );
}

export interface SummaryOptions {
  /** Longest output in UTF-16 code units (default SUMMARY_MAX_CHARS); honoured from about 8,000 up. */
  readonly maxChars?: number;
}

/** Room kept for the closing note that says what was left out. */
const CLOSING_NOTE_RESERVE = 900;

/**
 * `summary.md`: the report as a pull-request comment or CI job summary, never longer than
 * `maxChars` however large the run. The verdict, the counts and the domains always; then every
 * MUST failure, error, unverified requirement, warning and inconclusive check at least in one
 * line, as much evidence as fits (MUST failures first, then errors, then warnings), and the rest
 * (observations, matrix, coverage) as far as it fits. What was cut is said at the end, pointing
 * to report.html and summary-full.md. When everything fits it is summary-full.md, reordered:
 * errors and unverified requirements come before warnings.
 */
export function renderSummaryMarkdown(report: Report, options: SummaryOptions = {}): string {
  const maxChars = options.maxChars ?? SUMMARY_MAX_CHARS;
  const limits = SUMMARY_LIMITS;
  const view = reportView(report);
  const failures = failureSections(view, limits);
  const header = headerSection(view, limits);
  const counts = countsSection(view);
  const domains = domainsSection(view, limits);
  const unverified = unverifiedSection(view, limits);
  const expected = expectedSection(report, limits);
  const inconclusive = inconclusiveSection(view, limits);
  const rest = [
    observationsSection(view, limits),
    transitionsSection(report),
    matrixSection(view, limits),
    inputClassesSection(view, limits),
    coverageSection(view, limits),
    endpointsSection(view, limits),
  ];
  const footer = footerSection(report, limits);
  const sections = [header, counts, domains, failures.must, failures.errors, unverified, expected, failures.warnings, inconclusive, ...rest].filter(
    (s): s is Section => s !== null,
  );
  const footerText = renderSection(footer, []);
  // Everything, when everything fits.
  const whole = `${renderDocument(
    sections,
    sections.map((s) => s.items.map((): Form => 'full')),
    sections.map(() => true),
  )}\n${footerText}\n`;
  if (whole.length <= maxChars) return whole;

  const index = new Map(sections.map((s, i) => [s, i]));
  const forms: Form[][] = sections.map((s) => s.items.map((): Form => 'none'));
  const shown: boolean[] = sections.map(() => false);
  /** Every change in the order made, so the last ones can be undone if the count was off. */
  const log: Array<() => void> = [];

  const budget = maxChars - CLOSING_NOTE_RESERVE;
  let used = 1; // the final newline
  const sectionCost = (s: Section): number =>
    2 +
    s.lead.join('\n').length +
    s.tail.join('\n').length +
    2 +
    (s.itemsHead.length > 0 ? s.itemsHead.join('\n').length + 2 : 0) +
    2 +
    s.omitted(s.items.length).length;

  const show = (s: Section, always: boolean): boolean => {
    const i = index.get(s)!;
    if (shown[i]) return true;
    const cost = sectionCost(s);
    if (!always && used + cost > budget) return false;
    used += cost;
    shown[i] = true;
    log.push(() => {
      shown[i] = false;
      used -= cost;
    });
    return true;
  };
  const lengthOf = (item: Item, form: Form): number => (form === 'full' ? item.full.length : form === 'brief' ? (item.brief ?? item.full).length : 0);
  /** Moves one item to a longer form if it fits; false when it does not. */
  const grow = (s: Section, k: number, form: Form): boolean => {
    const i = index.get(s)!;
    const item = s.items[k]!;
    const before = forms[i]![k]!;
    const delta = lengthOf(item, form) - lengthOf(item, before) + (before === 'none' ? s.join.length : 0);
    if (used + delta > budget) return false;
    used += delta;
    forms[i]![k] = form;
    log.push(() => {
      forms[i]![k] = before;
      used -= delta;
    });
    return true;
  };
  /**
   * Items not yet shown, in order, while they fit (and while the section has used at most
   * `share` of the budget): what is left out is always the end of the list.
   */
  const fill = (s: Section | null, form: Form, share = 1): void => {
    if (s === null || !show(s, false)) return;
    const start = used;
    const i = index.get(s)!;
    for (let k = 0; k < s.items.length; k++) {
      if (forms[i]![k] !== 'none') continue;
      if (used - start >= share * budget || !grow(s, k, form)) return;
    }
  };

  used += footerText.length + 2;
  for (const s of [header, counts]) {
    show(s, true);
    s.items.forEach((_item, k) => {
      grow(s, k, 'full');
    });
  }
  fill(domains, 'full');
  // The first MUST failures and errors with their evidence, within a share of the page, so that
  // a long list of one-line failures never leaves none with its reproducer.
  fill(failures.must, 'full', 0.2);
  fill(failures.errors, 'full', 0.1);
  fill(unverified, 'full');
  fill(expected, 'full');
  for (const s of [failures.must, failures.errors, failures.warnings]) fill(s, 'brief');
  fill(inconclusive, 'full');
  // Evidence for as many problems as fit, most serious first; a long one does not stop shorter ones.
  for (const s of [failures.must, failures.errors, failures.warnings]) {
    if (s === null || !shown[index.get(s)!]) continue;
    s.items.forEach((_item, k) => {
      if (forms[index.get(s)!]![k] === 'brief') grow(s, k, 'full');
    });
  }
  for (const s of rest) fill(s, 'full');

  const full = renderMarkdown(report);
  const render = (): string => {
    const body = renderDocument(sections, forms, shown);
    const leftOut = sections.filter((_s, i) => !shown[i]).map((s) => s.name);
    const briefs = sections.reduce((n, s, i) => n + s.items.filter((item, k) => forms[i]![k] === 'brief' && item.brief !== undefined).length, 0);
    const omitted = sections.reduce((n, _s, i) => n + (shown[i] ? forms[i]!.filter((f) => f === 'none').length : 0), 0);
    if (leftOut.length === 0 && briefs === 0 && omitted === 0) return `${body}\n${footerText}\n`;
    const parts = [
      briefs > 0 ? `${plural(briefs, 'check')} shown in one line without evidence` : '',
      omitted > 0 ? `${plural(omitted, 'entry', 'entries')} left out` : '',
      leftOut.length > 0 ? `left out: ${leftOut.join(', ')}` : '',
    ].filter((p) => p !== '');
    const note =
      `---\n\n_This summary is shortened to fit a pull-request comment or a job summary (at most ${maxChars} characters; ` +
      `the complete one has ${full.length})${parts.length > 0 ? `: ${parts.join('; ')}` : ''}. ` +
      "The complete report, in the same directory as this summary (in CI: the job's artifacts), is `report.html` " +
      '(each check at `report.html#<its anchor>`) and `summary-full.md`._';
    return `${body}\n${note}\n\n${footerText}\n`;
  };
  let text = render();
  // The accounting above is exact up to a few characters per section; undo the last additions
  // until it fits, should it ever be off.
  while (text.length > maxChars && log.length > 0) {
    log.pop()!();
    text = render();
  }
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 40))}\n\n_(cut: see report.html)_\n`;
}
