import { describe, expect, it, vi } from 'vitest';
import { closeWithin, formatDuration, underDeadline } from './deadline.js';

const after = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));

describe('underDeadline', () => {
  it('returns the run’s value when it ends in time, without calling anything', async () => {
    const calls: string[] = [];
    const outcome = await underDeadline(after(10, 'done'), {
      deadlineMs: 1000,
      graceMs: 1000,
      onDeadline: () => calls.push('deadline'),
      onAbandon: () => calls.push('abandon'),
    });
    expect(outcome).toEqual({ value: 'done', deadlinePassed: false, abandoned: false, interrupted: false });
    expect(calls).toEqual([]);
  });

  it('stops the run at the deadline and takes its value when it winds down within the grace period', async () => {
    let stop: (value: string) => void = () => {};
    const run = new Promise<string>((resolve) => (stop = resolve));
    const outcome = await underDeadline(run, { deadlineMs: 20, graceMs: 1000, onDeadline: () => stop('cancelled') });
    expect(outcome).toEqual({ value: 'cancelled', deadlinePassed: true, abandoned: false, interrupted: false });
  });

  it('abandons a run that ignores the stop once the grace period is over', async () => {
    // Fake timers: the outcome must come at deadline + grace (50 ms), whatever the machine's load.
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const never = new Promise<string>(() => {});
      const settled = underDeadline(never, {
        deadlineMs: 20,
        graceMs: 30,
        onDeadline: () => calls.push('deadline'),
        onAbandon: () => calls.push('abandon'),
      });
      await vi.advanceTimersByTimeAsync(49);
      expect(calls).toEqual(['deadline']);
      await vi.advanceTimersByTimeAsync(1);
      const outcome = await settled;
      expect(outcome).toEqual({ value: undefined, deadlinePassed: true, abandoned: true, interrupted: false });
      expect(calls).toEqual(['deadline', 'abandon']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the run when the interrupt signal aborts, and abandons it after the interrupt grace, long before the deadline', async () => {
    // Fake timers: abandoned at interrupt + interrupt grace (40 ms), not at the minute-long deadline.
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const controller = new AbortController();
      setTimeout(() => controller.abort('SIGINT'), 10);
      let outcome: unknown;
      const settled = underDeadline(new Promise<string>(() => {}), {
        deadlineMs: 60_000,
        graceMs: 60_000,
        onDeadline: () => calls.push('deadline'),
        interrupt: { signal: controller.signal, graceMs: 30, onInterrupt: () => calls.push('interrupt') },
      }).then((o) => (outcome = o));
      await vi.advanceTimersByTimeAsync(39);
      expect(calls).toEqual(['interrupt']);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(outcome).toEqual({ value: undefined, deadlinePassed: false, abandoned: true, interrupted: true });
      expect(calls).toEqual(['interrupt']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the value of a run that winds down after an interrupt that had already come', async () => {
    const controller = new AbortController();
    controller.abort('SIGTERM');
    let stop: (value: string) => void = () => {};
    const run = new Promise<string>((resolve) => (stop = resolve));
    const outcome = await underDeadline(run, {
      deadlineMs: 60_000,
      graceMs: 10,
      onDeadline: () => {},
      interrupt: { signal: controller.signal, graceMs: 1000, onInterrupt: () => stop('cancelled') },
    });
    expect(outcome).toEqual({ value: 'cancelled', deadlinePassed: false, abandoned: false, interrupted: true });
  });

  it('passes on a run that fails before the deadline', async () => {
    await expect(underDeadline(Promise.reject(new Error('vitest broke')), { deadlineMs: 1000, graceMs: 10, onDeadline: () => {} })).rejects.toThrow(
      'vitest broke',
    );
  });
});

describe('closeWithin', () => {
  it('answers whether close ended in time', async () => {
    expect(await closeWithin(() => after(5, undefined), 1000)).toBe(true);
    expect(await closeWithin(() => new Promise<void>(() => {}), 20)).toBe(false);
    expect(await closeWithin(() => Promise.reject(new Error('x')), 20)).toBe(true);
  });
});

describe('formatDuration', () => {
  it('uses minutes when whole', () => {
    expect([formatDuration(1800), formatDuration(90), formatDuration(10)]).toEqual(['30 min', '90 s', '10 s']);
  });
});
