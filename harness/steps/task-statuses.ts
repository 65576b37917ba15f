import type { CheckContext } from '../check/check.js';
import { dataRecord, expectStatus, isClass } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';
import { TASK_STATUSES, type TaskStatus } from '../spec/tasks.js';
import { createParent, createTaskUnder, taskLabel } from './tasks.js';
import { uniqueToken as token } from './unique-token.js';

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
  /** The status updates that first brought a task to each status reached (the initial one: none). */
  readonly paths: ReadonlyMap<string, readonly TaskStatus[]>;
  /** How many tasks the walk made (each under a parent of its own). */
  readonly tasks: number;
}

/**
 * At most this many tasks walk the graph: the first, and one more each time the walk is stuck in a
 * status from which no move it knows leads to an untried change (a status no change leaves, say).
 * Each step of a walk either tries a new change or follows a move accepted before; a walk ends
 * when it is stuck, so the attempts are bounded by the pairs of statuses times this.
 */
const MAX_TASKS = TASK_STATUSES.length * 2;

interface Walker {
  readonly id: string;
  /** The label of the status the task shows now, or undefined when it shows one the walk cannot name. */
  status: string | undefined;
  record: Record<string, unknown>;
  /** The description the task holds, as last sent and accepted. */
  description: string;
  /** Known moves this task was refused when it followed them (its history may bar them; another task may still follow them). */
  readonly barred: Set<string>;
}

/**
 * Which status changes the target accepts (spec 3.2: "Set through the task update operation.
 * Transitions: not shown"), tried on as few tasks as the target lets: one task walks the status
 * graph, trying from the status it holds a change not tried yet, or, when every change from there
 * was tried, following moves accepted before to a status that has one. A move accepted once may
 * be refused when followed again (a rule that reads the task's history, a limit): that is no
 * failure here, the walk bars the move for that task and plans again from where the task is read
 * to be. When no known move leads on, a new task (under a parent of its own: a per-parent limit
 * never meets an earlier task) starts from the initial status. Every status is tried from every
 * status reached; a status refused from everywhere else is last tried on a task that holds it
 * (no transition at all). Every attempt sends a description with the status and reads the task
 * back. Nothing is judged here: TK-STATUS-ENUM and TRANSITION-REFUSED-UNCHANGED do that.
 */
