import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  SPEC_BODIES_INVALID,
  SPEC_MALFORMED_REJECTED,
  RUN_TAG_UNCHANGED,
  SPEC_CREATE_201,
  SPEC_CONTENTS_NOT_SHOWN,
  ENTRY_ON_ITS_DAY,
  SPEC_BATCH_200,
  SPEC_DELETE_DESCRIBED,
  LISTED_WITHOUT_FIELD_READ,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Batch operations (spec 4.10, 8).
 *
 * Checks: suites/batch.test.ts, harness/generators/batch.ts.
 */
export const BATCH_RECORDS = {
  'BATCH-SIZE': {
    level: 'MUST',
    section: '4.10, 8',
    area: 'batch',
    statement: '`entries`, `updates` and `ids` hold 1 to 100 items: 0 and 101 items are rejected.',
    units: [
      // Each body holds 1 to 100 items.
      '4.10#a760343f',
      // POST | /batch/time-entries | `entries`: array (1 to 100) of: taskId uuid (req), resourceId uuid (req), date `<
      '4.10#d44cfd6c',
      // PATCH | /batch/time-entries | `updates`: array (1 to 100) of: id uuid (req); optional taskId, resourceId (uuid
      '4.10#30fe62a6',
      // DELETE | /batch/time-entries | `ids`: array (1 to 100) of uuid.
      '4.10#0731df57',
      // Batch size | 1 to 100 items | batch create, update, delete
      '8#d8737f88',
    ],
    audit: [
      { relies: 'an empty entries, updates or ids array is rejected', basis: { spec: '4.10: "Each body holds 1 to 100 items"' } },
      { relies: '101 items in a create, update or delete are rejected', basis: { spec: '8: "Batch size | 1 to 100 items | batch create, update, delete"' } },
      {
        relies: 'a rejected 101-item create writes no entry at all',
        basis: SPEC_MALFORMED_REJECTED,
      },
      { relies: 'exactly 100 valid items are accepted with exactly 200', basis: SPEC_BATCH_200 },
      {
        relies: 'all 100 entries (and 1 plain one) are listed under the fresh resource right after the 200',
        basis: { spec: '1: "Create, update or remove many time entries in one request"' },
      },
      {
        relies: 'the 100 items are each on a day of their own',
        basis: { tolerant: 'sampleEntries: freshPastDay for every item, so no daily total is reached', variant: 'business-rules' },
      },
      {
        relies: 'the 100 items were sent before, in the refused 101-item batch',
        basis: { tolerant: 'the check first requires that batch wrote nothing, so none of them is a duplicate' },
      },
      {
        relies: 'items whose startTime plus hours (up to 24) run past midnight are accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
      { relies: 'a DELETE request carries its ids in a JSON body', basis: { spec: '4.10: "`ids`: array (1 to 100) of uuid"' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'BATCH-ENVELOPE': {
    level: 'MUST',
    section: '4.10',
    area: 'batch',
    statement: 'A successful batch create, update or delete answers 200 with a `data` envelope.',
    units: [
      // Success is 200 with a `data` envelope.
      '4.10#8a2a7458',
    ],
    audit: [
      { relies: 'a successful batch create, update and delete each answer exactly 200', basis: SPEC_BATCH_200 },
      {
        relies: 'each answer is a JSON object with a `data` key, whatever it holds',
        basis: { tolerant: 'expectEnvelope only requires the key: per-item outcome is not read' },
      },
      {
        relies: 'a batch delete answers 200 with a body, not 204',
        basis: { spec: '4.10: "Each body holds 1 to 100 items. Success is 200 with a `data` envelope"' },
      },
      {
        relies: 'both created entries are listed under the fresh resource right after the 200',
        basis: { spec: '1: "Create, update or remove many time entries in one request"' },
      },
      {
        relies: 'the 2 sampled items (random startTime, hours up to 24) are accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
    ],
  },
  'BATCH-CREATE-VALID': {
    level: 'MUST',
    section: '4.10',
    area: 'batch',
    statement: 'Valid batch entries (startTime `HH:MM` or `HH:MM:SS`, hours 0.25 to 24, 1 or 100 items) are accepted.',
    units: [
      // POST | /batch/time-entries | `entries`: array (1 to 100) of: taskId uuid (req), resourceId uuid (req), date `<
      '4.10#d44cfd6c',
      // PATCH | /batch/time-entries | `updates`: array (1 to 100) of: id uuid (req); optional taskId, resourceId (uuid
      '4.10#30fe62a6',
    ],
    audit: [
      { relies: 'batches of 1 to 5 valid items answer exactly 200', basis: SPEC_BATCH_200 },
      {
        relies: 'startTime as HH:MM or HH:MM:SS is accepted',
        basis: { spec: '4.10: "hours number 0 to 24 (req), startTime string `HH:MM` or `HH:MM:SS` (opt), description string or null (opt)"' },
      },
      { relies: 'description null and billableRate 0 to 1000 are accepted', basis: { spec: '4.10: "billableRate number >= 0 (opt)"' } },
      { relies: 'hours 0.25 and 24 are accepted', basis: { spec: '4.10: "hours number 0 to 24 (req)"' } },
      { relies: 'hours 0 and 0.1 (4.10 allows them, part 8 does not) are only recorded', basis: { observation: 'batch-hours-below-0.25' } },
      { relies: 'valid items keep within 0.25 to 24 h, where 4.10 and part 8 agree', basis: { tolerant: 'batchEntry: hoursBetween(0.25, 24)' } },
      { relies: 'each item is on a day of its own', basis: { tolerant: 'freshPastDay for every item (property and hours checks)', variant: 'business-rules' } },
      { relies: 'the per-item content of the answer is not read', basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' } },
      {
        relies: 'items whose startTime plus hours run past midnight (23:30 with 24 h) are accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
    ],
  },
  'BATCH-CREATE-VISIBLE': {
    level: 'MUST',
    section: '4.10',
    area: 'batch',
    statement: 'Entries created by a batch are visible through GET /time-entries with the values sent.',
    units: [],
    audit: [
      { relies: 'a batch of 1 to 4 items answers exactly 200', basis: SPEC_BATCH_200 },
      {
        relies: 'GET /time-entries?resourceId= lists exactly the items of the batch right after the 200',
        basis: { spec: '1: "Create, update or remove many time entries in one request"' },
      },
      {
        relies: 'each item is found in the list by its `description` (the list item must carry description)',
        basis: LISTED_WITHOUT_FIELD_READ,
      },
      {
        relies: 'GET /time-entries/{id} of each carries every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values equal up to representation (numbers as strings, dates, tag order and case)',
        basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' },
      },
      {
        relies: 'a startTime sent as HH:MM:SS comes back as sent, cut to HH:MM, or with fractional seconds',
        basis: { tolerant: 'compare.ts sameValue for HH:MM:SS' },
      },
      { relies: 'what became of the seconds is recorded', basis: { observation: 'batch-start-time-seconds' } },
      {
        relies: 'HH:MM:SS is never cut to the minute and then served with :00 (09:30:45 as 09:30:00) or rounded',
        basis: { tolerant: 'compare.ts sameValue: a batch HH:MM:SS may come back as HH:MM or HH:MM:00', variant: 'normalised-values' },
      },
      {
        relies: 'tags with the run tag conformance-run-<runId> come back with the colon',
        basis: RUN_TAG_UNCHANGED,
      },
      {
        relies: 'the same sampled items (fixed seed) are sent in each property run',
        basis: { tolerant: 'each run uses a fresh task and resource and fresh days, so no uniqueness rule can refuse a repeat' },
      },
      {
        relies: 'items whose startTime plus hours run past midnight are accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
    ],
  },
  'BATCH-ITEM-RULES': {
    level: 'MUST',
    section: '4.10, 7',
    area: 'batch',
    statement:
      'A batch item that breaks an item rule (UUIDs, real dates, hours 0 to 24, startTime, billableRate >= 0) is never applied (partial-failure behaviour observed).',
    units: [
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'a create item breaking a rule (non-UUID, impossible date, hours, startTime, billableRate) is never created',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'the item rules are those of the batch table',
        basis: { spec: '4.10: "hours number 0 to 24 (req), startTime string `HH:MM` or `HH:MM:SS` (opt), description string or null (opt)"' },
      },
      { relies: 'billableRate below 0 in an item breaks a rule', basis: { spec: '4.10: "billableRate number >= 0 (opt)"' } },
      {
        relies: 'any status but 5xx is accepted, so long as nothing is applied',
        basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' },
      },
      { relies: 'the status given to each invalid item is recorded', basis: { observation: 'batch-invalid-item-status' } },
      {
        relies: 'an update item breaking a rule leaves that field as read before (same JSON)',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'a mixed batch (one valid, one dated 2024-02-30) creates at most the valid entry',
        basis: { tolerant: 'all or nothing, per item, or success with nothing created all pass' },
      },
      { relies: 'which partial-failure behaviour the target has is recorded', basis: { observation: 'batch-partial-failure' } },
      {
        relies: 'the plain entry the update items target is created with 201',
        basis: SPEC_CREATE_201,
      },
    ],
  },
  'BATCH-UPDATE-APPLIED': {
    level: 'MUST',
    section: '4.10',
    area: 'batch',
    statement: 'A batch update applies each item to its entry.',
    units: [],
    audit: [
      {
        relies: '3 plain entries are created (201) in every property run, each on a day of its own',
        basis: { tolerant: 'plainEntries: freshPastDay per entry', variant: 'business-rules' },
      },
      { relies: 'a batch update of 3 valid items answers exactly 200', basis: SPEC_BATCH_200 },
      { relies: 'each entry then reads back with its item values', basis: { spec: '4.10: "`updates`: array (1 to 100) of: id uuid (req)"' } },
      {
        relies: 'values equal up to representation; startTime, description, billableRate null as null or absent',
        basis: { tolerant: 'compare.ts sameValue, tag set comparison, and null accepting an absent field', variant: 'normalised-values' },
      },
      {
        relies: 'HH:MM:SS sent comes back as sent or cut to HH:MM, never as HH:MM:00 or rounded',
        basis: { tolerant: 'compare.ts sameValue: a batch HH:MM:SS may come back as HH:MM or HH:MM:00', variant: 'normalised-values' },
      },
      {
        relies: 'item dates drawn at random (pastDate) on the shared scope resource are accepted',
        basis: { tolerant: 'each item that changes the date moves to a day of its own (freshPastDay)', variant: 'business-rules' },
      },
      {
        relies: 'no entry updated was marked billed before (a server may lock billed entries)',
        basis: {
          tolerant: 'fresh entries in every property run; an edit of an entry the run marked billed is observed (time-entry-billed-edit)',
          variant: 'time-entry-rules',
        },
      },
      {
        relies: 'markedBilled true is accepted beside isBillable false',
        basis: { tolerant: 'generators/entry-rules.ts: a generated change that marks an entry billed also makes it billable' },
      },
      {
        relies: 'items whose startTime plus hours run past midnight are accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
      { relies: 'hours stay within 0.25 to 24, where 4.10 and part 8 agree', basis: { tolerant: 'batchChange: hoursBetween(0.25, 24)' } },
    ],
  },
  'BATCH-DELETE-APPLIED': {
    level: 'MUST',
    section: '4.10',
    area: 'batch',
    statement: 'A batch delete removes the listed entries.',
    units: [],
    audit: [
      { relies: 'a batch delete of 2 ids answers exactly 200', basis: SPEC_BATCH_200 },
      {
        relies: 'each listed entry reads no 2xx right after',
        basis: SPEC_DELETE_DESCRIBED,
      },
      { relies: 'the entry not listed still reads 200', basis: { spec: '4.10: "`ids`: array (1 to 100) of uuid"' } },
      { relies: 'the content of the answer is not read', basis: { spec: '4.10: "Per-item outcome and partial-failure behaviour: not shown"' } },
    ],
  },
} satisfies Records;
