import { VALIDATION_STATUS_OBSERVED, LIST_SETTLES, SPEC_LIST_200, SPEC_PAGING_IN_PAGINATION } from './bases.js';
import type { Records } from './record.js';

/**
 * Paging (spec 4, 7, 8).
 *
 * Checks: harness/crosscutting/paging.ts on every list; suites/webhooks.test.ts (the deliveries list).
 */
export const PAGING_RECORDS = {
  'PAGE-LIMIT-RANGE': {
    level: 'MUST',
    section: '4, 7, 8',
    area: 'common',
    statement: '`limit` outside the integers 1 to 100 (0, 101, -1, 1.5, abc) is rejected with a 4xx status.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
      // Page size `limit` | 1 to 100, default 50 | all lists
      '8#df5dc793',
    ],
    audit: [
      {
        relies: 'limit 0, 101, -1, 1.5 and abc are rejected on every list (0, 101, -1, abc on deliveries)',
        basis: {
          spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100" and 7: "out-of-range limit) must be rejected rather than accepted"',
        },
      },
      { relies: 'clamping an out-of-range limit to 1..100 and answering 200 fails', basis: { spec: '7: "must be rejected rather than accepted"' } },
      { relies: 'the rejection is any 4xx', basis: { tolerant: 'expectInvalid(): any 4xx passes; status observed as validation-status' } },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: 'deliveries: a subscription to the sink is created with 201 first',
        basis: { tolerant: 'a URL of its own per subscription; CONFORMANCE_SINK_PUBLIC_URL may make it https', variant: 'business-rules' },
      },
    ],
  },
  'PAGE-OFFSET-RANGE': {
    level: 'MUST',
    section: '4, 7, 8',
    area: 'common',
    statement: '`offset` that is not an integer >= 0 (-1, 1.5, abc) is rejected with a 4xx status.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // `offset` | >= 0, default 0 | all lists
      '8#38e2e034',
    ],
    audit: [
      {
        relies: 'offset -1, 1.5 and abc are rejected on every list',
        basis: { spec: '4 Common rules: "offset integer >= 0, default 0." and 7: "malformed query or body values ... must be rejected rather than accepted"' },
      },
      { relies: 'the rejection is any 4xx', basis: { tolerant: 'expectInvalid(): any 4xx passes; status observed as validation-status' } },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'PAGE-DEFAULTS': {
    level: 'MUST',
    section: '4, 8',
    area: 'common',
    statement: 'Without paging parameters, `limit` is 50 and `offset` is 0, as echoed in `pagination`.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // Page size `limit` | 1 to 100, default 50 | all lists
      '8#df5dc793',
      // `offset` | >= 0, default 0 | all lists
      '8#38e2e034',
    ],
    audit: [
      {
        relies: 'a list without paging parameters answers exactly 200',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'pagination.limit is 50 and pagination.offset is 0',
        basis: { spec: '4 Common rules: "limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
      },
      { relies: 'they sit in pagination under the names limit and offset', basis: SPEC_PAGING_IN_PAGINATION },
      {
        relies: 'they read 50 and 0, as JSON numbers or decimal strings',
        basis: {
          tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
          variant: 'string-paging',
        },
      },
      { relies: 'at most 50 records come back', basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' } },
    ],
  },
  'PAGE-ECHO': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: '`pagination` echoes the requested `limit` and `offset`.',
    units: [
      // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
      '4#1e10c135',
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
    ],
    audit: [
      {
        relies: 'limit/offset 1/0, 7/2 and 100/5 each answer exactly 200',
        basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
      },
      {
        relies: 'pagination holds the limit and offset requested, an offset past the end included',
        basis: SPEC_PAGING_IN_PAGINATION,
      },
      {
        relies: 'they read as the numbers sent, as JSON numbers or decimal strings',
        basis: {
          tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
          variant: 'string-paging',
        },
      },
    ],
  },
  'PAGE-TOTAL': {
    level: 'MUST',
    section: '4',
    area: 'common',
    statement: '`pagination` carries the total number of matching records (field name not shown by the spec).',
    units: [],
    audit: [
      { relies: 'pagination carries a total of the matching records', basis: SPEC_PAGING_IN_PAGINATION },
      {
        relies: 'the total is found under any name: total, totalCount, count or the only other integer',
        basis: { tolerant: 'totalOf(): known names, any name with total (not pages), count, the only other integer' },
      },
      { relies: 'the name of the total is recorded', basis: { observation: 'paging-total-name' } },
      {
        relies: 'the total is a non-negative integer, as a JSON number or a decimal string',
        basis: {
          tolerant: 'pagingNumber() reads a JSON integer or the same in a decimal string (harness/steps/lists.ts); the form is observed (paging-number-form)',
          variant: 'string-paging',
        },
      },
      { relies: 'under a query selecting the 3 records made, the total is exactly 3 (not estimated)', basis: { spec: '4 Common rules: "paging totals"' } },
      {
        relies: 'the scope filter (parentContactId, supplierId, resourceId, tags) combines with limit',
        basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50; offset integer >= 0, default 0."' },
      },
      {
        relies: 'tasks, allocations, resources and milestones: a scope that lists other records skips the check',
        basis: { tolerant: 'exactScope(): no exact candidate, not applicable' },
      },
      {
        relies: 'records made just before are counted, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'PAGE-LIMIT-APPLIED': {
    level: 'MUST',
    section: '4, 8',
    area: 'common',
    statement: 'A list returns at most `limit` records.',
    units: [
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // Page size `limit` | 1 to 100, default 50 | all lists
      '8#df5dc793',
    ],
    audit: [
      { relies: 'limit 1 and 2 answer exactly 200 with at most 1 and 2 records', basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' } },
      {
        relies: 'under a scope of 3 records, a page holds exactly 1 and 2 (a page is filled while more match)',
        basis: { spec: '8: "Page size limit | 1 to 100, default 50 | all lists"' },
      },
      {
        relies: 'lists without a scope (projects, reports, webhooks) are judged on at most limit only',
        basis: { tolerant: 'the exact count is asked only under a scope the check made' },
      },
      {
        relies: 'records made just before are listed, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'PAGE-OFFSET-APPLIED': {
    level: 'MUST',
    section: '4, 8',
    area: 'common',
    statement: '`offset` skips that many matching records: an offset at or past the total returns no records and walking the pages returns each record once.',
    units: [
      // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
      '4#5d432e76',
      // `offset` | >= 0, default 0 | all lists
      '8#38e2e034',
    ],
    audit: [
      {
        relies: 'offset equal to the total (or to the number listed) answers 200 with no records',
        basis: { spec: '4 Common rules: "offset integer >= 0, default 0." and "paging totals, limit and offset in pagination"' },
      },
      {
        relies:
          "on a scope of the check's own of n records, offset k (limit 100) returns n - k records; pages of one walking the set is only observed (paging-order-stable); without a scope the walk is tried 3 times",
        basis: { tolerant: 'offsetCounts() judges offset by counts, which no order changes (harness/crosscutting/paging.ts)' },
      },
      {
        relies: 'the walk is compared with the list as a set, and a mismatch fails only when it repeats',
        basis: { tolerant: 'offsetWalk(): set comparison; 2 attempts under a scope, 3 without' },
      },
      {
        relies: 'lists without a scope (projects, reports, webhooks) hold still during the walk',
        basis: { tolerant: 'no API creates projects or reports; webhook paging runs first and alone; retried' },
      },
    ],
  },
} satisfies Records;