export async function exploreTaskStatuses(t: CheckContext): Promise<TaskStatusMap> {
  const before = `Conformance before ${token('st')}`;
  const read = async (id: string) => {
    const res = await t.api.get(`/tasks/${id}`);
    expectStatus(res, 200, 'read the task back');
    return { res, record: dataRecord(res) };
  };
  let tasks = 0;
  let initialStatus: unknown;
  const label = (status: unknown): string | undefined =>
    (TASK_STATUSES as readonly unknown[]).includes(status) ? String(status) : status === initialStatus ? initial : undefined;
  const newWalker = async (): Promise<Walker> => {
    tasks += 1;
    const parent = await createParent(t, `Conformance status transitions ${tasks}`);
    const id = await createTaskUnder(t, parent, { name: taskLabel(t, `Conformance status walk ${tasks}`), description: before });
    const { record } = await read(id);
    return { id, status: label(record['status']), record, description: before, barred: new Set() };
  };

  let walker = await newWalker();
  initialStatus = walker.record['status'];
  const initial = typeof initialStatus === 'string' && /^\S+$/.test(initialStatus) ? initialStatus : '(initial)';
  walker.status = initial;
  const paths = new Map<string, readonly TaskStatus[]>([[initial, []]]);
  const attempts: TaskStatusAttempt[] = [];
  /** Moves accepted and applied, from -> to, that the walk may follow (a task refused one when it followed it does not follow it again). */
  const moves = new Map<string, Set<TaskStatus>>();
  const tried = new Set<string>();
  const key = (from: string, to: string) => `${from}>${to}`;

  /** The changes still to try from a status reached: every other status, and itself when it was never accepted elsewhere. */
  const untried = (from: string): TaskStatus[] => {
    if (!paths.has(from)) return [];
    const others = TASK_STATUSES.filter((to) => to !== from && !tried.has(key(from, to)));
    if (others.length > 0) return others;
    return [...paths.keys()].every((s) => TASK_STATUSES.every((to) => to === s || tried.has(key(s, to)))) ? selfTries(from) : [];
  };
  const accepted = (to: TaskStatus) => attempts.some((a) => a.to === to && isClass(a.answer.status, '2xx'));
  const selfTries = (from: string): TaskStatus[] => TASK_STATUSES.filter((to) => to === from && !accepted(to) && !tried.has(key(from, to)));
  const pending = (): string[] => [...paths.keys()].filter((s) => untried(s).length > 0);

  /** The known moves from `from` to the nearest status with an untried change (breadth first), or undefined. */
  const route = (w: Walker, from: string): TaskStatus[] | undefined => {
    const targets = new Set(pending());
    const seen = new Map<string, TaskStatus[]>([[from, []]]);
    const queue = [from];
    for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
      if (targets.has(at)) return seen.get(at);
      for (const next of moves.get(at) ?? []) {
        if (seen.has(next) || w.barred.has(key(at, next))) continue;
        seen.set(next, [...seen.get(at)!, next]);
        queue.push(next);
      }
    }
    return undefined;
  };

  const attempt = async (w: Walker, to: TaskStatus): Promise<void> => {
    const from = w.status!;
    tried.add(key(from, to));
    const body = { status: to, description: `Conformance after ${token('st')}` };
    const beforeState = { status: w.record['status'], description: w.description };
    const answer = await t.api.patch(`/tasks/${w.id}`, body);
    const after = await read(w.id);
    attempts.push({ from, to, body, before: beforeState, answer, after });
    if (isClass(answer.status, '2xx')) w.description = body.description;
    w.record = after.record;
    w.status = label(after.record['status']);
    if (isClass(answer.status, '2xx') && after.record['status'] === to) {
      if (!paths.has(to)) paths.set(to, [...(paths.get(from) ?? []), to]);
      if (to !== from) (moves.get(from) ?? moves.set(from, new Set()).get(from)!).add(to);
    }
  };

  /** Follows a known move (status only); a refusal bars it for this task. */
  const follow = async (w: Walker, to: TaskStatus): Promise<boolean> => {
    const from = w.status!;
    const moved = await t.api.patch(`/tasks/${w.id}`, { status: to });
    const after = await read(w.id);
    w.record = after.record;
    w.status = label(after.record['status']);
    if (isClass(moved.status, '2xx') && w.status === to) return true;
    w.barred.add(key(from, to));
    return false;
  };

  /** The next untried change from where the walker is: a status it has not stood in before first (it may lead on), then the rest. */
  const choose = (from: string): TaskStatus | undefined => {
    const options = untried(from);
    const leadsOn = (to: TaskStatus) => (moves.get(to)?.size ?? 0) > 0 || !paths.has(to);
    return options.find((to) => !paths.has(to)) ?? options.find(leadsOn) ?? options[0];
  };

  /** Whether the walker has done nothing since it was made: a new task stuck at once means no task can go on. */
  let fresh = true;
  while (pending().length > 0) {
    const at = walker.status;
    const next = at === undefined ? undefined : choose(at);
    if (at !== undefined && next !== undefined) {
      await attempt(walker, next);
      fresh = false;
      continue;
    }
    const path = at === undefined ? undefined : route(walker, at);
    if (path !== undefined && path.length > 0) {
      for (const step of path) if (!(await follow(walker, step))) break;
      fresh = false;
      continue;
    }
    if (fresh || tasks >= MAX_TASKS) break;
    walker = await newWalker();
    fresh = true;
    if (walker.status !== initial) break;
  }
  return { initial, attempts, paths, tasks };
}
