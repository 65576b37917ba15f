import { describe, expect, it } from 'vitest';
import { budgetMultiple, judgeAdmission, refillAllowance, refillWindowMs, SPEC_WINDOW_MS } from './tolerance.js';

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

describe('a burst admitted a whole number of budgets', () => {
  const HINT = 'per-replica counters? (each replica behind a load balancer counting on its own)';

  it('says so at 2x and 3x: what replicas behind a load balancer admit when each counts on its own', () => {
    // Two replicas, the fresh probe spent on one of them: 59 + 60 of a budget of 59.
    const two = judgeAdmission({ sent: 150, admitted: 119, expected: 59, limit: 60, elapsedMs: 80 });
    expect(two.ok).toBe(false);
    expect(two.summary).toBe(`admitted 119 of 150; expected 59 (tolerance +0 for 80 ms at 60/min); about 2x the limit admitted: ${HINT}`);
    const three = judgeAdmission({ sent: 300, admitted: 178, expected: 59, limit: 60, elapsedMs: 120 });
    expect(three.summary).toMatch(/; about 3x the limit admitted: per-replica counters\?/);
    // A refilling limiter's allowance counts once per replica.
    expect(judgeAdmission({ sent: 150, admitted: 126, expected: 59, limit: 60, elapsedMs: 2500, windowMs: 8000 }).summary).toMatch(
      /about 2x the limit admitted/,
    );
  });

  it('does not for one over, 1.3x, a count between two multiples, everything admitted or the exact budget', () => {
    expect(judgeAdmission({ sent: 150, admitted: 61, expected: 60, limit: 60, elapsedMs: 80 }).summary).not.toContain('per-replica');
    expect(judgeAdmission({ sent: 150, admitted: 78, expected: 60, limit: 60, elapsedMs: 80 }).summary).not.toContain('per-replica');
    expect(judgeAdmission({ sent: 300, admitted: 150, expected: 60, limit: 60, elapsedMs: 80 }).summary).not.toContain('per-replica');
    // No refusal at all: a missing limit, not a limit counted twice.
    expect(judgeAdmission({ sent: 120, admitted: 120, expected: 60, limit: 60, elapsedMs: 80 }).summary).not.toContain('per-replica');
    const exact = judgeAdmission({ sent: 150, admitted: 60, expected: 60, limit: 60, elapsedMs: 80 });
    expect(exact).toMatchObject({ ok: true, summary: 'admitted 60 of 150; expected 60 (tolerance +0 for 80 ms at 60/min)' });
  });

  it('budgetMultiple names the multiple, within a slack of k requests or a tenth of k budgets', () => {
    expect(budgetMultiple({ sent: 150, admitted: 120, expected: 60, allowance: 0 })).toBe(2);
    expect(budgetMultiple({ sent: 150, admitted: 108, expected: 60, allowance: 0 })).toBe(2);
    expect(budgetMultiple({ sent: 150, admitted: 107, expected: 60, allowance: 0 })).toBeUndefined();
    expect(budgetMultiple({ sent: 10, admitted: 8, expected: 4, allowance: 0 })).toBe(2);
    expect(budgetMultiple({ sent: 10, admitted: 5, expected: 0, allowance: 0 })).toBeUndefined();
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
