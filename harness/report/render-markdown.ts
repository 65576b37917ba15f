import {
  checkLabel,
  compareChecksBySeverity,
  compareNatural,
  compareText,
  escapeMarkdownCell,
  escapeMarkdownText,
  failureKind,
  formatDuration,
  formatProperty,
  formatResponse,
  markdownCode,
  markdownFence,
  plural,
  verdictLabel,
  verdictReason,
} from './escape.js';
import { LEVELS, STATUSES, type CheckResult, type Level, type Observation, type Report, type Status, type StatusCounts } from './model.js';
import { pivotMatrix } from './matrix.js';
import { groupObservations } from './observations.js';
import { renderTransitionsMarkdown } from './transitions.js';
import { detailAfterReason, groupUnverified, UNVERIFIED_LABEL } from './unverified.js';

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
};

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  const separator = header.map((_h, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [row(header.map(escapeMarkdownCell)), row(separator), ...rows.map(row)].join('\n');
}

function countCells(counts: StatusCounts): string[] {
  return STATUSES.map((s) => String(counts[s]));
}

function total(counts: StatusCounts): number {
  return STATUSES.reduce((n, s) => n + counts[s], 0);
}

/** A failed SHOULD/MAY is a warning: it never wears the icon of a conformance failure. */
function checkStatusLabel(status: Status, level: Level): string {
  return status === 'fail' && level !== 'MUST' ? `⚠️ fail (${failureKind(level)})` : `${STATUS_ICON[status]} ${status}`;
}

/** A domain whose only failures are SHOULD/MAY shows as a warning, not as a conformance failure. */
function domainStatusLabel(status: Status, checks: readonly CheckResult[]): string {
  if (status === 'fail' && !checks.some((c) => c.status === 'fail' && c.level === 'MUST')) {
    return '⚠️ fail (warnings only)';
  }
  return `${STATUS_ICON[status]} ${status}`;
}

function renderHeader(report: Report): string[] {
  const target = report.target.embedded ? `${report.target.url} (embedded reference server)` : report.target.url;
  const meta: [string, string][] = [
    ['Target', target],
    ['Run', report.runId],
    ['Started', report.startedAt],
    ['Duration', formatDuration(report.durationMs)],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
    ['Seed', `${report.settings.seed} (${plural(report.settings.numRuns, 'run')} per property)`],
    ['Suites', report.settings.suites.length === 0 ? '(all)' : report.settings.suites.join(', ')],
  ];
  if (report.settings.requirements.length > 0) meta.push(['Requirements selected', report.settings.requirements.join(', ')]);
  if (report.target.faults.length > 0) meta.push(['Injected faults', report.target.faults.join(', ')]);
  if (report.target.variants.length > 0) meta.push(['Reference variants', report.target.variants.join(', ')]);
  if (report.throttling.waits > 0) {
    meta.push([
      'Throttling',
      `waited out HTTP 429 ${plural(report.throttling.waits, 'time')}, ${formatDuration(report.throttling.totalWaitMs)} in total`,
    ]);
  }
  return [
    `# Conformance report: ${VERDICT_ICON[report.verdict]} ${verdictLabel(report)}`,
    '',
    escapeMarkdownText(verdictReason(report)),
    '',
    ...meta.map(([k, v]) => `- **${k}:** ${escapeMarkdownCell(v)}`),
  ];
}

function renderCounts(report: Report): string[] {
  const header = ['Level', ...STATUSES, 'total'];
  const align = header.map((_h, i) => (i === 0 ? 'l' : 'r') as 'l' | 'r');
  const rows = LEVELS.map((level) => {
    const counts = report.counts.byLevel[level];
    return [level, ...countCells(counts), String(total(counts))];
  });
  rows.push(['**all**', ...countCells(report.counts.byStatus).map((c) => `**${c}**`), `**${report.counts.total}**`]);
  return [
    '## Results',
    '',
    table(header, rows, align),
    '',
    'A failed MUST check makes the target non-conformant; failed SHOULD and MAY checks are warnings. ' +
      'Conformance requires every MUST requirement of the catalogue to be verified and to pass.',
  ];
}

/** Which MUST requirements the run did not verify, and why: what keeps a run from being conformant. */
function renderUnverified(report: Report): string[] {
  if (report.unverified.length === 0) return [];
  const mustTotal = report.requirements.filter((r) => r.level === 'MUST').length;
  const rows = groupUnverified(report.unverified).map((g) => [
    UNVERIFIED_LABEL[g.reason],
    escapeMarkdownCell(detailAfterReason(g)),
    String(g.ids.length),
    escapeMarkdownCell(g.ids.join(', ')),
  ]);
  return [
    '## Unverified MUST requirements',
    '',
    `${report.unverified.length} of ${plural(mustTotal, 'MUST requirement')} were not verified by this run; ` +
      'set the variables named, run every suite and requirement, and re-run what was inconclusive to verify them.',
    '',
    table(['Reason', 'Detail', 'Count', 'Requirements'], rows, ['l', 'l', 'r', 'l']),
  ];
}

function renderDomains(report: Report): string[] {
  if (report.domains.length === 0) return [];
  const domains = [...report.domains].sort((a, b) => compareText(a.domain, b.domain));
  const header = ['Domain', 'Status', ...STATUSES];
  const align = header.map((_h, i) => (i < 2 ? 'l' : 'r') as 'l' | 'r');
  const rows = domains.map((d) => [
    escapeMarkdownCell(d.domain),
    domainStatusLabel(
      d.status,
      report.checks.filter((c) => c.domain === d.domain),
    ),
    ...countCells(d.counts),
  ]);
  return ['## Domains', '', table(header, rows, align)];
}

/** Everything needed to reproduce and judge one result, in fenced blocks that show data verbatim. */
function renderCheckDetail(check: CheckResult): string[] {
  const lines: string[] = [
    `### ${escapeMarkdownCell(checkLabel(check))}`,
    '',
    `**Domain** ${escapeMarkdownCell(check.domain)} · **Section** ${escapeMarkdownCell(check.section)} · ` +
      `**Level** ${check.level} · **Status** ${checkStatusLabel(check.status, check.level)} · **Time** ${formatDuration(check.durationMs)}`,
    '',
  ];
  if (check.message !== null && check.message !== '') {
    if (/[\r\n]/.test(check.message)) {
      lines.push('**Message**', '', markdownFence(check.message, 'text'), '');
    } else {
      lines.push(`**Message** ${escapeMarkdownText(check.message)}`, '');
    }
  }
  if (check.exchange !== null) {
    lines.push('**Reproduce**', '', markdownFence(check.exchange.curl, 'sh'), '');
    lines.push(
      `**Response** to ${markdownCode(`${check.exchange.method} ${check.exchange.url}`)}`,
      '',
      markdownFence(formatResponse(check.exchange), 'http'),
      '',
    );
  }
  if (check.property !== null) {
    lines.push(`**Property** ${escapeMarkdownCell(formatProperty(check.property))}`, '');
    if (check.property.counterexample !== null) {
      lines.push('**Counterexample**', '', markdownFence(check.property.counterexample, 'text'), '');
    }
  }
  if (check.throttled > 0) {
    lines.push(`**Throttled** waited out HTTP 429 ${plural(check.throttled, 'time')} (not a failure).`, '');
  }
  return lines;
}

function renderFailures(report: Report): string[] {
  const failed = report.checks.filter((c) => c.status === 'fail').sort(compareChecksBySeverity);
  const must = failed.filter((c) => c.level === 'MUST');
  const warnings = failed.filter((c) => c.level !== 'MUST');
  const errors = report.checks.filter((c) => c.status === 'error').sort(compareChecksBySeverity);
  const out: string[] = ['## Failures (MUST)', ''];
  if (must.length === 0) out.push('No MUST check failed.', '');
  for (const c of must) out.push(...renderCheckDetail(c));
  if (warnings.length > 0) {
    out.push('## Warnings (SHOULD and MAY)', '', 'These do not affect conformance.', '');
    for (const c of warnings) out.push(...renderCheckDetail(c));
  }
  if (errors.length > 0) {
    out.push(
      '## Errors',
      '',
      'These checks could not finish (harness or transport error): their requirements are untested.',
      '',
    );
    for (const c of errors) out.push(...renderCheckDetail(c));
  }
  return out;
}

function renderBriefList(title: string, intro: string, checks: readonly CheckResult[]): string[] {
  if (checks.length === 0) return [];
  const items = [...checks].sort(compareChecksBySeverity).map((c) => {
    const message = c.message === null || c.message === '' ? '' : `: ${escapeMarkdownCell(c.message)}`;
    return `- **${escapeMarkdownCell(checkLabel(c))}** (${escapeMarkdownCell(c.domain)}, spec ${escapeMarkdownCell(c.section)})${message}`;
  });
  return [`## ${title}`, '', intro, '', ...items, ''];
}

function renderObservations(observations: readonly Observation[]): string[] {
  if (observations.length === 0) return [];
  const out: string[] = [
    '## Observations',
    '',
    'What the target chose where the specification leaves the choice open.',
    '',
  ];
  for (const { topic, values } of groupObservations(observations)) {
    out.push(
      `**${escapeMarkdownCell(topic)}**`,
      '',
      table(
        ['Value', 'Seen at', 'Requirement'],
        values.map((v) => [
          v.value === '' ? '_(empty)_' : escapeMarkdownCell(v.value),
          escapeMarkdownCell(v.subjects.join(', ')),
          escapeMarkdownCell(v.requirements.join(', ')),
        ]),
      ),
      '',
    );
  }
  return out;
}

function renderCoverage(report: Report): string[] {
  if (report.requirements.length === 0) return [];
  const requirements = [...report.requirements].sort(
    (a, b) => compareNatural(a.section, b.section) || compareNatural(a.id, b.id),
  );
  const uncovered = requirements.filter((r) => r.status === null || r.checks === 0).length;
  const rows = requirements.map((r) => [
    escapeMarkdownCell(r.id),
    r.level,
    escapeMarkdownCell(r.section),
    escapeMarkdownCell(r.domain),
    escapeMarkdownCell(r.statement),
    String(r.checks),
    r.status === null ? '⚠️ **not covered**' : checkStatusLabel(r.status, r.level),
  ]);
  return [
    '## Requirement coverage',
    '',
    `${plural(requirements.length, 'requirement')} in the catalogue: ${requirements.length - uncovered} covered by this run, ` +
      `${uncovered} not covered.`,
    '',
    table(['Requirement', 'Level', 'Section', 'Domain', 'Statement', 'Checks', 'Result'], rows, [
      'l',
      'l',
      'l',
      'l',
      'l',
      'r',
      'l',
    ]),
  ];
}

function renderEndpoints(report: Report): string[] {
  if (report.endpoints.length === 0 && report.notTestable.length === 0) return [];
  const exercised = report.endpoints.filter((e) => e.checks > 0).length;
  const rows = report.endpoints.map((e) => [
    escapeMarkdownCell(e.method),
    escapeMarkdownCell(e.path),
    escapeMarkdownCell(e.domain),
    escapeMarkdownCell(e.section),
    e.checks > 0 ? String(e.checks) : '⚠️ **not exercised**',
  ]);
  return [
    '## Endpoint coverage',
    '',
    `${exercised} of ${plural(report.endpoints.length, 'documented endpoint')} exercised by this run.`,
    '',
    table(['Method', 'Path', 'Domain', 'Section', 'Checks'], rows, ['l', 'l', 'l', 'l', 'r']),
    '',
    ...(report.notTestable.length > 0
      ? ['**Not testable** (the spec names these without documenting them):', '', ...report.notTestable.map((n) => `- ${escapeMarkdownCell(n.domain)}: ${escapeMarkdownCell(n.reason)}`)]
      : []),
  ];
}

function renderMatrix(report: Report): string[] {
  if (report.matrix.length === 0) return [];
  const { operations, rows } = pivotMatrix(report.matrix);
  const failed = report.matrix.filter((c) => c.status === 'fail').length;
  return [
    '## Isolation and permission matrix',
    '',
    `Resource x operation x key: ✅ refused or allowed as spec 5 requires, ❌ not (${failed} failed), · not tried.`,
    '',
    table(
      ['Resource', 'Key', ...operations.map(escapeMarkdownCell)],
      rows.map((r) => [
        escapeMarkdownCell(r.resource),
        escapeMarkdownCell(r.key),
        ...r.cells.map((c) => (c === undefined ? '·' : `${c.status === 'pass' ? '✅' : '❌'}${c.answered === null ? '' : ` ${c.answered}`}`)),
      ]),
    ),
  ];
}

/**
 * `summary.md`: a CI job summary / hand-over document. Verdict first, then counts, the evidence
 * for every failure (MUST before SHOULD/MAY warnings), errors, inconclusive checks, observations
 * and requirement coverage. Deterministic: everything is sorted, no clock is read.
 */
export function renderMarkdown(report: Report): string {
  const inconclusive = report.checks.filter((c) => c.status === 'inconclusive');
  const sections: string[][] = [
    renderHeader(report),
    renderCounts(report),
    renderDomains(report),
    renderFailures(report),
    renderUnverified(report),
    renderBriefList(
      'Inconclusive',
      'The run could not decide these either way; the requirement is neither met nor failed.',
      inconclusive,
    ),
    renderObservations(report.observations),
    [renderTransitionsMarkdown(report)].filter((section) => section !== ''),
    renderMatrix(report),
    renderCoverage(report),
    renderEndpoints(report),
    [`_Generated by ${escapeMarkdownCell(`${report.tool.name} ${report.tool.version}`)}, run ${escapeMarkdownCell(report.runId)}._`],
  ];
  const text = sections
    .filter((s) => s.length > 0)
    .map((s) => s.join('\n').replace(/\n+$/, ''))
    .join('\n\n');
  return `${text}\n`;
}
