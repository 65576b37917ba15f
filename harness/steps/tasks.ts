import type { CheckContext } from '../check/check.js';
import { dataRecord, ensure, expectStatus, isClass } from '../check/expect.js';
import { once } from '../check/once.js';
import { mapLimit } from '../check/concurrency.js';
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

/** One attempted status change of a task (spec 3.2), with the task read back after it. */
export interface TaskStatusAttempt {
  /** The status the task held: a status value, or `(initial)` when a new task shows none. */
  readonly from: string;
  readonly to: TaskStatus;
  /** The status with a description: a refusal must not half-apply it, an acceptance must apply both. */
  readonly body: { readonly status: TaskStatus; readonly description: string };
  /** status and description before the attempt. */
  readonly before: { readonly status: unknown; readonly description: string };
  readonly answer: ApiResponse;
  readonly after: { readonly res: ApiResponse; readonly record: Record<string, unknown> };
}

export interface TaskStatusMap {
  /** A new task's status label: its status, or `(initial)` when it shows none. */
  readonly initial: string;
  readonly attempts: readonly TaskStatusAttempt[];
  /** The status updates that bring a new task to each status reached (the initial one: none). */
  readonly paths: ReadonlyMap<string, readonly TaskStatus[]>;
}

/**
 * Which status changes the target accepts (spec 3.2: "Set through the task update operation.
 * Transitions: not shown"). Breadth first from a new task: every status is tried from the
 * initial one, then from each status reached, on a fresh task moved there by the updates that
 * reached it. A status refused from everywhere else is last tried on a task that already holds
 * it (no transition at all). Every attempt sends a description with the status and reads the
 * task back. Nothing is judged here: TK-STATUS-ENUM and TRANSITION-REFUSED-UNCHANGED do that.
 */
export async function exploreTaskStatuses(t: CheckContext): Promise<TaskStatusMap> {
  const before = `Conformance before ${token('st')}`;
  const read = async (id: string) => {
    const res = await t.api.get(`/tasks/${id}`);
    expectStatus(res, 200, 'read the task back');
    return { res, record: dataRecord(res) };
  };
  // Each task under a parent of its own: a server may cap the tasks of one parent in a status (a
  // WIP limit), and a path replayed for the next attempt must not meet the earlier tasks.
  const newTask = async (label: string) =>
    createTaskUnder(t, await createParent(t, `Conformance status transitions ${label}`), {
      name: taskLabel(t, `Conformance status ${label}`),
      description: before,
    });

  const initialStatus = (await read(await newTask('initial'))).record['status'];
  const initial = typeof initialStatus === 'string' && /^\S+$/.test(initialStatus) ? initialStatus : '(initial)';
  const paths = new Map<string, readonly TaskStatus[]>([[initial, []]]);
  const attempts: TaskStatusAttempt[] = [];

  /** One attempt on a fresh task; what it found is noted by `note`, in the attempts' order. */
  const attempt = async (from: string, to: TaskStatus): Promise<TaskStatusAttempt> => {
    const id = await newTask(`${from} to ${to}`);
    for (const step of paths.get(from) ?? []) {
      const moved = await t.api.patch(`/tasks/${id}`, { status: step });
      ensure(
        isClass(moved.status, '2xx'),
        `a new task was moved along ${[initial, ...(paths.get(from) ?? [])].join(' → ')} before, and now the move to ${step} was refused`,
        moved,
      );
    }
    const body = { status: to, description: `Conformance after ${token('st')}` };
    const answer = await t.api.patch(`/tasks/${id}`, body);
    const after = await read(id);
    return { from, to, body, before: { status: from === initial ? initialStatus : from, description: before }, answer, after };
  };
  const note = (found: TaskStatusAttempt): void => {
    attempts.push(found);
    const { from, to, answer, after } = found;
    if (isClass(answer.status, '2xx') && after.record['status'] === to && !paths.has(to)) paths.set(to, [...(paths.get(from) ?? []), to]);
  };

  // The attempts from one status side by side, each on a task of its own: none of them reads
  // what another finds (it reads the path to `from`, known before; it can set only the path to
  // its own `to`), so noting them in their order afterwards finds what one after another would.
  const queue = [initial];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    const origin = from;
    const reachedBefore = new Set(paths.keys());
    const found = await mapLimit(
      TASK_STATUSES.filter((to) => to !== origin),
      t.run.concurrency,
      (to) => t.ahead(() => attempt(origin, to)),
    );
    for (const one of found) {
      note(one);
      if (!reachedBefore.has(one.to) && paths.has(one.to)) queue.push(one.to);
    }
  }
  const accepted = (to: TaskStatus) => attempts.some((a) => a.to === to && isClass(a.answer.status, '2xx'));
  const unchanged = TASK_STATUSES.filter((to) => !accepted(to) && paths.has(to));
  for (const one of await mapLimit(unchanged, t.run.concurrency, (to) => t.ahead(() => attempt(to, to)))) note(one);
  return { initial, attempts, paths };
}
