import { z } from 'zod';

/** Spec 2.1 as the suite reads it. Generators are tested against these schemas. */

export const CONTACT_TYPES = ['company', 'individual'] as const;

/** Fields that are "optional, nullable" on update (spec 2.1). */
export const CONTACT_NULLABLE_FIELDS = [
  'parentContactId',
  'email',
  'phone',
  'jobTitle',
  'billingEmail',
  'billingAddress',
  'paymentTermsDays',
  'website',
  'taxNumber',
  'notes',
] as const;

/** Fields never nullable, on create or on update. */
export const CONTACT_NON_NULLABLE_FIELDS = ['contactType', 'name', 'isBillable', 'isActive', 'tags'] as const;

const contactFields = {
  contactType: z.enum(CONTACT_TYPES),
  parentContactId: z.uuid(),
  name: z.string().min(1),
  email: z.email(),
  phone: z.string(),
  jobTitle: z.string(),
  billingEmail: z.email(),
  billingAddress: z.string(),
  paymentTermsDays: z.int().min(0),
  isBillable: z.boolean(),
  isActive: z.boolean(),
  website: z.url(),
  taxNumber: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
};

export const contactCreateSchema = z.object({
  ...contactFields,
  parentContactId: contactFields.parentContactId.optional(),
  email: contactFields.email.optional(),
  phone: contactFields.phone.optional(),
  jobTitle: contactFields.jobTitle.optional(),
  billingEmail: contactFields.billingEmail.optional(),
  billingAddress: contactFields.billingAddress.optional(),
  paymentTermsDays: contactFields.paymentTermsDays.optional(),
  isBillable: contactFields.isBillable.optional(),
  isActive: contactFields.isActive.optional(),
  website: contactFields.website.optional(),
  taxNumber: contactFields.taxNumber.optional(),
  notes: contactFields.notes.optional(),
  tags: contactFields.tags.optional(),
});
export type ContactCreate = z.infer<typeof contactCreateSchema>;

export const contactUpdateSchema = z.object({
  contactType: contactFields.contactType.optional(),
  name: contactFields.name.optional(),
  isBillable: contactFields.isBillable.optional(),
  isActive: contactFields.isActive.optional(),
  tags: contactFields.tags.optional(),
  parentContactId: contactFields.parentContactId.nullable().optional(),
  email: contactFields.email.nullable().optional(),
  phone: contactFields.phone.nullable().optional(),
  jobTitle: contactFields.jobTitle.nullable().optional(),
  billingEmail: contactFields.billingEmail.nullable().optional(),
  billingAddress: contactFields.billingAddress.nullable().optional(),
  paymentTermsDays: contactFields.paymentTermsDays.nullable().optional(),
  website: contactFields.website.nullable().optional(),
  taxNumber: contactFields.taxNumber.nullable().optional(),
  notes: contactFields.notes.nullable().optional(),
});
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;
