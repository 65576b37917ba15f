import { describe, expect, it } from 'vitest';
import { EventLane, EventLanes } from './lane.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventLane', () => {
  it('lets shared users overlap, an exclusive one run alone, in the order they asked', async () => {
    const lane = new EventLane();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    const use = (name: string, ms: number) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      log.push(`+${name}`);
      await tick(ms);
      log.push(`-${name}`);
      inside -= 1;
      return name;
    };
    const runs = [
      lane.shared(use('s1', 30)),
      lane.shared(use('s2', 10)),
      lane.exclusive(use('x1', 10)),
      // Asked after x1: waits for it, although only shared users were inside when it asked.
      lane.shared(use('s3', 10)),
      lane.exclusive(use('x2', 10)),
    ];
    expect(await Promise.all(runs)).toEqual(['s1', 's2', 'x1', 's3', 'x2']);
    expect(log.slice(0, 2)).toEqual(['+s1', '+s2']);
    const at = (entry: string) => log.indexOf(entry);
    expect(at('+x1')).toBeGreaterThan(Math.max(at('-s1'), at('-s2')));
    expect(at('+s3')).toBeGreaterThan(at('-x1'));
    expect(at('+x2')).toBeGreaterThan(at('-s3'));
    expect(most).toBe(2);
  });

  it('frees the lane when a user throws', async () => {
    const lane = new EventLane();
    await expect(lane.exclusive(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lane.exclusive(async () => 'next')).toBe('next');
  });
});

describe('EventLanes', () => {
  it('gives one lane per event: the same lane for the same event, an independent one for another', async () => {
    const lanes = new EventLanes();
    expect(lanes.of('expense.approved')).toBe(lanes.of('expense.approved'));
    expect(lanes.of('milestone.completed')).not.toBe(lanes.of('expense.approved'));

    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const long = lanes.of('milestone.completed').exclusive(async () => {
      log.push('+long');
      await held;
      log.push('-long');
    });
    // Another event's exclusive user runs while the first is still held ...
    await lanes.of('expense.approved').exclusive(async () => log.push('other'));
    // ... while a second user of the held event waits for it.
    const same = lanes.of('milestone.completed').shared(async () => log.push('same'));
    await tick(10);
    expect(log).toEqual(['+long', 'other']);
    release();
    await Promise.all([long, same]);
    expect(log).toEqual(['+long', 'other', '-long', 'same']);
  });
});
