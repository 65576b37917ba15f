import { z } from 'zod';

/** Spec 2.7, 3.2 and 4.7 as the suite reads them. Generators are tested against these schemas. */

/** spec 2.7: the legacy `taskType` enum. */
export const TASK_TYPES = ['project', 'admin', 'template', 'phase', 'stage', 'task'] as const;

/** spec 2.7, 3.2: task status values. */
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'blocked', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** spec 2.7: `#` followed by 6 hex digits. */
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** Fields that are "optional, nullable" on update (spec 2.7). */
export const TASK_NULLABLE_FIELDS = ['taskTypeId', 'startDate', 'endDate', 'description', 'color'] as const;

/** spec 2.7 Create column "not accepted". */
export const TASK_CREATE_NOT_ACCEPTED = ['status', 'color'] as const;

/** spec 2.7 Update column "not accepted". */
export const TASK_UPDATE_NOT_ACCEPTED = ['parentTaskId', 'versionId', 'taskType', 'position'] as const;

const fields = {
  parentTaskId: z.uuid(),
  versionId: z.uuid(),
  name: z.string().min(1),
  taskTypeId: z.uuid(),
  taskType: z.enum(TASK_TYPES),
  // spec 2.7 types startDate and endDate as plain strings (no `<date>` rule)
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
  position: z.int().min(0),
  status: z.enum(TASK_STATUSES),
  color: z.string().regex(COLOR_PATTERN),
};

/** Spec 2.7 Create column: parentTaskId, versionId and name required; taskTypeId nullable. */
export const taskCreateSchema = z.object({
  parentTaskId: fields.parentTaskId,
  versionId: fields.versionId,
  name: fields.name,
  taskTypeId: fields.taskTypeId.nullable().optional(),
  taskType: fields.taskType.optional(),
  startDate: fields.startDate.optional(),
  endDate: fields.endDate.optional(),
  description: fields.description.optional(),
  position: fields.position.optional(),
});
export type TaskCreate = z.infer<typeof taskCreateSchema>;

/** Spec 2.7 Update column: status and color accepted; nullable where the table says. */
export const taskUpdateSchema = z.object({
  name: fields.name.optional(),
  taskTypeId: fields.taskTypeId.nullable().optional(),
  startDate: fields.startDate.nullable().optional(),
  endDate: fields.endDate.nullable().optional(),
  description: fields.description.nullable().optional(),
  status: fields.status.optional(),
  color: fields.color.nullable().optional(),
});
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;
