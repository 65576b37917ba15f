import { describe, expect, it } from 'vitest';
import { isRateLimitSuiteFile } from './rate-limit-file.js';

describe('isRateLimitSuiteFile', () => {
  it('names the rate-limit suite from a clone and from the installed package, and no other file', () => {
    expect(isRateLimitSuiteFile('/w/suites/rate-limit.test.ts')).toBe(true);
    expect(isRateLimitSuiteFile('/w/node_modules/pkg/dist/suites/rate-limit.test.js')).toBe(true);
    expect(isRateLimitSuiteFile('C:\\w\\dist\\suites\\rate-limit.test.js')).toBe(true);
    expect(isRateLimitSuiteFile('/w/suites/contacts.test.ts')).toBe(false);
    expect(isRateLimitSuiteFile('/w/suites/rate-limit.test.js.map')).toBe(false);
    expect(isRateLimitSuiteFile('/w/suites/my-rate-limit.test.ts')).toBe(false);
  });
});
