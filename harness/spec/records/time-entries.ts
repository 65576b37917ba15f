import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_BODIES_INVALID,
  SPEC_MALFORMED_REJECTED,
  SPEC_NULLABLE_CLEARS,
  RUN_TAG_UNCHANGED,
  DELETED_READ_STATUS_OBSERVED,
  SPEC_CREATE_201,
  SPEC_CONTENTS_NOT_SHOWN,
  ENTRY_ON_ITS_DAY,
  SPEC_LIST_200,
  ENTRY_DURATIONS,
  SPEC_OMITTED_UNCHANGED,
  SPEC_TIME_ENTRY_QUERY,
  SPEC_DELETE_DESCRIBED,
  ANY_4XX_QUERIES_LEFT_OUT,
  TEXT_WHITESPACE,
  SPEC_MIN_HOURS,
  NULL_ACCEPTS_ABSENT,
  LISTED_WITHOUT_FIELD_READ,
  DATE_FILTER_BOUNDS_OBSERVED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Time entries (spec 2.3, 4.3, 8).
 *
 * Checks: suites/time-entries.test.ts; lifecycle through harness/crosscutting/lifecycle.ts.
 */
export const TIME_ENTRY_RECORDS = {
  'TE-CREATE-VALID': {
    level: 'MUST',
    section: '2.3, 4.3',
    area: 'time-entries',
    statement: 'A time entry create body that follows 2.3 is accepted (201) and the record carries the values sent.',
    units: [
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
      // POST | /time-entries | Body: time entry create fields (2.3). Returns 201.
      '4.3#8eafb20e',
      // GET | /time-entries/{id} | Returns entry.
      '4.3#0f2bfefc',
    ],
    audit: [
      { relies: 'every generated valid create answers exactly 201', basis: SPEC_CREATE_201 },
      {
        relies: 'the answer holds the record in `data` with a non-empty string `id`',
        basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
      },
      {
        relies: 'the create answer and GET /time-entries/{id} (200, no wait) carry every field sent, under its input name',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'GET /time-entries/{id} right after the 201 answers 200 with the record',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'values come back equal up to representation (hours "1.50", date as midnight date-time, 09:00:00)',
        basis: {
          tolerant: 'compare.ts sameValue: numbers also as decimal strings, dates as midnight date-times, HH:MM also with :00 seconds',
          variant: 'normalised-values',
        },
      },
      {
        relies: 'hours come back as the number sent',
        basis: { tolerant: 'hoursBetween: multiples of 0.05 h, exact whether kept in hundredths, whole minutes or seconds' },
      },
      {
        relies: 'description comes back as sent',
        basis: { tolerant: 'text(): never starts or ends with a space, so a trimming server returns it unchanged', variant: 'normalised-values' },
      },
      {
        relies: 'description with runs of inner spaces (text() may draw "a  b") comes back with them',
        basis: TEXT_WHITESPACE,
      },
      {
        relies: 'tags come back as the set sent, in any order or case',
        basis: { tolerant: 'compare.ts: tags compared as a set of lower-case words; tags() draws [a-z0-9-] labels', variant: 'normalised-values' },
      },
      {
        relies: 'the run tag conformance-run-<runId> (with a colon) comes back unchanged in tags',
        basis: RUN_TAG_UNCHANGED,
      },
      {
        relies: 'hours and durationSeconds sent together: one of them holds the value sent',
        basis: { tolerant: 'lifecycle linked [hours, durationSeconds]: one holding the value sent is enough (linked-fields observed)' },
      },
      {
        relies: 'hours and durationSeconds with unrelated values (1.5 h with 60 s) are accepted together',
        basis: ENTRY_DURATIONS,
      },
      {
        relies: 'no daily total: entries of the shared lifecycle resource on random, repeating dates are accepted',
        basis: {
          tolerant: 'lifecycle ruleFree: a valid body refused with a 4xx is sent again on a fresh resource; accepted, it is observed (business-rule)',
          variant: 'business-rules',
        },
      },
      {
        relies: 'a body drawn twice (shrinking resends values) is accepted again',
        basis: { tolerant: 'a refusal as a duplicate is retried by ruleFree on a fresh resource (business-rule observed)', variant: 'business-rules' },
      },
      {
        relies: 'a startTime whose hours run past midnight (23:30 with 12 h) is accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
      {
        relies: 'a resource not assigned to the task may log time on it, or else one assigned by an allocation may',
        basis: {
          tolerant:
            'lifecycle ruleFree: a refused body is sent again on a fresh resource assigned to its task (steps/time-entries.ts assignResource, 0 h a day); business-rule observed',
          variant: 'time-entry-assignment',
        },
      },
      {
        relies: 'dates are accepted whatever their age (2000 to 2024)',
        basis: { tolerant: 'pastDate: 2000 to 2024, in the past in every time zone (a server may refuse future work)' },
      },
      {
        relies: 'the task and resources the bodies name could be created',
        basis: { tolerant: 'createTask/createResource: a prerequisite the target will not create skips the check (not applicable)' },
      },
    ],
  },
  'TE-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.3',
    area: 'time-entries',
    statement: 'A time entry create without taskId, resourceId, date or hours is rejected.',
    units: [
      // taskId | uuid | required | optional
      '2.3#32b4fd1b',
      // resourceId | uuid | required | optional
      '2.3#98819294',
      // date | `<date>` that must be a real calendar date (for example a non-existent day is rejected) | required | op
      '2.3#389d8140',
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
    ],
    audit: [
      { relies: 'a create without taskId, resourceId, date or hours is rejected', basis: { spec: '2.3: "taskId | uuid | required"' } },
      { relies: 'a body without hours is rejected even when it carries durationSeconds', basis: { spec: '2.3: "update: >= 0.25 and <= 24 | required"' } },
      { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: SPEC_BODIES_INVALID },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status and error body shape of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.3',
    area: 'time-entries',
    statement: '`taskId` and `resourceId` are UUIDs; non-UUID values are rejected (create and update).',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // taskId | uuid | required | optional
      '2.3#32b4fd1b',
      // resourceId | uuid | required | optional
      '2.3#98819294',
    ],
    audit: [
      {
        relies: 'non-UUID taskId and resourceId are rejected on create and on update',
        basis: { spec: '2 General rules: "Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise"' },
      },
      {
        relies: 'the rejection is a 4xx',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'the values sent are no UUID under any reading (12345, a UUID plus x, 20 hex digits)',
        basis: { tolerant: 'nonUuid() leaves out lax forms (no hyphens, braces): those are INPUT-FORMAT-STRICT, a SHOULD' },
      },
      {
        relies: 'any 4xx counts as the rejection (400, 404 for an unknown reference, 422)',
        basis: ANY_4XX_REJECTS,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-DATE-REAL': {
    level: 'MUST',
    section: '2.3',
    area: 'time-entries',
    statement:
      '`date` is a real calendar date YYYY-MM-DD: impossible or malformed dates (2023-02-29, 2024-02-30, 2024-04-31, 2024-13-01, 2024-00-10, 2024-1-5) are rejected; 2024-02-29 is accepted.',
    units: [
      // date | `<date>` that must be a real calendar date (for example a non-existent day is rejected) | required | op
      '2.3#389d8140',
    ],
    audit: [
      {
        relies: 'impossible dates (2023-02-29, 2024-04-31, 2024-13-01, ...) are rejected on create and update',
        basis: { spec: '2.3: "`<date>` that must be a real calendar date (for example a non-existent day is rejected)"' },
      },
      {
        relies: 'unpadded or other-form dates (2024-1-5, 2024/03/01, 20240301) are rejected',
        basis: { spec: 'Conventions: "`<date>` means a string in the form YYYY-MM-DD"' },
      },
      { relies: 'an entry dated 2024-02-29 is accepted with 201', basis: SPEC_CREATE_201 },
      {
        relies: 'the shared resource holds no other hours on 2024-02-29',
        basis: { tolerant: 'other minimal entries go to freshPastDay days from 2001 on, never 2024-02-29', variant: 'business-rules' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-HOURS-CREATE-RANGE': {
    level: 'MUST',
    section: '2.3, 8',
    area: 'time-entries',
    statement: 'On create, `hours` is > 0 and <= 24: 0, negative values and values above 24 are rejected.',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
      // Time entry hours | <= 24; at least 0.25 for non-timer entries on create and on update | time entries
      '8#becc5df1',
    ],
    audit: [
      { relies: 'a manual entry of 24 hours is accepted with 201', basis: { spec: '2.3: "create: > 0 and <= 24"' } },
      {
        relies: 'the 24-hour entry is the only one of its resource on its day',
        basis: { tolerant: 'freshPastDay: every minimal entry on a day of its own, so no daily total is reached', variant: 'business-rules' },
      },
      { relies: 'hours 0 or negative on a timer entry, and 24.25 (24.05 to 100 generated), are rejected', basis: { spec: '2.3: "create: > 0 and <= 24"' } },
      {
        relies: 'hours 0 is sent on a timer entry, so only the > 0 bound is broken',
        basis: SPEC_MIN_HOURS,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-HOURS-MIN-NON-TIMER': {
    level: 'MUST',
    section: '2.3, 8',
    area: 'time-entries',
    statement: 'On create, an entry whose entrySource is not `timer` (absent means `manual`) with hours below 0.25 is rejected.',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // entrySource | enum `manual`, `timer`, `copied`, `suggested` (default `manual`) | optional | not accepted
      '2.3#f470a8c2',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
      // Time entry hours | <= 24; at least 0.25 for non-timer entries on create and on update | time entries
      '8#becc5df1',
    ],
    audit: [
      {
        relies: '0.2 h (0.05 to 0.2 generated) is rejected with entrySource absent, manual, copied or suggested',
        basis: SPEC_MIN_HOURS,
      },
      { relies: 'the minimum applies on create', basis: { spec: '8: "at least 0.25 for non-timer entries on create and on update"' } },
      { relies: 'a manual entry of exactly 0.25 h is accepted with 201', basis: { spec: '2.3: "hours must be at least 0.25"' } },
      {
        relies: 'any 4xx counts as the rejection; naming hours in the body is only the SHOULD TE-HOURS-MIN-ISSUE',
        basis: { tolerant: 'expectRejected: any 4xx passes; the error body is not read here' },
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-HOURS-MIN-ISSUE': {
    level: 'SHOULD',
    section: '2.3',
    area: 'time-entries',
    statement: 'The rejection of a non-timer entry below 0.25 hours names the field `hours` (error body shape not shown).',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
    ],
  },
  'TE-HOURS-TIMER-ACCEPTED': {
    level: 'MUST',
    section: '2.3',
    area: 'time-entries',
    statement: 'On create, a `timer` entry with hours below 0.25 (for example 0.1) is accepted.',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // entrySource | enum `manual`, `timer`, `copied`, `suggested` (default `manual`) | optional | not accepted
      '2.3#f470a8c2',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
    ],
    audit: [
      {
        relies: 'a timer entry of 0.1 h is accepted with 201',
        basis: SPEC_MIN_HOURS,
      },
      {
        relies: 'the create answer carries hours',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'hours comes back as 0.1, as a number or a decimal string ("0.10")',
        basis: { tolerant: 'compare.ts sameValue: a numeric string equal to the number passes; 0.1 h is exact in minutes and seconds' },
      },
    ],
  },
  'TE-DURATION-RANGE': {
    level: 'MUST',
    section: '2.3, 8',
    area: 'time-entries',
    statement: '`durationSeconds` is an integer > 0 and <= 86400: 0, 86401 and fractions are rejected; 1 and 86400 are accepted.',
    units: [
      // durationSeconds | integer > 0 and <= 86400 | optional | optional
      '2.3#75e9f2d1',
      // durationSeconds | > 0 and <= 86400 | time entry create and update
      '8#7b0ed558',
    ],
    audit: [
      { relies: 'durationSeconds 1 and 86400 are accepted with 201', basis: { spec: '2.3: "integer > 0 and <= 86400"' } },
      {
        relies: 'durationSeconds 1 or 86400 is accepted beside hours 1, or else on a timer entry whose hours agree (1/3600, 24)',
        basis: {
          tolerant:
            'a 4xx beside hours 1 is sent again with hours that agree on a timer entry; accepted, business-rule is observed; refused again, the check fails',
          variant: 'time-entry-rules',
        },
      },
      { relies: 'durationSeconds 0, negative, 86401 and above, and fractions (1.5) are rejected', basis: { spec: '2.3: "integer > 0 and <= 86400"' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-START-TIME-FORMAT': {
    level: 'MUST',
    section: '2.3',
    area: 'time-entries',
    statement: '`startTime` is `HH:MM`, hours 00-23, minutes 00-59: `24:00`, `12:60`, `7:05` are rejected; `00:00` and `23:59` are accepted.',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // startTime | string `HH:MM`, 24-hour, hours 00-23, minutes 00-59 | optional | optional, nullable
      '2.3#1884bea3',
    ],
    audit: [
      { relies: 'startTime 00:00 and 23:59 are accepted with 201', basis: { spec: '2.3: "string `HH:MM`, 24-hour, hours 00-23, minutes 00-59"' } },
      {
        relies: 'startTime 23:59 with the minimal 1 hour (ending the next day) is accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
      {
        relies: '24:00, 12:60, 7:05, noon, 1200 and generated out-of-range times are rejected',
        basis: { spec: '2.3: "string `HH:MM`, 24-hour, hours 00-23, minutes 00-59"' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-ENTRY-SOURCE-ENUM': {
    level: 'MUST',
    section: '2.3',
    area: 'time-entries',
    statement:
      '`entrySource` is one of `manual`, `timer`, `copied`, `suggested`; any other value (`auto`, `import`, empty) is rejected (the same value in another case is INPUT-FORMAT-STRICT, a SHOULD).',
    units: [
      // entrySource | enum `manual`, `timer`, `copied`, `suggested` (default `manual`) | optional | not accepted
      '2.3#f470a8c2',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
    ],
    audit: [
      {
        relies: 'each of manual, timer, copied, suggested is accepted with 201',
        basis: { spec: '2.3: "enum `manual`, `timer`, `copied`, `suggested` (default `manual`)"' },
      },
      {
        relies: 'the create answer holds entrySource exactly as sent (strict ===)',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values of no case (empty, auto, import) are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'Timer and MANUAL (a value of the enum in another case) are rejected under this MUST',
        basis: { tolerant: 'case variants of an enum value are INPUT-FORMAT-STRICT (SHOULD); the MUST judges auto, import and empty' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-FIELD-TYPES': {
    level: 'MUST',
    section: '2.3, 7',
    area: 'time-entries',
    statement: 'Every time entry field has its stated type; a value of another type is rejected.',
    units: [
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'strings for numbers ("8"), "true" or 1 for booleans, "a,b" or [1,2] for tags are rejected',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'null for hours and date on create, and for non-nullable update fields, is rejected',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'a server does not coerce a numeric string to a number',
        basis: SPEC_MALFORMED_REJECTED,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-UPDATE-VALID': {
    level: 'MUST',
    section: '2.3, 4.3',
    area: 'time-entries',
    statement: 'A time entry update body that follows 2.3 is accepted (200) and its values are applied (markedBilled included).',
    units: [
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // markedBilled | boolean | not accepted | optional
      '2.3#29052d41',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
      // GET | /time-entries/{id} | Returns entry.
      '4.3#0f2bfefc',
      // PATCH | /time-entries/{id} | Body: time entry update fields (2.3).
      '4.3#e79538a4',
    ],
    audit: [
      { relies: 'a full valid create answers 201', basis: SPEC_CREATE_201 },
      {
        relies: 'every generated valid update answers exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the update answer and a later GET (no wait) carry every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values come back equal up to representation (numbers as strings, dates, HH:MM:00, tag order and case)',
        basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' },
      },
      {
        relies: 'startTime, description or billableRate sent as null read back null or absent',
        basis: NULL_ACCEPTS_ABSENT,
      },
      { relies: 'markedBilled sent on update is applied', basis: { spec: '2.3: "markedBilled | boolean | not accepted | optional"' } },
      {
        relies: 'markedBilled true is accepted on an entry created with isBillable false',
        basis: { tolerant: 'generators/entry-rules.ts: a generated body that marks an entry billed also makes it billable' },
      },
      { relies: 'update hours 0.25 to 24 are accepted whatever the entry source', basis: { spec: '2.3: "update: >= 0.25 and <= 24"' } },
      {
        relies: 'durationSeconds sent alone (1 to 86400) is accepted, unrelated to the hours held',
        basis: ENTRY_DURATIONS,
      },
      {
        relies: 'hours and durationSeconds sent together: one of them holds the value sent',
        basis: { tolerant: 'lifecycle linked [hours, durationSeconds]: one holding the value sent is enough (linked-fields observed)' },
      },
      {
        relies: 'an update moving an entry to a date or resource already holding hours is accepted',
        basis: {
          tolerant: 'lifecycle ruleFree: a 4xx update is sent again with a fresh resourceId; accepted, business-rule is observed',
          variant: 'business-rules',
        },
      },
      {
        relies: 'a startTime whose hours run past midnight is accepted',
        basis: ENTRY_ON_ITS_DAY,
      },
      {
        relies: 'tags holding the run tag conformance-run-<runId> come back with the colon',
        basis: RUN_TAG_UNCHANGED,
      },
      {
        relies: 'description with runs of inner spaces comes back with them',
        basis: TEXT_WHITESPACE,
      },
    ],
  },
  'TE-UPDATE-HOURS-RANGE': {
    level: 'MUST',
    section: '2.3, 8',
    area: 'time-entries',
    statement: 'On update, `hours` is >= 0.25 and <= 24, whatever the entry source: 0.2 is rejected even for a timer entry.',
    units: [
      // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
      '2.3#5f6e96ed',
      // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
      '2.3#9a35192b',
      // Time entry hours | <= 24; at least 0.25 for non-timer entries on create and on update | time entries
      '8#becc5df1',
    ],
    audit: [
      {
        relies: 'a timer entry of 0.1 h can be created (201)',
        basis: SPEC_MIN_HOURS,
      },
      {
        relies: 'hours 0.2 on an update of that timer entry is rejected',
        basis: { spec: '2.3: "update: >= 0.25 and <= 24" (the field table bounds every update; part 8 adds nothing that lowers it)' },
      },
      { relies: 'hours 0.25 and then 24 on the same entry each answer 200', basis: { spec: '2.3: "update: >= 0.25 and <= 24"' } },
      {
        relies: 'the entry is alone on its day, so 24 h breaks no daily total',
        basis: { tolerant: 'freshPastDay: every minimal entry on a day of its own', variant: 'business-rules' },
      },
      {
        relies: 'generated hours -24 to 0.2 and 24.05 to 100 on a manual entry are rejected',
        basis: { spec: '8: "at least 0.25 for non-timer entries on create and on update"' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'time-entries',
    statement: 'Fields omitted from a time entry update stay unchanged.',
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
        relies: 'every field the update did not name reads back as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'hours and durationSeconds are compared as read after the create, and not when the update names either',
        basis: { tolerant: 'lifecycle omittedBy: linked fields may be derived from one another' },
      },
      { relies: 'values compared up to representation', basis: { tolerant: 'compare.ts sameValue and tag set comparison', variant: 'normalised-values' } },
      {
        relies: 'a refused update retried with a fresh resourceId counts resourceId as named',
        basis: { tolerant: 'lifecycle sendUpdate returns the body actually accepted', variant: 'business-rules' },
      },
      {
        relies: 'the created tags, run tag with its colon included, read back unchanged',
        basis: RUN_TAG_UNCHANGED,
      },
      {
        relies: 'the full create and the update are accepted (durationSeconds unrelated to hours, startTime past midnight)',
        basis: ENTRY_DURATIONS,
      },
      {
        relies: 'an update with markedBilled true on a non-billable entry is accepted',
        basis: { tolerant: 'generators/entry-rules.ts: a generated body that marks an entry billed also makes it billable' },
      },
    ],
  },
  'TE-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.3',
    area: 'time-entries',
    statement: 'null on a nullable time entry field (startTime, description, billableRate) clears it.',
    units: [
      // startTime | string `HH:MM`, 24-hour, hours 00-23, minutes 00-59 | optional | optional, nullable
      '2.3#1884bea3',
      // description | string | optional, nullable | optional, nullable
      '2.3#36256fa4',
      // billableRate | number | optional | optional, nullable
      '2.3#fb8d0a8e',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and a PATCH of startTime, description or billableRate to null answers 200',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'each field set to null reads back null (billableRate not replaced by a default rate)',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'a cleared field may also be left out of the record',
        basis: NULL_ACCEPTS_ABSENT,
      },
      {
        relies: 'the full create body is accepted (durationSeconds unrelated to hours, startTime past midnight)',
        basis: ENTRY_DURATIONS,
      },
    ],
  },
  'TE-DELETE': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'A deleted time entry can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // DELETE | /time-entries/{id} | 204.
      '4.3#becc1bca',
    ],
    audit: [
      {
        relies: 'a sampled valid entry is created (201) and reads back (200)',
        basis: SPEC_CREATE_201,
      },
      { relies: 'DELETE /time-entries/{id} answers exactly 204', basis: { spec: '4 Common rules: "Delete success: 204 without body"' } },
      {
        relies: 'a GET right after the delete answers no 2xx (any other status)',
        basis: SPEC_DELETE_DESCRIBED,
      },
      { relies: 'the status of the read after delete is recorded', basis: DELETED_READ_STATUS_OBSERVED },
      {
        relies: 'the sampled body is accepted (durationSeconds unrelated to hours, startTime past midnight)',
        basis: ENTRY_DURATIONS,
      },
    ],
  },
  'TE-QUERY-INVALID': {
    level: 'MUST',
    section: '4.3, 7',
    area: 'time-entries',
    statement: 'Malformed time entry filters are rejected: non-UUID taskId, resourceId or projectId; impossible dateFrom or dateTo.',
    units: [
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'non-UUID taskId, resourceId or projectId filters are rejected',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'impossible or unpadded dateFrom and dateTo are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'any 4xx counts as the rejection (a query may get another 4xx than a body)',
        basis: ANY_4XX_QUERIES_LEFT_OUT,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TE-FILTER-TASK': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'The `taskId` filter returns only entries of that task.',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      {
        relies: 'the fixture (2 tasks, 2 fresh resources, 3 entries of 2 h on distinct days) is created with 201',
        basis: SPEC_CREATE_201,
      },
      {
        relies: 'each page of the walk (limit 100, offset) answers 200 with a `data` array, right after the creates',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'taskId lists both entries of the task and leaves out the entry of the other task',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'every listed record carries taskId equal to the filter (strict !==, absent fails)',
        basis: LISTED_WITHOUT_FIELD_READ,
      },
    ],
  },
  'TE-FILTER-RESOURCE': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'The `resourceId` filter returns only entries of that resource.',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      {
        relies: 'the fixture entries are created with 201 and listed (pages of 100, 200) right after',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'resourceId lists both entries of the resource and leaves out the entry of the other one',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'every listed record carries resourceId equal to the filter (strict !==, absent fails)',
        basis: LISTED_WITHOUT_FIELD_READ,
      },
    ],
  },
  'TE-FILTER-PROJECT': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'The `projectId` filter returns entries of tasks in that project and leaves out entries of other projects.',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      { relies: 'CONFORMANCE_PROJECT_ID is configured', basis: { tolerant: 't.need: without it the check is skipped, not failed' } },
      {
        relies: 'tasks created with parentTaskId = the project count as tasks in that project',
        basis: { spec: '4.7: "the task is a child of a project or another task"' },
      },
      {
        relies: 'projectId with resourceId lists the entries of that resource on the project tasks',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'projectId and resourceId sent together narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'an unknown projectId lists none of the fixture, or is refused with a 4xx',
        basis: { tolerant: 'expectFilteredUnlessRefused: a 4xx lists nothing; only a 200 is judged' },
      },
      { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-reference-filter' } },
    ],
  },
  'TE-FILTER-DATE': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: '`dateFrom` and `dateTo` return entries dated inside the range and leave out entries outside it (boundaries not shown: observed).',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      {
        relies: 'dateFrom and dateTo filter on the entry date, alone and together',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'entries dated strictly inside are kept and strictly outside left out, whatever the bounds',
        basis: { tolerant: 'the fixture dates (03-10, 03-20) lie away from every bound sent (03-01, 03-15, 03-31)' },
      },
      { relies: 'whether a bound includes its own day is recorded, not judged', basis: DATE_FILTER_BOUNDS_OBSERVED },
      {
        relies: 'resourceId sent with the date filters narrows the list too (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the lists answer 200 right after the fixture creates',
        basis: SPEC_LIST_200,
      },
    ],
  },
  'TE-FILTER-BILLABLE': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'The `isBillable` filter returns only entries with that flag.',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      {
        relies: 'isBillable=true lists the billable entry and not the other; false the reverse',
        basis: { spec: '4 Common rules: "the value `true` means true, any other value means false"' },
      },
      {
        relies: 'an entry holds the isBillable it was created with',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'the filter is scoped with resourceId and both narrow the list (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the lists answer 200 with `data` right after the fixture creates',
        basis: SPEC_LIST_200,
      },
    ],
  },
  'TE-FILTER-INVOICED': {
    level: 'MUST',
    section: '4.3',
    area: 'time-entries',
    statement: 'The `isInvoiced` filter leaves out entries never invoiced when true and includes them when false.',
    units: [
      // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
      '4.3#f7547a2f',
    ],
    audit: [
      {
        relies: 'isInvoiced=true leaves out entries no invoice ever included; isInvoiced=false lists them',
        basis: { spec: '4 Common rules: "the value `true` means true, any other value means false"' },
      },
      {
        relies: 'a new entry that was never billed counts as not invoiced',
        basis: SPEC_TIME_ENTRY_QUERY,
      },
      {
        relies: 'the filter is scoped with resourceId and both narrow the list (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
    ],
  },
} satisfies Records;
