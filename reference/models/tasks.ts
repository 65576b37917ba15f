import { TASK_CREATE_FIELDS, TASK_UPDATE_FIELDS, TASK_UPDATE_NULLABLE_FIELDS, type TaskCreateInput, type TaskUpdateInput } from '../schemas/tasks.js';
import type { SeedProject } from '../seed.js';
import type { PartitionedStore } from '../store.js';
import { applyPatch, matchesSearch, pickFields, sameId } from './fields.js';
import type { ProjectDirectory } from './projects.js';

/**
 * A stored task: every field of spec 2.7 (table order), unset optional fields as null,
 * plus `projectId` (the seeded project the task descends from) and `deletedAt` (the
 * soft delete). status starts `pending`, color null: neither is accepted on create.
 */
export interface Task {
  id: string;
  projectId: string;
  parentTaskId: string | null;
  /** null only under the tk-version-not-required fault. */
  versionId: string | null;
  name: string;
  taskTypeId: string | null;
  taskType: string | null;
  startDate: string | null;
  endDate: string | null;
  description: string | null;
  position: number | null;
  status: string;
  color: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

type Optional = Omit<Task, 'id' | 'projectId' | 'parentTaskId' | 'versionId' | 'name' | 'createdAt' | 'updatedAt'>;

function defaults(): Optional {
  return {
    taskTypeId: null,
    taskType: null,
    startDate: null,
    endDate: null,
    description: null,
    position: null,
    status: 'pending',
    color: null,
    deletedAt: null,
  };
}

export interface TaskCreateBehaviour {
  /** Fault tk-status-on-create: status in the create body is applied. */
  applyStatus?: boolean;
}

/** `parent` is the resolved parent (project or task): it gives the canonical parent id and the project. */
export function createTask(input: TaskCreateInput, parent: Task, id: string, now: string, behaviour: TaskCreateBehaviour = {}): Task {
  const fields = pickFields(input, [...TASK_CREATE_FIELDS, ...(behaviour.applyStatus ? (['status'] as const) : [])]);
  return {
    id,
    projectId: parent.projectId,
    // only under tk-version-not-required can versionId be missing
    versionId: null,
    ...defaults(),
    ...fields,
    parentTaskId: parent.id,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  } as Task;
}

/**
 * spec 4.12: "Projects, represented by root tasks". A seeded project reads as a task
 * with no parent, taskType `project`, and itself as projectId; `since` is when the
 * reference server was built.
 */
export function projectTask(project: SeedProject, since: string): Task {
  return {
    id: project.id,
    projectId: project.id,
    parentTaskId: null,
    versionId: project.versionId,
    name: project.name,
    ...defaults(),
    taskType: 'project',
    createdAt: since,
    updatedAt: since,
  };
}

export interface TaskPatchBehaviour {
  /**
   * Fault tk-parent-on-update: parentTaskId in the update body is written as given
   * (projectId is left as it was: the faulty server does not re-home the task).
   */
  applyParent?: boolean;
  /** Fault tk-patch-resets-omitted: the update starts from a record whose nullable fields are cleared. */
  resetOmitted?: boolean;
  /** Fault tk-null-ignored: null leaves the old value. */
  ignoreNull?: boolean;
}

/** spec 2 general rules: omitted fields stay unchanged; null clears a nullable field. */
export function patchTask(existing: Task, input: TaskUpdateInput, now: string, behaviour: TaskPatchBehaviour = {}): Task {
  const fields = [...TASK_UPDATE_FIELDS, ...(behaviour.applyParent ? (['parentTaskId'] as const) : [])];
  const base = behaviour.resetOmitted ? { ...existing, ...Object.fromEntries(TASK_UPDATE_NULLABLE_FIELDS.map((f) => [f, null])) } : existing;
  return applyPatch(base, pickFields(input, fields), now, defaults(), { ignoreNull: behaviour.ignoreNull === true });
}

/** spec 2, 4.7: soft delete; a second delete keeps the first deletedAt. */
export function softDeleteTask(existing: Task, now: string): Task {
  if (existing.deletedAt !== null) return existing;
  return { ...existing, deletedAt: now, updatedAt: now };
}

export interface TaskFilter {
  projectId?: string;
  parentTaskId?: string;
  search?: string;
  lifecycleScope?: 'active' | 'all';
}

/**
 * spec 4.7 list filters. parentTaskId matches direct children only; search is a
 * case-insensitive substring of the name; lifecycleScope `active` leaves out
 * soft-deleted tasks (only the deleted task itself, not its descendants).
 */
export function filterTasks(tasks: readonly Task[], filter: TaskFilter): Task[] {
  return tasks.filter(
    (t) =>
      sameId(filter.projectId, t.projectId) &&
      sameId(filter.parentTaskId, t.parentTaskId) &&
      matchesSearch(filter.search, t.name) &&
      (filter.lifecycleScope !== 'active' || t.deletedAt === null),
  );
}

/** Tasks and seeded projects seen as one tree, per organisation. */
export class TaskLookup {
  readonly #projects: ProjectDirectory;
  readonly #tasks: PartitionedStore<Task>;
  readonly #since: string;

  constructor(projects: ProjectDirectory, tasks: PartitionedStore<Task>, since: string) {
    this.#projects = projects;
    this.#tasks = tasks;
    this.#since = since;
  }

  /** A created task of the organisation (soft-deleted ones included); not a project. */
  task(organisationId: string, id: string): Task | undefined {
    return this.#tasks.get(organisationId, id.toLowerCase());
  }

  /** A task or a seeded project (as its root task) of the organisation. */
  node(organisationId: string, id: string): Task | undefined {
    const project = this.#projects.get(organisationId, id);
    return project === undefined ? this.task(organisationId, id) : projectTask(project, this.#since);
  }

  /** A task or project of whichever organisation holds it (only the sec-reference-leak fault asks). */
  nodeAnywhere(id: string): Task | undefined {
    const key = id.toLowerCase();
    const project = this.#projects.listAll().find((p) => p.id.toLowerCase() === key);
    return project === undefined ? this.#tasks.findAnywhere(key)?.record : projectTask(project, this.#since);
  }

  /** The project a task id belongs to: the project itself, a task's projectId, or null when unknown. */
  projectIdOf(organisationId: string, taskId: string): string | null {
    return this.node(organisationId, taskId)?.projectId ?? null;
  }
}
