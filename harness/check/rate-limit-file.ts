/** The rate-limit suite's file: suites/rate-limit.test.ts in a clone, its compiled .js in the installed package. */
export function isRateLimitSuiteFile(path: string): boolean {
  return /[\\/]rate-limit\.test\.[cm]?[jt]s$/.test(path);
}
