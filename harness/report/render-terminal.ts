import { escapeTerminal } from './escape/terminal.js';
import { paint as paintStyles, type Style } from './palette.js';
import { formatDuration, plural } from './format.js';
import { targetWords, verdictHeadline, verdictReason } from './verdict.js';
import type { Report, Status, StatusCounts } from './model.js';
import { expectedSummary } from './expected.js';
import { detailAfterReason, idList, UNVERIFIED_LABEL } from './unverified.js';
import { reportView } from './view.js';

/** At most this many groups of unverified requirements, and ids per group, in the terminal. */
const MAX_GROUPS = 8;
const MAX_IDS = 6;

export interface TerminalOptions {
  /** Emit ANSI colours (decided by the caller from TTY / NO_COLOR / FORCE_COLOR). */
  readonly color: boolean;
}

const COLUMNS = ['pass', 'fail', 'skip', 'inconclusive', 'error'] as const satisfies readonly Status[];

/**
 * A few lines for the end of a CLI run: one row per domain with its counts, a total row and the
 * verdict. Colour only when `options.color`; data is stripped of control characters either way.
 */
export function renderTerminalSummary(report: Report, options: TerminalOptions): string {
  const paint = (text: string, ...styles: Style[]): string => paintStyles(text, styles, options.color);

  const view = reportView(report);
  const domains = view.domains.map((d) => d.summary);
  const names = domains.map((d) => escapeTerminal(d.domain));
  const nameWidth = Math.max('domain'.length, 'total'.length, ...names.map((n) => n.length));
  const widths = COLUMNS.map((c) => Math.max(c.length, ...domains.map((d) => String(d.counts[c]).length), String(report.counts.byStatus[c]).length));

  /** Colour a count only when it is non-zero; a fail with no MUST behind it is a warning (yellow). */
  const cell = (status: Status, n: number, mustFailed: boolean): Style[] => {
    if (n === 0) return ['dim'];
    switch (status) {
      case 'pass':
        return ['green'];
      case 'fail':
        return mustFailed ? ['red', 'bold'] : ['yellow'];
      case 'error':
        return ['magenta', 'bold'];
      case 'inconclusive':
        return ['yellow'];
      case 'skip':
        return [];
    }
  };

  const line = (name: string, counts: StatusCounts, mustFailed: boolean, nameStyles: Style[] = []): string =>
    [
      paint(name.padEnd(nameWidth), ...nameStyles),
      ...COLUMNS.map((c, i) => paint(String(counts[c]).padStart(widths[i] ?? 0), ...cell(c, counts[c], mustFailed))),
    ].join('  ');

  const lines: string[] = [];
  lines.push(paint(['domain'.padEnd(nameWidth), ...COLUMNS.map((c, i) => c.padStart(widths[i] ?? 0))].join('  '), 'bold'));
  domains.forEach((d, i) => {
    const mustFailed = report.checks.some((c) => c.domain === d.domain && c.level === 'MUST' && c.status === 'fail');
    lines.push(line(names[i] ?? '', d.counts, mustFailed));
  });
  lines.push(line('total', report.counts.byStatus, report.counts.byLevel.MUST.fail > 0, ['bold']));
  lines.push('');

  const verdictStyle: Style[] =
    report.verdict === 'conformant'
      ? ['green', 'bold']
      : report.verdict === 'non-conformant'
        ? ['red', 'bold']
        : report.verdict === 'incomplete'
          ? ['yellow', 'bold']
          : ['magenta', 'bold'];
  lines.push(`${paint(verdictHeadline(report), ...verdictStyle)}  ${escapeTerminal(verdictReason(report))}`);
  if (report.unverified.length > 0) {
    const { groups } = view.unverified;
    lines.push('Unverified MUST requirements:');
    for (const g of groups.slice(0, MAX_GROUPS)) {
      lines.push(
        `  ${paint(`${UNVERIFIED_LABEL[g.reason]} (${g.ids.length})`, 'yellow')}: ${escapeTerminal(detailAfterReason(g))}: ${escapeTerminal(idList(g.ids, MAX_IDS))}`,
      );
    }
    if (groups.length > MAX_GROUPS) lines.push(`  and ${groups.length - MAX_GROUPS} more groups (see the report's "Unverified MUST requirements")`);
  }
  const expected = expectedSummary(report);
  if (expected !== undefined) {
    const bad = report.expectedFailures.some((e) => e.state === 'stale' || e.state === 'expired');
    lines.push(paint(escapeTerminal(expected), bad ? 'red' : 'yellow'));
  }
  lines.push(
    paint(
      `${plural(report.counts.total, 'check')} in ${formatDuration(report.durationMs)} against ${escapeTerminal(targetWords(report))} (run ${escapeTerminal(report.runId)})`,
      'dim',
    ),
  );
  return `${lines.join('\n')}\n`;
}
