import { describe, expect, it } from 'vitest';
import { LEVELS, STATUSES, reportSchema, type CheckResult, type Observation, type Report } from '../report/model.js';
import { verdictReason } from '../report/verdict.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { buildReport, type RunInfo } from './build-report.js';
import type { CollectedRun } from './collector.js';

const INFO: RunInfo = {
  runId: 'run-1',
  startedAt: new Date('2024-05-14T09:00:00.000Z'),
  finishedAt: new Date('2024-05-14T09:01:30.250Z'),
  targetUrl: 'http://127.0.0.1:8080/api/v1',
  embedded: true,
  faults: [],
  variants: [],
  seed: 42,
  numRuns: 20,
  suites: ['auth', 'contacts'],
  allSuites: false,
  requirements: [],
  failOnIncomplete: false,
  toolVersion: '0.1.0',
};

function check(overrides: Partial<CheckResult> & Pick<CheckResult, 'requirementId' | 'status'>): CheckResult {
  return {
    key: `${overrides.domain ?? 'contacts'} ${overrides.requirementId} ${overrides.title ?? 'title'}`,
    level: 'MUST',
    section: '2.1',
    domain: 'contacts',
    title: 'title',
    message: overrides.status === 'pass' ? null : 'why',
    durationMs: 3,
    exchange: null,
    property: null,
    throttled: 0,
    ...overrides,
  };
}

function collected(checks: CheckResult[], extra: Partial<CollectedRun> = {}): CollectedRun {
  return { checks, observations: [], harnessErrors: [], throttledMs: 0, endpointChecks: new Map(), matrix: [], inputClasses: [], stopped: null, ...extra };
}

function build(run: CollectedRun): Report {
  const report = buildReport(run, INFO);
  // Every report must match the published contract.
  expect(() => reportSchema.parse(report)).not.toThrow();
  return report;
}

describe('an interrupted run', () => {
  const everyMustPassed = Object.entries(REQUIREMENTS)
    .filter(([, r]) => r.level === 'MUST')
    .map(([id]) => check({ requirementId: id, status: 'pass' }));

  it('is never conformant, even when every MUST requirement passed, and exits as the signal says', () => {
    for (const [signal, exitCode] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const interrupted = { signal, recordsFound: 4, recordsDeleted: 4, recordsLeft: 0 };
      const report = buildReport(collected(everyMustPassed), { ...INFO, suites: [], allSuites: true, interrupted });
      expect(() => reportSchema.parse(report)).not.toThrow();
      expect(report.verdict).toBe('interrupted');
      expect(report.exitCode).toBe(exitCode);
      expect(report.interrupted).toEqual(interrupted);
      expect(verdictReason(report)).toContain(`interrupted by ${signal}`);
      expect(verdictReason(report)).toContain('does not establish conformance');
    }
    // The same checks without the signal: conformant, so the verdict above is the signal's doing.
    expect(buildReport(collected(everyMustPassed), { ...INFO, suites: [], allSuites: true }).verdict).toBe('conformant');
  });

  it('says how many records may remain, and the run tag they carry', () => {
    const report = buildReport(collected([]), {
      ...INFO,
      runId: '20261127T000000Z-AB12',
      interrupted: { signal: 'SIGTERM', recordsFound: 9, recordsDeleted: 7, recordsLeft: 2 },
    });
    expect(verdictReason(report)).toContain(
      'deleted 7 of the 9 records it had created; 2 may remain on the target (those with tags carry conformance-run-20261127t000000z-ab12)',
    );
  });

  it('says how many creates the stop cut off without an answer, even when every known record was deleted', () => {
    const report = buildReport(collected([]), {
      ...INFO,
      runId: '20261127T000000Z-AB12',
      interrupted: { signal: 'SIGINT', recordsFound: 5, recordsDeleted: 5, recordsLeft: 0, createsUnanswered: 2 },
    });
    expect(() => reportSchema.parse(report)).not.toThrow();
    expect(verdictReason(report)).toContain('deleted the 5 records it had created');
    expect(verdictReason(report)).toContain(
      '2 creates got no answer before it stopped: each may have made a record whose id the run never learnt, which no delete by id can reach (those with tags carry conformance-run-20261127t000000z-ab12)',
    );
    const none = buildReport(collected([]), {
      ...INFO,
      interrupted: { signal: 'SIGINT', recordsFound: 5, recordsDeleted: 5, recordsLeft: 0, createsUnanswered: 0 },
    });
    expect(verdictReason(none)).not.toMatch(/got no answer/);
  });

  it('counts as not deleted only what the main process could not delete, not what the stopped files left to it', () => {
    const files = { notDeleted: 16, kept: { softDeletedTasks: 1, softDeletedResources: 0, deactivatedRates: 0 } };
    const interrupted = { signal: 'SIGINT' as const, recordsFound: 16, recordsDeleted: 16, recordsLeft: 0 };
    const report = buildReport(collected([], { cleanup: files }), { ...INFO, interrupted });
    expect(report.cleanup).toMatchObject({ notDeleted: 0, softDeletedTasks: 1 });
    expect(verdictReason(report)).toContain('deleted the 16 records it had created');
    expect(verdictReason(report)).not.toMatch(/could not be deleted/);
    // Without the signal the files' own count stands.
    expect(buildReport(collected([], { cleanup: files }), INFO).cleanup).toMatchObject({ notDeleted: 16 });
  });
});

