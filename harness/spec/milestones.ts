import { z } from 'zod';
import { realDateSchema } from './time-entries.js';

/** Spec 2.8, 3.3 and 4.8 as the suite reads them. Generators are tested against these schemas. */

/** Spec 3.3: the milestone status values. */
export const MILESTONE_STATUSES = ['upcoming', 'at_risk', 'completed', 'missed'] as const;

/** Fields that are nullable on update: description ("optional, nullable") and typeId ("may be null"). */
export const MILESTONE_NULLABLE_FIELDS = ['description', 'typeId'] as const;

/** Fields never nullable (spec 2.8 without "nullable" or "may be null"). */
export const MILESTONE_NON_NULLABLE_FIELDS = ['name', 'targetDate', 'triggersInvoice', 'completionCriteria'] as const;

/**
 * Spec 2.8: "Completion criterion item shape: not shown". Any item is accepted by the model; the
 * suite itself only ever sends objects with one string field.
 */
export const completionCriterionSchema = z.unknown();

const fields = {
  projectId: z.uuid(),
  name: z.string().min(1),
  targetDate: realDateSchema,
  description: z.string(),
  triggersInvoice: z.boolean(),
  completionCriteria: z.array(completionCriterionSchema),
  // "uuid, may be null", on create and on update
  typeId: z.uuid().nullable(),
};

export const milestoneCreateSchema = z.object({
  projectId: fields.projectId,
  name: fields.name,
  targetDate: fields.targetDate,
  description: fields.description.optional(),
  triggersInvoice: fields.triggersInvoice.optional(),
  completionCriteria: fields.completionCriteria.optional(),
  typeId: fields.typeId.optional(),
});
export type MilestoneCreate = z.infer<typeof milestoneCreateSchema>;

/** Spec 2.8 update. projectId is "not accepted": it is left out of the model (rejected or ignored, never applied). */
export const milestoneUpdateSchema = z.object({
  name: fields.name.optional(),
  targetDate: fields.targetDate.optional(),
  description: fields.description.nullable().optional(),
  triggersInvoice: fields.triggersInvoice.optional(),
  completionCriteria: fields.completionCriteria.optional(),
  typeId: fields.typeId.optional(),
});
export type MilestoneUpdate = z.infer<typeof milestoneUpdateSchema>;

/** Spec 3.3, 4.8: the complete body, `completedDate` optional. */
export const milestoneCompleteSchema = z.object({ completedDate: realDateSchema.optional() });
