import { EXPENSE_STATUSES } from '../spec/expenses.js';
import { MILESTONE_STATUSES } from '../spec/milestones.js';
import { TASK_STATUSES } from '../spec/tasks.js';
import { escapeMarkdownCell } from './escape/markdown.js';
import { plural } from './format.js';
import { compareNatural } from './order.js';
import { html } from './html.js';
import type { Observation, Report } from './model.js';

/*
 * The status-transition matrix. Spec 3.1 and 3.2 show no transitions and 3.3 shows only
 * `complete`, so a server may accept or refuse a status change as it likes: every attempt the
 * suites make is recorded as an observation of this topic, and rendered here as one grid per
 * record and field (rows: the status the record was in; columns: what was attempted).
 */

/** The observation topic every attempted status change is recorded under. */
export const TRANSITION_TOPIC = 'status-transition';

/** One attempted change: `to` is a status, `null`, or an operation such as `POST approve`. */
export interface Transition {
  /** The kind of record, one word: `expense`, `task`, `milestone`. */
  readonly record: string;
  /** The state field, one word: `status`, `reimbursementStatus`. */
  readonly field: string;
  /** The value the record held, one word (`(initial)` when the record showed none). */
  readonly from: string;
  readonly to: string;
}

export interface TransitionRow extends Transition {
  /** What the target answered, e.g. `accepted (200)`, `refused (409)`. */
  readonly outcome: string;
}

const ARROW = ' → ';

/** `expense status paid → draft`: the observation subject of one attempt (read back by parseTransition). */
export function transitionSubject({ record, field, from, to }: Transition): string {
  return `${record} ${field} ${from}${ARROW}${to}`;
}

/** The parts of a subject written by transitionSubject; undefined for any other text. */
export function parseTransition(subject: string): Transition | undefined {
  const match = /^(\S+) (\S+) (\S+) → (\S.*)$/u.exec(subject);
  if (match === null) return undefined;
  const [, record, field, from, to] = match as unknown as [string, string, string, string, string];
  return { record, field, from, to };
}

/** The observed value for an answer: `accepted (200)` for a 2xx, `refused (409)` for a 4xx, else `answered 500`. */
export function transitionOutcome(status: number): string {
  if (status >= 200 && status < 300) return `accepted (${status})`;
  if (status >= 400 && status < 500) return `refused (${status})`;
  return `answered ${status}`;
}

/** Each record's statuses in the order spec part 3 lists them: the order of rows and columns. */
const LISTED_STATUSES: Readonly<Record<string, readonly string[]>> = {
  expense: EXPENSE_STATUSES,
  task: TASK_STATUSES,
  milestone: MILESTONE_STATUSES,
};

/** `(initial)` first, then the listed statuses in spec order, then `null`, then anything else (operations). */
function valueRank(record: string, value: string): number {
  if (value === '(initial)') return -1;
  const listed = LISTED_STATUSES[record]?.indexOf(value) ?? -1;
  if (listed >= 0) return listed;
  return value === 'null' ? 1_000 : 2_000;
}

function compareValues(record: string, a: string, b: string): number {
  return valueRank(record, a) - valueRank(record, b) || compareNatural(a, b);
}

/**
 * The `status-transition` observations as rows, one per attempted change, whatever order they
 * came in: groups (record, field) in natural order; inside a group, `from` then `to` in the order
 * spec part 3 lists the statuses, then `null`, then operations (`PATCH`, `POST approve`) in
 * natural order. An attempt observed more than once with different answers shows every answer,
 * joined. Other topics, and subjects that do not parse, are left out.
 */