describe('the cleanup counts', () => {
  it('come per domain too, in the published contract, adding up to the run totals', () => {
    const kept = (tasks: number, resources: number) => ({ softDeletedTasks: tasks, softDeletedResources: resources, deactivatedRates: 0 });
    const byDomain = new Map([
      ['tasks', { notDeleted: 0, kept: kept(3, 0) }],
      ['batch', { notDeleted: 1, kept: kept(1, 2) }],
    ]);
    const report = build(collected([], { cleanup: { notDeleted: 1, kept: kept(4, 2), byDomain } }));
    expect(report.cleanup).toEqual({
      notDeleted: 1,
      softDeletedTasks: 4,
      softDeletedResources: 2,
      deactivatedRates: 0,
      byDomain: {
        batch: { notDeleted: 1, softDeletedTasks: 1, softDeletedResources: 2, deactivatedRates: 0 },
        tasks: { notDeleted: 0, softDeletedTasks: 3, softDeletedResources: 0, deactivatedRates: 0 },
      },
    });
  });
});

describe('verdictOf and the report verdict', () => {
  it('a failed MUST makes the target non-conformant (exit 1)', () => {
    const report = build(
      collected([
        check({ requirementId: 'CT-NAME-MIN', status: 'fail' }),
        check({ requirementId: 'ID-UNKNOWN-404', level: 'SHOULD', status: 'fail' }),
        check({ requirementId: 'CT-TYPE-ENUM', status: 'error' }),
      ]),
    );
    expect(report.verdict).toBe('non-conformant');
    expect(report.exitCode).toBe(1);
  });

  it('failed SHOULD and MAY checks alone do not fail the target; a skipped MUST check and the unselected suites leave it incomplete (exit 0)', () => {
    const report = build(
      collected([
        check({ requirementId: 'CT-NAME-MIN', status: 'pass' }),
        check({ requirementId: 'ID-UNKNOWN-404', level: 'SHOULD', status: 'fail' }),
        check({ requirementId: 'AUTH-REFUSED-401', level: 'MAY', status: 'fail' }),
        check({ requirementId: 'CT-TYPE-ENUM', status: 'skip', message: 'not configured: CONFORMANCE_MEMBER_KEY is not set' }),
      ]),
    );
    expect(report.verdict).toBe('incomplete');
    expect(report.exitCode).toBe(0);
    expect(report.unverified.find((u) => u.id === 'CT-TYPE-ENUM')).toMatchObject({
      reason: 'not-configured',
      detail: 'not configured: CONFORMANCE_MEMBER_KEY is not set',
    });
    expect(report.unverified.find((u) => u.id === 'RL-OVER-429')).toMatchObject({
      reason: 'not-selected',
      detail: 'not selected: CONFORMANCE_SUITES=auth,contacts',
    });
    expect(report.unverified.some((u) => u.id === 'CT-NAME-MIN')).toBe(false);
  });

  it('records the selection and the fail-on-incomplete setting, which makes an incomplete run exit 3', () => {
    const report = buildReport(collected([check({ requirementId: 'CT-NAME-MIN', status: 'pass' })]), {
      ...INFO,
      requirements: ['CT-NAME-MIN'],
      failOnIncomplete: true,
    });
    expect(report.settings).toMatchObject({ requirements: ['CT-NAME-MIN'], failOnIncomplete: true });
    expect(report.verdict).toBe('incomplete');
    expect(report.exitCode).toBe(3);
  });

  it('is conformant only when every MUST requirement of the catalogue passed', () => {
    const all = Object.entries(REQUIREMENTS).map(([id, r]) => check({ requirementId: id, level: r.level, status: 'pass' }));
    const report = build(collected(all));
    expect(report.verdict).toBe('conformant');
    expect(report.unverified).toEqual([]);
    expect(report.exitCode).toBe(0);
  });

  it('an errored check without a failed MUST gives the verdict error (exit 1)', () => {
    const report = build(
      collected([check({ requirementId: 'CT-NAME-MIN', status: 'pass' }), check({ requirementId: 'ID-UNKNOWN-404', level: 'SHOULD', status: 'error' })]),
    );
    expect(report.verdict).toBe('error');
    expect(report.exitCode).toBe(1);
  });
});

