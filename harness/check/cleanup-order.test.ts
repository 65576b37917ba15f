import { describe, expect, it } from 'vitest';
import { deleteSideBySide } from './cleanup.js';
import { deletionPrerequisites, retriedWhenRefused } from './cleanup-order.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deletionPrerequisites', () => {
  it('keeps newest first only where one record may name the other', () => {
    // Newest first: what a file created last is deleted first.
    const paths = ['/time-entries/e1', '/allocations/a1', '/webhooks/w1', '/tasks/t1', '/resources/r1', '/contacts/c1', '/expenses/x1', '/contacts/c2'];
    const before = deletionPrerequisites(paths);
    expect(before[0]).toEqual([]);
    expect(before[1]).toEqual([]);
    expect(before[2]).toEqual([]);
    // A task waits for the entry and the allocation that may name it, not for the webhook.
    expect(before[3]).toEqual([0, 1]);
    expect(before[4]).toEqual([0, 1]);
    expect(before[5]).toEqual([]);
    // A contact deleted after an expense (which may name it as its supplier) waits for it.
    expect(before[7]).toEqual([6]);
  });

  it('keeps an unknown kind in order with everything', () => {
    expect(deletionPrerequisites(['/contacts/c1', '/widgets/w1', '/widgets/w2', '/rates/r1'])).toEqual([[], [0], [0, 1], [1, 2]]);
  });

  it('tries a refused record again only when its kind names its own kind', () => {
    expect(retriedWhenRefused('/tasks/t1')).toBe(true);
    expect(retriedWhenRefused('/contacts/c1')).toBe(true);
    expect(retriedWhenRefused('/expenses/x1')).toBe(false);
  });
});

describe('deleteSideBySide', () => {
  it('deletes side by side, at most `concurrency` at once, a record never before one that may name it', async () => {
    const entries: Array<[string, string]> = [
      ...Array.from({ length: 6 }, (_, i): [string, string] => [`/time-entries/e${i}`, 'key']),
      ['/tasks/t1', 'key'],
      ['/resources/r1', 'key'],
      ['/webhooks/w1', 'key'],
    ];
    const finished: string[] = [];
    const startedAfter = new Map<string, number>();
    let inFlight = 0;
    let most = 0;
    const statuses = await deleteSideBySide(
      entries,
      async ([path]) => {
        startedAfter.set(path, finished.length);
        most = Math.max(most, ++inFlight);
        await tick(3);
        inFlight--;
        finished.push(path);
        return 204;
      },
      4,
    );
    expect(statuses).toEqual(entries.map(() => 204));
    expect(most).toBe(4);
    // The task and the resource start only once all six entries are gone; the webhook does not wait.
    expect(startedAfter.get('/tasks/t1')).toBeGreaterThanOrEqual(6);
    expect(startedAfter.get('/resources/r1')).toBeGreaterThanOrEqual(6);
    expect(startedAfter.get('/webhooks/w1')).toBeLessThan(6);
  });

  it('with concurrency 1 deletes one at a time, newest first', async () => {
    const entries: Array<[string, string]> = [
      ['/contacts/c2', 'k'],
      ['/webhooks/w1', 'k'],
      ['/contacts/c1', 'k'],
    ];
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    await deleteSideBySide(
      entries,
      async ([path]) => {
        most = Math.max(most, ++inFlight);
        order.push(path);
        await tick(1);
        inFlight--;
        return 204;
      },
      1,
    );
    expect(most).toBe(1);
    expect(order).toEqual(['/contacts/c2', '/webhooks/w1', '/contacts/c1']);
  });

  it('tries a subtask-like refusal once more after the rest, and gives the last answer; a left record stays left', async () => {
    const entries: Array<[string, string]> = [
      ['/tasks/child', 'k'],
      ['/tasks/parent', 'k'],
      ['/expenses/approved', 'k'],
      ['/webhooks/gone', 'k'],
    ];
    const childGone = { value: false };
    const calls: string[] = [];
    const statuses = await deleteSideBySide(
      entries,
      async ([path]) => {
        calls.push(path);
        if (path === '/tasks/child') {
          await tick(5);
          childGone.value = true;
          return 204;
        }
        // The parent is refused while its child is still there.
        if (path === '/tasks/parent') return childGone.value ? 204 : 409;
        if (path === '/expenses/approved') return 409;
        return undefined;
      },
      4,
    );
    expect(statuses).toEqual([204, 204, 409, undefined]);
    // The refused expense (its kind names no expense) and the left webhook are not tried again.
    expect(calls.filter((p) => p === '/tasks/parent')).toHaveLength(2);
    expect(calls.filter((p) => p === '/expenses/approved')).toHaveLength(1);
    expect(calls.filter((p) => p === '/webhooks/gone')).toHaveLength(1);
  });
});