export function transitionMatrix(observations: readonly Observation[]): TransitionRow[] {
  const outcomes = new Map<string, { transition: Transition; values: string[] }>();
  for (const o of observations) {
    if (o.topic !== TRANSITION_TOPIC) continue;
    const transition = parseTransition(o.subject);
    if (transition === undefined) continue;
    const key = JSON.stringify([transition.record, transition.field, transition.from, transition.to]);
    const entry = outcomes.get(key) ?? { transition, values: [] };
    if (!entry.values.includes(o.value)) entry.values.push(o.value);
    outcomes.set(key, entry);
  }
  return [...outcomes.values()]
    .map(({ transition, values }): TransitionRow => ({ ...transition, outcome: [...values].sort(compareNatural).join('; ') }))
    .sort(
      (a, b) =>
        compareNatural(a.record, b.record) ||
        compareNatural(a.field, b.field) ||
        compareValues(a.record, a.from, b.from) ||
        compareValues(a.record, a.to, b.to),
    );
}

/** One grid per record and field: the `from` values down, the `to` values across. */
interface TransitionGrid {
  readonly record: string;
  readonly field: string;
  readonly from: readonly string[];
  readonly to: readonly string[];
  /** `cells[i][j]`: the outcome of from[i] → to[j], undefined when not tried. */
  readonly cells: ReadonlyArray<ReadonlyArray<string | undefined>>;
}

function grids(rows: readonly TransitionRow[]): TransitionGrid[] {
  const groups = new Map<string, TransitionRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.record, row.field]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const record = group[0]!.record;
    const from = [...new Set(group.map((r) => r.from))];
    const to = [...new Set(group.map((r) => r.to))].sort((a, b) => compareValues(record, a, b));
    return {
      record: group[0]!.record,
      field: group[0]!.field,
      from,
      to,
      cells: from.map((f) => to.map((t) => group.find((r) => r.from === f && r.to === t)?.outcome)),
    };
  });
}

const INTRO =
  'Spec 3 shows no transitions (only complete for milestones), so a server may accept or refuse each status change: ' +
  'what the target did. Rows: the status the record was in; columns: the status or operation attempted.';

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The transition grids as a `summary.md` section; empty when the run attempted no status change. */
export function renderTransitionsMarkdown(report: Report): string {
  const rows = transitionMatrix(report.observations);
  if (rows.length === 0) return '';
  const refused = rows.filter((r) => r.outcome.startsWith('refused')).length;
  const out: string[] = [
    '## Status transitions',
    '',
    `${escapeMarkdownCell(INTRO)} ${plural(rows.length, 'change')} attempted, ${refused} refused; · not tried.`,
    '',
  ];
  for (const grid of grids(rows)) {
    out.push(
      `**${escapeMarkdownCell(`${grid.record} ${grid.field}`)}**`,
      '',
      row(['From', ...grid.to].map(escapeMarkdownCell)),
      row(['---', ...grid.to.map(() => '---')]),
      ...grid.from.map((from, i) => row([escapeMarkdownCell(from), ...grid.cells[i]!.map((c) => (c === undefined ? '·' : escapeMarkdownCell(c)))])),
      '',
    );
  }
  return out.join('\n');
}

/** The transition grids as a `report.html` section (markup, every value escaped); empty when none. */
export function renderTransitionsHtml(report: Report): string {
  const rows = transitionMatrix(report.observations);
  if (rows.length === 0) return '';
  const refused = rows.filter((r) => r.outcome.startsWith('refused')).length;
  return html`<section id="transitions">
<h2>Status transitions</h2>
<p class="muted">${INTRO} ${plural(rows.length, 'change')} attempted, ${refused} refused.</p>
${grids(rows).map(
  (grid) => html`<h3 class="mono">${grid.record} ${grid.field}</h3>
<table>
<thead><tr><th>From</th>${grid.to.map((to) => html`<th class="mono">${to}</th>`)}</tr></thead>
<tbody>
${grid.from.map(
  (from, i) =>
    html`<tr><td class="mono">${from}</td>${grid.cells[i]!.map((c) => (c === undefined ? html`<td class="muted">·</td>` : html`<td>${c}</td>`))}</tr>\n`,
)}</tbody>
</table>
`,
)}</section>`.value;
}
