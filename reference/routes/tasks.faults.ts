import { defineFaults } from '../policy/declaration.js';

/** What may bend in the task routes: each field is one behaviour a fault can change. */
export interface TasksPolicy {}

/** The spec's behaviour. */
export const TASKS_POLICY: TasksPolicy = {};

/** The faults of the task routes (policy slot `tasks`). */
export const TASK_FAULTS = defineFaults({
  'tk-status-on-create': {
    changes: 'task create applies status',
    suite: 'tasks',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'tk-color-unchecked': {
    changes: 'task color format is not checked on update',
    suite: 'tasks',
    breaks: 'TK-COLOR-FORMAT',
  },
  'tk-status-enum-unchecked': {
    changes: 'task status accepts any string on update',
    suite: 'tasks',
    breaks: 'TK-STATUS-ENUM',
  },
  'tk-negative-position': {
    changes: 'task position accepts negative integers',
    suite: 'tasks',
    breaks: 'TK-FIELD-RULES',
  },
  'tk-lifecycle-scope-unchecked': {
    changes: 'GET /tasks accepts any lifecycleScope value, treating all but active as all',
    suite: 'tasks',
    breaks: 'TK-QUERY-INVALID',
  },
  'tk-filter-parent-ignored': {
    changes: 'GET /tasks ignores the parentTaskId filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-PARENT',
  },
  'tk-version-not-required': {
    changes: 'task create without versionId is accepted',
    suite: 'tasks',
    breaks: 'TK-CREATE-REQUIRED',
  },
  'tk-parent-on-update': {
    changes: 'task update applies parentTaskId',
    suite: 'tasks',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'tk-parent-task-refused': {
    changes: 'task create refuses a task as parent: only a project is taken as parentTaskId',
    suite: 'tasks',
    breaks: 'TK-CREATE-VALID',
  },
  'tk-type-id-uuid-unchecked': {
    changes: 'task taskTypeId accepts non-UUID strings on create and update',
    suite: 'tasks',
    breaks: 'TK-IDS-UUID',
  },
  'tk-update-description-ignored': {
    changes: 'task update answers 200 but leaves description unchanged',
    suite: 'tasks',
    breaks: 'TK-UPDATE-VALID',
  },
  'tk-patch-resets-omitted': {
    changes: 'task PATCH replaces the record: omitted nullable fields become null',
    suite: 'tasks',
    breaks: 'TK-UPDATE-OMITTED',
  },
  'tk-null-ignored': {
    changes: 'task PATCH with null on a nullable field keeps the old value',
    suite: 'tasks',
    breaks: 'TK-UPDATE-NULL-CLEARS',
  },
  'tk-delete-returns-200': {
    changes: 'DELETE /tasks/{id} answers 200 with the (soft-deleted) record instead of 204',
    suite: 'tasks',
    breaks: 'TK-DELETE-SOFT',
  },
  'tk-lifecycle-default-active': {
    changes: 'GET /tasks without lifecycleScope lists as with active (soft-deleted tasks left out), not as with all',
    suite: 'tasks',
    breaks: 'TK-LIFECYCLE-SCOPE',
  },
  'tk-lifecycle-active-lists-deleted': {
    changes: 'GET /tasks?lifecycleScope=active lists soft-deleted tasks too (active reads as all)',
    suite: 'tasks',
    breaks: 'TK-LIFECYCLE-ACTIVE',
  },
  'tk-filter-project-ignored': {
    changes: 'GET /tasks ignores the projectId filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-PROJECT',
  },
  'tk-search-ignored': {
    changes: 'GET /tasks ignores the search filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-SEARCH',
  },
  'tk-refused-status-half-applied': {
    changes: 'a completed or cancelled task refuses a status change with 409, after applying the rest of the body',
    suite: 'tasks',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
  },
  'tk-status-blocked-refused': {
    changes: 'task update refuses status blocked with 409 from every status',
    suite: 'tasks',
    breaks: 'TK-STATUS-ENUM',
  },
  'sec-task-list-leak': {
    changes: "GET /tasks?projectId=<another organisation's project> lists that organisation's tasks",
    suite: 'security',
    breaks: 'SEC-LIST-ISOLATED',
  },
});
