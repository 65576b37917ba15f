/**
 * How a driver (test/mutant-driver.ts) tells test/run-cli.ts's DriverPool that a run ended: one
 * line, this prefix and `{ "code": <exit code> }`. Its own module, with no imports, so that the
 * compiled driver (test/testing/compiled-cli.ts) needs nothing of test/ but these two files.
 */
export const RESULT_PREFIX = '@@result ';
