import { describe, expect, it } from 'vitest';
import { FAULT_NAMES, type FaultName } from '../reference/faults.js';
import type { Domain } from '../harness/config/schema.js';
import { isRequirementId, type RequirementId } from '../harness/spec/requirements.js';
import { readLatestReport, runCli } from './run-cli.js';

/**
 * The mutant self-test (principle 2): for each reference-server fault, the suite that covers it
 * runs against the faulty server and the check of the rule the fault breaks must fail.
 * The fault-free run is test/e2e.test.ts.
 */
interface Catch {
  readonly suite: Domain;
  readonly requirement: RequirementId;
  /** Run the whole suite, not only the requirement's checks (a rule judged across other checks). */
  readonly wholeSuite?: boolean;
  /** Other requirements the same fault breaks: their checks must fail too (so they can fail at all). */
  readonly also?: readonly RequirementId[];
}

const CATCHES: Record<FaultName, Catch> = {
  'contacts-empty-name': { suite: 'contacts', requirement: 'CT-NAME-MIN' },
  'contacts-email-unchecked': { suite: 'contacts', requirement: 'CT-EMAIL-FORMAT' },
  'contacts-website-unchecked': { suite: 'contacts', requirement: 'CT-WEBSITE-URL' },
  'contacts-fractional-payment-terms': { suite: 'contacts', requirement: 'CT-PAYMENT-TERMS' },
  'contacts-bad-enum': { suite: 'contacts', requirement: 'CT-TYPE-ENUM' },
  'contacts-parent-uuid-unchecked': { suite: 'contacts', requirement: 'CT-PARENT-UUID' },
  'contacts-patch-resets-omitted': { suite: 'contacts', requirement: 'CT-UPDATE-OMITTED' },
  'contacts-null-ignored': { suite: 'contacts', requirement: 'CT-UPDATE-NULL-CLEARS', also: ['CT-UPDATE-VALID'] },
  'contacts-filter-type-ignored': { suite: 'contacts', requirement: 'CT-FILTER-TYPE' },
  'contacts-filter-parent-ignored': { suite: 'contacts', requirement: 'CT-FILTER-PARENT' },
  'contacts-search-ignored': { suite: 'contacts', requirement: 'CT-FILTER-SEARCH' },
  'contacts-type-key-unbounded': { suite: 'contacts', requirement: 'CT-QUERY-INVALID' },
  'boolean-filter-lenient': { suite: 'contacts', requirement: 'BOOL-FILTER-TRUE' },
  'paging-limit-unbounded': { suite: 'contacts', requirement: 'PAGE-LIMIT-RANGE' },
  'paging-offset-ignored': { suite: 'contacts', requirement: 'PAGE-OFFSET-APPLIED' },
  'paging-no-total': { suite: 'contacts', requirement: 'PAGE-TOTAL' },
  'paging-no-echo': { suite: 'contacts', requirement: 'PAGE-ECHO' },
  'create-returns-200': { suite: 'contacts', requirement: 'ENV-CREATE', also: ['CT-CREATE-VALID'] },
  'delete-returns-200-body': { suite: 'contacts', requirement: 'ENV-DELETE' },
  'no-data-envelope': { suite: 'contacts', requirement: 'ENV-GET' },
  'unknown-id-200': { suite: 'contacts', requirement: 'ID-UNKNOWN-REFUSED', also: ['ID-UNKNOWN-404'] },
  'malformed-json-500': { suite: 'contacts', requirement: 'BODY-MALFORMED-JSON' },
  'validation-500': { suite: 'contacts', requirement: 'CT-CREATE-REQUIRED' },
  'validation-status-mixed': { suite: 'contacts', requirement: 'VALIDATION-STATUS-CONSISTENT', wholeSuite: true },
  'auth-bearer-ignored': { suite: 'auth', requirement: 'AUTH-BEARER' },
  'auth-missing-key-allowed': { suite: 'auth', requirement: 'AUTH-MISSING-REFUSED' },
  'auth-unknown-key-allowed': { suite: 'auth', requirement: 'AUTH-UNKNOWN-REFUSED' },
  'auth-malformed-key-allowed': { suite: 'auth', requirement: 'AUTH-MALFORMED-REFUSED' },
  'auth-key-case-insensitive': { suite: 'auth', requirement: 'AUTH-CASE-EXACT' },
  'org-scope-leak': { suite: 'auth', requirement: 'AUTH-ORG-SCOPE' },
  'org-list-leak': { suite: 'auth', requirement: 'AUTH-ORG-SCOPE' },
  'te-date-unchecked': { suite: 'time-entries', requirement: 'TE-DATE-REAL' },
  'te-hours-over-24': { suite: 'time-entries', requirement: 'TE-HOURS-CREATE-RANGE' },
  'te-min-hours-ignored': { suite: 'time-entries', requirement: 'TE-HOURS-MIN-NON-TIMER' },
  'te-timer-min-enforced': { suite: 'time-entries', requirement: 'TE-HOURS-TIMER-ACCEPTED', also: ['TE-CREATE-VALID'] },
  'te-duration-unbounded': { suite: 'time-entries', requirement: 'TE-DURATION-RANGE' },
  'te-start-time-lenient': { suite: 'time-entries', requirement: 'TE-START-TIME-FORMAT' },
  'te-marked-billed-on-create': { suite: 'time-entries', requirement: 'FIELD-NOT-ACCEPTED' },
  'te-update-hours-timer-lenient': { suite: 'time-entries', requirement: 'TE-UPDATE-HOURS-RANGE' },
  'te-entry-source-on-update': { suite: 'time-entries', requirement: 'FIELD-NOT-ACCEPTED' },
  'te-null-ignored': { suite: 'time-entries', requirement: 'TE-UPDATE-NULL-CLEARS', also: ['TE-UPDATE-VALID'] },
  'te-filter-project-ignored': { suite: 'time-entries', requirement: 'TE-FILTER-PROJECT' },
  'te-filter-date-ignored': { suite: 'time-entries', requirement: 'TE-FILTER-DATE' },
  'te-query-date-unchecked': { suite: 'time-entries', requirement: 'TE-QUERY-INVALID' },
  'te-filter-invoiced-ignored': { suite: 'time-entries', requirement: 'TE-FILTER-INVOICED' },
  'batch-size-unbounded': { suite: 'batch', requirement: 'BATCH-SIZE' },
  'batch-empty-accepted': { suite: 'batch', requirement: 'BATCH-SIZE' },
  'batch-item-date-unchecked': { suite: 'batch', requirement: 'BATCH-ITEM-RULES' },
  'batch-start-time-seconds-rejected': { suite: 'batch', requirement: 'BATCH-CREATE-VALID', also: ['BATCH-CREATE-VISIBLE'] },
  'batch-update-ignored': { suite: 'batch', requirement: 'BATCH-UPDATE-APPLIED' },
  'batch-delete-ignored': { suite: 'batch', requirement: 'BATCH-DELETE-APPLIED' },
  'batch-no-envelope': { suite: 'batch', requirement: 'BATCH-ENVELOPE' },
  'ex-negative-amount': { suite: 'expenses', requirement: 'EX-AMOUNT-MIN' },
  'ex-currency-length-unchecked': { suite: 'expenses', requirement: 'EX-CURRENCY-LENGTH' },
  'ex-modifier-type-unchecked': { suite: 'expenses', requirement: 'EX-MODIFIERS' },
  'ex-status-enum-unchecked': { suite: 'expenses', requirement: 'EX-STATUS-ENUM' },
  'ex-approve-status-unchanged': { suite: 'expenses', requirement: 'EX-APPROVE-STATUS' },
  'ex-reject-returns-204': { suite: 'expenses', requirement: 'EX-REJECT', also: ['EX-REJECT-STATUS'] },
  'ex-filter-status-ignored': { suite: 'expenses', requirement: 'EX-FILTER-STATUS' },
  'ex-date-not-required': { suite: 'expenses', requirement: 'EX-CREATE-REQUIRED' },
  'ex-patch-resets-omitted': { suite: 'expenses', requirement: 'EX-UPDATE-OMITTED' },
  'rate-create-not-strict': { suite: 'rates', requirement: 'RT-STRICT' },
  'rate-update-amount-applied': { suite: 'rates', requirement: 'RT-UPDATE-NOT-ACCEPTED' },
  'rate-version-date-unchecked': { suite: 'rates', requirement: 'RT-VERSION-INVALID' },
  'rate-delete-hard': { suite: 'rates', requirement: 'RT-DELETE-DEACTIVATES' },
  'rate-versions-only-current': { suite: 'rates', requirement: 'RT-VERSIONS-LIST' },
  'rate-filter-tags-ignored': { suite: 'rates', requirement: 'RT-FILTER-TAGS' },
  'rate-type-enum-unchecked': { suite: 'rates', requirement: 'RT-FIELD-RULES' },
  'rate-version-not-strict': { suite: 'rates', requirement: 'RT-STRICT' },
  'rate-get-no-version': { suite: 'rates', requirement: 'RT-GET-CURRENT', also: ['RT-CURRENT-AFTER-VERSION'] },
  'rs-email-unchecked': { suite: 'resources', requirement: 'RS-EMAIL-FORMAT' },
  'rs-negative-salary': { suite: 'resources', requirement: 'RS-SALARY' },
  'rs-is-active-on-create': { suite: 'resources', requirement: 'FIELD-NOT-ACCEPTED' },
  'rs-employment-type-nullable': { suite: 'resources', requirement: 'RS-FIELD-TYPES' },
  'rs-delete-returns-200': { suite: 'resources', requirement: 'RS-DELETE-SOFT' },
  'rs-filter-role-ignored': { suite: 'resources', requirement: 'RS-FILTER-REFS' },
  'rs-filter-active-ignored': { suite: 'resources', requirement: 'RS-FILTER-ACTIVE' },
  'rs-patch-resets-omitted': { suite: 'resources', requirement: 'RS-UPDATE-OMITTED' },
  'tk-status-on-create': { suite: 'tasks', requirement: 'FIELD-NOT-ACCEPTED' },
  'tk-color-unchecked': { suite: 'tasks', requirement: 'TK-COLOR-FORMAT' },
  'tk-status-enum-unchecked': { suite: 'tasks', requirement: 'TK-STATUS-ENUM' },
  'tk-negative-position': { suite: 'tasks', requirement: 'TK-FIELD-RULES' },
  'tk-lifecycle-scope-unchecked': { suite: 'tasks', requirement: 'TK-QUERY-INVALID' },
  'tk-filter-parent-ignored': { suite: 'tasks', requirement: 'TK-FILTER-PARENT' },
  'tk-version-not-required': { suite: 'tasks', requirement: 'TK-CREATE-REQUIRED' },
  'tk-parent-on-update': { suite: 'tasks', requirement: 'FIELD-NOT-ACCEPTED' },
  'pj-list-leak': { suite: 'tasks', requirement: 'PJ-LIST-ISOLATED' },
  'pj-limit-ignored': { suite: 'tasks', requirement: 'PAGE-LIMIT-APPLIED' },
  'al-date-unchecked': { suite: 'allocations', requirement: 'AL-DATES-REAL' },
  'al-hours-per-day-unbounded': { suite: 'allocations', requirement: 'AL-HOURS' },
  'al-reason-untrimmed': { suite: 'allocations', requirement: 'AL-CONSTRAINT-REASON' },
  'al-reason-unbounded': { suite: 'allocations', requirement: 'AL-CONSTRAINT-REASON' },
  'al-end-date-not-required': { suite: 'allocations', requirement: 'AL-CREATE-REQUIRED' },
  'al-null-ignored': { suite: 'allocations', requirement: 'AL-UPDATE-NULL-CLEARS', also: ['AL-UPDATE-VALID'] },
  'al-filter-project-ignored': { suite: 'allocations', requirement: 'AL-FILTER-REFS' },
  'al-filter-date-ignored': { suite: 'allocations', requirement: 'AL-FILTER-DATE' },
  'al-resource-uuid-unchecked': { suite: 'allocations', requirement: 'AL-IDS-UUID' },
  'ms-target-date-unchecked': { suite: 'milestones', requirement: 'MS-FIELD-RULES' },
  'ms-project-on-update': { suite: 'milestones', requirement: 'FIELD-NOT-ACCEPTED' },
  'ms-complete-no-status': { suite: 'milestones', requirement: 'MS-COMPLETE' },
  'ms-complete-date-unchecked': { suite: 'milestones', requirement: 'MS-COMPLETE-DATE' },
  'ms-filter-status-ignored': { suite: 'milestones', requirement: 'MS-FILTER-STATUS' },
  'ms-filter-date-ignored': { suite: 'milestones', requirement: 'MS-FILTER-DATE' },
  'ms-type-id-null-rejected': { suite: 'milestones', requirement: 'MS-UPDATE-NULL-CLEARS', also: ['MS-IDS-UUID', 'MS-UPDATE-VALID', 'MS-UPDATE-OMITTED'] },
  'rp-categories-as-id': { suite: 'reports', requirement: 'RP-CATEGORIES' },
  'rp-filter-source-ignored': { suite: 'reports', requirement: 'RP-FILTER-SOURCE' },
  'rp-filter-category-ignored': { suite: 'reports', requirement: 'RP-FILTER-CATEGORY' },
  'rp-page-size-unbounded': { suite: 'reports', requirement: 'RP-EXECUTE-PAGING' },
  'rp-scope-not-strict': { suite: 'reports', requirement: 'RP-EXECUTE-SCOPE' },
  'rp-scope-kind-unchecked': { suite: 'reports', requirement: 'RP-EXECUTE-SCOPE' },
  'rp-execute-no-envelope': { suite: 'reports', requirement: 'RP-EXECUTE' },
  'sec-expense-cross-org-read': { suite: 'security', requirement: 'SEC-ISOLATION-READ' },
  'sec-time-entry-cross-org-update': { suite: 'security', requirement: 'SEC-ISOLATION-WRITE', also: ['SEC-ISOLATION-INTACT'] },
  'sec-milestone-cross-org-complete': { suite: 'security', requirement: 'SEC-ISOLATION-WRITE' },
  'sec-rate-cross-org-versions': { suite: 'security', requirement: 'SEC-ISOLATION-WRITE' },
  'sec-allocation-cross-org-delete': { suite: 'security', requirement: 'SEC-ISOLATION-WRITE' },
  'sec-task-list-leak': { suite: 'security', requirement: 'SEC-LIST-ISOLATED' },
  'sec-time-entry-list-leak': { suite: 'security', requirement: 'SEC-LIST-ISOLATED' },
  'sec-reference-leak': { suite: 'security', requirement: 'SEC-REFERENCE-NO-LEAK' },
  'sec-member-webhook-write': { suite: 'security', requirement: 'SEC-ADMIN-WEBHOOK-WRITE', also: ['SEC-ADMIN-403'] },
  'sec-auth-skipped-categories': { suite: 'auth', requirement: 'AUTH-MISSING-REFUSED', also: ['AUTH-REFUSED-401'] },
  'sec-empty-bearer-allowed': { suite: 'auth', requirement: 'AUTH-EMPTY-BEARER' },
  'sec-webhook-cross-org-rotate': { suite: 'security', requirement: 'SEC-ISOLATION-WRITE' },
  'sec-cross-org-403': { suite: 'security', requirement: 'SEC-ISOLATION-UNKNOWN-ALIKE' },
  'wh-signature-reserialised': { suite: 'webhooks', requirement: 'WH-SIGNATURE' },
  'wh-old-secret-after-rotate': { suite: 'webhooks', requirement: 'WH-ROTATE' },
  'wh-retry-six': { suite: 'webhooks', requirement: 'WH-RETRY-LIMIT' },
  'wh-no-retry': { suite: 'webhooks', requirement: 'WH-RETRY-SUCCESS' },
  'wh-only-200-success': { suite: 'webhooks', requirement: 'WH-2XX-SUCCESS' },
  'wh-timeout-not-retried': { suite: 'webhooks', requirement: 'WH-RETRY-TIMEOUT' },
  'wh-inactive-delivers': { suite: 'webhooks', requirement: 'WH-NOT-SUBSCRIBED' },
  'wh-all-events': { suite: 'webhooks', requirement: 'WH-NOT-SUBSCRIBED' },
  'wh-event-header-mismatch': { suite: 'webhooks', requirement: 'WH-DELIVERY-HEADERS' },
  'wh-timestamp-no-ms': { suite: 'webhooks', requirement: 'WH-DELIVERY-FORMAT' },
  'wh-no-expense-approved': { suite: 'webhooks', requirement: 'WH-TRIGGERS' },
  'wh-events-list-incomplete': { suite: 'webhooks', requirement: 'WH-EVENTS-LIST' },
  'wh-secret-hidden-on-get': { suite: 'webhooks', requirement: 'WH-SECRET' },
  'wh-name-unbounded': { suite: 'webhooks', requirement: 'WH-FIELD-RULES' },
  'wh-unknown-event-accepted': { suite: 'webhooks', requirement: 'WH-FIELD-RULES' },
  'wh-deliveries-filter-ignored': { suite: 'webhooks', requirement: 'WH-DELIVERIES-LIST' },
  'rl-no-retry-after': { suite: 'rate-limit', requirement: 'RL-RETRY-AFTER' },
  'rl-retry-after-ms': { suite: 'rate-limit', requirement: 'RL-RETRY-AFTER' },
  'rl-one-too-many': { suite: 'rate-limit', requirement: 'RL-EXACT-SEQUENTIAL', also: ['RL-EXACT-CONCURRENT'] },
  'rl-shared-counter': { suite: 'rate-limit', requirement: 'RL-PER-KEY' },
  'rl-headers-missing-on-errors': { suite: 'rate-limit', requirement: 'RL-HEADERS-ERROR', also: ['RL-HEADERS-429'] },
  'rl-concurrent-over-admission': { suite: 'rate-limit', requirement: 'RL-EXACT-CONCURRENT' },
  'rl-custom-limit-ignored': { suite: 'rate-limit', requirement: 'RL-LIMIT-CUSTOM' },
  'rl-503': { suite: 'rate-limit', requirement: 'RL-OVER-429' },
  'rl-remaining-stuck': { suite: 'rate-limit', requirement: 'RL-REMAINING' },
  'rl-never-recovers': { suite: 'rate-limit', requirement: 'RL-RECOVERY' },
  'rl-endpoint-exempt': { suite: 'rate-limit', requirement: 'RL-ALL-ENDPOINTS' },
  'rl-default-limit-100': { suite: 'rate-limit', requirement: 'RL-LIMIT-DEFAULT', also: ['RL-EXACT-SEQUENTIAL'] },
  'rl-reset-fractional': { suite: 'rate-limit', requirement: 'RL-HEADERS-SUCCESS' },
};

