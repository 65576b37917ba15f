import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus, isClass } from '../check/expect.js';
import { once } from '../check/once.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { ApiResponse } from '../http/client.js';
import { TASK_STATUSES, type TaskStatus } from '../spec/tasks.js';
import { uniqueToken as token } from './unique-token.js';
import { exactScope } from './scope.js';

/** The configured project and version (spec 2.7: both needed to create a task); skips when unset. */
export function projectRefs(t: CheckContext): { projectId: string; versionId: string } {
  return {
    projectId: t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID'),
    versionId: t.need(t.run.versionId, 'CONFORMANCE_VERSION_ID'),
  };
}

/** A task name carrying the run tag (tasks have no tags: the run tag goes into the name, so every task the run makes can be found). */
export function taskLabel(t: CheckContext, label: string): string {
  return `${label} ${runTag(t.run)}`;
}

/**
 * Moves a task to `status` by updates, directly or through one intermediate status: spec 3.2
 * shows no transitions, so a server may require, say, `pending → in_progress → completed`.
 * Returns the answers of the path that got there, or undefined when no path of one or two
 * steps was accepted (the caller decides what that means; nothing is judged here).
 */
export async function reachTaskStatus(t: CheckContext, id: string, status: TaskStatus): Promise<ApiResponse[] | undefined> {
  const direct = await t.api.patch(`/tasks/${id}`, { status });
  if (isClass(direct.status, '2xx')) return [direct];
  for (const via of TASK_STATUSES) {
    if (via === status) continue;
    const first = await t.api.patch(`/tasks/${id}`, { status: via });
    if (!isClass(first.status, '2xx')) continue;
    const second = await t.api.patch(`/tasks/${id}`, { status });
    if (isClass(second.status, '2xx')) return [first, second];
  }
  return undefined;
}

/** Creates a task under `parentTaskId` (a project or a task) with the admin key; fails unless 201. */
export async function createTaskUnder(t: CheckContext, parentTaskId: string, body: Record<string, unknown> = {}): Promise<string> {
  const { versionId } = projectRefs(t);
  const res = await t.api.post('/tasks', { parentTaskId, versionId, name: taskLabel(t, `Conformance task ${token('')}`), ...body });
  expectStatus(res, 201, 'create a task');
  return dataRecord(res).id;
}

/** A fresh task directly under the configured project: a parent only this run has children under. */
export function createParent(t: CheckContext, label: string): Promise<string> {
  return createTaskUnder(t, projectRefs(t).projectId, { name: taskLabel(t, `${label} ${token('')}`) });
}

/** The tasks collection as the cross-cutting checks see it (spec 2.7, 4.7). */
export const tasksCollection: Collection = {
  path: '/tasks',
  noun: 'task',
  createBody: (t) => {
    const { projectId, versionId } = projectRefs(t);
    return { parentTaskId: projectId, versionId, name: taskLabel(t, `Conformance task ${token('')}`) };
  },
  updateBody: () => ({ description: 'updated by the conformance suite' }),
  // Children of a fresh parent: only this run can have created them.
  scope: async (t, count) => {
    const parentTaskId = await createParent(t, 'Conformance paging parent');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await createTaskUnder(t, parentTaskId, { name: taskLabel(t, `Conformance paging child ${i}`) }));
    return { query: await exactScope(t, '/tasks', [{ parentTaskId }], ids), ids };
  },
};

/** A small tree under the configured project, for the filter checks (spec 4.7). */
export interface TaskFilterFixture {
  /** Fresh, under the project. */
  readonly parent: string;
  /** Under parent; its name carries searchWord. */
  readonly childA: string;
  /** Under parent. */
  readonly childB: string;
  /** Under childA. */
  readonly grandchild: string;
  /** Fresh, under the project. */
  readonly sibling: string;
  /** Under sibling; its name carries searchWord. */
  readonly cousin: string;
  readonly searchWord: string;
}

export const taskFilterFixture = once(async (t): Promise<TaskFilterFixture> => {
  const searchWord = token('find');
  const parent = await createParent(t, 'Conformance filter parent');
  const sibling = await createParent(t, 'Conformance filter sibling');
  const under = (p: string, label: string) => createTaskUnder(t, p, { name: taskLabel(t, `Conformance filter ${label}`) });
  const childA = await under(parent, `${searchWord} child A`);
  return {
    parent,
    childA,
    childB: await under(parent, 'child B'),
    grandchild: await under(childA, 'grandchild'),
    sibling,
    cousin: await under(sibling, `cousin ${searchWord}`),
    searchWord,
  };
});
