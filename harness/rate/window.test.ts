import { describe, expect, it } from 'vitest';
import { WindowEstimate } from './window.js';

describe('WindowEstimate', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const reset = (value: number) => ({ 'x-ratelimit-reset': String(value) });

  it('keeps the longest wait any Reset showed, with the second a whole-second value may hide', () => {
    const estimate = new WindowEstimate();
    expect(estimate.longestMs).toBeUndefined();
    estimate.note(reset(3), now);
    estimate.note(reset(8), now);
    estimate.note(reset(1), now);
    expect(estimate.longestMs).toBe(9000);
    // Epoch milliseconds: exact, read against the time of the answer.
    estimate.note(reset(now + 12_000), now);
    expect(estimate.longestMs).toBe(12_001);
  });

  it("never goes beyond the spec's minute, and ignores answers without a readable Reset", () => {
    const estimate = new WindowEstimate();
    estimate.note(reset(3000), now);
    estimate.note({}, now);
    estimate.note({ 'x-ratelimit-reset': '59.5' }, now);
    expect(estimate.longestMs).toBe(60_000);
  });

  it('remembers that a wait saw Reset name a refill, and never forgets it', () => {
    const estimate = new WindowEstimate();
    expect(estimate.refills).toBe(false);
    estimate.noteRefills(false);
    expect(estimate.refills).toBe(false);
    estimate.noteRefills(true);
    estimate.noteRefills(false);
    expect(estimate.refills).toBe(true);
  });
});
