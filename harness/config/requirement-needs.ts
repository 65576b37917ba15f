import type { RequirementId } from '../spec/requirements.js';
import type { Domain } from './defaults.js';
import type { SettingName } from './settings.js';

/*
 * What each requirement's checks need beyond CONFORMANCE_ADMIN_KEY, by the suite that holds them:
 * a check whose variable is not set is skipped "not configured: X is not set" (harness/check/check.ts
 * `need`, or a key role of `as`). `conformance list` reads this table to say so before a run;
 * test/list.test.ts runs the suites against a target with only the admin key, then with the ids
 * half given, and fails when the checks skipped for want of a variable are not the ones this table
 * names (a new `need` in a check, or a need that went away, shows up there).
 *
 * One row per requirement and suite: a variable named here is needed by at least one check of that
 * requirement in that suite (another may do without). `optional`: used when set, and the check
 * still runs without it (it judges less).
 */

/** The variables a check can need; the admin key is required with any target URL. */
export type NeedVariable = Extract<
  SettingName,
  | 'CONFORMANCE_MEMBER_KEY'
  | 'CONFORMANCE_OTHER_ORG_KEY'
  | 'CONFORMANCE_LIMITED_KEY'
  | 'CONFORMANCE_LIMITED_KEYS'
  | 'CONFORMANCE_CUSTOM_LIMIT_KEY'
  | 'CONFORMANCE_CUSTOM_LIMIT'
  | 'CONFORMANCE_PROJECT_ID'
  | 'CONFORMANCE_VERSION_ID'
  | 'CONFORMANCE_OTHER_PROJECT_ID'
>;

export interface Need {
  readonly variable: NeedVariable;
  /** Any of these in its place will do. */
  readonly or?: readonly NeedVariable[];
  readonly optional?: true;
}

const need = (variable: NeedVariable): Need => ({ variable });
const optional = (n: Need): Need => ({ ...n, optional: true });

const PROJECT = need('CONFORMANCE_PROJECT_ID');
const VERSION = need('CONFORMANCE_VERSION_ID');
const PROJECT_B = need('CONFORMANCE_OTHER_PROJECT_ID');
const ORG_B = need('CONFORMANCE_OTHER_ORG_KEY');
const MEMBER = need('CONFORMANCE_MEMBER_KEY');
const LIMITED = need('CONFORMANCE_LIMITED_KEY');
const CUSTOM_KEY = need('CONFORMANCE_CUSTOM_LIMIT_KEY');
const CUSTOM_LIMIT = need('CONFORMANCE_CUSTOM_LIMIT');
/** RL-PER-KEY-COUNTERS: a bystander key with a budget of its own (a second limited key, or the custom-limit key). */
const CUSTOM_KEY_OR_SECOND_LIMITED: Need = { variable: 'CONFORMANCE_CUSTOM_LIMIT_KEY', or: ['CONFORMANCE_LIMITED_KEYS'] };

