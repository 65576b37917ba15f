import { z } from 'zod';

/**
 * Spec 2.5, 3.5 and 4.5 as the suite reads it. "Bodies of rate create, rate update and version
 * create reject properties that are not listed (strict objects)": every schema here is strict.
 */

export const RATE_TYPES = ['billable', 'cost', 'other'] as const;

/** Spec 2.5 `period` (the same enum as a resource's salaryPeriod). */
export const RATE_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** Spec 2.5 Create rate column. */
export const RATE_CREATE_FIELDS = ['name', 'rateType', 'currency', 'period', 'hoursPerPeriod', 'isDefault', 'tags', 'amount'] as const;

/** Spec 2.5 Update rate column: the fields marked "optional". No field is nullable. */
export const RATE_UPDATE_FIELDS = ['name', 'rateType', 'currency', 'isDefault', 'tags'] as const;

/** Spec 2.5 Update rate column: "not accepted" (amount: "use versions"). */
export const RATE_UPDATE_NOT_ACCEPTED = ['amount', 'period', 'hoursPerPeriod'] as const;

const rateFields = {
  name: z.string().min(1),
  rateType: z.enum(RATE_TYPES),
  // "string of exactly 3 characters": no letter or case rule is stated.
  currency: z.string().length(3),
  period: z.enum(RATE_PERIODS),
  hoursPerPeriod: z.number().min(0),
  isDefault: z.boolean(),
  tags: z.array(z.string()),
  amount: z.number().min(0),
};

export const rateCreateSchema = z
  .object({
    name: rateFields.name,
    rateType: rateFields.rateType.optional(),
    currency: rateFields.currency.optional(),
    period: rateFields.period.optional(),
    hoursPerPeriod: rateFields.hoursPerPeriod.optional(),
    isDefault: rateFields.isDefault.optional(),
    tags: rateFields.tags.optional(),
    amount: rateFields.amount,
  })
  .strict();
export type RateCreate = z.infer<typeof rateCreateSchema>;

export const rateUpdateSchema = z
  .object({
    name: rateFields.name.optional(),
    rateType: rateFields.rateType.optional(),
    currency: rateFields.currency.optional(),
    isDefault: rateFields.isDefault.optional(),
    tags: rateFields.tags.optional(),
  })
  .strict();
export type RateUpdate = z.infer<typeof rateUpdateSchema>;

export const rateVersionCreateSchema = z
  .object({
    amount: z.number().min(0),
    // `<date>`: YYYY-MM-DD that exists (zod's ISO date checks month lengths and leap years).
    effectiveFrom: z.iso.date(),
    changeReason: z.string().optional(),
  })
  .strict();
export type RateVersionCreate = z.infer<typeof rateVersionCreateSchema>;
