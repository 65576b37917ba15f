import { describe, expect, it } from 'vitest';
import { RequestDeadline } from './deadline.js';

describe('RequestDeadline', () => {
  it('aborts with a TimeoutError once its time has passed, and says it timed out', async () => {
    const deadline = new RequestDeadline(20);
    expect(deadline.signal.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(deadline.timedOut).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
    deadline.dispose();
  });

  it("aborts with the outer signal's reason, already aborted or later, without timing out", () => {
    const outer = new AbortController();
    const deadline = new RequestDeadline(10_000, outer.signal);
    outer.abort(new Error('check stopped'));
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).message).toBe('check stopped');
    expect(deadline.timedOut).toBe(false);
    deadline.dispose();
    const late = new RequestDeadline(10_000, outer.signal);
    expect((late.signal.reason as Error).message).toBe('check stopped');
    late.dispose();
  });

  it('once disposed, neither its timer nor the outer signal aborts it', async () => {
    const outer = new AbortController();
    const deadline = new RequestDeadline(20, outer.signal);
    deadline.dispose();
    outer.abort();
    await new Promise((r) => setTimeout(r, 60));
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.timedOut).toBe(false);
  });
});
