import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_BODIES_INVALID,
  SPEC_MALFORMED_REJECTED,
  SPEC_NULLABLE_CLEARS,
  DELETED_READ_STATUS_OBSERVED,
  SPEC_CREATE_201,
  SPEC_CONTENTS_NOT_SHOWN,
  ALLOCATION_RULE_FREE,
  SPEC_LIST_200,
  ENTRY_DURATIONS,
  SPEC_OMITTED_UNCHANGED,
  SPEC_DELETE_DESCRIBED,
  ANY_4XX_QUERIES_LEFT_OUT,
  SAME_VALUE,
  TEXT_WHITESPACE,
  NULL_ACCEPTS_ABSENT,
  LISTED_WITHOUT_FIELD_READ,
  DATE_FILTER_BOUNDS_OBSERVED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Allocations (spec 2.6, 4.6).
 *
 * Checks: suites/allocations.test.ts, harness/generators/allocations.ts, harness/steps/allocations.ts.
 */
export const ALLOCATION_RECORDS = {
  'AL-CREATE-VALID': {
    level: 'MUST',
    section: '2.6, 4.6',
    area: 'allocations',
    statement: 'An allocation create body that follows 2.6 is accepted (201) and the record carries the values sent.',
    units: [
      // POST | /allocations | Body: allocation create fields (2.6). 201.
      '4.6#98e83d91',
      // GET | /allocations/{id} | Returns allocation.
      '4.6#0edab504',
    ],
    audit: [
      {
        relies: 'every generated valid create answers exactly 201 with the record and its id',
        basis: SPEC_CREATE_201,
      },
      {
        relies: 'the create answer and GET /allocations/{id} (200, no wait) carry every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values equal up to representation (numbers as strings, dates as midnight date-times)',
        basis: SAME_VALUE,
      },
      {
        relies: 'hours and hoursPerDay sent together: one of them holds the value sent',
        basis: { tolerant: 'lifecycle linked [hours, hoursPerDay]: one holding the value sent is enough (linked-fields observed)' },
      },
      { relies: 'startDate never after endDate', basis: { tolerant: 'earlyDate (2000-2014) and lateDate (2015-2030): every start precedes every end' } },
      {
        relies: 'constraintReason and notes come back as sent',
        basis: { tolerant: 'text(): no surrounding spaces, so a trimming server returns them unchanged', variant: 'normalised-values' },
      },
      {
        relies: 'resourceId or groupId null read back null or absent',
        basis: NULL_ACCEPTS_ABSENT,
      },
      {
        relies: 'allocations of 2 shared resources, overlapping for years at up to 24 h/day, are all accepted (no ruleFree)',
        basis: ALLOCATION_RULE_FREE,
      },
      {
        relies: 'hours drawn in hundredths (amount(2000)) come back exactly',
        basis: { tolerant: 'hoursBetween: allocation hours are multiples of 0.05 h, exact in hundredths, whole minutes or seconds' },
      },
      {
        relies: 'hours unrelated to hoursPerDay times the days of the span are accepted',
        basis: ENTRY_DURATIONS,
      },
      {
        relies: 'spans of up to 31 years (2000 to 2030) are accepted, or accepted when moved to a short span near today',
        basis: {
          tolerant:
            'lifecycle ruleFree: a refused body naming a date is sent once more with startDate 14 and endDate 18 days after today (suites/allocations.test.ts nearSpan) on a fresh resource; accepted then, business-rule is observed',
          variant: 'record-rules',
        },
      },
      {
        relies: 'an allocation with neither resource nor group (both null) is accepted, or accepted with a resource',
        basis: {
          tolerant:
            'lifecycle ruleFree: a refused body is sent once more on a fresh resource, resourceId null included; accepted then, business-rule is observed',
          variant: 'record-rules',
        },
      },
      {
        relies: 'notes with runs of inner spaces come back with them',
        basis: TEXT_WHITESPACE,
      },
    ],
  },
  'AL-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.6',
    area: 'allocations',
    statement: 'An allocation create without taskId, startDate or endDate is rejected.',
    units: [
      // taskId | uuid | required | optional
      '2.6#32b4fd1b',
      // startDate | `<date>` | required | optional
      '2.6#b120fa5a',
      // endDate | `<date>` | required | optional
      '2.6#e7889b1d',
    ],
    audit: [
      { relies: 'a create without taskId, startDate or endDate is rejected', basis: { spec: '2.6: "startDate | `<date>` | required"' } },
      { relies: 'the rejection is a 4xx', basis: SPEC_BODIES_INVALID },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.6',
    area: 'allocations',
    statement: '`taskId`, `resourceId` and `groupId` are UUIDs; non-UUID values are rejected (resourceId and groupId may be null).',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // taskId | uuid | required | optional
      '2.6#32b4fd1b',
      // resourceId | uuid | optional, nullable | optional, nullable
      '2.6#c0bedd5b',
      // groupId | uuid | optional, nullable | optional, nullable
      '2.6#20585967',
    ],
    audit: [
      {
        relies: 'non-UUID taskId, resourceId or groupId is rejected on create and update',
        basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
      },
      {
        relies: 'resourceId and groupId both null on create answer 201',
        basis: { spec: '2.6: "resourceId | uuid | optional, nullable | optional, nullable"' },
      },
      { relies: 'both read back null or absent', basis: { tolerant: 'the check accepts null or undefined' } },
      {
        relies: 'an allocation with no resource and no group is accepted, or with a resource and groupId null',
        basis: {
          tolerant: 'a 4xx to both null is sent once more with a fresh resource; accepted then, business-rule is observed and groupId null alone is judged',
          variant: 'record-rules',
        },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-DATES-REAL': {
    level: 'MUST',
    section: '2.6, 7',
    area: 'allocations',
    statement: '`startDate` and `endDate` are real calendar dates; impossible dates are rejected.',
    units: [
      // startDate | `<date>` | required | optional
      '2.6#b120fa5a',
      // endDate | `<date>` | required | optional
      '2.6#e7889b1d',
    ],
    audit: [
      {
        relies: 'impossible or malformed startDate and endDate are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      { relies: 'unpadded or other-form dates are rejected', basis: { spec: 'Conventions: "`<date>` means a string in the form YYYY-MM-DD"' } },
      { relies: 'an allocation from 2024-02-29 to 2024-02-29 answers 201', basis: { spec: '2.6: "startDate | `<date>` | required"' } },
      { relies: 'startDate equal to endDate (one day) is accepted', basis: { tolerant: 'the leap-day check spans two days (02-28 to 02-29, 02-29 to 03-01)' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-HOURS': {
    level: 'MUST',
    section: '2.6',
    area: 'allocations',
    statement: '`hoursPerDay` is a number from 0 to 24 and `hours` a number >= 0; values outside are rejected.',
    units: [
      // hoursPerDay | number, 0 to 24 | optional | optional
      '2.6#3643abee',
      // hours | number >= 0 | optional | optional
      '2.6#e189ad49',
    ],
    audit: [
      { relies: 'hoursPerDay 0 and 24 answer 201', basis: { spec: '2.6: "hoursPerDay | number, 0 to 24"' } },
      { relies: 'hours 0 answers 201', basis: { spec: '2.6: "hours | number >= 0"' } },
      { relies: 'hoursPerDay -0.5 and 24.5 (and generated values outside) and hours -1 are rejected', basis: { spec: '2.6: "hoursPerDay | number, 0 to 24"' } },
      {
        relies: 'hoursPerDay 24 breaks no capacity rule',
        basis: {
          tolerant:
            'minimalAllocation books a resource of its own, on which no other allocation books hours per day, so no capacity is exceeded; it names a resource because a server may require an assignee',
          variant: 'business-rules',
        },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-CONSTRAINT-REASON': {
    level: 'MUST',
    section: '2.6, 8',
    area: 'allocations',
    statement:
      '`constraintReason` is trimmed and at most 1000 characters after trimming: 1000 characters surrounded by spaces are accepted, 1001 are rejected.',
    units: [
      // constraintReason | string, trimmed, max length 1000 | optional, nullable | optional, nullable
      '2.6#87f4fc26',
      // constraintReason | max 1000 characters after trimming | allocations
      '8#fd5eb1ee',
    ],
    audit: [
      {
        relies: '1000 characters between runs of spaces are accepted on create (201) and update (200)',
        basis: { spec: '8: "constraintReason | max 1000 characters after trimming"' },
      },
      {
        relies: '1001 characters after trimming, with or without spaces, are rejected',
        basis: { spec: '2.6: "constraintReason | string, trimmed, max length 1000"' },
      },
      { relies: 'whether the reason is stored trimmed is recorded, not judged', basis: { observation: 'constraint-reason-stored' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-FIELD-TYPES': {
    level: 'MUST',
    section: '2.6, 7',
    area: 'allocations',
    statement: 'Every allocation field has its stated type (constraintAcknowledged boolean, notes string, ...); other types are rejected.',
    units: [
      // notes | string | optional | optional, nullable
      '2.6#ecd6017a',
      // constraintAcknowledged | boolean | optional | optional
      '2.6#50058dbb',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'strings for numbers ("7.5"), strings or numbers for booleans, non-strings for notes are rejected',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'null for taskId, dates, hoursPerDay, hours, constraintAcknowledged is rejected',
        basis: SPEC_NULLABLE_CLEARS,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-UPDATE-VALID': {
    level: 'MUST',
    section: '2.6, 4.6',
    area: 'allocations',
    statement: 'An allocation update body that follows 2.6 is accepted (200) and its values are applied.',
    units: [
      // GET | /allocations/{id} | Returns allocation.
      '4.6#0edab504',
      // PATCH | /allocations/{id} | Body: allocation update fields (2.6).
      '4.6#866ac504',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and every generated valid update exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the update answer and a later GET carry every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values equal up to representation; nullable fields null as null or absent',
        basis: { tolerant: 'compare.ts sameValue and null accepting an absent field', variant: 'normalised-values' },
      },
      { relies: 'a date sent alone stays on the right side of the other', basis: { tolerant: 'earlyDate and lateDate: every start precedes every end' } },
      { relies: 'hours and hoursPerDay sent together: one holds the value sent', basis: { tolerant: 'lifecycle linked [hours, hoursPerDay]' } },
      {
        relies: 'a move to the other shared resource, overlapping its allocations, is accepted (no ruleFree)',
        basis: ALLOCATION_RULE_FREE,
      },
      {
        relies: 'hours sent alone in hundredths come back exactly',
        basis: { tolerant: 'hoursBetween: allocation hours are multiples of 0.05 h, exact in hundredths, whole minutes or seconds' },
      },
      {
        relies: 'resourceId null with groupId null is accepted, or the update is accepted with a resource',
        basis: { tolerant: 'lifecycle ruleFree: a refused update is sent once more with a fresh resourceId (business-rule observed)', variant: 'record-rules' },
      },
      {
        relies: 'notes with runs of inner spaces come back with them',
        basis: TEXT_WHITESPACE,
      },
    ],
  },
  'AL-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'allocations',
    statement: 'Fields omitted from an allocation update stay unchanged.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and a valid update 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'every field the update did not name reads back as created (constraintAcknowledged included)',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'hours and hoursPerDay are not compared when the update names either or a date',
        basis: { tolerant: 'lifecycle linked with inputs [startDate, endDate]: they may be derived' },
      },
      { relies: 'values compared up to representation', basis: SAME_VALUE },
      {
        relies: 'creates and updates on the shared resources are accepted whatever the load (no ruleFree)',
        basis: ALLOCATION_RULE_FREE,
      },
    ],
  },
  'AL-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.6',
    area: 'allocations',
    statement: 'null on a nullable allocation field clears it.',
    units: [],
    audit: [
      {
        relies: 'a PATCH of resourceId, groupId, notes or constraintReason to null answers 200',
        basis: SPEC_NULLABLE_CLEARS,
      },
      { relies: 'each field set to null reads back null or absent', basis: NULL_ACCEPTS_ABSENT },
      {
        relies: 'resourceId null is accepted while groupId is null too, or the clear is accepted with a resource',
        basis: {
          tolerant: 'lifecycle: a refused clear is sent once more through ruleFree (a fresh resourceId); business-rule observed',
          variant: 'record-rules',
        },
      },
      {
        relies: 'the full create on a shared resource is accepted (no ruleFree)',
        basis: ALLOCATION_RULE_FREE,
      },
    ],
  },
  'AL-DELETE': {
    level: 'MUST',
    section: '4.6',
    area: 'allocations',
    statement: 'A deleted allocation can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // DELETE | /allocations/{id} | 204.
      '4.6#14014b99',
    ],
    audit: [
      {
        relies: 'a sampled valid allocation is created (201) and reads back (200)',
        basis: SPEC_CREATE_201,
      },
      { relies: 'DELETE /allocations/{id} answers exactly 204', basis: { spec: '4 Common rules: "Delete success: 204 without body"' } },
      {
        relies: 'a GET right after the delete answers no 2xx',
        basis: SPEC_DELETE_DESCRIBED,
      },
      { relies: 'the status of the read after delete is recorded', basis: DELETED_READ_STATUS_OBSERVED },
      {
        relies: 'the sampled create on a shared resource is accepted (no ruleFree)',
        basis: ALLOCATION_RULE_FREE,
      },
    ],
  },
  'AL-QUERY-INVALID': {
    level: 'MUST',
    section: '4.6, 7',
    area: 'allocations',
    statement: 'Malformed allocation filters are rejected: non-UUID resourceId, taskId or projectId; impossible dateFrom or dateTo.',
    units: [],
    audit: [
      {
        relies: 'non-UUID resourceId, taskId or projectId filters are rejected',
        basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
      },
      {
        relies: 'impossible or unpadded dateFrom and dateTo are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_QUERIES_LEFT_OUT },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'AL-FILTER-REFS': {
    level: 'MUST',
    section: '4.6',
    area: 'allocations',
    statement: 'The resourceId, taskId and projectId filters return only allocations with that reference.',
    units: [],
    audit: [
      {
        relies: 'the fixture (6 allocations, 4 h/day; 8 h/day on res A 03-04..05, two overlapping on task A) is created with 201',
        basis: ALLOCATION_RULE_FREE,
      },
      {
        relies: 'resourceId and taskId list the allocations with that reference and leave out the others',
        basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
      },
      {
        relies: 'each page (limit 100) answers 200 with `data`, right after the creates',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'every listed record carries resourceId or taskId equal to the filter (strict !==, absent fails)',
        basis: LISTED_WITHOUT_FIELD_READ,
      },
      {
        relies: 'projectId and resourceId sent together narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      { relies: 'tasks created under the project count as in it', basis: { spec: '4.7: "the task is a child of a project or another task"' } },
      {
        relies: 'an unknown projectId lists none of the fixture, or is refused with a 4xx',
        basis: { tolerant: 'expectFilteredUnlessRefused: a 4xx lists nothing; only a 200 is judged' },
      },
      { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-reference-filter' } },
      { relies: 'CONFORMANCE_PROJECT_ID is configured for the projectId check', basis: { tolerant: 't.need: without it the check is skipped, not failed' } },
    ],
  },
  'AL-FILTER-DATE': {
    level: 'MUST',
    section: '4.6',
    area: 'allocations',
    statement: '`dateFrom` and `dateTo` leave out allocations entirely outside the range and keep those inside it (overlap rules not shown: observed).',
    units: [
      // GET | /allocations | Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset.
      '4.6#815f00e5',
    ],
    audit: [
      {
        relies: 'dateFrom and dateTo, alone and together, keep an allocation inside and leave out those entirely outside',
        basis: { spec: '4.6: "Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset"' },
      },
      {
        relies: 'the same verdicts hold under overlap, containment, start-in or end-in readings',
        basis: { tolerant: 'the judged fixture allocations lie wholly inside or wholly outside every range sent' },
      },
      { relies: 'which rule keeps allocations that only overlap the range is recorded', basis: { observation: 'allocation-date-filter' } },
      { relies: 'whether a bound includes its own day is recorded', basis: DATE_FILTER_BOUNDS_OBSERVED },
      {
        relies: 'the one-page lists used for the observations answer 200',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'resourceId sent with the date filters narrows the list too (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the fixture (8 h/day on res A, overlapping allocations on task A) is created with 201',
        basis: ALLOCATION_RULE_FREE,
      },
    ],
  },
} satisfies Records;
