import { z } from 'zod';
import { realDateSchema } from './time-entries.js';

/** Spec 2.6, 4.6 and 8 as the suite reads them. Generators are tested against these schemas. */

/** Spec 2.6 and 8: "max 1000 characters after trimming". */
export const CONSTRAINT_REASON_MAX = 1000;

/** Spec 2.6: hoursPerDay is a number from 0 to 24. */
export const HOURS_PER_DAY_MAX = 24;

/** Fields that reference other records (spec 2: a name ending in `Id` is a UUID). */
export const ALLOCATION_REFERENCE_FIELDS = ['taskId', 'resourceId', 'groupId'] as const;

/** Fields that are "optional, nullable" on update (spec 2.6). */
export const ALLOCATION_NULLABLE_FIELDS = ['resourceId', 'groupId', 'notes', 'constraintReason'] as const;

/** Fields never nullable on update (spec 2.6 Update column without "nullable"). */
export const ALLOCATION_NON_NULLABLE_FIELDS = ['taskId', 'startDate', 'endDate', 'hoursPerDay', 'hours', 'constraintAcknowledged'] as const;

/** Spec 2.6: "string, trimmed, max length 1000" (the length counts after trimming, spec 8). */
export const constraintReasonSchema = z.string().trim().max(CONSTRAINT_REASON_MAX);

const fields = {
  taskId: z.uuid(),
  resourceId: z.uuid(),
  groupId: z.uuid(),
  startDate: realDateSchema,
  endDate: realDateSchema,
  hoursPerDay: z.number().min(0).max(HOURS_PER_DAY_MAX),
  hours: z.number().min(0),
  notes: z.string(),
  constraintAcknowledged: z.boolean(),
  constraintReason: constraintReasonSchema,
};

/**
 * Spec 2.6 create. The order of startDate and endDate is not ruled on, so the schema does not
 * judge it (the generators keep startDate <= endDate all the same, to stay out of that question).
 */
export const allocationCreateSchema = z.object({
  taskId: fields.taskId,
  resourceId: fields.resourceId.nullable().optional(),
  groupId: fields.groupId.nullable().optional(),
  startDate: fields.startDate,
  endDate: fields.endDate,
  hoursPerDay: fields.hoursPerDay.optional(),
  hours: fields.hours.optional(),
  notes: fields.notes.optional(),
  constraintAcknowledged: fields.constraintAcknowledged.optional(),
  constraintReason: fields.constraintReason.nullable().optional(),
});
export type AllocationCreate = z.infer<typeof allocationCreateSchema>;

export const allocationUpdateSchema = z.object({
  taskId: fields.taskId.optional(),
  resourceId: fields.resourceId.nullable().optional(),
  groupId: fields.groupId.nullable().optional(),
  startDate: fields.startDate.optional(),
  endDate: fields.endDate.optional(),
  hoursPerDay: fields.hoursPerDay.optional(),
  hours: fields.hours.optional(),
  notes: fields.notes.nullable().optional(),
  constraintAcknowledged: fields.constraintAcknowledged.optional(),
  constraintReason: fields.constraintReason.nullable().optional(),
});
export type AllocationUpdate = z.infer<typeof allocationUpdateSchema>;
