import type { CheckContext } from '../check/check.js';
import { once } from '../check/once.js';
import type { Collection } from '../crosscutting/collection.js';
import type { AllocationConstraints } from '../generators/allocations.js';
import { createResource, createTask } from './prerequisites.js';
import { exactScope } from './scope.js';
import { setupCreated } from './setup-created.js';

/** Creates an allocation with the admin key and returns its id; fails the check unless 201 (a 4xx leaves it inconclusive: setup-created.ts). */
export async function createAllocation(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  return setupCreated(await t.api.post('/allocations', body), 'create an allocation');
}

/** Two tasks under the configured project and two resources (so an update can move an allocation), shared by the file. */
export const allocationReferences = once(
  async (t): Promise<AllocationConstraints> => ({
    // Independent records, made side by side: one round trip far from the target.
    ...(await Promise.all([
      Promise.all([createTask(t, 'Conformance allocation task A'), createTask(t, 'Conformance allocation task B')]),
      Promise.all([createResource(t, 'Conformance allocation resource A'), createResource(t, 'Conformance allocation resource B')]),
    ]).then(([taskIds, resourceIds]) => ({ taskIds, resourceIds }))),
  }),
);

/**
 * The resource of the minimal allocations, shared by the file and by nothing else: a server may
 * require an assignee (a resource or a group; the spec does not say), and none of these
 * allocations but one (AL-HOURS, 24 h a day) books hours per day, so no capacity a server may
 * enforce is exceeded.
 */
const minimalResource = once((t) => createResource(t, 'Conformance allocation minimal resource'));

/** A minimal valid allocation (spec 2.6: taskId, startDate and endDate required) on the shared task, with an assignee. */
export async function minimalAllocation(t: CheckContext, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { taskIds } = await allocationReferences(t);
  return { taskId: taskIds[0], resourceId: await minimalResource(t), startDate: '2024-06-03', endDate: '2024-06-07', ...overrides };
}

/** The allocations collection for the cross-cutting checks; a fresh resource scopes the paging set. */
export const allocationsCollection: Collection = {
  path: '/allocations',
  noun: 'allocation',
  createBody: (t) => minimalAllocation(t),
  updateBody: () => ({ notes: 'updated by the conformance suite' }),
  scope: async (t, count) => {
    const resourceId = await createResource(t, 'Conformance allocation paging resource');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(await createAllocation(t, await minimalAllocation(t, { resourceId, startDate: `2024-07-0${i + 1}`, endDate: `2024-07-0${i + 2}` })));
    }
    // A precondition of the paging checks: a resourceId filter that fails is AL-FILTER-REFS's to report.
    return { query: await exactScope(t, '/allocations', [{ resourceId }], ids), ids };
  },
};

/**
 * Allocations with known task, resource and dates (spec 4.6 filters). The date filter is checked
 * against the range 2024-03-01..2024-03-31; whether an allocation that only overlaps it is kept
 * is not shown, so `overlapStart` and `overlapEnd` are only observed.
 */
export interface AllocationFilterFixture {
  readonly tasks: readonly [string, string];
  readonly resources: readonly [string, string];
  /** task 0, resource 0, 2024-03-04..2024-03-08: inside the range. */
  readonly inside: string;
  /** task 0, resource 0, 2024-01-10..2024-01-12: entirely before it. */
  readonly before: string;
  /** task 1, resource 0, 2024-05-06..2024-05-10: entirely after it. */
  readonly after: string;
  /** task 0, resource 0, 2024-02-20..2024-03-05: starts before the range and ends inside it. */
  readonly overlapStart: string;
  /** task 1, resource 0, 2024-03-25..2024-04-05: starts inside the range and ends after it. */
  readonly overlapEnd: string;
  /** task 0, resource 1, 2024-03-04..2024-03-08: the other resource. */
  readonly other: string;
}

export async function createAllocationFilterFixture(t: CheckContext): Promise<AllocationFilterFixture> {
  // Independent records, made side by side (a round trip each far from the target): the tasks
  // and resources, then the allocations that name them.
  const [taskA, taskB, resourceA, resourceB] = await Promise.all([
    createTask(t, 'Conformance allocation filter task A'),
    createTask(t, 'Conformance allocation filter task B'),
    createResource(t, 'Conformance allocation filter resource A'),
    createResource(t, 'Conformance allocation filter resource B'),
  ]);
  const tasks = [taskA, taskB] as const;
  const resources = [resourceA, resourceB] as const;
  const allocation = (task: string, resource: string, startDate: string, endDate: string) =>
    // One hour a day: overlapping allocations of one resource stay far from any capacity a server may enforce.
    createAllocation(t, { taskId: task, resourceId: resource, startDate, endDate, hoursPerDay: 1 });
  const [inside, before, after, overlapStart, overlapEnd, other] = await Promise.all([
    allocation(tasks[0], resources[0], '2024-03-04', '2024-03-08'),
    allocation(tasks[0], resources[0], '2024-01-10', '2024-01-12'),
    allocation(tasks[1], resources[0], '2024-05-06', '2024-05-10'),
    allocation(tasks[0], resources[0], '2024-02-20', '2024-03-05'),
    allocation(tasks[1], resources[0], '2024-03-25', '2024-04-05'),
    allocation(tasks[0], resources[1], '2024-03-04', '2024-03-08'),
  ]);
  return { tasks, resources, inside, before, after, overlapStart, overlapEnd, other };
}
