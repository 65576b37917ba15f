import { randomInt } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus } from '../check/expect.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { TimeEntryConstraints } from '../generators/time-entries.js';
import { once } from '../check/once.js';
import { createResource, createTask } from './prerequisites.js';

/** Creates a time entry with the admin key; fails the check unless 201. */
export async function createTimeEntry(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  const res = await t.api.post('/time-entries', { tags: [runTag(t.run)], ...body });
  expectStatus(res, 201, 'create a time entry');
  return dataRecord(res).id;
}

/**
 * Assigns a resource to a task with an allocation of 0 hours a day over the dates entries use
 * (spec 2.6): a server may let a resource log time only on a task it is assigned to (the spec
 * neither states nor forbids it). Best effort: a refused allocation is left to its own domain's
 * checks, and the entry is sent anyway.
 */
export async function assignResource(t: CheckContext, taskId: unknown, resourceId: unknown): Promise<void> {
  if (typeof taskId !== 'string' || typeof resourceId !== 'string') return;
  let res = await t.api.post('/allocations', { taskId, resourceId, startDate: '2000-01-01', endDate: '2025-12-31', hoursPerDay: 0 });
  // A server may cap an allocation's span: a month from today assigns the resource all the same.
  if (res.status >= 400 && res.status < 500) {
    const today = new Date().toISOString().slice(0, 10);
    const month = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    res = await t.api.post('/allocations', { taskId, resourceId, startDate: today, endDate: month, hoursPerDay: 0 });
  }
  if (res.status >= 200 && res.status < 300) t.track(`/allocations/${dataRecord(res).id}`);
}

/** A task and a resource for entries that do not need a scope of their own. */
export const sharedReferences = once(async (t): Promise<TimeEntryConstraints> => {
  const refs = { taskIds: [await createTask(t)], resourceIds: [await createResource(t)], runTag: runTag(t.run) };
  await assignResource(t, refs.taskIds[0], refs.resourceIds[0]);
  return refs;
});

/** Days since 2001-01-01 of the next fresh day: a random start (on first use), then one day more per call. */
let nextDay: number | undefined;

/**
 * A past day no other call in this worker returns (2001 to about 2012). The spec sets no
 * daily total, but a server may cap a resource's day at 24 hours, and the minimal entries all go
 * to one shared resource.
 */
export function freshPastDay(): string {
  nextDay ??= randomInt(0, 4000);
  return new Date(Date.UTC(2001, 0, 1) + nextDay++ * 86_400_000).toISOString().slice(0, 10);
}

/** A minimal valid entry on the shared task and resource, on a day of its own. */
export async function minimalEntry(t: CheckContext, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const refs = await sharedReferences(t);
  return { taskId: refs.taskIds[0], resourceId: refs.resourceIds[0], date: freshPastDay(), hours: 1, tags: [runTag(t.run)], ...overrides };
}

/** The time-entries collection for the cross-cutting checks; a fresh resource scopes the paging set. */
export const timeEntriesCollection: Collection = {
  path: '/time-entries',
  noun: 'time entry',
  createBody: (t) => minimalEntry(t),
  updateBody: () => ({ description: 'updated by the conformance suite' }),
  scope: async (t, count) => {
    const { taskIds } = await sharedReferences(t);
    const resourceId = await createResource(t, 'Conformance paging resource');
    await assignResource(t, taskIds[0], resourceId);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(await createTimeEntry(t, { taskId: taskIds[0], resourceId, date: `2024-05-0${i + 1}`, hours: 1 + i }));
    }
    return { query: { resourceId }, ids };
  },
};

/** Entries with known task, resource, date and flag, on fresh resources (spec 4.3 filters). */
export interface EntryFilterFixture {
  readonly tasks: readonly [string, string];
  readonly resources: readonly [string, string];
  /** task 0, resource 0, 2024-03-10, billable. */
  readonly early: string;
  /** task 1, resource 0, 2024-03-20, not billable. */
  readonly middle: string;
  /** task 0, resource 1, 2024-04-05, not billable. */
  readonly late: string;
}

export const entryFilterFixture = once(async (t): Promise<EntryFilterFixture> => {
  // Independent records, made side by side (one round trip far from the target).
  const [taskA, taskB, resourceA, resourceB] = await Promise.all([
    createTask(t, 'Conformance filter task A'),
    createTask(t, 'Conformance filter task B'),
    createResource(t, 'Conformance filter resource A'),
    createResource(t, 'Conformance filter resource B'),
  ]);
  const tasks = [taskA, taskB] as const;
  const resources = [resourceA, resourceB] as const;
  await Promise.all(
    (
      [
        [tasks[0], resources[0]],
        [tasks[1], resources[0]],
        [tasks[0], resources[1]],
      ] as const
    ).map(([task, resource]) => assignResource(t, task, resource)),
  );
  const entry = (task: string, resource: string, date: string, isBillable: boolean) =>
    createTimeEntry(t, { taskId: task, resourceId: resource, date, hours: 2, isBillable });
  const [early, middle, late] = await Promise.all([
    entry(tasks[0], resources[0], '2024-03-10', true),
    entry(tasks[1], resources[0], '2024-03-20', false),
    entry(tasks[0], resources[1], '2024-04-05', false),
  ]);
  return { tasks, resources, early, middle, late };
});
