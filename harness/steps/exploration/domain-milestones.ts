import fc from 'fast-check';
import { milestoneCreate, milestoneUpdate } from '../../generators/milestones.js';
import { MILESTONE_STATUSES } from '../../spec/milestones.js';
import { CompleteMilestone } from './commands-actions.js';
import { SCOPE_PLACEHOLDERS, type Body, type DomainConstraints, type ListFilter, type SequenceDomain } from './domains.js';
import type { Condition } from './model.js';

/** The sequence's milestone day moved by `days`: a placeholder filled when the sequence runs. */
const around = (days: number): string => `${SCOPE_PLACEHOLDERS.milestoneDay}${days < 0 ? '-' : '+'}${Math.abs(days)}`;

/** How far from the sequence's day its milestones lie, and how far its scope reaches (a range strictly around them). */
const SPREAD = 5;
const REACH = 10;

/** A day `days` after `day` (UTC calendar days). */
function shifted(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A placeholder of `around` made a date once the day is known; other values as they are. */
function fillDay(value: unknown, day: string): unknown {
  if (typeof value !== 'string') return value;
  const match = /^@scope-milestone-day([+-]\d+)$/.exec(value);
  return match === null ? value : shifted(day, Number(match[1]));
}

const dateFilter = (param: 'dateFrom' | 'dateTo'): fc.Arbitrary<ListFilter> =>
  fc.integer({ min: -SPREAD - 1, max: SPREAD + 1 }).map((days) => ({
    query: { [param]: around(days) },
    conditions: [{ field: 'targetDate', op: param === 'dateFrom' ? 'from' : 'to', value: around(days) }],
  }));

/**
 * Milestones (spec 2.8, 3.3, 4.8): of the configured project, dated within a few days of the
 * sequence's own day years ahead (so no server calls them missed or at risk), and listed by the
 * project and a range strictly around that day (whether the bounds are inclusive is not stated).
 * Other milestones of the project may fall in the range: the total is not judged. Completion
 * criteria are not sent (their item shape is not shown). The status a create leaves is learned;
 * after complete it is `completed` (spec 3.3), kept through updates, which carry no status. A
 * server may derive the status from the target date (not stated), so a new targetDate forgets it.
 */
export function milestones(c: DomainConstraints): SequenceDomain {
  const projectId = c.projectId;
  const domain: SequenceDomain = {
    name: 'milestones',
    path: '/milestones',
    noun: 'milestone',
    letter: 'M',
    deletion: 'hard',
    scopeField: 'projectId',
    scopeValues: ['milestoneDay'],
    create: fc.tuple(milestoneCreate({ projectIds: [projectId], runTag: c.runTag }), fc.integer({ min: -SPREAD, max: SPREAD })).map(([body, days]) => {
      const { completionCriteria: _criteria, ...rest } = body as Body;
      return { ...rest, targetDate: around(days) };
    }),
    // A new targetDate in one update of four: it forgets the status (see above), which the other updates keep.
    update: fc.tuple(milestoneUpdate({ runTag: c.runTag }), fc.integer({ min: -SPREAD, max: SPREAD }), fc.nat({ max: 3 })).map(([body, days, dated4]) => {
      const { completionCriteria: _criteria, targetDate: _date, ...rest } = body as Body;
      const dated = 'targetDate' in (body as Body) && dated4 === 0 ? { ...rest, targetDate: around(days) } : rest;
      return Object.keys(dated).length > 0 ? dated : { description: 'changed by a conformance sequence' };
    }),
    filters: fc.oneof(
      fc.constant({ query: {}, conditions: [] } as ListFilter),
      fc.constantFrom(...MILESTONE_STATUSES).map((status): ListFilter => ({ query: { status }, conditions: [{ field: 'status', op: 'eq', value: status }] })),
      dateFilter('dateFrom'),
      dateFilter('dateTo'),
    ),
    defaults: ['status', 'triggersInvoice'],
    linked: [[['targetDate'], ['status']]],
    activeFlag: false,
    auditFilters: ['status'],
    sharedScope: true,
    scoped: (day, filter) => {
      const query: Record<string, string> = { projectId, dateFrom: shifted(day, -REACH), dateTo: shifted(day, REACH) };
      for (const [name, value] of Object.entries(filter.query)) query[name] = String(fillDay(value, day));
      const conditions: Condition[] = [
        { field: 'projectId', op: 'eq', value: projectId },
        { field: 'targetDate', op: 'from', value: query['dateFrom'] },
        { field: 'targetDate', op: 'to', value: query['dateTo'] },
        ...filter.conditions.filter((f) => f.field !== 'targetDate').map((f) => ({ ...f, value: fillDay(f.value, day) })),
      ];
      return { query, conditions };
    },
    // Thrice: complete is the one transition spec 3.3 shows, and what follows it is what the sequences are for.
    commands: [complete(() => domain), complete(() => domain), complete(() => domain)],
    actions: [
      {
        name: 'complete',
        writes: true,
        command: completeBody.map((sent) => (pick: number) => new CompleteMilestone(() => domain, pick, sent)),
        request: { method: 'POST', sub: 'complete', body: {} },
      },
    ],
  };
  return domain;
}

/** A complete's body (spec 4.8: completedDate optional): none, an empty one, or a day in the last two months. */
const completeBody: fc.Arbitrary<Record<string, unknown> | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant({}),
  fc.integer({ min: 1, max: 60 }).map((days) => ({ completedDate: shifted(today(), -days) })),
);

function complete(domain: () => SequenceDomain): fc.Arbitrary<CompleteMilestone> {
  return fc.tuple(fc.nat({ max: 30 }), completeBody).map(([pick, sent]) => new CompleteMilestone(domain, pick, sent));
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
