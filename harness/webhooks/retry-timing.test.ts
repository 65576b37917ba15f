import { describe, expect, it } from 'vitest';
import { TRIGGERS } from './triggers.js';
import { RETRY_EVENT, secondRetryEvent } from './retry-timing.js';

describe('secondRetryEvent', () => {
  it('takes milestone.completed when a project is configured', () => {
    expect(secondRetryEvent('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e')).toBe('milestone.completed');
    expect(TRIGGERS[secondRetryEvent('p')].operation).toBe('POST /milestones/{id}/complete');
  });

  it('falls back to the retry event without CONFORMANCE_PROJECT_ID, so the check is not skipped', () => {
    expect(secondRetryEvent(undefined)).toBe(RETRY_EVENT);
    expect(secondRetryEvent('')).toBe(RETRY_EVENT);
    expect(RETRY_EVENT).toBe('expense.approved');
  });
});