describe('mutants', () => {
  it('maps every reference-server fault to a catalogued requirement', () => {
    expect(Object.keys(CATCHES).sort()).toEqual([...FAULT_NAMES].sort());
    for (const { requirement } of Object.values(CATCHES)) expect(isRequirementId(requirement)).toBe(true);
  });

  describe.concurrent('each fault is caught by the check of the rule it breaks', () => {
    for (const [fault, { suite, requirement, wholeSuite, also = [] }] of Object.entries(CATCHES)) {
      it(`${fault} fails ${requirement}`, { timeout: 180_000 }, async () => {
        const result = await runCli(['run'], {
          CONFORMANCE_REFERENCE_FAULTS: fault,
          CONFORMANCE_SUITES: suite,
          ...(wholeSuite ? {} : { CONFORMANCE_REQUIREMENTS: [requirement, ...also].join(',') }),
          // A missing delivery fails only after the whole wait: keep it short for the self-test.
          ...(suite === 'webhooks' ? { CONFORMANCE_WEBHOOK_WAIT_S: '10' } : {}),
          // Recovery waits for the window to pass: an 8 s window instead of the spec's minute.
          ...(suite === 'rate-limit' ? { CONFORMANCE_REFERENCE_RATE_WINDOW_S: '8' } : {}),
          CONFORMANCE_NUM_RUNS: '10',
          CONFORMANCE_SEED: '20261122',
        });
        const report = await readLatestReport(result.reportDir);
        expect(report.target.faults).toEqual([fault]);
        const broken = [requirement, ...also];
        const named = report.checks.filter((c) => broken.includes(c.requirementId as RequirementId));
        for (const id of broken) {
          const statuses = named.filter((c) => c.requirementId === id).map((c) => c.status);
          expect(statuses.length, `${fault}: no check of ${id} ran`).toBeGreaterThan(0);
          expect(statuses, `${fault}: ${id} statuses`).toContain('fail');
        }
        // Caught as a target failure, never as the harness breaking.
        expect(report.checks.filter((c) => c.status === 'error').map((c) => `${c.requirementId}: ${c.message}`)).toEqual([]);
        expect(result.code).toBe(report.checks.some((c) => c.level === 'MUST' && c.status === 'fail') ? 1 : 0);
      });
    }
  });
});
