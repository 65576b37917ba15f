import { describe, expect, it } from 'vitest';
import { admittedTooFew, PACED_REQUESTS, pacedIntervalMs, pacedSummary, SPEC_PACED_RUN_MS, smoothingRefusal, smoothingWaitMs } from './smoothing.js';
import { judgeAdmission, SPEC_WINDOW_MS } from './tolerance.js';

describe('smoothingRefusal', () => {
  it('paces a little slower than one request per share of the window', () => {
    expect(pacedIntervalMs(60, SPEC_WINDOW_MS)).toBe(1250);
    expect(pacedIntervalMs(60, 4000)).toBeCloseTo(83.33, 2);
    // The scenarios' time bound: the longest wait, a quarter second, ten requests 1.25 s apart.
    expect(SPEC_PACED_RUN_MS).toBe(3000 + 250 + 12_500);
  });

  it("takes a wait of up to two shares, in whole seconds, plus a second, for a smoothing limiter's", () => {
    // 60 a minute: a share is 1 s, two are 2 s, plus a second of precision.
    expect(smoothingWaitMs(60, SPEC_WINDOW_MS)).toBe(3000);
    // A self-test's 4 s window: two shares are 133 ms, a whole second, plus one.
    expect(smoothingWaitMs(60, 4000)).toBe(2000);
    expect(smoothingRefusal(1000, 60, SPEC_WINDOW_MS)).toEqual({ smoothing: true, waitMs: 1000, intervalMs: 1250, requests: PACED_REQUESTS });
    expect(smoothingRefusal(3000, 60, SPEC_WINDOW_MS).smoothing).toBe(true);
  });

  it("does not take a window's wait, or no readable wait, for a smoothing limiter's", () => {
    expect(smoothingRefusal(3001, 60, SPEC_WINDOW_MS)).toEqual({
      smoothing: false,
      intervalMs: 1250,
      summary: "the refusal asked for 3001 ms, more than a smoothing limiter's 3000 ms",
    });
    expect(smoothingRefusal(59_000, 60, SPEC_WINDOW_MS).smoothing).toBe(false);
    expect(smoothingRefusal(undefined, 60, SPEC_WINDOW_MS)).toMatchObject({
      smoothing: false,
      summary: "the refusal asked for no readable wait, more than a smoothing limiter's 3000 ms",
    });
  });
});

describe('admittedTooFew', () => {
  it('holds only below the floor: exactly the budget, or more, is never a smoothing question', () => {
    expect(admittedTooFew(judgeAdmission({ sent: 150, admitted: 1, expected: 59, limit: 60, elapsedMs: 100 }))).toBe(true);
    expect(admittedTooFew(judgeAdmission({ sent: 150, admitted: 59, expected: 59, limit: 60, elapsedMs: 100 }))).toBe(false);
    expect(admittedTooFew(judgeAdmission({ sent: 150, admitted: 60, expected: 59, limit: 60, elapsedMs: 100 }))).toBe(false);
  });
});

describe('pacedSummary', () => {
  it('says the pace and what came of it', () => {
    expect(pacedSummary(1250, 10)).toBe('paced at one request every 1250 ms, all 10 were admitted');
    expect(pacedSummary(83.33, 2, 'request 3 was refused (429)')).toBe('paced at one request every 83 ms, request 3 was refused (429)');
  });
});
