import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../report/model.js';
import type { Requirement } from '../spec/requirements.js';
import { groupUnverified, unverifiedSummary } from '../report/unverified.js';
import { INCOMPLETE_EXIT_CODE, exitCodeWithExpected, unverifiedMust, verdictOf, type Selection } from './verdict.js';

const CATALOGUE: Record<string, Requirement> = {
  'A-ONE': { level: 'MUST', section: '2.1', area: 'contacts', statement: 'one' },
  'A-TWO': { level: 'MUST', section: '2.1', area: 'contacts', statement: 'two' },
  'B-ONE': { level: 'MUST', section: '8', area: 'rate-limit', statement: 'three' },
  'S-ONE': { level: 'SHOULD', section: '7', area: 'common', statement: 'four' },
};

const ALL: Selection = { suites: ['contacts', 'rate-limit'], allSuites: true, requirements: [] };

function check(requirementId: string, status: CheckResult['status'], message: string | null = null, level: CheckResult['level'] = 'MUST'): CheckResult {
  return {
    key: `${requirementId} ${status} ${message ?? ''}`,
    requirementId,
    level,
    section: '',
    domain: 'contacts',
    title: 't',
    status,
    message,
    durationMs: 0,
    exchange: null,
    property: null,
    throttled: 0,
  };
}

const allPass = (): CheckResult[] => [check('A-ONE', 'pass'), check('A-TWO', 'pass'), check('B-ONE', 'pass'), check('S-ONE', 'pass', null, 'SHOULD')];

function judge(checks: CheckResult[], selection: Selection = ALL, failOnIncomplete = false) {
  const unverified = unverifiedMust(CATALOGUE, checks, selection);
  return { unverified, ...verdictOf(checks, [], unverified, { failOnIncomplete }) };
}

describe('the verdict rules', () => {
  it('conformant: every MUST requirement has a check that ran and passed', () => {
    expect(judge(allPass())).toEqual({ unverified: [], verdict: 'conformant', exitCode: 0 });
  });

  it('a failed or skipped SHOULD check does not touch the verdict', () => {
    const checks = allPass().concat(check('S-ONE', 'fail', 'warned', 'SHOULD'), check('S-ONE', 'skip', 'not applicable: x', 'SHOULD'));
    expect(judge(checks).verdict).toBe('conformant');
  });

  it('incomplete (1 of 3): a MUST check skipped because a variable is not set, naming the variable', () => {
    const checks = [check('A-ONE', 'pass'), check('A-TWO', 'pass'), check('B-ONE', 'skip', 'not configured: CONFORMANCE_LIMITED_KEY is not set')];
    const result = judge(checks);
    expect(result.verdict).toBe('incomplete');
    expect(result.exitCode).toBe(0);
    expect(result.unverified).toEqual([
      {
        id: 'B-ONE',
        section: '8',
        domain: 'rate-limit',
        statement: 'three',
        reason: 'not-configured',
        detail: 'not configured: CONFORMANCE_LIMITED_KEY is not set',
      },
    ]);
  });

  it('incomplete (2 of 3): a MUST check inconclusive, saying what was waited for', () => {
    const checks = [check('A-ONE', 'pass'), check('A-TWO', 'inconclusive', 'the delivery was still retrying after 60 s'), check('B-ONE', 'pass')];
    const result = judge(checks);
    expect(result.verdict).toBe('incomplete');
    expect(result.unverified.map((u) => [u.id, u.reason, u.detail])).toEqual([
      ['A-TWO', 'inconclusive', 'inconclusive: the delivery was still retrying after 60 s'],
    ]);
  });

  it('incomplete (3 of 3): requirements left out by CONFORMANCE_SUITES or CONFORMANCE_REQUIREMENTS are not selected', () => {
    const bySuite = judge([check('A-ONE', 'pass'), check('A-TWO', 'pass')], { suites: ['contacts'], allSuites: false, requirements: [] });
    expect(bySuite.verdict).toBe('incomplete');
    expect(bySuite.unverified.map((u) => [u.id, u.reason, u.detail])).toEqual([['B-ONE', 'not-selected', 'not selected: CONFORMANCE_SUITES=contacts']]);
    const byId = judge([check('A-ONE', 'pass')], { ...ALL, requirements: ['A-ONE'] });
    expect(byId.unverified.map((u) => [u.id, u.detail])).toEqual([
      ['A-TWO', 'not selected: CONFORMANCE_REQUIREMENTS=A-ONE'],
      ['B-ONE', 'not selected: CONFORMANCE_REQUIREMENTS=A-ONE'],
    ]);
  });

  it('a requirement of a full run that no check named is not run, and still not verified', () => {
    const result = judge([check('A-ONE', 'pass'), check('A-TWO', 'pass')]);
    expect(result.verdict).toBe('incomplete');
    expect(result.unverified.map((u) => [u.id, u.reason])).toEqual([['B-ONE', 'not-run']]);
  });

  it('a requirement with one passed and one skipped check is only partly verified: incomplete', () => {
    const checks = allPass().concat(check('A-ONE', 'skip', 'not applicable: no letters in the key'));
    const result = judge(checks);
    expect(result.verdict).toBe('incomplete');
    expect(result.unverified.map((u) => [u.id, u.reason, u.detail])).toEqual([['A-ONE', 'not-applicable', 'not applicable: no letters in the key']]);
  });

  it('names the most serious reason of a requirement, and every variable it lacks', () => {
    const checks = [
      check('A-ONE', 'skip', 'not configured: CONFORMANCE_MEMBER_KEY is not set'),
      check('A-ONE', 'skip', 'not configured: CONFORMANCE_OTHER_ORG_KEY is not set'),
      check('A-TWO', 'skip', 'not configured: CONFORMANCE_MEMBER_KEY is not set'),
      check('A-TWO', 'inconclusive', 'waited 60 s'),
      check('B-ONE', 'pass'),
    ];
    const { unverified } = judge(checks);
    expect(unverified.map((u) => [u.id, u.reason, u.detail])).toEqual([
      ['A-ONE', 'not-configured', 'not configured: CONFORMANCE_MEMBER_KEY, CONFORMANCE_OTHER_ORG_KEY are not set'],
      ['A-TWO', 'inconclusive', 'inconclusive: waited 60 s'],
    ]);
    expect(unverifiedSummary({ unverified })).toBe('1 inconclusive, 1 not configured');
  });

  it('CONFORMANCE_FAIL_ON_INCOMPLETE makes an incomplete run exit 3, and leaves the other verdicts alone', () => {
    const skipped = [check('A-ONE', 'pass'), check('A-TWO', 'pass'), check('B-ONE', 'skip', 'not configured: CONFORMANCE_LIMITED_KEY is not set')];
    expect(judge(skipped, ALL, true)).toMatchObject({ verdict: 'incomplete', exitCode: INCOMPLETE_EXIT_CODE });
    expect(INCOMPLETE_EXIT_CODE).toBe(3);
    expect(judge(allPass(), ALL, true)).toMatchObject({ verdict: 'conformant', exitCode: 0 });
    expect(judge([...skipped, check('A-ONE', 'fail', 'no')], ALL, true)).toMatchObject({ verdict: 'non-conformant', exitCode: 1 });
  });

  it('a failed MUST check beats everything; an error beats incomplete', () => {
    const failed = judge([check('A-ONE', 'fail', 'no'), check('A-TWO', 'error', 'boom')], { suites: ['contacts'], allSuites: false, requirements: [] });
    expect(failed).toMatchObject({ verdict: 'non-conformant', exitCode: 1 });
    // A failed requirement is not "unverified": it was verified, and failed.
    expect(failed.unverified.map((u) => u.id)).toEqual(['A-TWO', 'B-ONE']);
    const errored = judge([check('A-ONE', 'pass'), check('A-TWO', 'error', 'harness error: boom')]);
    expect(errored).toMatchObject({ verdict: 'error', exitCode: 1 });
    expect(errored.unverified.find((u) => u.id === 'A-TWO')?.reason).toBe('error');
  });

  it('a harness error outside any check gives error even when every check passed', () => {
    const checks = allPass();
    expect(verdictOf(checks, ['suite failed to load'], unverifiedMust(CATALOGUE, checks, ALL), { failOnIncomplete: false })).toEqual({
      verdict: 'error',
      exitCode: 1,
    });
  });

  it('a run with no checks at all verified nothing: incomplete, never conformant', () => {
    expect(judge([]).verdict).toBe('incomplete');
  });

  it('groups unverified requirements by reason and detail, most serious first', () => {
    const { unverified } = judge([check('A-ONE', 'inconclusive', 'waited'), check('A-TWO', 'skip', 'not configured: CONFORMANCE_MEMBER_KEY is not set')], {
      suites: ['contacts'],
      allSuites: false,
      requirements: [],
    });
    expect(groupUnverified(unverified)).toEqual([
      { reason: 'inconclusive', detail: 'inconclusive: waited', ids: ['A-ONE'] },
      { reason: 'not-configured', detail: 'not configured: CONFORMANCE_MEMBER_KEY is not set', ids: ['A-TWO'] },
      { reason: 'not-selected', detail: 'not selected: CONFORMANCE_SUITES=contacts', ids: ['B-ONE'] },
    ]);
  });
});

