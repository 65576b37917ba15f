import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  LIST_SETTLES,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_BODIES_INVALID,
  ENUM_VALUES_ONLY,
  SPEC_MALFORMED_REJECTED,
  SPEC_NULLABLE_CLEARS,
  UNIQUE_MILESTONE_NAMES,
  DELETED_READ_STATUS_OBSERVED,
  SPEC_CONTENTS_NOT_SHOWN,
  SPEC_OMITTED_UNCHANGED,
  MILESTONE_RULE_FREE,
  SPEC_DELETE_DESCRIBED,
  ANY_4XX_QUERIES_LEFT_OUT,
  NULL_ACCEPTS_ABSENT_OR_EMPTY,
  SAME_VALUE,
  DATE_FILTER_BOUNDS_OBSERVED,
  SPEC_RECORDS_IN_DATA,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Milestones (spec 2.8, 3.3, 4.8).
 *
 * Checks: suites/milestones.test.ts; harness/steps/milestones.ts; harness/generators/milestones.ts.
 */
export const MILESTONE_RECORDS = {
  'MS-CREATE-VALID': {
    level: 'MUST',
    section: '2.8, 4.8',
    area: 'milestones',
    statement: 'A milestone create body that follows 2.8 is accepted (201) and the record carries the values sent.',
    units: [
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
    ],
    audit: [
      { relies: 'every generated valid create answers exactly 201', basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' } },
      { relies: 'the answer holds the record in data with a non-empty string id', basis: SPEC_RECORDS_IN_DATA },
      {
        relies: 'GET /milestones/{id} right after the 201 (no wait) answers 200 with the record',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'projectId, name, targetDate, description, triggersInvoice, typeId come back as sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'targetDate as a date or midnight date-time; description and name up to spaces and NFC',
        basis: SAME_VALUE,
      },
      {
        relies: 'typeId null reads back null, absent or empty',
        basis: NULL_ACCEPTS_ABSENT_OR_EMPTY,
      },
      {
        relies: 'completionCriteria come back as an array of the same length; items are not compared',
        basis: { tolerant: 'ignoreOnCompare [completionCriteria] in the lifecycle; the own check compares the count only' },
      },
      { relies: 'whether the criteria come back as sent is recorded', basis: { observation: 'milestone-completion-criteria' } },
      {
        relies: 'criterion items are taken in one plain shape and all kept (the count is compared)',
        basis: {
          tolerant:
            'createWithCriteria(): {description}, {name}, {title} and strings are tried in turn (observed: milestone-criteria-shape); refused in all, a milestone without criteria must be taken and the check ends inconclusive',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'targetDate 2000 to 2030 may be refused as past or outside the project',
        basis: MILESTONE_RULE_FREE,
      },
      { relies: 'no two bodies of a run share a name', basis: { tolerant: 'identifier(): 8 seeded hex digits that never shrink', variant: 'unique-names' } },
      {
        relies: 'generated names do not repeat those of an earlier run on the same project',
        basis: { tolerant: 'milestoneName(runTag): identifier() plus the run tag', variant: 'unique-names' },
      },
      {
        relies: 'the names of the criteria milestones are free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
    ],
  },
  'MS-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.8',
    area: 'milestones',
    statement: 'A milestone create without projectId, name or targetDate is rejected.',
    units: [
      // projectId | uuid | required | not accepted
      '2.8#98a2b5b4',
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
    ],
    audit: [
      {
        relies: 'a create without projectId, name or targetDate is rejected',
        basis: { spec: '2.8: "projectId | uuid | required | not accepted" and "targetDate | <date> | required | optional"' },
      },
      { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: SPEC_BODIES_INVALID },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
    ],
  },
  'MS-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.8',
    area: 'milestones',
    statement: '`projectId` and `typeId` are UUIDs (typeId may be null); non-UUID values are rejected.',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // projectId | uuid | required | not accepted
      '2.8#98a2b5b4',
      // typeId | uuid, may be null | optional | optional
      '2.8#ac9973b6',
    ],
    audit: [
      {
        relies: 'a non-UUID projectId (create) or typeId (create, update), and projectId null, are rejected',
        basis: { spec: '2 General rules: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise"' },
      },
      { relies: 'typeId null answers 201 on create and 200 on update', basis: { spec: '2.8: "typeId | uuid, may be null | optional | optional"' } },
      { relies: 'typeId then reads back null or absent', basis: { tolerant: 'the check accepts null or undefined' } },
      {
        relies: 'the typeId null milestone and the update target have names free in the project',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'MS-FIELD-RULES': {
    level: 'MUST',
    section: '2.8, 7',
    area: 'milestones',
    statement: 'Milestone field rules hold: name at least 1 character, targetDate a real date, triggersInvoice boolean, completionCriteria an array.',
    units: [
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
      // triggersInvoice | boolean | optional | optional
      '2.8#5cd9bf2b',
      // completionCriteria | array of completion criterion | optional | optional
      '2.8#540d4921',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.8: "name | string, min length 1 | required | optional"' } },
      {
        relies: 'impossible and other-form targetDates (2024-1-5, 2024/03/01, yesterday) are rejected',
        basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD"' },
      },
      {
        relies: 'a non-boolean triggersInvoice and a completionCriteria that is not an array are rejected',
        basis: { spec: '2.8: "triggersInvoice | boolean | optional | optional"' },
      },
      {
        relies: 'null name, targetDate, triggersInvoice or completionCriteria, and a non-string description, are rejected',
        basis: SPEC_BODIES_INVALID,
      },
      { relies: 'a milestone due on 29 February of a leap year is accepted with 201', basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' } },
      {
        relies: 'the impossible-date bodies carry names of their own',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      {
        relies: 'the update target has a name free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: '2024-02-29 may be refused as a past target date',
        basis: { tolerant: 'refused (4xx), the next 29 February ahead must be taken, and the rule is observed (business-rule)', variant: 'planning-rules' },
      },
    ],
  },
  'MS-UPDATE-VALID': {
    level: 'MUST',
    section: '2.8, 4.8',
    area: 'milestones',
    statement: 'A milestone update body that follows 2.8 is accepted (200) and its values are applied.',
    units: [
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
    ],
    audit: [
      {
        relies: 'a full create answers 201 and every generated valid update exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the update answer and a GET right after (no wait) carry every field sent',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'values compared up to representation; completionCriteria not compared',
        basis: { tolerant: 'compare.ts sameValue; ignoreOnCompare [completionCriteria]', variant: 'normalised-values' },
      },
      { relies: 'the update never names status, completedDate or projectId', basis: { tolerant: 'milestoneUpdate(): only 2.8 update fields' } },
      {
        relies: 'targetDate 2000 to 2030 may be refused as past or outside the project',
        basis: MILESTONE_RULE_FREE,
      },
      {
        relies: "criterion items { description: text } may be refused for a shape of the server's own",
        basis: MILESTONE_RULE_FREE,
      },
      { relies: 'no two bodies of a run share a name', basis: { tolerant: 'identifier(): 8 seeded hex digits that never shrink', variant: 'unique-names' } },
    ],
  },
  'MS-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'milestones',
    statement: 'Fields omitted from a milestone update stay unchanged.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
    ],
    audit: [
      { relies: 'a full create answers 201 and a valid update 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'every field the update did not name (projectId included) reads back as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'values compared up to representation; completionCriteria not compared',
        basis: { tolerant: 'compare.ts sameValue; ignoreOnCompare [completionCriteria]', variant: 'normalised-values' },
      },
      {
        relies: 'the full create (past target dates, criterion items { description }) may be refused',
        basis: MILESTONE_RULE_FREE,
      },
    ],
  },
  'MS-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.8',
    area: 'milestones',
    statement: 'null on a nullable milestone field clears it.',
    units: [
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
    ],
    audit: [
      { relies: 'null on description or typeId answers 200', basis: { spec: '2.8: "description | string | optional | optional, nullable"' } },
      {
        relies: 'null clears the field',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'each field set to null reads back null, absent or empty',
        basis: NULL_ACCEPTS_ABSENT_OR_EMPTY,
      },
      {
        relies: 'the full create (past target dates, criterion items { description }) may be refused',
        basis: MILESTONE_RULE_FREE,
      },
    ],
  },
  'MS-DELETE': {
    level: 'MUST',
    section: '4.8',
    area: 'milestones',
    statement: 'A deleted milestone can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
    ],
    audit: [
      { relies: 'a sampled valid milestone is created (201) and reads back (200)', basis: { spec: '4.8: "Body: milestone create fields (2.8). 201."' } },
      { relies: 'DELETE /milestones/{id} answers exactly 204', basis: { spec: '4.8: "/milestones/{id} | 204."' } },
      {
        relies: 'a GET right after the delete answers no 2xx',
        basis: SPEC_DELETE_DESCRIBED,
      },
      {
        relies: 'the sampled body (criterion items, any target date) may be refused',
        basis: MILESTONE_RULE_FREE,
      },
      { relies: 'the status of the read after delete is recorded', basis: DELETED_READ_STATUS_OBSERVED },
    ],
  },
  'MS-COMPLETE': {
    level: 'MUST',
    section: '3.3, 4.8',
    area: 'milestones',
    statement: 'POST /milestones/{id}/complete (with or without completedDate) answers 200 and leaves the milestone `completed`.',
    units: [
      // Values: `upcoming`, `at_risk`, `completed`, `missed`.
      '3.3#48602858',
      // any state from which completion is allowed | `POST /milestones/{id}/complete` | optional `completedDate` `<dat
      '3.3#ce712eb0',
      // GET | /milestones | Query: projectId (uuid), status (`upcoming`/`at_risk`/`completed`/`missed`), dateFrom, dat
      '4.8#96180096',
      // POST | /milestones | Body: milestone create fields (2.8). 201.
      '4.8#7b3fa7df',
      // GET | /milestones/{id} | Returns milestone.
      '4.8#5942b70f',
      // PATCH | /milestones/{id} | Body: milestone update fields (2.8).
      '4.8#dc113e14',
      // DELETE | /milestones/{id} | 204.
      '4.8#c536b563',
      // POST | /milestones/{id}/complete | Body: `completedDate` `<date>` (optional). 200.
      '4.8#67a76c4d',
    ],
    audit: [
      {
        relies: 'complete with { completedDate } and with {} answers exactly 200',
        basis: { spec: '4.8: "/milestones/{id}/complete | Body: completedDate <date> (optional). 200."' },
      },
      {
        relies: 'a new milestone, without criteria, is in a state completion is allowed from; refused both ways (4xx), the check is inconclusive',
        basis: {
          tolerant:
            'spec 3.3 leaves the source states open and a new milestone is the only state the run reaches: a refusal leaves MS-COMPLETE inconclusive (observed as milestone-complete-from-state); the run is then not conformant, never falsely failed',
        },
      },
      { relies: 'a status shown afterwards is exactly completed', basis: { spec: '3.3: "Values: upcoming, at_risk, completed, missed."' } },
      {
        relies: 'a milestone showing no status is found by status=completed within its day scope',
        basis: { tolerant: 'expectCompleted falls back on the status filter: the state need not be a record field' },
      },
      { relies: 'completedDate yesterday (UTC) is never in the future, whatever the server time zone', basis: { tolerant: 'addDays(today UTC, -1)' } },
      {
        relies: 'target days 2100 to 2899 may be refused as too far ahead',
        basis: {
          tolerant:
            'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'the milestones completed have names free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      {
        relies: 'initial status, status after complete, complete without body, second complete are recorded',
        basis: { observation: 'milestone-initial-status, milestone-status-after-complete, milestone-complete-no-body' },
      },
      { relies: 'a second complete of a completed milestone may be refused', basis: { observation: 'milestone-complete-from-state' } },
    ],
  },
  'MS-COMPLETE-DATE': {
    level: 'MUST',
    section: '3.3, 4.8',
    area: 'milestones',
    statement: 'An impossible `completedDate` on complete is rejected.',
    units: [
      // any state from which completion is allowed | `POST /milestones/{id}/complete` | optional `completedDate` `<dat
      '3.3#ce712eb0',
      // POST | /milestones/{id}/complete | Body: `completedDate` `<date>` (optional). 200.
      '4.8#67a76c4d',
    ],
    audit: [
      { relies: 'impossible or unpadded completedDates are rejected', basis: { spec: '3.3: "optional completedDate <date> in body"' } },
      {
        relies: 'the rejection is a 4xx',
        basis: SPEC_MALFORMED_REJECTED,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      {
        relies: 'the milestone completed with impossible dates has a name free in the project',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'MS-COMPLETE-DATE-KEPT': {
    level: 'MUST',
    section: '3.3, 4.8',
    area: 'milestones',
    statement: 'The `completedDate` sent on complete is the completion date the milestone then shows, where it shows one (field name not shown: observed).',
    units: [
      // any state from which completion is allowed | `POST /milestones/{id}/complete` | optional `completedDate` `<dat
      '3.3#ce712eb0',
      // POST | /milestones/{id}/complete | Body: `completedDate` `<date>` (optional). 200.
      '4.8#67a76c4d',
    ],
    audit: [
      {
        relies: 'complete with a completedDate 30 days back answers exactly 200',
        basis: { spec: '4.8: "/milestones/{id}/complete | Body: completedDate <date> (optional). 200."' },
      },
      {
        relies: 'a new milestone due 30 to 365 days ahead may refuse complete with a completedDate 30 days back',
        basis: {
          tolerant:
            'a 4xx is observed (milestone-complete-from-state) and ends the check inconclusive: there is no completion date to judge; MS-COMPLETE judges completion. No variant: the reference completes every new milestone',
        },
      },
      {
        relies: 'the completion date is any top-level field named completed*, completion* or dateCompleted holding a date',
        basis: { tolerant: 'completionDateFields(): no field name is required; none shown is observed, not failed' },
      },
      {
        relies: 'one of those fields shows the day sent, as a date or a date-time within 14 h of it',
        basis: { tolerant: 'sameDay(): any time zone UTC-12 to UTC+14' },
      },
      {
        relies: 'a completion-named field may hold the moment of the call while the date sent is kept under another name',
        basis: {
          tolerant:
            'the date sent in a field of any name passes when no completion-named one holds it; a month back, no moment of the call can match (observed: milestone-completed-date)',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'the milestone completed has a name free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      { relies: 'which field keeps the date, or none, is recorded', basis: { observation: 'milestone-completed-date' } },
    ],
  },
  'MS-QUERY-INVALID': {
    level: 'MUST',
    section: '4.8, 7',
    area: 'milestones',
    statement: 'Malformed milestone filters are rejected: non-UUID projectId, status outside the enum, impossible dateFrom or dateTo.',
    units: [],
    audit: [
      {
        relies: 'non-UUID projectId, status done or at-risk, impossible dateFrom or dateTo are rejected',
        basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
      },
      {
        relies: 'the rejection is a 4xx',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'status Completed (an enum value in another case) is rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_QUERIES_LEFT_OUT },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'MS-FILTER-PROJECT': {
    level: 'MUST',
    section: '4.8',
    area: 'milestones',
    statement: 'The `projectId` filter returns milestones of that project and none for another project.',
    units: [
      // GET | /milestones | Query: projectId (uuid), status (`upcoming`/`at_risk`/`completed`/`missed`), dateFrom, dat
      '4.8#96180096',
    ],
    audit: [
      {
        relies: 'projectId lists the three fixture milestones of the project',
        basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
      },
      {
        relies: 'a listed record showing projectId shows the requested one; one without it passes',
        basis: { tolerant: 'records without projectId are not judged' },
      },
      {
        relies: 'a random projectId lists none of the fixture, or is refused with a 4xx',
        basis: { tolerant: 'expectFilteredUnlessRefused(): a 4xx is observed (unknown-project-filter), only a 200 is judged', variant: 'planning-rules' },
      },
      {
        relies: 'projectId and the dateFrom/dateTo scope narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture milestones have names free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      {
        relies: 'target days 2100 to 2899 may be refused as too far ahead',
        basis: {
          tolerant:
            'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
          variant: 'planning-rules',
        },
      },
    ],
  },
  'MS-FILTER-STATUS': {
    level: 'MUST',
    section: '4.8',
    area: 'milestones',
    statement: 'The `status` filter returns only milestones with that status.',
    units: [
      // Values: `upcoming`, `at_risk`, `completed`, `missed`.
      '3.3#48602858',
    ],
    audit: [
      {
        relies: 'each status lists the fixture milestones whose GET shows it and leaves out the others',
        basis: { spec: '4.8: "Query: projectId (uuid), status (upcoming/at_risk/completed/missed), dateFrom, dateTo (<date>)"' },
      },
      { relies: 'a milestone completed by the check (200) is completed', basis: { spec: '3.3: "Values: upcoming, at_risk, completed, missed."' } },
      { relies: 'a milestone showing no status is only excluded from completed', basis: { tolerant: 'unknown statuses are not judged for the other values' } },
      { relies: 'a listed record showing a status shows the requested one', basis: { spec: '4.8: "status (upcoming/at_risk/completed/missed)"' } },
      {
        relies: 'statuses do not change between the reads and the lists',
        basis: { tolerant: 'target days in the 2100s, or 400 to 1400 days ahead: no time rule can move them during the check' },
      },
      {
        relies: 'a new milestone of the fixture day may refuse complete',
        basis: {
          tolerant:
            'a 4xx is observed (milestone-complete-from-state) and the milestone is filtered by the status it reads back instead; MS-COMPLETE judges completion. No variant: the reference completes every new milestone',
        },
      },
      {
        relies: 'the fixture milestones and the completed one have names free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      {
        relies: 'projectId, the date scope and status narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'MS-FILTER-DATE': {
    level: 'MUST',
    section: '4.8',
    area: 'milestones',
    statement: '`dateFrom` and `dateTo` return milestones whose target date is inside the range and leave out those outside it.',
    units: [
      // GET | /milestones | Query: projectId (uuid), status (`upcoming`/`at_risk`/`completed`/`missed`), dateFrom, dat
      '4.8#96180096',
    ],
    audit: [
      { relies: 'dateFrom and dateTo keep milestones due inside and leave out those due outside', basis: { spec: '4.8: "dateFrom, dateTo (<date>)"' } },
      { relies: 'the range applies to targetDate, the only date 2.8 lists', basis: { spec: '2.8: "targetDate | <date> | required | optional"' } },
      {
        relies: 'inclusive and exclusive bounds give the same verdicts',
        basis: { tolerant: 'the judged fixture dates lie 5 or more days inside or outside every range sent' },
      },
      { relies: 'whether a bound includes its own day is recorded', basis: DATE_FILTER_BOUNDS_OBSERVED },
      {
        relies: 'projectId and the dates narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      {
        relies: 'the fixture milestones have names free in the project on every run',
        basis: UNIQUE_MILESTONE_NAMES,
      },
      {
        relies: 'target days 2100 to 2899 may be refused as too far ahead',
        basis: {
          tolerant:
            'createMilestonesOnDay(): a day in the 2100s first; refused (4xx), the day is taken 400 to 1400 days ahead and the rule observed (business-rule)',
          variant: 'planning-rules',
        },
      },
    ],
  },
} satisfies Records;
