/**
 * JSON Schemas for contacts, written from spec 2.1 and 4.1. Contact bodies are not
 * strict in the spec, so unknown properties are allowed (and later dropped).
 */
export const CONTACT_TYPES = ['company', 'individual'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** spec 4.1 / 8: contactTypeKey length 1 to 30. */
export const CONTACT_TYPE_KEY_MIN = 1;
export const CONTACT_TYPE_KEY_MAX = 30;

/** Fields that 'Update' marks nullable (spec 2.1): null clears them. */
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
export type ContactNullableField = (typeof CONTACT_NULLABLE_FIELDS)[number];

export const CONTACT_FIELDS = [
  'contactType',
  'parentContactId',
  'name',
  'email',
  'phone',
  'jobTitle',
  'billingEmail',
  'billingAddress',
  'paymentTermsDays',
  'isBillable',
  'isActive',
  'website',
  'taxNumber',
  'notes',
  'tags',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ContactCreateInput {
  contactType: ContactType;
  name: string;
  parentContactId?: string;
  email?: string;
  phone?: string;
  jobTitle?: string;
  billingEmail?: string;
  billingAddress?: string;
  paymentTermsDays?: number;
  isBillable?: boolean;
  isActive?: boolean;
  website?: string;
  taxNumber?: string;
  notes?: string;
  tags?: string[];
}

export type ContactUpdateInput = {
  [K in Exclude<keyof ContactCreateInput, ContactNullableField>]?: ContactCreateInput[K];
} & {
  [K in ContactNullableField]?: ContactCreateInput[K] | null;
};

/** Rules a fault may switch off; all false means the spec's rules. */
export interface ContactSchemaLoosening {
  emptyName?: boolean;
  emailUnchecked?: boolean;
  websiteUnchecked?: boolean;
  fractionalPaymentTerms?: boolean;
  anyContactType?: boolean;
  parentUuidUnchecked?: boolean;
}

type FieldSchema = Record<string, unknown> & { type: string };

function fieldSchemas(loose: ContactSchemaLoosening): Record<ContactField, FieldSchema> {
  const email: FieldSchema = loose.emailUnchecked ? { type: 'string' } : { type: 'string', format: 'email' };
  return {
    contactType: loose.anyContactType ? { type: 'string' } : { type: 'string', enum: [...CONTACT_TYPES] },
    parentContactId: loose.parentUuidUnchecked ? { type: 'string' } : { type: 'string', format: 'uuid' },
    name: loose.emptyName ? { type: 'string' } : { type: 'string', minLength: 1 },
    email,
    phone: { type: 'string' },
    jobTitle: { type: 'string' },
    billingEmail: email,
    billingAddress: { type: 'string' },
    paymentTermsDays: loose.fractionalPaymentTerms ? { type: 'number', minimum: 0 } : { type: 'integer', minimum: 0 },
    isBillable: { type: 'boolean' },
    isActive: { type: 'boolean' },
    // ajv's "uri" requires a scheme: "example.com" is not a URL
    website: loose.websiteUnchecked ? { type: 'string' } : { type: 'string', format: 'uri' },
    taxNumber: { type: 'string' },
    notes: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
  };
}

function nullable(schema: FieldSchema): Record<string, unknown> {
  return { ...schema, type: [schema.type, 'null'] };
}

/** spec 2.1 Create column: contactType and name required; nothing nullable. */
export function contactCreateSchema(loose: ContactSchemaLoosening = {}): object {
  return {
    type: 'object',
    required: ['contactType', 'name'],
    properties: fieldSchemas(loose),
  };
}

/** spec 2.1 Update column: everything optional; nullable only where the table says so. */
export function contactUpdateSchema(loose: ContactSchemaLoosening = {}): object {
  const fields = fieldSchemas(loose);
  const properties: Record<string, unknown> = {};
  for (const field of CONTACT_FIELDS) {
    properties[field] = (CONTACT_NULLABLE_FIELDS as readonly string[]).includes(field) ? nullable(fields[field]) : fields[field];
  }
  return { type: 'object', properties };
}