describe('exitCodeWithExpected (CONFORMANCE_EXPECTED_FAILURES)', () => {
  const checks = [check('A-ONE', 'fail'), check('A-TWO', 'pass'), check('B-ONE', 'pass')];
  const unverified = unverifiedMust(CATALOGUE, checks, ALL);
  const options = { failOnIncomplete: false };
  it('forgives the failures of entries still expected, and nothing else', () => {
    expect(exitCodeWithExpected(checks, [], unverified, [], options)).toBe(1);
    expect(exitCodeWithExpected(checks, [], unverified, [{ id: 'A-ONE', state: 'expected' }], options)).toBe(0);
    expect(exitCodeWithExpected([...checks, check('A-TWO', 'fail')], [], unverified, [{ id: 'A-ONE', state: 'expected' }], options)).toBe(1);
    expect(exitCodeWithExpected(checks, ['boom'], unverified, [{ id: 'A-ONE', state: 'expected' }], options)).toBe(1);
    // An erred check of a listed requirement is not forgiven: it is no verdict.
    expect(exitCodeWithExpected([...checks, check('A-ONE', 'error')], [], unverified, [{ id: 'A-ONE', state: 'expected' }], options)).toBe(1);
  });
  it('fails the run for a stale or expired entry, whatever else happened', () => {
    const passing = [check('A-ONE', 'pass'), check('A-TWO', 'pass'), check('B-ONE', 'pass')];
    expect(exitCodeWithExpected(passing, [], [], [{ id: 'A-ONE', state: 'stale' }], options)).toBe(1);
    expect(exitCodeWithExpected(checks, [], unverified, [{ id: 'A-ONE', state: 'expired' }], options)).toBe(1);
    expect(exitCodeWithExpected(passing, [], [], [{ id: 'A-ONE', state: 'not-run' }], options)).toBe(0);
  });
});
