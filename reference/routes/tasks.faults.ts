import type { TaskFilter } from '../models/tasks.js';
import { defineFaults } from '../policy/declaration.js';
import type { PatchRules, Scope } from '../policy/kinds.js';
import type { TaskSchemaLoosening, TaskStatus, TaskUpdateInput } from '../schemas/tasks.js';

/** What may bend in the task routes (spec 4.7): each field is one behaviour a fault or a variant can change. */
export interface TasksPolicy {
  /** Body rules of spec 2.7 the validator leaves out or bends (status on create, parent on update are then also written). */
  readonly loosened: TaskSchemaLoosening;
  /** How GET /tasks reads lifecycleScope (spec 4.7). */
  readonly lifecycle: {
    /** A value other than active or all is refused (spec 4.7: 400), or read as all. */
    readonly checked: boolean;
    /** The scope of a list without the parameter (spec 4.7: all). */
    readonly absent: 'active' | 'all';
    /** active leaves out soft-deleted tasks (spec 4.7), or lists them as all does. */
    readonly activeApplied: boolean;
  };
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof TaskFilter)[];
  /** Where a list filtered by projectId finds tasks: the key's organisation (spec 5.7), or every organisation. */
  readonly projectFilterScope: Scope;
  /** What a create takes as parentTaskId: a project or a live task (spec 2.7), or a project only. */
  readonly parents: 'project-or-task' | 'project';
  readonly patch: PatchRules;
  /** Update fields validated but not written (spec 4.7: none). */
  readonly unappliedUpdates: readonly (keyof TaskUpdateInput)[];
  /** Statuses a task may not leave: a status change is refused with 409 (spec 3.2 shows no transitions: none). */
  readonly finalStatuses: readonly TaskStatus[];
  /** A refused status change leaves the task as it was (spec 4), or the rest of the body was written first. */
  readonly refusalWritesRest: boolean;
  /** Statuses an update may never set, refused with 409 from every status (spec 3.2: none). */
  readonly refusedStatuses: readonly TaskStatus[];
  /** The statuses a task is completed from (spec 3.2: any), besides completed itself. */
  readonly completableFrom: 'any' | readonly TaskStatus[];
  /** What DELETE answers: 204 (spec 4.7), or 200 with the soft-deleted record. */
  readonly deleteAnswer: 'no-content' | 'record';
}

/** The spec's behaviour. */
export const TASKS_POLICY: TasksPolicy = {
  loosened: {},
  lifecycle: { checked: true, absent: 'all', activeApplied: true },
  ignoredFilters: [],
  projectFilterScope: 'organisation',
  parents: 'project-or-task',
  patch: { resetOmitted: false, ignoreNull: false },
  unappliedUpdates: [],
  finalStatuses: [],
  refusalWritesRest: false,
  refusedStatuses: [],
  completableFrom: 'any',
  deleteAnswer: 'no-content',
};

/** The statuses a finished task has: the variant transitions-terminal-409 keeps them. */
export const FINISHED_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'cancelled'];

