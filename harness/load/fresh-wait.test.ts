import { describe, expect, it } from 'vitest';
import { freshWaitRecord, sharedKeyCost, type Waited } from './fresh-wait.js';

const waited = (over: Partial<Waited> = {}): Waited => ({
  keys: ['limited key 1 of 1'],
  waitedMs: 61_300,
  probes: 3,
  steps: ['limited key 1 of 1: 60.3 s: until Retry-After 59 (+1 s precision)'],
  spent: true,
  refills: false,
  ...over,
});

describe('freshWaitRecord', () => {
  it('calls a wait after an earlier scenario of the run used the key the cost of sharing it', () => {
    expect(freshWaitRecord(waited(), ['burst'])).toEqual({
      sharedWith: ['burst'],
      keys: ['limited key 1 of 1'],
      waitedMs: 61_300,
      repeatWaitedMs: 0,
      probes: 3,
      steps: ['limited key 1 of 1: 60.3 s: until Retry-After 59 (+1 s precision)'],
      summary: '1 min 01 s for limited key 1 of 1, which burst used earlier in this run: the cost of sharing it (3 probes)',
    });
    expect(freshWaitRecord(waited({ keys: ['limited key 1 of 2', 'limited key 2 of 2'] }), ['keys', 'burst']).summary).toBe(
      '1 min 01 s for limited key 1 of 2 and limited key 2 of 2, which keys and burst used earlier in this run: the cost of sharing them (3 probes)',
    );
  });

  it('puts a wait nothing in the run explains down to requests from before it', () => {
    expect(freshWaitRecord(waited(), []).summary).toBe(
      '1 min 01 s for limited key 1 of 1 (3 probes): its window still counted requests from before (another client, an earlier run)',
    );
  });

  it('tells a full budget looked at again (a bucket, or a window about to end) from a spent one, and says fresh at once when it was', () => {
    expect(freshWaitRecord(waited({ waitedMs: 2300, spent: false, refills: true }), ['keys']).summary).toBe(
      '2.3 s for limited key 1 of 1 (3 probes): the budget was full but X-RateLimit-Reset near; a second look showed that it names the next refill (a bucket), not the end of a window',
    );
    expect(freshWaitRecord(waited({ waitedMs: 2300, spent: false }), []).summary).toMatch(
      /waited for that window to end, so the scenario starts in a new one$/,
    );
    expect(freshWaitRecord(waited({ waitedMs: 4, probes: 1, steps: [] }), []).summary).toBe('fresh at once (1 probe)');
  });

  it("adds the wait before a repeated burst apart: the scenario's own first burst, not a cost of sharing", () => {
    const record = freshWaitRecord(
      waited({ repeat: waited({ waitedMs: 5300, probes: 2, steps: ['limited key 1 of 1: 5.3 s: until Retry-After 4 (+1 s precision)'] }) }),
      ['keys'],
    );
    expect(record).toMatchObject({ waitedMs: 66_600, repeatWaitedMs: 5300, probes: 5 });
    expect(record.steps[1]).toBe('repeat: limited key 1 of 1: 5.3 s: until Retry-After 4 (+1 s precision)');
    expect(record.summary).toMatch(
      /the cost of sharing it \(3 probes\); then 5\.3 s \(2 probes\) before the repeated burst, for the first burst's own requests to leave$/,
    );
    expect(sharedKeyCost([{ id: 'burst', freshWait: record }]).waitedMs).toBe(61_300);
  });
});

describe('sharedKeyCost', () => {
  it('adds up what sharing cost, names who shared with whom, and hints at a second key only where one would help', () => {
    const after = (sharedWith: Array<'keys' | 'burst'>, waitedMs: number) => freshWaitRecord(waited({ waitedMs }), sharedWith);
    const designed = sharedKeyCost([
      { id: 'keys', freshWait: after([], 5) },
      { id: 'burst', freshWait: after(['keys'], 61_000) },
      { id: 'sustained', freshWait: after(['keys'], 60_000) },
      { id: 'throughput', freshWait: null },
    ]);
    expect(designed).toEqual({
      waitedMs: 121_000,
      pairs: ['keys → burst', 'keys → sustained'],
      line: 'Sharing keys between scenarios cost 2 min 01 s of waiting for fresh rate windows (keys → burst, keys → sustained).',
    });
    expect(sharedKeyCost([{ id: 'sustained', freshWait: after(['burst'], 61_000) }]).line).toMatch(
      /\(burst → sustained\); a second limited key in CONFORMANCE_LIMITED_KEYS lets burst and sustained run side by side\.$/,
    );
    expect(sharedKeyCost([{ id: 'burst', freshWait: after([], 5) }])).toEqual({ waitedMs: 0, pairs: [], line: undefined });
  });
});
