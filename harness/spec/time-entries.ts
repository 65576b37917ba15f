import { z } from 'zod';

/** Spec 2.3 and 4.10 as the suite reads them. Generators are tested against these schemas. */

export const ENTRY_SOURCES = ['manual', 'timer', 'copied', 'suggested'] as const;

/** Fields that are "optional, nullable" on update (spec 2.3). */
export const TIME_ENTRY_NULLABLE_FIELDS = ['startTime', 'description', 'billableRate'] as const;

/** A real calendar date `YYYY-MM-DD` (spec 2.3: a non-existent day is rejected). */
export const realDateSchema = z.iso.date();
/** `HH:MM`, hours 00-23, minutes 00-59 (spec 2.3). */
export const hhmmSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** `HH:MM` or `HH:MM:SS` (spec 4.10). */
export const batchTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/);

const common = {
  taskId: z.uuid(),
  resourceId: z.uuid(),
  date: realDateSchema,
  durationSeconds: z.int().min(1).max(86_400),
  isBillable: z.boolean(),
  tags: z.array(z.string()),
};

export const timeEntryCreateSchema = z
  .object({
    ...common,
    hours: z.number().gt(0).max(24),
    durationSeconds: common.durationSeconds.optional(),
    startTime: hhmmSchema.optional(),
    entrySource: z.enum(ENTRY_SOURCES).optional(),
    description: z.string().nullable().optional(),
    isBillable: common.isBillable.optional(),
    billableRate: z.number().optional(),
    tags: common.tags.optional(),
  })
  // spec 2.3: a non-timer entry (entrySource absent means manual) needs at least 0.25 hours
  .refine((e) => e.entrySource === 'timer' || e.hours >= 0.25, { path: ['hours'] });
export type TimeEntryCreate = z.infer<typeof timeEntryCreateSchema>;

export const timeEntryUpdateSchema = z.object({
  taskId: common.taskId.optional(),
  resourceId: common.resourceId.optional(),
  date: common.date.optional(),
  hours: z.number().min(0.25).max(24).optional(),
  durationSeconds: common.durationSeconds.optional(),
  startTime: hhmmSchema.nullable().optional(),
  description: z.string().nullable().optional(),
  isBillable: common.isBillable.optional(),
  billableRate: z.number().nullable().optional(),
  markedBilled: z.boolean().optional(),
  tags: common.tags.optional(),
});
export type TimeEntryUpdate = z.infer<typeof timeEntryUpdateSchema>;

/** Spec 4.10 batch create item: hours 0 to 24 (part 8's 0.25 minimum is disputed: observed). */
export const batchEntrySchema = z.object({
  taskId: z.uuid(),
  resourceId: z.uuid(),
  date: realDateSchema,
  hours: z.number().min(0).max(24),
  startTime: batchTimeSchema.optional(),
  description: z.string().nullable().optional(),
  isBillable: z.boolean().optional(),
  billableRate: z.number().min(0).optional(),
  tags: z.array(z.string()).optional(),
});

/** Spec 4.10 batch update item. */
export const batchUpdateSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid().optional(),
  resourceId: z.uuid().optional(),
  date: realDateSchema.optional(),
  hours: z.number().min(0).max(24).optional(),
  startTime: batchTimeSchema.nullable().optional(),
  description: z.string().nullable().optional(),
  isBillable: z.boolean().optional(),
  markedBilled: z.boolean().optional(),
  billableRate: z.number().min(0).nullable().optional(),
  tags: z.array(z.string()).optional(),
});

export const BATCH_MAX_ITEMS = 100;
