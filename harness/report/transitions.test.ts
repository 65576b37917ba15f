import { describe, expect, it } from 'vitest';
import type { Observation, Report } from './model.js';
import { HOSTILE_TEXT, sampleReport } from './testing/sample-report.js';
import {
  parseTransition,
  renderTransitionsHtml,
  renderTransitionsMarkdown,
  TRANSITION_TOPIC,
  transitionMatrix,
  transitionOutcome,
  transitionSubject,
} from './transitions.js';

const seen = (subject: string, value: string, topic = TRANSITION_TOPIC): Observation => ({
  topic,
  domain: 'expenses',
  subject,
  value,
  requirementId: 'TRANSITION-REFUSED-UNCHANGED',
});

/** What a run against a server that treats paid as final records, in the order the suite tries. */
const OBSERVATIONS: Observation[] = [
  seen('task status pending → completed', 'accepted (200)'),
  seen('expense status draft → pending', 'accepted (200)'),
  seen('expense status draft → paid', 'accepted (200)'),
  seen('expense status paid → draft', 'refused (409)'),
  seen('expense status paid → pending', 'refused (409)'),
  seen('expense reimbursementStatus paid → null', 'refused (422)'),
  seen('expense status paid → POST approve', 'refused (409)'),
  seen('task status completed → in_progress', 'refused (409)'),
  seen('POST /expenses', '400', 'validation-status'),
  seen('not a transition subject', 'accepted (200)'),
];

const reportWith = (observations: Observation[]): Report => ({ ...sampleReport(), observations });

describe('transition subjects', () => {
  it('read back the parts they were written from, whatever the target value', () => {
    for (const t of [
      { record: 'expense', field: 'status', from: 'paid', to: 'draft' },
      { record: 'expense', field: 'reimbursementStatus', from: 'rejected', to: 'null' },
      { record: 'expense', field: 'status', from: 'paid', to: 'POST approve' },
      { record: 'task', field: 'status', from: '(initial)', to: 'in_progress' },
    ]) {
      expect(parseTransition(transitionSubject(t))).toEqual(t);
    }
    expect(transitionSubject({ record: 'task', field: 'status', from: 'completed', to: 'pending' })).toBe('task status completed → pending');
  });

  it('leave other subjects unparsed', () => {
    for (const subject of ['POST /expenses', 'expense status → draft', 'expense status paid draft', 'expense status paid → ', '']) {
      expect(parseTransition(subject), subject).toBeUndefined();
    }
  });

  it('name an answer accepted for 2xx, refused for 4xx, and give any other status as it was', () => {
    expect(transitionOutcome(200)).toBe('accepted (200)');
    expect(transitionOutcome(204)).toBe('accepted (204)');
    expect(transitionOutcome(409)).toBe('refused (409)');
    expect(transitionOutcome(422)).toBe('refused (422)');
    expect(transitionOutcome(500)).toBe('answered 500');
    expect(transitionOutcome(302)).toBe('answered 302');
  });
});

