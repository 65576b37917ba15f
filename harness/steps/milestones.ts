import { randomInt } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus } from '../check/expect.js';
import type { Collection } from '../crosscutting/collection.js';
import { exactScope } from './scope.js';
import { uniqueToken } from './unique-token.js';

/** Creates a milestone with the admin key and returns its id; fails the check unless 201. */
export async function createMilestone(t: CheckContext, body: Record<string, unknown> = {}): Promise<string> {
  const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const res = await t.api.post('/milestones', { projectId, name: `Conformance milestone ${uniqueToken('ms')}`, targetDate: '2024-09-30', ...body });
  expectStatus(res, 201, 'create a milestone');
  return dataRecord(res).id;
}

/** `date` moved by `days` (UTC calendar days). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A random day between 2100 and 2899: milestones are only filtered by project, status and target
 * date (spec 4.8), so a target date no other run is likely to pick scopes a set of records. Far in
 * the future, no server can have judged the milestone missed either.
 */
export function farDay(): string {
  return addDays('2100-01-01', randomInt(0, 800 * 365));
}

/** Milestones of the configured project dated `day`, selected by a range strictly around it (bounds are not shown). */
export function dayScope(projectId: string, day: string): Record<string, string> {
  return { projectId, dateFrom: addDays(day, -1), dateTo: addDays(day, 1) };
}

/** The milestones collection for the cross-cutting checks: a fresh far-future day scopes the paging set. */
export const milestonesCollection: Collection = {
  path: '/milestones',
  noun: 'milestone',
  createBody: (t) => ({ projectId: t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID'), name: `Conformance ${t.run.runId} ${uniqueToken('ms')}`, targetDate: '2024-09-30' }),
  updateBody: () => ({ description: 'updated by the conformance suite' }),
  scope: async (t, count) => {
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    const day = farDay();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await createMilestone(t, { name: `Conformance paging milestone ${i}`, targetDate: day }));
    // A precondition of the paging checks: a date filter that fails is MS-FILTER-DATE's to report.
    return { query: await exactScope(t, '/milestones', [dayScope(projectId, day)], ids), ids };
  },
};

/** Milestones of the configured project around one far-future day (spec 4.8 filters). */
export interface MilestoneFilterFixture {
  readonly projectId: string;
  readonly day: string;
  /** Selects every fixture milestone: the project and a range well around them. */
  readonly scope: Readonly<Record<string, string>>;
  /** targetDate day - 10. */
  readonly early: string;
  /** targetDate day. */
  readonly middle: string;
  /** targetDate day + 10. */
  readonly late: string;
}

export async function createMilestoneFilterFixture(t: CheckContext): Promise<MilestoneFilterFixture> {
  const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const day = farDay();
  const at = (offset: number, name: string) => createMilestone(t, { name: `Conformance filter ${name}`, targetDate: addDays(day, offset) });
  return {
    projectId,
    day,
    scope: { projectId, dateFrom: addDays(day, -20), dateTo: addDays(day, 20) },
    early: await at(-10, 'early'),
    middle: await at(0, 'middle'),
    late: await at(10, 'late'),
  };
}
