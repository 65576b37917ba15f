/**
 * JSON Schemas for tasks, written from spec 2.7 and 4.7. Bodies are not strict: unknown
 * properties pass and are dropped, and so do the fields a column marks "not accepted"
 * (status and color on create; parentTaskId, versionId, taskType, position on update):
 * they are ignored, neither refused nor applied.
 */
import { enumField, NON_EMPTY_STRING_FIELD, objectSchema, pickSchemas, STRING_FIELD, UUID_FIELD, type FieldSchema } from './common.js';

export const TASK_TYPES = ['project', 'admin', 'template', 'phase', 'stage', 'task'] as const;
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'blocked', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** spec 4.7: lifecycleScope `active`/`all`, default `all`. */
export const LIFECYCLE_SCOPES = ['active', 'all'] as const;

/** spec 2.7: `#` followed by 6 hex digits. */
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

export const TASK_CREATE_FIELDS = ['parentTaskId', 'versionId', 'name', 'taskTypeId', 'taskType', 'startDate', 'endDate', 'description', 'position'] as const;

export const TASK_UPDATE_FIELDS = ['name', 'taskTypeId', 'startDate', 'endDate', 'description', 'status', 'color'] as const;

export const TASK_UPDATE_NULLABLE_FIELDS = ['taskTypeId', 'startDate', 'endDate', 'description', 'color'] as const;

export interface TaskCreateInput {
  parentTaskId: string;
  /** Required, except under the tk-version-not-required fault. */
  versionId: string;
  name: string;
  taskTypeId?: string | null;
  taskType?: (typeof TASK_TYPES)[number];
  startDate?: string;
  endDate?: string;
  description?: string;
  position?: number;
  /** Read only under the tk-status-on-create fault. */
  status?: string;
}

export interface TaskUpdateInput {
  name?: string;
  taskTypeId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
  status?: TaskStatus;
  color?: string | null;
  /** Read only under the tk-parent-on-update fault. */
  parentTaskId?: string;
}

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface TaskSchemaLoosening {
  statusOnCreate?: boolean;
  colorUnchecked?: boolean;
  statusUnchecked?: boolean;
  negativePosition?: boolean;
  versionNotRequired?: boolean;
  parentOnUpdate?: boolean;
  typeIdUnchecked?: boolean;
}

type TaskField = (typeof TASK_CREATE_FIELDS)[number] | (typeof TASK_UPDATE_FIELDS)[number];

function fieldSchemas(loose: TaskSchemaLoosening): Record<TaskField, FieldSchema> {
  return {
    parentTaskId: UUID_FIELD,
    versionId: UUID_FIELD,
    name: NON_EMPTY_STRING_FIELD,
    taskTypeId: loose.typeIdUnchecked ? STRING_FIELD : UUID_FIELD,
    taskType: enumField(TASK_TYPES),
    // spec 2.7 types startDate/endDate as plain strings (no <date> constraint)
    startDate: STRING_FIELD,
    endDate: STRING_FIELD,
    description: STRING_FIELD,
    position: loose.negativePosition ? { type: 'integer' } : { type: 'integer', minimum: 0 },
    status: enumField(TASK_STATUSES, loose.statusUnchecked),
    color: loose.colorUnchecked ? STRING_FIELD : { type: 'string', pattern: COLOR_PATTERN },
  };
}

/** spec 2.7 Create column: parentTaskId, versionId, name required; taskTypeId nullable. */
export function taskCreateSchema(loose: TaskSchemaLoosening = {}): object {
  const names: TaskField[] = [...TASK_CREATE_FIELDS, ...(loose.statusOnCreate ? (['status'] as const) : [])];
  return objectSchema(pickSchemas(fieldSchemas(loose), names), {
    required: loose.versionNotRequired ? ['parentTaskId', 'name'] : ['parentTaskId', 'versionId', 'name'],
    nullable: ['taskTypeId'],
  });
}

/** spec 2.7 Update column. */
export function taskUpdateSchema(loose: TaskSchemaLoosening = {}): object {
  const names: TaskField[] = [...TASK_UPDATE_FIELDS, ...(loose.parentOnUpdate ? (['parentTaskId'] as const) : [])];
  return objectSchema(pickSchemas(fieldSchemas(loose), names), { nullable: TASK_UPDATE_NULLABLE_FIELDS });
}