describe('transitionMatrix', () => {
  it('keeps only status-transition observations with a transition subject, one row each', () => {
    const rows = transitionMatrix(OBSERVATIONS);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.record === 'expense' || r.record === 'task')).toBe(true);
  });

  it('groups by record and field in natural order, statuses in the order spec part 3 lists them, then null, then operations', () => {
    expect(transitionMatrix(OBSERVATIONS).map((r) => `${r.record} ${r.field} ${r.from}>${r.to} ${r.outcome}`)).toEqual([
      'expense reimbursementStatus paid>null refused (422)',
      'expense status draft>pending accepted (200)',
      'expense status draft>paid accepted (200)',
      'expense status paid>draft refused (409)',
      'expense status paid>pending refused (409)',
      'expense status paid>POST approve refused (409)',
      'task status pending>completed accepted (200)',
      'task status completed>in_progress refused (409)',
    ]);
    const milestone = transitionMatrix([
      seen('milestone status completed → PATCH', 'refused (409)'),
      seen('milestone status completed → POST complete', 'refused (409)'),
      seen('milestone status upcoming → POST complete', 'accepted (200)'),
      seen('milestone status (initial) → POST complete', 'accepted (200)'),
      seen('milestone status on_hold → POST complete', 'accepted (200)'),
    ]);
    expect(milestone.map((r) => `${r.from}>${r.to}`)).toEqual([
      '(initial)>POST complete',
      'upcoming>POST complete',
      'completed>PATCH',
      'completed>POST complete',
      'on_hold>POST complete',
    ]);
  });

  it('gives the same rows whatever order the observations came in', () => {
    const reversed = [...OBSERVATIONS].reverse();
    expect(transitionMatrix(reversed)).toEqual(transitionMatrix(OBSERVATIONS));
  });

  it('shows one row per attempt seen twice, with every distinct answer', () => {
    const rows = transitionMatrix([
      seen('task status completed → pending', 'refused (409)'),
      seen('task status completed → pending', 'refused (409)'),
      seen('task status completed → pending', 'accepted (200)'),
    ]);
    expect(rows).toEqual([{ record: 'task', field: 'status', from: 'completed', to: 'pending', outcome: 'accepted (200); refused (409)' }]);
  });

  it('is empty without transition observations', () => {
    expect(transitionMatrix([])).toEqual([]);
    expect(transitionMatrix([seen('POST /expenses', '400', 'validation-status')])).toEqual([]);
  });
});

describe('renderTransitionsMarkdown', () => {
  it('renders one grid per record and field, from down and attempts across, · where nothing was tried', () => {
    const md = renderTransitionsMarkdown(reportWith(OBSERVATIONS));
    expect(md.startsWith('## Status transitions\n')).toBe(true);
    expect(md).toContain('8 changes attempted, 5 refused');
    const lines = md.split('\n');
    const grid = lines.slice(lines.indexOf('**expense status**') + 2, lines.indexOf('**expense status**') + 6);
    expect(grid).toEqual([
      '| From | draft | pending | paid | POST approve |',
      '| --- | --- | --- | --- | --- |',
      '| draft | · | accepted (200) | accepted (200) | · |',
      '| paid | refused (409) | refused (409) | · | refused (409) |',
    ]);
    expect(md).toContain('**task status**');
    expect(md).toContain('| From | in_progress | completed |');
    expect(md).toContain('| completed | refused (409) | · |');
  });

  it('is empty when no status change was attempted', () => {
    expect(renderTransitionsMarkdown(reportWith([seen('POST /expenses', '400', 'validation-status')]))).toBe('');
  });

  it('escapes what the target chose: a pipe cannot split a cell, markup stays text', () => {
    const md = renderTransitionsMarkdown(reportWith([seen('expense status paid → draft', `refused (409) ${HOSTILE_TEXT}`)]));
    const row = md.split('\n').find((l) => l.startsWith('| paid'))!;
    expect(row).not.toContain('<script>');
    expect(row).toContain('\\|');
    expect(row.split(/(?<!\\)\|/).length).toBe(4);
  });
});

describe('renderTransitionsHtml', () => {
  it('renders a section with one table per record and field', () => {
    const page = renderTransitionsHtml(reportWith(OBSERVATIONS));
    expect(page.startsWith('<section id="transitions">')).toBe(true);
    expect(page.match(/<table>/g)).toHaveLength(3);
    expect(page).toContain('<h3 class="mono">expense reimbursementStatus</h3>');
    expect(page).toContain('<tr><td class="mono">paid</td><td>refused (409)</td><td>refused (409)</td><td class="muted">·</td><td>refused (409)</td></tr>');
    expect(page).toContain('<th class="mono">POST approve</th>');
  });

  it('is empty when no status change was attempted', () => {
    expect(renderTransitionsHtml(reportWith([]))).toBe('');
  });

  it('escapes every value taken from the target or the run', () => {
    const page = renderTransitionsHtml(
      reportWith([seen(`expense status paid → <b>draft</b>`, `refused (409) ${HOSTILE_TEXT}`), seen(`task<i> status a → b`, '<script>x</script>')]),
    );
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
    expect(page).not.toContain('<i>');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;b&gt;draft&lt;/b&gt;');
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
