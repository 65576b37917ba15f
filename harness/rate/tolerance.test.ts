import { describe, expect, it } from 'vitest';
import { judgeAdmission, refillAllowance, refillWindowMs, SPEC_WINDOW_MS } from './tolerance.js';

describe('refillAllowance', () => {
  it('is what a minute-rate refill earns back in the elapsed time, rounded down', () => {
    expect(refillAllowance(60, 999)).toBe(0);
    expect(refillAllowance(60, 1000)).toBe(1);
    expect(refillAllowance(60, 3500)).toBe(3);
    expect(refillAllowance(90, 2000)).toBe(3);
    expect(refillAllowance(60, 0)).toBe(0);
  });
});

describe('judgeAdmission', () => {
  it('passes exactly the budget, and the allowance on top', () => {
    expect(judgeAdmission({ sent: 150, admitted: 59, expected: 59, limit: 60, elapsedMs: 80 }).ok).toBe(true);
    expect(judgeAdmission({ sent: 150, admitted: 61, expected: 59, limit: 60, elapsedMs: 2100 }).ok).toBe(true);
  });

  it('fails one too many in a short burst, and one too few', () => {
    const over = judgeAdmission({ sent: 65, admitted: 61, expected: 60, limit: 60, elapsedMs: 65 });
    expect(over).toMatchObject({ ok: false, oneOver: true });
    expect(judgeAdmission({ sent: 65, admitted: 62, expected: 60, limit: 60, elapsedMs: 65 }).oneOver).toBe(false);
    expect(over.summary).toBe('admitted 61 of 65; expected 60 (tolerance +0 for 65 ms at 60/min)');
    expect(judgeAdmission({ sent: 65, admitted: 59, expected: 60, limit: 60, elapsedMs: 65 }).ok).toBe(false);
  });

  it('never expects more than were sent', () => {
    expect(judgeAdmission({ sent: 10, admitted: 10, expected: 60, limit: 60, elapsedMs: 5 })).toMatchObject({ ok: true, expected: 10 });
  });
});

describe('refillWindowMs', () => {
  it("is the spec's minute unless a limiter seen to refill runs on a self-test's shortened window", () => {
    expect(refillWindowMs(false, undefined)).toBe(SPEC_WINDOW_MS);
    // A fixed window or a sliding log earns nothing back inside a burst: the shortened window must not widen their tolerance.
    expect(refillWindowMs(false, 8000)).toBe(SPEC_WINDOW_MS);
    expect(refillWindowMs(true, undefined)).toBe(SPEC_WINDOW_MS);
    expect(refillWindowMs(true, 8000)).toBe(8000);
    expect(refillWindowMs(true, 120_000)).toBe(SPEC_WINDOW_MS);
  });

  it('widens the tolerance of judgeAdmission accordingly, and says at what pace', () => {
    expect(judgeAdmission({ sent: 150, admitted: 61, expected: 59, limit: 60, elapsedMs: 300, windowMs: 8000 })).toMatchObject({
      ok: true,
      allowance: 2,
      summary: 'admitted 61 of 150; expected 59 (tolerance +2 for 300 ms at 60/8 s)',
    });
  });

  it('lowers the floor by the answers shed with 503, never the ceiling', () => {
    expect(judgeAdmission({ sent: 150, admitted: 40, expected: 59, limit: 60, elapsedMs: 300, shed: 110 })).toMatchObject({ ok: true, expected: 0 });
    expect(judgeAdmission({ sent: 150, admitted: 40, expected: 59, limit: 60, elapsedMs: 300, shed: 10 })).toMatchObject({ ok: false, expected: 49 });
    expect(judgeAdmission({ sent: 150, admitted: 60, expected: 59, limit: 60, elapsedMs: 300, shed: 90 })).toMatchObject({ ok: false, oneOver: true });
  });
});