export const REQUIREMENT_NEEDS: Readonly<Partial<Record<RequirementId, Readonly<Partial<Record<Domain, readonly Need[]>>>>>> = {
  'AL-CONSTRAINT-REASON': { allocations: [PROJECT, VERSION] },
  'AL-CREATE-REQUIRED': { allocations: [PROJECT, VERSION] },
  'AL-CREATE-VALID': { allocations: [PROJECT, VERSION] },
  'AL-DATES-REAL': { allocations: [PROJECT, VERSION] },
  'AL-DELETE': { allocations: [PROJECT, VERSION] },
  'AL-FIELD-TYPES': { allocations: [PROJECT, VERSION] },
  'AL-FILTER-DATE': { allocations: [PROJECT, VERSION] },
  'AL-FILTER-REFS': { allocations: [PROJECT, VERSION] },
  'AL-HOURS': { allocations: [PROJECT, VERSION] },
  'AL-IDS-UUID': { allocations: [PROJECT, VERSION] },
  'AL-UPDATE-NULL-CLEARS': { allocations: [PROJECT, VERSION] },
  'AL-UPDATE-OMITTED': { allocations: [PROJECT, VERSION] },
  'AL-UPDATE-VALID': { allocations: [PROJECT, VERSION] },
  'AUTH-ORG-SCOPE': { auth: [ORG_B] },
  'BATCH-CREATE-VALID': { batch: [PROJECT, VERSION] },
  'BATCH-CREATE-VISIBLE': { batch: [PROJECT, VERSION] },
  'BATCH-DELETE-APPLIED': { batch: [PROJECT, VERSION] },
  'BATCH-ENVELOPE': { batch: [PROJECT, VERSION] },
  'BATCH-ITEM-RULES': { batch: [PROJECT, VERSION] },
  'BATCH-SIZE': { batch: [PROJECT, VERSION] },
  'BATCH-UPDATE-APPLIED': { batch: [PROJECT, VERSION] },
  'BODY-MALFORMED-JSON': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'BOOL-FILTER-TRUE': { 'time-entries': [PROJECT, VERSION] },
  'ENV-CREATE': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'ENV-DELETE': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'ENV-GET': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'ENV-UPDATE': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'EX-CREATE-REQUIRED': { expenses: [optional(PROJECT), optional(VERSION)] },
  'EX-FILTER-REFS': { expenses: [PROJECT, optional(VERSION)] },
  'FIELD-NOT-ACCEPTED': { milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'ID-UNKNOWN-REFUSED': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'INPUT-BOUNDS': {
    allocations: [PROJECT, VERSION],
    batch: [PROJECT, VERSION],
    milestones: [PROJECT],
    tasks: [PROJECT, VERSION],
    'time-entries': [PROJECT, VERSION],
  },
  'INPUT-FORMAT': {
    allocations: [PROJECT, VERSION],
    batch: [PROJECT, VERSION],
    milestones: [PROJECT],
    tasks: [PROJECT, VERSION],
    'time-entries': [PROJECT, VERSION],
  },
  'INPUT-FORMAT-STRICT': {
    allocations: [PROJECT, VERSION],
    batch: [PROJECT, VERSION],
    milestones: [PROJECT],
    tasks: [PROJECT, VERSION],
    'time-entries': [PROJECT, VERSION],
  },
  'INPUT-NULL': {
    allocations: [PROJECT, VERSION],
    batch: [PROJECT, VERSION],
    milestones: [PROJECT],
    tasks: [PROJECT, VERSION],
    'time-entries': [PROJECT, VERSION],
  },
  'INPUT-TYPE': {
    allocations: [PROJECT, VERSION],
    batch: [PROJECT, VERSION],
    milestones: [PROJECT],
    tasks: [PROJECT, VERSION],
    'time-entries': [PROJECT, VERSION],
  },
  'MS-COMPLETE': { milestones: [PROJECT] },
  'MS-COMPLETE-DATE': { milestones: [PROJECT] },
  'MS-COMPLETE-DATE-KEPT': { milestones: [PROJECT] },
  'MS-CREATE-REQUIRED': { milestones: [PROJECT] },
  'MS-CREATE-VALID': { milestones: [PROJECT] },
  'MS-DELETE': { milestones: [PROJECT] },
  'MS-FIELD-RULES': { milestones: [PROJECT] },
  'MS-FILTER-DATE': { milestones: [PROJECT] },
  'MS-FILTER-PROJECT': { milestones: [PROJECT] },
  'MS-FILTER-STATUS': { milestones: [PROJECT] },
  'MS-IDS-UUID': { milestones: [PROJECT] },
  'MS-UPDATE-NULL-CLEARS': { milestones: [PROJECT] },
  'MS-UPDATE-OMITTED': { milestones: [PROJECT] },
  'MS-UPDATE-VALID': { milestones: [PROJECT] },
  'PAGE-LIMIT-APPLIED': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'PAGE-OFFSET-APPLIED': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'PAGE-TOTAL': { allocations: [PROJECT, VERSION], milestones: [PROJECT], tasks: [PROJECT, VERSION], 'time-entries': [PROJECT, VERSION] },
  'PJ-LIST': { tasks: [PROJECT] },
  'PJ-LIST-ISOLATED': { tasks: [PROJECT, ORG_B, PROJECT_B] },
  'RL-ALL-ENDPOINTS': { 'rate-limit': [LIMITED] },
  'RL-EXACT-CONCURRENT': { 'rate-limit': [LIMITED] },
  'RL-EXACT-SEQUENTIAL': { 'rate-limit': [LIMITED] },
  'RL-HEADERS-429': { 'rate-limit': [LIMITED] },
  'RL-HEADERS-SUCCESS': { 'rate-limit': [optional(LIMITED), optional(CUSTOM_KEY)] },
  'RL-LIMIT-CUSTOM': { 'rate-limit': [CUSTOM_KEY, CUSTOM_LIMIT] },
  'RL-LIMIT-DEFAULT': { 'rate-limit': [LIMITED] },
  'RL-ONE-COUNTER': { 'rate-limit': [LIMITED] },
  'RL-OVER-429': { 'rate-limit': [LIMITED] },
  'RL-PER-KEY': { 'rate-limit': [LIMITED, optional(ORG_B)] },
  'RL-PER-KEY-COUNTERS': { 'rate-limit': [CUSTOM_KEY_OR_SECOND_LIMITED] },
  'RL-RECOVERY': { 'rate-limit': [LIMITED] },
  'RL-REMAINING': { 'rate-limit': [LIMITED] },
  'RL-RETRY-AFTER': { 'rate-limit': [LIMITED] },
  'SEC-ADMIN-403': { security: [MEMBER] },
  'SEC-ADMIN-WEBHOOK-WRITE': { security: [MEMBER] },
  'SEC-ERROR-NO-LEAK': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-EVENTS-ISOLATED': { webhooks: [ORG_B] },
  'SEC-ISOLATION-INTACT': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-ISOLATION-READ': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-ISOLATION-UNKNOWN-ALIKE': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-ISOLATION-WRITE': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-LIST-ISOLATED': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-MEMBER-READ': { security: [MEMBER] },
  'SEC-REFERENCE-NO-LEAK': { security: [PROJECT, VERSION, ORG_B] },
  'SEC-REFERENCE-REJECTED': { security: [PROJECT, VERSION, ORG_B] },
  // The exploration makes its records under a task of the project (suites/sequences.test.ts).
  'SEQ-DELETE-GONE': { sequences: [PROJECT, VERSION] },
  'SEQ-ISOLATION': { sequences: [PROJECT, VERSION, ORG_B] },
  'SEQ-LIST-AFTER-WRITE': { sequences: [PROJECT, VERSION] },
  'SEQ-READ-AFTER-WRITE': { sequences: [PROJECT, VERSION] },
  'SEQ-SEARCH-AFTER-WRITE': { sequences: [PROJECT, VERSION] },
  'SEQ-SOFT-DELETE-STAYS': { sequences: [PROJECT, VERSION] },
  'SEQ-TOTAL-AFTER-WRITE': { sequences: [PROJECT, VERSION] },
  'SEQ-VERSIONS-AFTER-WRITE': { sequences: [PROJECT, VERSION] },
  'TE-CREATE-REQUIRED': { 'time-entries': [PROJECT, VERSION] },
  'TE-CREATE-VALID': { 'time-entries': [PROJECT, VERSION] },
  'TE-DATE-REAL': { 'time-entries': [PROJECT, VERSION] },
  'TE-DELETE': { 'time-entries': [PROJECT, VERSION] },
  'TE-DURATION-RANGE': { 'time-entries': [PROJECT, VERSION] },
  'TE-ENTRY-SOURCE-ENUM': { 'time-entries': [PROJECT, VERSION] },
  'TE-FIELD-TYPES': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-BILLABLE': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-DATE': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-INVOICED': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-PROJECT': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-RESOURCE': { 'time-entries': [PROJECT, VERSION] },
  'TE-FILTER-TASK': { 'time-entries': [PROJECT, VERSION] },
  'TE-HOURS-CREATE-RANGE': { 'time-entries': [PROJECT, VERSION] },
  'TE-HOURS-MIN-ISSUE': { 'time-entries': [PROJECT, VERSION] },
  'TE-HOURS-MIN-NON-TIMER': { 'time-entries': [PROJECT, VERSION] },
  'TE-HOURS-TIMER-ACCEPTED': { 'time-entries': [PROJECT, VERSION] },
  'TE-IDS-UUID': { 'time-entries': [PROJECT, VERSION] },
  'TE-START-TIME-FORMAT': { 'time-entries': [PROJECT, VERSION] },
  'TE-UPDATE-HOURS-RANGE': { 'time-entries': [PROJECT, VERSION] },
  'TE-UPDATE-NULL-CLEARS': { 'time-entries': [PROJECT, VERSION] },
  'TE-UPDATE-OMITTED': { 'time-entries': [PROJECT, VERSION] },
  'TE-UPDATE-VALID': { 'time-entries': [PROJECT, VERSION] },
  'TK-COLOR-FORMAT': { tasks: [PROJECT, VERSION] },
  'TK-CREATE-REQUIRED': { tasks: [PROJECT, VERSION] },
  'TK-CREATE-VALID': { tasks: [PROJECT, VERSION] },
  'TK-DELETE-SOFT': { tasks: [PROJECT, VERSION] },
  'TK-FIELD-RULES': { tasks: [PROJECT, VERSION] },
  'TK-FILTER-PARENT': { tasks: [PROJECT, VERSION] },
  'TK-FILTER-PROJECT': { tasks: [PROJECT, VERSION] },
  'TK-FILTER-SEARCH': { tasks: [PROJECT, VERSION] },
  'TK-IDS-UUID': { tasks: [PROJECT, VERSION] },
  'TK-LIFECYCLE-ACTIVE': { tasks: [PROJECT, VERSION] },
  'TK-LIFECYCLE-SCOPE': { tasks: [PROJECT, VERSION] },
  'TK-STATUS-ENUM': { tasks: [PROJECT, VERSION] },
  'TK-UPDATE-NULL-CLEARS': { tasks: [PROJECT, VERSION] },
  'TK-UPDATE-OMITTED': { tasks: [PROJECT, VERSION] },
  'TK-UPDATE-VALID': { tasks: [PROJECT, VERSION] },
  'TRANSITION-REFUSED-UNCHANGED': { milestones: [PROJECT], tasks: [PROJECT, VERSION] },
  'WH-RETRY-LIMIT': { webhooks: [optional(PROJECT)] },
  'WH-RETRY-TIMEOUT': { webhooks: [optional(PROJECT)] },
  'WH-TRIGGERS': { webhooks: [PROJECT, VERSION] },
};
