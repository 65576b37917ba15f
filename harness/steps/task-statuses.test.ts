import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../check/check.js';
import type { ApiResponse } from '../http/client.js';
import { TASK_STATUSES } from '../spec/tasks.js';
import { exploreTaskStatuses } from './task-statuses.js';

interface FakeTask {
  id: string;
  parentTaskId: string;
  status: string;
  description: string | null;
  /** The statuses it held, oldest first. */
  history: string[];
}

/** Says whether a task may go from its status to `to` (it may read the task's history). */
type Rule = (task: FakeTask, to: string) => boolean;

function answer(status: number, data?: unknown): ApiResponse {
  const json = data === undefined ? undefined : { data };
  return {
    status,
    headers: {},
    text: JSON.stringify(json ?? ''),
    json,
    exchange: { url: 'http://target/api/v1/tasks', bodyExcerpt: '' },
  } as unknown as ApiResponse;
}

/** A task API in memory: new tasks are pending, a status change the rule refuses is a 409 that writes nothing. */
function fakeTarget(rule: Rule): { t: CheckContext; tasks: Map<string, FakeTask> } {
  const tasks = new Map<string, FakeTask>();
  const shown = (task: FakeTask) => ({ id: task.id, parentTaskId: task.parentTaskId, status: task.status, description: task.description });
  const api = {
    post: async (_path: string, body: Record<string, unknown>) => {
      const id = `task-${tasks.size + 1}`;
      const task = {
        id,
        parentTaskId: String(body['parentTaskId']),
        status: 'pending',
        description: (body['description'] as string) ?? null,
        history: ['pending'],
      };
      tasks.set(id, task);
      return answer(201, shown(task));
    },
    get: async (path: string) => {
      const task = tasks.get(path.split('/').pop()!);
      return task === undefined ? answer(404) : answer(200, shown(task));
    },
    patch: async (path: string, body: Record<string, unknown>) => {
      const task = tasks.get(path.split('/').pop()!)!;
      const to = body['status'];
      if (typeof to === 'string' && !rule(task, to)) return answer(409);
      if (typeof to === 'string') {
        task.status = to;
        task.history.push(to);
      }
      if ('description' in body) task.description = body['description'] as string;
      return answer(200, shown(task));
    },
  };
  const t = { api, run: { projectId: 'project-1', versionId: 'version-1', runId: 'r1' }, need: (value: unknown) => value } as unknown as CheckContext;
  return { t, tasks };
}

const pairs = (attempts: ReadonlyArray<{ from: string; to: string }>) => attempts.map((a) => `${a.from}>${a.to}`).sort();
const everyPair = TASK_STATUSES.flatMap((from) => TASK_STATUSES.filter((to) => to !== from).map((to) => `${from}>${to}`)).sort();

describe('exploreTaskStatuses', () => {
  it('walks every change on one task (and its parent) when the target allows them all', async () => {
    const { t, tasks } = fakeTarget(() => true);
    const map = await exploreTaskStatuses(t);
    expect(map.initial).toBe('pending');
    expect(pairs(map.attempts)).toEqual(everyPair);
    expect(map.tasks).toBe(1);
    expect(tasks.size).toBe(2);
    expect([...map.paths.keys()].sort()).toEqual([...TASK_STATUSES].sort());
  });

  it('tries every change from every status reached when finished tasks refuse any change and completed needs in_progress', async () => {
    const finished = ['completed', 'cancelled'];
    const { t, tasks } = fakeTarget((task, to) => !finished.includes(task.status) && (to !== 'completed' || task.status === 'in_progress'));
    const map = await exploreTaskStatuses(t);
    expect(pairs(map.attempts)).toEqual(everyPair);
    // Stuck twice in a finished status: three tasks, each under a parent of its own.
    expect(map.tasks).toBeGreaterThan(1);
    expect(tasks.size).toBe(map.tasks * 2);
    expect(new Set([...tasks.values()].filter((task) => task.history.length > 1).map((task) => task.parentTaskId)).size).toBe(map.tasks);
    for (const a of map.attempts) {
      const refused = finished.includes(a.from) || (a.to === 'completed' && a.from !== 'in_progress');
      expect(a.answer.status, `${a.from} > ${a.to}`).toBe(refused ? 409 : 200);
      // What a refusal must leave is what the task held just before it.
      if (refused) expect(a.after.record['description']).toBe(a.before.description);
      if (!refused) expect(a.after.record['status']).toBe(a.to);
    }
  });

  it('plans again, with no failure, when a move accepted once is refused when followed again', async () => {
    // in_progress may be entered once in a task's life: following pending > in_progress a second time is refused.
    const { t } = fakeTarget((task, to) => to !== 'in_progress' || !task.history.includes('in_progress'));
    const map = await exploreTaskStatuses(t);
    for (const status of TASK_STATUSES)
      expect(
        map.attempts.some((a) => a.to === status && a.answer.status === 200),
        status,
      ).toBe(true);
    expect(map.tasks).toBeLessThanOrEqual(TASK_STATUSES.length * 2);
    // Every change from a status reached was tried, though in_progress cannot be walked back into.
    expect(pairs(map.attempts)).toEqual(everyPair);
  });

  it('tries a status refused from everywhere from every status reached, and the initial status on a task that holds it', async () => {
    const { t } = fakeTarget((_task, to) => to !== 'blocked' && to !== 'pending');
    const map = await exploreTaskStatuses(t);
    const toBlocked = map.attempts.filter((a) => a.to === 'blocked');
    expect(toBlocked.map((a) => a.from).sort()).toEqual(['cancelled', 'completed', 'in_progress', 'pending']);
    expect(toBlocked.every((a) => a.answer.status === 409)).toBe(true);
    expect(map.paths.has('blocked')).toBe(false);
    // pending is never accepted from elsewhere: it is last tried on a task that holds it.
    expect(map.attempts.some((a) => a.from === 'pending' && a.to === 'pending')).toBe(true);
  });

  it('stops, bounded, when no task can leave its first status', async () => {
    const { t, tasks } = fakeTarget(() => false);
    const map = await exploreTaskStatuses(t);
    expect(map.tasks).toBe(1);
    expect(tasks.size).toBe(2);
    expect(map.attempts.every((a) => a.answer.status === 409)).toBe(true);
    expect(pairs(map.attempts.filter((a) => a.from !== a.to))).toEqual(everyPair.filter((p) => p.startsWith('pending>')));
  });
});