describe('harness errors', () => {
  it('become HARNESS checks with the error message', () => {
    const report = build(
      collected([check({ requirementId: 'CT-NAME-MIN', status: 'pass' })], { harnessErrors: ['suites/contacts.test.ts: boom', 'unhandled: x'] }),
    );
    const harness = report.checks.filter((c) => c.requirementId === 'HARNESS');
    expect(harness).toHaveLength(2);
    for (const c of harness) expect(c).toMatchObject({ status: 'error', level: 'MUST', domain: 'harness', exchange: null });
    expect(harness.map((c) => c.message).sort()).toEqual(['suites/contacts.test.ts: boom', 'unhandled: x']);
    expect(new Set(report.checks.map((c) => c.key)).size).toBe(report.checks.length);
    expect(report.verdict).toBe('error');
    expect(report.counts.byStatus.error).toBe(2);
    expect(report.domains.find((d) => d.domain === 'harness')).toMatchObject({ status: 'error', counts: { error: 2 } });
  });

  it('a run stopped early (breaker, deadline) is error and says why, even when every check that ran passed', () => {
    const reason =
      'the target stopped answering: 5 requests in a row got no answer (CONFORMANCE_BREAKER_FAILURES=5; last: GET /contacts: no answer within 3000 ms)';
    const report = build(collected([check({ requirementId: 'CT-NAME-MIN', status: 'pass' })], { stopped: reason }));
    expect(report.checks.filter((c) => c.requirementId === 'HARNESS').map((c) => c.message)).toEqual([`the run stopped early: ${reason}`]);
    expect(report.verdict).toBe('error');
    expect(report.exitCode).toBe(1);
    expect(verdictReason(report)).toMatch(/^The run stopped early: the target stopped answering: 5 requests in a row/);
    expect(report.stoppedBy).toEqual({ code: null, reason });
  });

  it('names the code of the stop in stoppedBy when the run knows it, and has no stoppedBy when it did not stop', () => {
    const reason = 'the run deadline (600 s, CONFORMANCE_RUN_DEADLINE_S) passed';
    expect(build(collected([], { stopped: reason, stopCode: 'RUN_DEADLINE' })).stoppedBy).toEqual({ code: 'RUN_DEADLINE', reason });
    expect(build(collected([check({ requirementId: 'CT-NAME-MIN', status: 'pass' })])).stoppedBy).toBeUndefined();
  });

  it('do not hide a failed MUST', () => {
    const report = build(collected([check({ requirementId: 'CT-NAME-MIN', status: 'fail' })], { harnessErrors: ['boom'] }));
    expect(report.verdict).toBe('non-conformant');
  });
});

