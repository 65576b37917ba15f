import { describe, expect, it } from 'vitest';
import type { CheckContext } from './check.js';
import { once } from './once.js';

const contextOf = (domain: CheckContext['domain']): CheckContext => ({ domain }) as CheckContext;

describe('once', () => {
  it('makes a setup once per suite file (domain), and never hands one file the fixture of another', async () => {
    let made = 0;
    const fixture = once(async (t) => `${t.domain} ${++made}`);
    const [a, b] = await Promise.all([fixture(contextOf('tasks')), fixture(contextOf('tasks'))]);
    expect([a, b]).toEqual(['tasks 1', 'tasks 1']);
    expect(await fixture(contextOf('security'))).toBe('security 2');
    expect(await fixture(contextOf('tasks'))).toBe('tasks 1');
  });

  it('does not keep a setup that failed: the next check of that file makes it again', async () => {
    let calls = 0;
    const fixture = once(async (t) => {
      calls += 1;
      if (calls === 1) throw new Error('outage');
      return t.domain;
    });
    await expect(fixture(contextOf('tasks'))).rejects.toThrow('outage');
    expect(await fixture(contextOf('tasks'))).toBe('tasks');
    expect(calls).toBe(2);
  });
});
