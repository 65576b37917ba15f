import { Writable } from 'node:stream';
import type { TestCase } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { ResultCollector, suiteDomainOf } from './collector.js';
import { Progress } from './progress.js';

function quiet(): Progress {
  return new Progress(new Writable({ write: (_chunk, _encoding, done) => done() }), { timer: false });
}

/** A test case as vitest hands it to a reporter, with only what the collector reads. */
function testCase(id: string, result: ReturnType<TestCase['result']>, extra: object = {}): TestCase {
  const meta = { conformance: { requirementId: 'CT-CREATE', level: 'MUST', section: '5.1', domain: 'contacts', title: `MUST ${id}`, ...extra } };
  return {
    id,
    name: id,
    fullName: id,
    module: { moduleId: 'suites/contacts.test.ts' },
    meta: () => meta,
    result: () => result,
    diagnostic: () => ({ duration: 1 }),
  } as unknown as TestCase;
}

const REASON = 'throttled: 3 s spent waiting out HTTP 429';

describe('a check the run cancelled', () => {
  it('is "not run" with the stop reason when vitest reports it pending or failed without an error, once the runner has stopped', () => {
    const collector = new ResultCollector(quiet());
    collector.stop(REASON);
    collector.onTestCaseResult(testCase('a', { state: 'pending', errors: undefined }));
    collector.onTestCaseResult(testCase('b', { state: 'failed', errors: [] }));
    expect(collector.run.checks.map((c) => [c.status, c.message])).toEqual([
      ['error', `not run: ${REASON}`],
      ['error', `not run: ${REASON}`],
    ]);
  });

  it('is "not run" when a worker stopped the run before the runner\'s watch saw it', () => {
    let stopped: string | null = null;
    const collector = new ResultCollector(quiet(), { stopped: () => stopped });
    collector.onTestCaseResult(testCase('before', { state: 'failed', errors: [] }));
    stopped = REASON;
    collector.onTestCaseResult(testCase('after', { state: 'failed', errors: [] }));
    expect(collector.run.checks.map((c) => c.message)).toEqual(['harness error: the check ended without a verdict', `not run: ${REASON}`]);
  });

  it('carries the code of the stop on each check it did not run, for report.json', () => {
    const collector = new ResultCollector(quiet());
    collector.stop(REASON, 'THROTTLE_BUDGET_SPENT');
    collector.onTestCaseResult(testCase('a', { state: 'pending', errors: undefined }));
    collector.finish([], 'the run ended');
    expect(collector.run.stopCode).toBe('THROTTLE_BUDGET_SPENT');
    expect(collector.run.checks.map((c) => [c.status, c.errorCode])).toEqual([['error', 'THROTTLE_BUDGET_SPENT']]);
  });

  it("carries the code of a coded error that ended a check, and none for a crash's", () => {
    const collector = new ResultCollector(quiet());
    collector.onTestCaseResult(testCase('coded', { state: 'failed', errors: [{ message: 'no answer', code: 'REQUEST_FAILED' } as never] }));
    collector.onTestCaseResult(testCase('crash', { state: 'failed', errors: [{ message: 'boom', code: 'ERR_SOMETHING' } as never] }));
    expect(collector.run.checks.map((c) => [c.title, c.errorCode])).toEqual([
      ['MUST coded', 'REQUEST_FAILED'],
      ['MUST crash', undefined],
    ]);
  });

  it('keeps a verdict of its own: a check that failed with an error is not re-labelled by a stop', () => {
    const collector = new ResultCollector(quiet(), { stopped: () => REASON });
    collector.onTestCaseResult(testCase('c', { state: 'failed', errors: [{ message: 'boom' } as never] }));
    expect(collector.run.checks[0]!.message).toBe('harness error: boom');
  });
});

describe('a check result', () => {
  it('says where the check is declared, from what the check left, and nothing when it left nothing', () => {
    const declaredAt = [
      { file: 'suites/contacts.test.ts', line: 40 },
      { file: 'harness/crosscutting/validation.ts', line: 48 },
    ];
    const collector = new ResultCollector(quiet());
    collector.onTestCaseResult(testCase('placed', { state: 'passed', errors: undefined }, { declaredAt, status: 'pass' }));
    collector.stop(REASON);
    collector.onTestCaseResult(testCase('cancelled', { state: 'pending', errors: undefined }, { declaredAt }));
    collector.onTestCaseResult(testCase('unplaced', { state: 'passed', errors: undefined }, { status: 'pass' }));
    expect(collector.run.checks.map((c) => [c.title, c.declaredAt])).toEqual([
      ['MUST placed', declaredAt],
      ['MUST cancelled', declaredAt],
      ['MUST unplaced', undefined],
    ]);
    expect('declaredAt' in collector.run.checks[2]!).toBe(false);
  });
});

describe('suiteDomainOf', () => {
  it("names a suite file's domain, source or compiled, and nothing for another file", () => {
    expect(suiteDomainOf('/work/main/suites/time-entries.test.ts')).toBe('time-entries');
    expect(suiteDomainOf('/usr/lib/node_modules/x/dist/suites/rate-limit.test.js')).toBe('rate-limit');
    expect(suiteDomainOf('/work/main/test/e2e.test.ts')).toBeUndefined();
  });
});
