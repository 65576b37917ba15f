import { randomInt } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus, isClass } from '../check/expect.js';
import type { Collection } from '../crosscutting/collection.js';
import { exactScope } from './scope.js';
import { uniqueToken } from './unique-token.js';

/**
 * A milestone name only this call can have made: a server may keep milestone names unique in a
 * project or organisation (spec 2.8 does not say), and milestones outlive a run (completed ones
 * may not be deletable), so a fixed name would be taken on the next run.
 */
export function uniqueMilestoneName(label: string): string {
  return `${label} ${uniqueToken('ms')}`;
}

/** Today (UTC) as YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A day 30 to 365 days ahead (UTC): no server can call it past or missed, and it lies within any
 * planning horizon (spec 2.8 asks only for a real date; a server may refuse past target dates or
 * cap how far ahead one may lie).
 */
export function nearDay(): string {
  return addDays(today(), randomInt(30, 366));
}

/** Creates a milestone with the admin key and returns its id; fails the check unless 201. */
export async function createMilestone(t: CheckContext, body: Record<string, unknown> = {}): Promise<string> {
  const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const res = await t.api.post('/milestones', { projectId, name: uniqueMilestoneName('Conformance milestone'), targetDate: nearDay(), ...body });
  expectStatus(res, 201, 'create a milestone');
  return dataRecord(res).id;
}

/**
 * Creates milestones due on one day `day + offset`, their names made unique. The day is far in
 * the future (farDay: a scope no other record shares); when the target refuses the first one
 * (4xx: a server may cap how far ahead a target date lies, spec 2.8 does not say), the day is
 * taken 400 to 1400 days ahead instead, and the rule is observed. Fails the check unless 201.
 */
export async function createMilestonesOnDay(
  t: CheckContext,
  entries: ReadonlyArray<{ readonly label: string; readonly offset?: number }>,
): Promise<{ day: string; ids: string[] }> {
  const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const post = (day: string, entry: { readonly label: string; readonly offset?: number }) =>
    t.api.post('/milestones', { projectId, name: uniqueMilestoneName(entry.label), targetDate: addDays(day, entry.offset ?? 0) });
  let day = farDay();
  const ids: string[] = [];
  for (const [index, entry] of entries.entries()) {
    let res = await post(day, entry);
    if (index === 0 && isClass(res.status, '4xx')) {
      const refused = res.status;
      day = addDays(today(), randomInt(400, 1401));
      res = await post(day, entry);
      if (res.status === 201)
        t.observe('business-rule', 'POST /milestones', `a targetDate in the 2100s was refused with ${refused} and one 400 to 1400 days ahead accepted`);
    }
    expectStatus(res, 201, 'create a milestone');
    ids.push(dataRecord(res).id);
  }
  return { day, ids };
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
  createBody: (t) => ({
    projectId: t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID'),
    name: `Conformance ${t.run.runId} ${uniqueToken('ms')}`,
    targetDate: nearDay(),
  }),
  updateBody: () => ({ description: 'updated by the conformance suite' }),
  scope: async (t, count) => {
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    const { day, ids } = await createMilestonesOnDay(
      t,
      Array.from({ length: count }, (_, i) => ({ label: `Conformance paging milestone ${i}` })),
    );
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
  const { day, ids } = await createMilestonesOnDay(t, [
    { label: 'Conformance filter middle' },
    { label: 'Conformance filter early', offset: -10 },
    { label: 'Conformance filter late', offset: 10 },
  ]);
  const [middle, early, late] = ids as [string, string, string];
  return { projectId, day, scope: { projectId, dateFrom: addDays(day, -20), dateTo: addDays(day, 20) }, early, middle, late };
}
