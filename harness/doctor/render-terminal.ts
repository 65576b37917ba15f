import { escapeTerminal } from '../report/escape/terminal.js';
import { formatDuration } from '../report/format.js';
import { paint as paintStyles, type Style } from '../report/palette.js';
import type { DoctorItem, DoctorReport, DoctorStatus } from './model.js';

const LABEL: Readonly<Record<DoctorStatus, string>> = {
  ok: 'ok',
  warning: 'warning',
  problem: 'PROBLEM',
  'not-configured': 'not configured',
  'not-checked': 'not checked',
};
const WIDTH = Math.max(...Object.values(LABEL).map((l) => l.length));

const PAINT: Readonly<Record<DoctorStatus, readonly Style[]>> = {
  ok: ['green'],
  warning: ['yellow'],
  problem: ['bold', 'red'],
  'not-configured': ['dim'],
  'not-checked': ['dim'],
};

export interface DoctorTerminalOptions {
  readonly color: boolean;
}

/** One line per item: status, what is checked, what was found; the fix under every problem (and warnings that have one). */
export function renderDoctorItem(entry: DoctorItem, options: DoctorTerminalOptions): string {
  const paint = (text: string, styles: readonly Style[]): string => paintStyles(text, styles, options.color);
  const label = paint(LABEL[entry.status].padEnd(WIDTH), PAINT[entry.status]);
  let out = `${label}  ${escapeTerminal(entry.title)}: ${escapeTerminal(entry.detail)}\n`;
  if (entry.fix !== undefined && (entry.status === 'problem' || entry.status === 'warning')) {
    out += `${' '.repeat(WIDTH)}  ${paint('fix:', ['bold'])} ${escapeTerminal(entry.fix)}\n`;
  }
  return out;
}

/** The lines after the items: counts, records created and deleted, and what to do next. */
export function renderDoctorSummary(report: DoctorReport): string {
  const c = report.counts;
  const parts = [`${c.ok} ok`, `${c.warning} warning${c.warning === 1 ? '' : 's'}`, `${c.problem} problem${c.problem === 1 ? '' : 's'}`];
  if (c['not-configured'] > 0) parts.push(`${c['not-configured']} not configured`);
  if (c['not-checked'] > 0) parts.push(`${c['not-checked']} not checked`);
  let out = `\n${parts.join(', ')} (${formatDuration(report.durationMs)})\n`;
  for (const record of report.created) {
    out += `created ${escapeTerminal(record.path)} ${record.why === '' ? '' : `(${escapeTerminal(record.why)}) `}${record.deleted ? 'and deleted it again' : 'and could NOT delete it: remove it by hand'}\n`;
  }
  const blocking = report.items.filter((i) => i.blocksRun);
  if (report.stoppedBy !== undefined) out += `stopped by ${report.stoppedBy.signal} before every item was checked: run the doctor again\n`;
  else if (blocking.length > 0) out += `conformance run would stop before it starts: ${blocking.map((i) => i.id).join(', ')}\n`;
  else if (c.problem > 0) out += 'fix the problems above, then run the doctor again\n';
  else out += 'the configuration is ready for a run\n';
  return out;
}