describe('counts and summaries', () => {
  const checks = [
    check({ requirementId: 'CT-NAME-MIN', status: 'pass', throttled: 2 }),
    check({ requirementId: 'CT-NAME-MIN', status: 'fail', title: 'second' }),
    check({ requirementId: 'CT-TYPE-ENUM', status: 'skip' }),
    check({ requirementId: 'CT-FILTER-SEARCH', level: 'SHOULD', status: 'inconclusive' }),
    check({ requirementId: 'AUTH-X-API-KEY', domain: 'auth', status: 'pass', throttled: 1 }),
    check({ requirementId: 'AUTH-REFUSED-401', domain: 'auth', level: 'SHOULD', status: 'fail' }),
    check({ requirementId: 'PAGE-TOTAL', domain: 'auth', level: 'MAY', status: 'pass' }),
  ];
  const report = build(collected(checks, { throttledMs: 1500, harnessErrors: ['boom'] }));

  it('count by status and by level, and the counts add up', () => {
    expect(report.counts.total).toBe(8);
    expect(report.counts.byStatus).toEqual({ pass: 3, skip: 1, inconclusive: 1, fail: 2, error: 1 });
    expect(report.counts.byLevel.MUST).toEqual({ pass: 2, skip: 1, inconclusive: 0, fail: 1, error: 1 });
    expect(report.counts.byLevel.SHOULD).toEqual({ pass: 0, skip: 0, inconclusive: 1, fail: 1, error: 0 });
    expect(report.counts.byLevel.MAY).toEqual({ pass: 1, skip: 0, inconclusive: 0, fail: 0, error: 0 });
    for (const status of STATUSES) {
      expect(LEVELS.reduce((n, level) => n + report.counts.byLevel[level][status], 0)).toBe(report.counts.byStatus[status]);
    }
    expect(STATUSES.reduce((n, s) => n + report.counts.byStatus[s], 0)).toBe(report.counts.total);
  });

  it('summarise each domain with its worst status, sorted by name', () => {
    expect(report.domains.map((d) => [d.domain, d.status])).toEqual([
      ['auth', 'fail'],
      ['contacts', 'fail'],
      ['harness', 'error'],
    ]);
    expect(report.domains[0]!.counts).toEqual({ pass: 2, skip: 0, inconclusive: 0, fail: 1, error: 0 });
    expect(report.domains.reduce((n, d) => n + STATUSES.reduce((m, s) => m + d.counts[s], 0), 0)).toBe(report.counts.total);
  });

  it('sum throttling waits from the checks and the wait time from the run', () => {
    expect(report.throttling).toEqual({ waits: 3, totalWaitMs: 1500 });
  });

  it('carry run information', () => {
    expect(report).toMatchObject({
      schemaVersion: 1,
      runId: 'run-1',
      startedAt: '2024-05-14T09:00:00.000Z',
      finishedAt: '2024-05-14T09:01:30.250Z',
      durationMs: 90_250,
      target: { url: INFO.targetUrl, embedded: true, kind: 'embedded reference server', faults: [] },
      settings: { seed: 42, numRuns: 20, suites: ['auth', 'contacts'] },
      tool: { version: '0.1.0' },
    });
  });
});

describe('requirement coverage', () => {
  const report = build(
    collected([
      check({ requirementId: 'CT-NAME-MIN', status: 'pass' }),
      check({ requirementId: 'CT-NAME-MIN', status: 'fail', title: 'b' }),
      check({ requirementId: 'CT-NAME-MIN', status: 'skip', title: 'c' }),
      check({ requirementId: 'CT-TYPE-ENUM', status: 'skip' }),
      check({ requirementId: 'CT-EMAIL-FORMAT', status: 'inconclusive' }),
      check({ requirementId: 'CT-WEBSITE-URL', status: 'pass' }),
      check({ requirementId: 'NOT-IN-CATALOGUE', status: 'pass' }),
    ]),
  );
  const byId = new Map(report.requirements.map((r) => [r.id, r]));

  it('lists every catalogue requirement exactly once, and nothing else', () => {
    expect(report.requirements.map((r) => r.id).sort()).toEqual(Object.keys(REQUIREMENTS).sort());
  });

  it('counts the checks of each requirement and keeps the worst status', () => {
    expect(byId.get('CT-NAME-MIN')).toMatchObject({ checks: 3, status: 'fail' });
    expect(byId.get('CT-TYPE-ENUM')).toMatchObject({ checks: 1, status: 'skip' });
    expect(byId.get('CT-EMAIL-FORMAT')).toMatchObject({ checks: 1, status: 'inconclusive' });
    expect(byId.get('CT-WEBSITE-URL')).toMatchObject({ checks: 1, status: 'pass' });
  });

  it('shows uncovered requirements with no checks and no status', () => {
    expect(byId.get('AUTH-BEARER')).toMatchObject({ checks: 0, status: null });
  });

  it('copies level, section, area and statement from the catalogue', () => {
    const r = REQUIREMENTS['ID-UNKNOWN-404'];
    expect(byId.get('ID-UNKNOWN-404')).toEqual({
      id: 'ID-UNKNOWN-404',
      level: r.level,
      section: r.section,
      domain: r.area,
      statement: r.statement,
      checks: 0,
      status: null,
    });
  });
});