/** The faults of the task routes (policy slot `tasks`). */
export const TASK_FAULTS = defineFaults({
  'tk-status-on-create': {
    changes: 'task create applies status',
    suite: 'tasks',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { tasks: { loosened: { statusOnCreate: true } } },
  },
  'tk-color-unchecked': {
    changes: 'task color format is not checked on update',
    suite: 'tasks',
    breaks: 'TK-COLOR-FORMAT',
    policy: { tasks: { loosened: { colorUnchecked: true } } },
  },
  'tk-status-enum-unchecked': {
    changes: 'task status accepts any string on update',
    suite: 'tasks',
    breaks: 'TK-STATUS-ENUM',
    policy: { tasks: { loosened: { statusUnchecked: true } } },
  },
  'tk-negative-position': {
    changes: 'task position accepts negative integers',
    suite: 'tasks',
    breaks: 'TK-FIELD-RULES',
    policy: { tasks: { loosened: { negativePosition: true } } },
  },
  'tk-lifecycle-scope-unchecked': {
    changes: 'GET /tasks accepts any lifecycleScope value, treating all but active as all',
    suite: 'tasks',
    breaks: 'TK-QUERY-INVALID',
    policy: { tasks: { lifecycle: { checked: false } } },
  },
  'tk-filter-parent-ignored': {
    changes: 'GET /tasks ignores the parentTaskId filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-PARENT',
    policy: { tasks: { ignoredFilters: ['parentTaskId'] } },
  },
  'tk-version-not-required': {
    changes: 'task create without versionId is accepted',
    suite: 'tasks',
    breaks: 'TK-CREATE-REQUIRED',
    policy: { tasks: { loosened: { versionNotRequired: true } } },
  },
  'tk-parent-on-update': {
    changes: 'task update applies parentTaskId',
    suite: 'tasks',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { tasks: { loosened: { parentOnUpdate: true } } },
  },
  'tk-parent-task-refused': {
    changes: 'task create refuses a task as parent: only a project is taken as parentTaskId',
    suite: 'tasks',
    breaks: 'TK-CREATE-VALID',
    policy: { tasks: { parents: 'project' } },
  },
  'tk-type-id-uuid-unchecked': {
    changes: 'task taskTypeId accepts non-UUID strings on create and update',
    suite: 'tasks',
    breaks: 'TK-IDS-UUID',
    policy: { tasks: { loosened: { typeIdUnchecked: true } } },
  },
  'tk-update-description-ignored': {
    changes: 'task update answers 200 but leaves description unchanged',
    suite: 'tasks',
    breaks: 'TK-UPDATE-VALID',
    policy: { tasks: { unappliedUpdates: ['description'] } },
  },
  'tk-patch-resets-omitted': {
    changes: 'task PATCH replaces the record: omitted nullable fields become null',
    suite: 'tasks',
    breaks: 'TK-UPDATE-OMITTED',
    policy: { tasks: { patch: { resetOmitted: true } } },
  },
  'tk-null-ignored': {
    changes: 'task PATCH with null on a nullable field keeps the old value',
    suite: 'tasks',
    breaks: 'TK-UPDATE-NULL-CLEARS',
    policy: { tasks: { patch: { ignoreNull: true } } },
  },
  'tk-delete-returns-200': {
    changes: 'DELETE /tasks/{id} answers 200 with the (soft-deleted) record instead of 204',
    suite: 'tasks',
    breaks: 'TK-DELETE-SOFT',
    policy: { tasks: { deleteAnswer: 'record' } },
  },
  'tk-lifecycle-default-active': {
    changes: 'GET /tasks without lifecycleScope lists as with active (soft-deleted tasks left out), not as with all',
    suite: 'tasks',
    breaks: 'TK-LIFECYCLE-SCOPE',
    policy: { tasks: { lifecycle: { absent: 'active' } } },
  },
  'tk-lifecycle-active-lists-deleted': {
    changes: 'GET /tasks?lifecycleScope=active lists soft-deleted tasks too (active reads as all)',
    suite: 'tasks',
    breaks: 'TK-LIFECYCLE-ACTIVE',
    policy: { tasks: { lifecycle: { activeApplied: false } } },
  },
  'tk-filter-project-ignored': {
    changes: 'GET /tasks ignores the projectId filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-PROJECT',
    policy: { tasks: { ignoredFilters: ['projectId'] } },
  },
  'tk-search-ignored': {
    changes: 'GET /tasks ignores the search filter',
    suite: 'tasks',
    breaks: 'TK-FILTER-SEARCH',
    policy: { tasks: { ignoredFilters: ['search'] } },
  },
  'tk-refused-status-half-applied': {
    changes: 'a completed or cancelled task refuses a status change with 409, after applying the rest of the body',
    suite: 'tasks',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
    policy: { tasks: { finalStatuses: FINISHED_TASK_STATUSES, refusalWritesRest: true } },
  },
  'tk-status-blocked-refused': {
    changes: 'task update refuses status blocked with 409 from every status',
    suite: 'tasks',
    breaks: 'TK-STATUS-ENUM',
    policy: { tasks: { refusedStatuses: ['blocked'] } },
  },
  'sec-task-list-leak': {
    changes: "GET /tasks?projectId=<another organisation's project> lists that organisation's tasks",
    suite: 'security',
    breaks: 'SEC-LIST-ISOLATED',
    policy: { tasks: { projectFilterScope: 'everywhere' } },
  },
});
