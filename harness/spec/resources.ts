import { z } from 'zod';

/** Spec 2.4 and 4.4 as the suite reads them. Generators are tested against these schemas. */

export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** Fields that are "optional, nullable" on update (spec 2.4); employmentType is explicitly not. */
export const RESOURCE_NULLABLE_FIELDS = [
  'email',
  'phone',
  'jobTitle',
  'roleId',
  'startDate',
  'endDate',
  'countryCode',
  'regionCode',
  'homeOfficeId',
  'salary',
  'salaryPeriod',
  'externalUserId',
] as const;

/** Fields never nullable: name, employmentType ("not nullable"), tags, and isActive (update only). */
export const RESOURCE_NON_NULLABLE_FIELDS = ['name', 'employmentType', 'tags', 'isActive'] as const;

const fields = {
  name: z.string().min(1),
  email: z.email(),
  phone: z.string(),
  jobTitle: z.string(),
  roleId: z.uuid(),
  employmentType: z.string(),
  // spec 2.4 types startDate and endDate as plain strings (no `<date>` rule)
  startDate: z.string(),
  endDate: z.string(),
  countryCode: z.string(),
  regionCode: z.string(),
  homeOfficeId: z.uuid(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  salary: z.number().min(0),
  salaryPeriod: z.enum(SALARY_PERIODS),
  externalUserId: z.string(),
};

/** Spec 2.4 Create column: name required, nothing nullable, isActive "not accepted" (left out). */
export const resourceCreateSchema = z.object({
  name: fields.name,
  email: fields.email.optional(),
  phone: fields.phone.optional(),
  jobTitle: fields.jobTitle.optional(),
  roleId: fields.roleId.optional(),
  employmentType: fields.employmentType.optional(),
  startDate: fields.startDate.optional(),
  endDate: fields.endDate.optional(),
  countryCode: fields.countryCode.optional(),
  regionCode: fields.regionCode.optional(),
  homeOfficeId: fields.homeOfficeId.optional(),
  tags: fields.tags.optional(),
  salary: fields.salary.optional(),
  salaryPeriod: fields.salaryPeriod.optional(),
  externalUserId: fields.externalUserId.optional(),
});
export type ResourceCreate = z.infer<typeof resourceCreateSchema>;

/** Spec 2.4 Update column: every field optional, isActive accepted, nullable where the table says. */
export const resourceUpdateSchema = z.object({
  name: fields.name.optional(),
  employmentType: fields.employmentType.optional(),
  tags: fields.tags.optional(),
  isActive: fields.isActive.optional(),
  email: fields.email.nullable().optional(),
  phone: fields.phone.nullable().optional(),
  jobTitle: fields.jobTitle.nullable().optional(),
  roleId: fields.roleId.nullable().optional(),
  startDate: fields.startDate.nullable().optional(),
  endDate: fields.endDate.nullable().optional(),
  countryCode: fields.countryCode.nullable().optional(),
  regionCode: fields.regionCode.nullable().optional(),
  homeOfficeId: fields.homeOfficeId.nullable().optional(),
  salary: fields.salary.nullable().optional(),
  salaryPeriod: fields.salaryPeriod.nullable().optional(),
  externalUserId: fields.externalUserId.nullable().optional(),
});
export type ResourceUpdate = z.infer<typeof resourceUpdateSchema>;
