import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import type { CheckResult } from '../report/model.js';
import { nothingRanError } from './nothing-ran.js';

const check = { requirementId: 'AUTH-BEARER', domain: 'auth', status: 'pass' } as CheckResult;
const filtered = { requirements: ['ENV-CREATE'], suites: ['auth'] as const };

describe('nothingRanError', () => {
  it('refuses a narrowed run that ran no check, naming the selection and the table', () => {
    const error = nothingRanError(filtered, { checks: [], harnessErrors: [], stopped: null });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toMatch(
      /^CONFORMANCE_REQUIREMENTS=ENV-CREATE ran no check of the suites auth: nothing was verified; .*requirement-suites\.ts is stale/,
    );
  });

  it('leaves alone a run that ran a check, an unnarrowed one, and one that stopped or broke (reported as such)', () => {
    expect(nothingRanError(filtered, { checks: [check], harnessErrors: [], stopped: null })).toBeUndefined();
    expect(nothingRanError({ ...filtered, requirements: [] }, { checks: [], harnessErrors: [], stopped: null })).toBeUndefined();
    expect(nothingRanError(filtered, { checks: [], harnessErrors: [], stopped: 'the run deadline passed' })).toBeUndefined();
    expect(nothingRanError(filtered, { checks: [], harnessErrors: ['suites/auth.test.ts: boom'], stopped: null })).toBeUndefined();
  });
});
