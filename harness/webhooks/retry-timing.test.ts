import { describe, expect, it } from 'vitest';
import { TRIGGERS } from './triggers.js';
import { RETRY_EVENT, retryLimitEvent } from './retry-timing.js';

describe('retryLimitEvent', () => {
  it('takes milestone.completed when a project is configured', () => {
    expect(retryLimitEvent('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe('milestone.completed');
    expect(TRIGGERS[retryLimitEvent('p')].operation).toBe('POST /milestones/{id}/complete');
  });

  it('falls back to the retry event without CONFORMANCE_PROJECT_ID, so the check is not skipped', () => {
    expect(retryLimitEvent(undefined)).toBe(RETRY_EVENT);
    expect(retryLimitEvent('')).toBe(RETRY_EVENT);
    expect(RETRY_EVENT).toBe('expense.approved');
  });
});
