/**
 * JSON Schemas for staff resources, written from spec 2.4 and 4.4. Bodies are not strict:
 * unknown properties pass and are dropped, and so is `isActive` on create ("not accepted":
 * ignored rather than refused, the record starts active).
 */
import {
  BOOLEAN_FIELD,
  enumField,
  NON_EMPTY_STRING_FIELD,
  NON_NEGATIVE_NUMBER_FIELD,
  NUMBER_FIELD,
  objectSchema,
  PERIODS,
  pickSchemas,
  STRING_FIELD,
  TAGS_FIELD,
  UUID_FIELD,
  type FieldSchema,
} from './common.js';

export const SALARY_PERIODS = PERIODS;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export const RESOURCE_CREATE_FIELDS = [
  'name',
  'email',
  'phone',
  'jobTitle',
  'roleId',
  'employmentType',
  'startDate',
  'endDate',
  'countryCode',
  'regionCode',
  'homeOfficeId',
  'tags',
  'salary',
  'salaryPeriod',
  'externalUserId',
] as const;

/** spec 2.4: isActive can be set on update only. */
export const RESOURCE_UPDATE_FIELDS = [...RESOURCE_CREATE_FIELDS, 'isActive'] as const;
export type ResourceField = (typeof RESOURCE_UPDATE_FIELDS)[number];

/** Fields that 'Update' marks nullable (spec 2.4); employmentType is explicitly not. */
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

export interface ResourceCreateInput {
  name: string;
  /** Read only under the rs-is-active-on-create fault. */
  isActive?: boolean;
  email?: string;
  phone?: string;
  jobTitle?: string;
  roleId?: string;
  employmentType?: string;
  startDate?: string;
  endDate?: string;
  countryCode?: string;
  regionCode?: string;
  homeOfficeId?: string;
  tags?: string[];
  salary?: number;
  salaryPeriod?: SalaryPeriod;
  externalUserId?: string;
}

type ResourceNullableField = (typeof RESOURCE_NULLABLE_FIELDS)[number];

export type ResourceUpdateInput = {
  [K in Exclude<keyof ResourceCreateInput, ResourceNullableField>]?: ResourceCreateInput[K];
} & {
  [K in ResourceNullableField]?: ResourceCreateInput[K] | null;
};

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface ResourceSchemaLoosening {
  emailUnchecked?: boolean;
  negativeSalary?: boolean;
  isActiveOnCreate?: boolean;
  employmentTypeNullable?: boolean;
  nameNotRequired?: boolean;
  emptyName?: boolean;
  roleIdUnchecked?: boolean;
}

function fieldSchemas(loose: ResourceSchemaLoosening): Record<ResourceField, FieldSchema> {
  return {
    name: loose.emptyName ? STRING_FIELD : NON_EMPTY_STRING_FIELD,
    email: loose.emailUnchecked ? STRING_FIELD : { type: 'string', format: 'email' },
    phone: STRING_FIELD,
    jobTitle: STRING_FIELD,
    roleId: loose.roleIdUnchecked ? STRING_FIELD : UUID_FIELD,
    employmentType: STRING_FIELD,
    // spec 2.4 types startDate/endDate as plain strings (no <date> constraint)
    startDate: STRING_FIELD,
    endDate: STRING_FIELD,
    countryCode: STRING_FIELD,
    regionCode: STRING_FIELD,
    homeOfficeId: UUID_FIELD,
    tags: TAGS_FIELD,
    isActive: BOOLEAN_FIELD,
    salary: loose.negativeSalary ? NUMBER_FIELD : NON_NEGATIVE_NUMBER_FIELD,
    salaryPeriod: enumField(SALARY_PERIODS),
    externalUserId: STRING_FIELD,
  };
}

/** spec 2.4 Create column: name required; nothing nullable; isActive not listed (ignored). */
export function resourceCreateSchema(loose: ResourceSchemaLoosening = {}): object {
  const names: ResourceField[] = [...RESOURCE_CREATE_FIELDS, ...(loose.isActiveOnCreate ? (['isActive'] as const) : [])];
  return objectSchema(pickSchemas(fieldSchemas(loose), names), { required: loose.nameNotRequired ? [] : ['name'] });
}

/** spec 2.4 Update column: everything optional; nullable only where the table says so. */
export function resourceUpdateSchema(loose: ResourceSchemaLoosening = {}): object {
  const nullable: ResourceField[] = [...RESOURCE_NULLABLE_FIELDS, ...(loose.employmentTypeNullable ? (['employmentType'] as const) : [])];
  return objectSchema(fieldSchemas(loose), { nullable });
}
