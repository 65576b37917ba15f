import {
  VALIDATION_STATUS_OBSERVED,
  ANY_4XX_REJECTS,
  LIST_SETTLES,
  SPEC_GET_UPDATE_200,
  SPEC_QUERY_ONE_REQUEST,
  SPEC_BODIES_INVALID,
  ENUM_VALUES_ONLY,
  SPEC_NULLABLE_CLEARS,
  SPEC_KEY_ONE_ORGANISATION,
  SPEC_CONTENTS_NOT_SHOWN,
  SPEC_LIST_200,
  SPEC_OMITTED_UNCHANGED,
  ANY_4XX_QUERIES_LEFT_OUT,
  NULL_ACCEPTS_ABSENT_OR_EMPTY,
  SAME_VALUE,
  TASK_RULE_FREE,
  SPEC_RECORDS_IN_DATA,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Tasks and projects (spec 2.7, 4.7, 4.12).
 *
 * Checks (projects): suites/tasks.test.ts (its projects checks); report.json names each check's line.
 * Checks (tasks): suites/tasks.test.ts; harness/steps/tasks.ts; harness/generators/tasks.ts.
 */
export const TASK_RECORDS = {
  'TK-CREATE-VALID': {
    level: 'MUST',
    section: '2.7, 4.7',
    area: 'tasks',
    statement: 'A task create body that follows 2.7, under a project or under another task, is accepted (201) and the record carries the values sent.',
    units: [
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
    ],
    audit: [
      {
        relies: 'a valid create under the project or under a task answers exactly 201',
        basis: { spec: '4.7: "the task is a child of a project or another task. 201."' },
      },
      { relies: 'the answer holds the record in data with a non-empty string id', basis: SPEC_RECORDS_IN_DATA },
      {
        relies: 'GET /tasks/{id} right after the 201 (no wait) answers 200 with the record',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'the create answer and the read carry every field sent, under its 2.7 name',
        basis: SPEC_CONTENTS_NOT_SHOWN,
      },
      {
        relies: 'a task directly under the project shows the project as parentTaskId, or parentTaskId null or absent with the project under another field',
        basis: {
          tolerant:
            'expectTopLevelParent(): either form passes, a task under a task compares parentTaskId strictly; the form is observed (top-level-task-parent)',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'a body names the type one way, the legacy taskType or taskTypeId null; taskType is not compared here',
        basis: {
          tolerant: 'taskCreate() never sends both; lifecycle ignoreOnCompare [taskType]: TK-FIELD-RULES judges the legacy type',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'taskType project or template may be refused for a task inside a project',
        basis: TASK_RULE_FREE,
      },
      {
        relies: 'startDate 2000 to 2014 and endDate 2015 to 2030 may be refused as outside the project or parent',
        basis: TASK_RULE_FREE,
      },
      { relies: 'startDate precedes endDate in every body', basis: { tolerant: 'date-span.ts: every earlyDate precedes every lateDate' } },
      {
        relies: 'dates come back as sent or as midnight date-times; description up to spaces and NFC',
        basis: SAME_VALUE,
      },
      {
        relies: 'position 0 to 10000 is accepted and not compared (siblings may be renumbered)',
        basis: { tolerant: 'lifecycle ignoreOnCompare [position]; 2.7 states only integer >= 0' },
      },
      {
        relies: 'no two bodies share a name',
        basis: { tolerant: 'taskName(): identifier() plus the run tag; explicit labels are used once per run with the run tag', variant: 'unique-names' },
      },
      {
        relies: 'CONFORMANCE_PROJECT_ID and CONFORMANCE_VERSION_ID name a project and version that take tasks',
        basis: { tolerant: 'projectRefs t.need: unset skips the check' },
      },
      { relies: 'whether a taskTypeId naming no known type is taken is recorded', basis: { observation: 'dangling-reference' } },
      {
        relies: 'generated bodies go under a fresh task; the project as parent is judged by the own check',
        basis: {
          tolerant: 'lifecycleReferences(): the fresh parent task only, so a top-level task read back with parentTaskId null cannot fail the comparison',
        },
      },
    ],
  },
  'TK-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.7',
    area: 'tasks',
    statement: 'A task create without parentTaskId, versionId or name is rejected.',
    units: [
      // parentTaskId | uuid (a project or another task) | required | not accepted
      '2.7#1884809a',
      // versionId | uuid | required | not accepted
      '2.7#c79af2df',
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // Rates have their own versions (an amount valid from an `effectiveFrom` date); this is unrelated to the API ver
      '9#447fb756',
    ],
    audit: [
      {
        relies: 'a create without parentTaskId, versionId or name is rejected',
        basis: { spec: '2.7: "parentTaskId | uuid (a project or another task) | required" and "versionId | uuid | required"' },
      },
      { relies: 'the rejection is a 4xx, never 2xx or 5xx', basis: SPEC_BODIES_INVALID },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status and error body shape of each rejection are recorded', basis: { observation: 'validation-status, error-body-shape' } },
    ],
  },
  'TK-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.7',
    area: 'tasks',
    statement: '`parentTaskId`, `versionId` and `taskTypeId` are UUIDs; non-UUID values are rejected.',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // parentTaskId | uuid (a project or another task) | required | not accepted
      '2.7#1884809a',
      // versionId | uuid | required | not accepted
      '2.7#c79af2df',
      // taskTypeId | uuid | optional, nullable | optional, nullable
      '2.7#087b08cf',
    ],
    audit: [
      {
        relies: 'a non-UUID parentTaskId, versionId or taskTypeId is rejected on create, taskTypeId on update',
        basis: { spec: '2 General rules: "Every identifier named id or ending in Id is a <uuid> unless stated otherwise"' },
      },
      {
        relies: 'the values sent are no UUID under any reading',
        basis: { tolerant: 'nonUuid() leaves out lax forms (no hyphens, braces): those are INPUT-FORMAT-STRICT, a SHOULD' },
      },
      {
        relies: 'any 4xx counts as the rejection (404 for an unknown reference included)',
        basis: ANY_4XX_REJECTS,
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TK-FIELD-RULES': {
    level: 'MUST',
    section: '2.7',
    area: 'tasks',
    statement: 'Task field rules hold: name at least 1 character, taskType in the legacy enum, position an integer >= 0, typed fields typed.',
    units: [
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
      '2.7#a26a8140',
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // position | integer >= 0 | optional | not accepted
      '2.7#258ad982',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.7: "name | string, min length 1 | required | optional"' } },
      { relies: 'a negative, fractional or non-number position is rejected', basis: { spec: '2.7: "position | integer >= 0 | optional | not accepted"' } },
      {
        relies: 'taskType milestone, epic, subtask or empty is rejected',
        basis: { spec: '2.7: "taskType | legacy enum project, admin, template, phase, stage, task"' },
      },
      {
        relies: 'taskType Task and PROJECT (enum values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      {
        relies: 'non-string description or startDate, and null name, taskType or position, are rejected',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'admin, phase, stage and task are each accepted (201) for a task under the project',
        basis: { spec: '2.7: "taskType | legacy enum project, admin, template, phase, stage, task | optional"' },
      },
      {
        relies: 'taskType project and template may be refused for a task under the project',
        basis: { tolerant: 'a 4xx for project or template is observed (business-rule); any other answer than 201 fails', variant: 'planning-rules' },
      },
      {
        relies: 'GET shows taskType as sent, or no taskType and a taskTypeId that tells the types apart',
        basis: {
          tolerant: 'a type not echoed must have become a non-empty taskTypeId, distinct for each type; observed (legacy-task-type)',
          variant: 'planning-rules',
        },
      },
      { relies: 'positions 0 to 5 are accepted; the position read back is recorded, not compared', basis: { observation: 'task-position' } },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TK-STATUS-ENUM': {
    level: 'MUST',
    section: '2.7, 3.2',
    area: 'tasks',
    statement:
      'On update, `status` is one of `pending`, `in_progress`, `completed`, `blocked`, `cancelled`; any other value is rejected, and each listed value is accepted from some status a new task can reach by updates.',
    units: [
      // status | enum `pending`, `in_progress`, `completed`, `blocked`, `cancelled` | not accepted | optional
      '2.7#c2321058',
      // Values: `pending`, `in_progress`, `completed`, `blocked`, `cancelled`.
      '3.2#b37a51c5',
      // Set through the task update operation.
      '3.2#805c3a3e',
    ],
    audit: [
      {
        relies: 'status done, open, active, in-progress or empty is rejected on update',
        basis: { spec: '2.7: "status | enum pending, in_progress, completed, blocked, cancelled | not accepted | optional"' },
      },
      {
        relies: 'status In_Progress and PENDING (enum values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      {
        relies: 'status null is rejected',
        basis: SPEC_NULLABLE_CLEARS,
      },
      {
        relies: 'each of the five values is accepted (2xx) from some status a new task reaches by updates',
        basis: { spec: '3.2: "Set through the task update operation. Transitions: not shown."' },
      },
      {
        relies: 'any order of moves may be required: every status is tried from every status reached, on a task walking the status graph',
        basis: {
          tolerant:
            'exploreTaskStatuses: one task walks the graph by the moves it was allowed, a new one starts when it is stuck; a value refused everywhere is tried as a no-op',
          variant: 'transitions-terminal-409',
        },
      },
      {
        relies: 'status and description are sent in one PATCH',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'an accepted value then reads back under status, exactly as sent',
        basis: { spec: '3.2: "Values: pending, in_progress, completed, blocked, cancelled."' },
      },
      {
        relies: 'a move accepted once along a path is accepted again on a fresh task moved the same way',
        basis: { tolerant: 'every task of the exploration is fresh, a leaf under a fresh parent, with the same description' },
      },
      {
        relies: 'any 4xx counts as a rejection of an invalid value',
        basis: ANY_4XX_REJECTS,
      },
    ],
  },
  'TK-COLOR-FORMAT': {
    level: 'MUST',
    section: '2.7',
    area: 'tasks',
    statement: 'On update, `color` is `#` followed by 6 hex digits (or null); anything else is rejected.',
    units: [
      // color | string matching `#` followed by 6 hex digits | not accepted | optional, nullable
      '2.7#7c157d5c',
    ],
    audit: [
      {
        relies: 'color #a1b2c3, #A1B2C3, #000000 and null each answer exactly 200 on update',
        basis: { spec: '2.7: "color | string matching # followed by 6 hex digits | not accepted | optional, nullable"' },
      },
      { relies: 'the colour reads back in either letter case', basis: { tolerant: 'compared with toLowerCase(); the case kept is observed' } },
      { relies: 'the case of hex letters read back is recorded', basis: { observation: 'color-case' } },
      {
        relies: 'color cleared by null reads back null, absent or an empty string',
        basis: { tolerant: '"" counts as cleared, as compare.ts mismatch reads it for every other field', variant: 'planning-rules' },
      },
      {
        relies: '#12345, #1234567, 123456, #GGGGGG, red, #abc, empty and generated neighbours are rejected',
        basis: { spec: '2.7: "color | string matching # followed by 6 hex digits"' },
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_REJECTS },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TK-UPDATE-VALID': {
    level: 'MUST',
    section: '2.7, 4.7',
    area: 'tasks',
    statement:
      'A task update body that follows 2.7 and does not change the status is accepted (200) and its values are applied (status changes: TK-STATUS-ENUM, TRANSITION-REFUSED-UNCHANGED).',
    units: [
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // status | enum `pending`, `in_progress`, `completed`, `blocked`, `cancelled` | not accepted | optional
      '2.7#c2321058',
      // Set through the task update operation.
      '3.2#805c3a3e',
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
        relies: 'no update changes the status',
        basis: { tolerant: 'taskUpdate() leaves status out; status changes are TK-STATUS-ENUM and TRANSITION-REFUSED-UNCHANGED' },
      },
      { relies: 'a colour reads back in the case sent', basis: { tolerant: 'digitColor(): digits only, so no hex letter case can differ' } },
      { relies: 'a date changed alone stays on the right side of the other', basis: { tolerant: 'date-span.ts: every earlyDate precedes every lateDate' } },
      {
        relies: 'dates, description and nulls compared up to representation',
        basis: { tolerant: 'compare.ts sameValue; null accepts absent or empty', variant: 'normalised-values' },
      },
      { relies: 'no two bodies share a name', basis: { tolerant: 'taskName(): identifier() plus the run tag', variant: 'unique-names' } },
      {
        relies: 'taskTypeId null is applied on a task created without a legacy taskType',
        basis: {
          tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'dates 2000 to 2030 may be refused as outside the project or parent',
        basis: TASK_RULE_FREE,
      },
      {
        relies: 'the full create names no taskType and goes under a fresh task',
        basis: { tolerant: 'taskCreateFull() without taskType; lifecycleReferences(): the fresh parent task only', variant: 'planning-rules' },
      },
    ],
  },
  'TK-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'tasks',
    statement: 'Fields omitted from a task update stay unchanged.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
    ],
    audit: [
      { relies: 'a full create answers 201 and a valid update 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'every field the update did not name reads back as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      { relies: 'position is not compared', basis: { tolerant: 'lifecycle ignoreOnCompare [position]: a server may renumber siblings' } },
      {
        relies: 'parentTaskId reads back as the fresh parent task it was created under',
        basis: { tolerant: "lifecycleReferences(): the fresh parent task only; the project as parent is TK-CREATE-VALID's", variant: 'planning-rules' },
      },
      {
        relies: 'taskTypeId stays as created when an update does not name it; no legacy taskType is sent',
        basis: {
          tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
          variant: 'planning-rules',
        },
      },
      { relies: 'values compared up to representation', basis: SAME_VALUE },
      {
        relies: 'the full create with dates 2000 to 2030 may be refused as outside the project or parent',
        basis: TASK_RULE_FREE,
      },
    ],
  },
  'TK-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.7',
    area: 'tasks',
    statement: 'null on a nullable task field clears it.',
    units: [
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
    ],
    audit: [
      {
        relies: 'null on taskTypeId, startDate, endDate, description or color answers 200',
        basis: SPEC_NULLABLE_CLEARS,
      },
      { relies: 'the five fields are nullable on update', basis: { spec: '2.7: "startDate | string | optional | optional, nullable"' } },
      {
        relies: 'each field set to null reads back null, absent or empty',
        basis: NULL_ACCEPTS_ABSENT_OR_EMPTY,
      },
      {
        relies: 'taskTypeId cleared stays empty on a task created without a legacy taskType',
        basis: {
          tolerant: 'taskCreateFull() sends no legacy taskType (taskTypeId null only), so no taskTypeId can be derived from one',
          variant: 'planning-rules',
        },
      },
      {
        relies: 'the full create with dates 2000 to 2030 may be refused as outside the project or parent',
        basis: TASK_RULE_FREE,
      },
    ],
  },
  'TK-DELETE-SOFT': {
    level: 'MUST',
    section: '2, 4.7',
    area: 'tasks',
    statement: 'DELETE /tasks/{id} is a soft delete answered with 204 (what later reads return is observed).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // POST | /tasks | Body: task create fields (2.7); the task is a child of a project or another task. 201.
      '4.7#53c64b98',
      // GET | /tasks/{id} | Returns task.
      '4.7#c9394003',
      // PATCH | /tasks/{id} | Body: task update fields (2.7).
      '4.7#a372ca82',
      // DELETE | /tasks/{id} | Soft delete, 204.
      '4.7#0bb38e94',
    ],
    audit: [
      { relies: 'DELETE /tasks/{id} of a fresh leaf task answers exactly 204', basis: { spec: '4.7: "/tasks/{id} | Soft delete, 204."' } },
      { relies: 'a task is soft-deleted', basis: { spec: '2 General rules: "deleting resources and tasks is a soft delete"' } },
      {
        relies: 'the task has no children, time or expenses that could block its deletion',
        basis: { tolerant: 'createTaskUnder: a fresh task under a fresh parent' },
      },
      { relies: 'the read after the delete, the marking fields and a list are recorded', basis: { observation: 'deleted-read-status, soft-deleted-task' } },
      { relies: 'a second delete is recorded', basis: { observation: 'repeated-delete-status' } },
    ],
  },
  'TK-QUERY-INVALID': {
    level: 'MUST',
    section: '4.7, 7',
    area: 'tasks',
    statement: 'Malformed task filters are rejected: non-UUID projectId or parentTaskId, lifecycleScope other than `active` or `all`.',
    units: [
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
    ],
    audit: [
      { relies: 'non-UUID or truncated projectId and parentTaskId are rejected', basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' } },
      { relies: 'lifecycleScope deleted, archived, none or true is rejected', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
      {
        relies: 'lifecycleScope ACTIVE and All (values in another case) are rejected under this MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'any 4xx counts as the rejection', basis: ANY_4XX_QUERIES_LEFT_OUT },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'TK-LIFECYCLE-SCOPE': {
    level: 'MUST',
    section: '4.7',
    area: 'tasks',
    statement: '`lifecycleScope` accepts `active` and `all`; without it the list is the same as with `all`.',
    units: [
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
    ],
    audit: [
      { relies: 'lifecycleScope active and all each answer 200 with a list', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
      { relies: 'the list without lifecycleScope holds the same ids as with all', basis: { spec: '4.7: "lifecycleScope (active/all, default all)"' } },
      {
        relies: 'all lists the live, the completed and the cancelled child',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'children can be brought to completed and cancelled by updates, and soft-deleted',
        basis: { tolerant: 'reachTaskStatus tries direct and two-step paths; otherwise the check is skipped, as it is when delete fails' },
      },
      { relies: 'what active keeps (deleted, completed, cancelled, children of deleted) is recorded', basis: { observation: 'lifecycle-scope' } },
      {
        relies: 'direct-children and descendant readings of parentTaskId give the same verdict',
        basis: { tolerant: 'default and all are compared with each other under the same parentTaskId' },
      },
      {
        relies: 'parentTaskId and lifecycleScope apply together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'the lists show the status changes and the delete made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'TK-LIFECYCLE-ACTIVE': {
    level: 'SHOULD',
    section: '2, 4.7',
    area: 'tasks',
    statement:
      '`lifecycleScope=active` leaves out soft-deleted tasks (what else `active` covers is not shown; a soft-deleted task is not active under any reading).',
    units: [
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
    ],
  },
  'TK-FILTER-PROJECT': {
    level: 'MUST',
    section: '4.7',
    area: 'tasks',
    statement: 'The `projectId` filter returns tasks of that project and none for another project.',
    units: [
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
    ],
    audit: [
      {
        relies: 'projectId lists the children and the grandchild of a fresh parent under the project',
        basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' },
      },
      { relies: 'a task under a task of the project counts as in the project', basis: { spec: '1: "Projects, represented by root tasks"' } },
      {
        relies: 'projectId and parentTaskId narrow the list together (AND)',
        basis: SPEC_QUERY_ONE_REQUEST,
      },
      {
        relies: 'an unknown or other-organisation projectId lists none of the fixture, or is refused with a 4xx',
        basis: { tolerant: 'a 4xx is observed and skips the comparison; only a 200 is judged' },
      },
      { relies: 'which answer an unknown projectId gets is recorded', basis: { observation: 'unknown-project-filter' } },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
      { relies: 'fixture names do not repeat', basis: { tolerant: 'each label is used once per run and carries the run tag', variant: 'unique-names' } },
    ],
  },
  'TK-FILTER-PARENT': {
    level: 'MUST',
    section: '4.7',
    area: 'tasks',
    statement: 'The `parentTaskId` filter returns children of that task and leaves out tasks under other parents.',
    units: [
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
    ],
    audit: [
      {
        relies: 'parentTaskId lists both children and leaves out the parent, a sibling and a cousin',
        basis: { spec: '4.7: "Query: projectId (uuid), parentTaskId (uuid)"' },
      },
      {
        relies: 'parentTaskId of a child lists its grandchild and leaves out the child and its siblings',
        basis: { spec: '2.7: "parentTaskId | uuid (a project or another task)"' },
      },
      {
        relies: 'direct children only or all descendants are both accepted',
        basis: { tolerant: 'the grandchild is not judged under the top parent: observed' },
      },
      { relies: 'whether grandchildren are listed under the top parent is recorded', basis: { observation: 'parent-filter-depth' } },
      { relies: 'only ids are compared, so a brief list passes', basis: { tolerant: 'expectFiltered includes and excludes by id' } },
      {
        relies: 'the list shows the fixture created just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'TK-FILTER-SEARCH': {
    level: 'SHOULD',
    section: '4.7',
    area: 'tasks',
    statement: 'The `search` filter finds a task by a word of its name and leaves out tasks without it (matching rules not shown).',
    units: [],
  },
  'PJ-LIST': {
    level: 'MUST',
    section: '4.12',
    area: 'projects',
    statement: "GET /projects answers a paged list (limit, offset) of the key's organisation's projects, the configured project included.",
    units: [],
    audit: [
      {
        relies: 'GET /projects in pages of 100 answers exactly 200 with data and pagination',
        basis: { spec: '4.12: "takes limit and offset and returns a paged list of the projects of the key\'s organisation"' },
      },
      {
        relies: 'the configured project (CONFORMANCE_PROJECT_ID, a root task) is listed under id, whatever its state',
        basis: { spec: '1: "Projects, represented by root tasks" and 4.12: "returns a paged list of the projects of the key\'s organisation"' },
      },
      { relies: 'ids are compared in any letter case', basis: { tolerant: 'sameId(): lower-cased on both sides' } },
      {
        relies: 'the configured project is among the first 10,000 listed (100 pages of 100); past that the check is inconclusive, not failed',
        basis: { tolerant: 'PROJECT_PAGES walks 100 pages; a list not exhausted there leaves PJ-LIST and PJ-LIST-ISOLATED inconclusive' },
      },
      { relies: 'not configured: skipped', basis: { tolerant: 't.need(CONFORMANCE_PROJECT_ID)' } },
    ],
  },
  'PJ-LIST-ISOLATED': {
    level: 'MUST',
    section: '4.12, 5.4',
    area: 'projects',
    statement: "GET /projects never lists another organisation's project.",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: "the admin key's GET /projects never lists CONFORMANCE_OTHER_PROJECT_ID",
        basis: { spec: '4.12: "returns a paged list of the projects of the key\'s organisation"' },
      },
      {
        relies: "the other organisation's key never lists CONFORMANCE_PROJECT_ID",
        basis: SPEC_KEY_ONE_ORGANISATION,
      },
      { relies: 'every page answers exactly 200', basis: SPEC_LIST_200 },
      { relies: 'ids are compared in any letter case', basis: { tolerant: 'sameId(): lower-cased on both sides' } },
      { relies: 'only the first 2000 projects are searched', basis: { tolerant: 'a cap can only miss a leak, never fail a correct server' } },
      { relies: 'not configured: skipped', basis: { tolerant: 't.need(CONFORMANCE_OTHER_PROJECT_ID, CONFORMANCE_OTHER_ORG_KEY)' } },
    ],
  },
} satisfies Records;