describe('deterministic output', () => {
  const observation = (topic: string, domain: string, subject: string, value: string): Observation => ({
    topic,
    domain,
    subject,
    value,
    requirementId: null,
  });

  it('de-duplicates and sorts observations', () => {
    const report = build(
      collected([], {
        observations: [
          observation('validation-status', 'contacts', 'POST /contacts', '422'),
          observation('paging-total-name', 'contacts', 'GET /contacts', 'total'),
          observation('validation-status', 'contacts', 'POST /contacts', '422'),
          observation('validation-status', 'contacts', 'PATCH /contacts/{id}', '422'),
          observation('validation-status', 'auth', 'POST /contacts', '400'),
          observation('validation-status', 'contacts', 'POST /contacts', '400'),
        ],
      }),
    );
    expect(report.observations.map((o) => [o.topic, o.domain, o.subject, o.value])).toEqual([
      ['paging-total-name', 'contacts', 'GET /contacts', 'total'],
      ['validation-status', 'auth', 'POST /contacts', '400'],
      ['validation-status', 'contacts', 'PATCH /contacts/{id}', '422'],
      ['validation-status', 'contacts', 'POST /contacts', '400'],
      ['validation-status', 'contacts', 'POST /contacts', '422'],
    ]);
  });

  it('sorts checks by domain, requirement and key whatever order they arrived in', () => {
    const checks = [
      check({ requirementId: 'CT-TYPE-ENUM', status: 'pass', key: 'contacts b' }),
      check({ requirementId: 'AUTH-BEARER', domain: 'auth', status: 'pass', key: 'auth z' }),
      check({ requirementId: 'CT-NAME-MIN', status: 'pass', key: 'contacts z' }),
      check({ requirementId: 'CT-TYPE-ENUM', status: 'fail', key: 'contacts a' }),
      check({ requirementId: 'AUTH-BEARER', domain: 'auth', status: 'pass', key: 'auth a' }),
      check({ requirementId: 'AUTH-ORG-SCOPE', domain: 'auth', status: 'pass', key: 'auth m' }),
    ];
    const forward = build(collected([...checks]));
    const backward = build(collected([...checks].reverse()));
    expect(forward.checks.map((c) => c.key)).toEqual(['auth a', 'auth z', 'auth m', 'contacts z', 'contacts a', 'contacts b']);
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward));
  });

  it('does not change the collected run', () => {
    const run = collected([check({ requirementId: 'CT-TYPE-ENUM', status: 'pass' })], { harnessErrors: ['boom'] });
    const before = JSON.stringify(run);
    build(run);
    expect(JSON.stringify(run)).toBe(before);
  });
});

describe('endpoint coverage', () => {
  it('lists every documented endpoint with the checks that exercised it, and the untestable domains', () => {
    const report = build(collected([check({ status: 'pass', requirementId: 'ENV-LIST' })], { endpointChecks: new Map([['GET /reports/categories', 2]]) }));
    expect(report.endpoints).toHaveLength(62);
    expect(report.endpoints.find((e) => e.path === '/reports/categories')?.checks).toBe(2);
    expect(report.endpoints.filter((e) => e.checks > 0)).toHaveLength(1);
    expect(report.notTestable.map((n) => n.domain)).toContain('Invoices');
  });
});
