/**
 * JSON Schemas for milestones, written from spec 2.8, 3.3 and 4.8. Bodies are not strict:
 * unknown properties pass and are dropped, and so does projectId on update ("not accepted":
 * ignored, neither refused nor applied). A completion criterion's shape is "not shown", so
 * completionCriteria is an array of anything.
 */
import { BOOLEAN_FIELD, dateField, NON_EMPTY_STRING_FIELD, objectSchema, pickSchemas, STRING_FIELD, UUID_FIELD, type FieldSchema } from './common.js';

/** spec 3.3 */
export const MILESTONE_STATUSES = ['upcoming', 'at_risk', 'completed', 'missed'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const MILESTONE_CREATE_FIELDS = ['projectId', 'name', 'targetDate', 'description', 'triggersInvoice', 'completionCriteria', 'typeId'] as const;
export const MILESTONE_UPDATE_FIELDS = ['name', 'targetDate', 'description', 'triggersInvoice', 'completionCriteria', 'typeId'] as const;
type MilestoneField = (typeof MILESTONE_CREATE_FIELDS)[number];

/** spec 2.8: typeId "may be null" in both columns; description is nullable on update only. */
export const MILESTONE_UPDATE_NULLABLE_FIELDS = ['description', 'typeId'] as const;

export interface MilestoneCreateInput {
  projectId: string;
  /** Required, except under the ms-name-not-required fault. */
  name: string;
  targetDate: string;
  description?: string;
  triggersInvoice?: boolean;
  completionCriteria?: unknown[];
  typeId?: string | null;
}

export interface MilestoneUpdateInput {
  name?: string;
  targetDate?: string;
  description?: string | null;
  triggersInvoice?: boolean;
  completionCriteria?: unknown[];
  typeId?: string | null;
  /** Read only under the ms-project-on-update fault. */
  projectId?: string;
}

export interface MilestoneCompleteInput {
  completedDate?: string;
}

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface MilestoneSchemaLoosening {
  targetDateShapeOnly?: boolean;
  projectOnUpdate?: boolean;
  typeIdNullRejected?: boolean;
  completedDateShapeOnly?: boolean;
  nameNotRequired?: boolean;
}

function fieldSchemas(loose: MilestoneSchemaLoosening): Record<MilestoneField, FieldSchema> {
  return {
    projectId: UUID_FIELD,
    name: NON_EMPTY_STRING_FIELD,
    targetDate: dateField(loose.targetDateShapeOnly),
    description: STRING_FIELD,
    triggersInvoice: BOOLEAN_FIELD,
    completionCriteria: { type: 'array' },
    typeId: UUID_FIELD,
  };
}

/**
 * spec 2.8 Create column: projectId, name, targetDate required; typeId may be null.
 * projectId need only be a UUID: the reference does not require a seeded project.
 */
export function milestoneCreateSchema(loose: MilestoneSchemaLoosening = {}): object {
  const required = loose.nameNotRequired ? ['projectId', 'targetDate'] : ['projectId', 'name', 'targetDate'];
  return objectSchema(fieldSchemas(loose), { required, nullable: ['typeId'] });
}

/** spec 2.8 Update column. */
export function milestoneUpdateSchema(loose: MilestoneSchemaLoosening = {}): object {
  const names: MilestoneField[] = [...MILESTONE_UPDATE_FIELDS, ...(loose.projectOnUpdate ? (['projectId'] as const) : [])];
  const nullable = loose.typeIdNullRejected ? ['description'] : MILESTONE_UPDATE_NULLABLE_FIELDS;
  return objectSchema(pickSchemas(fieldSchemas(loose), names), { nullable });
}

/** spec 3.3, 4.8: complete takes an optional `completedDate` <date>; other properties are ignored. */
export function milestoneCompleteSchema(loose: MilestoneSchemaLoosening = {}): object {
  return objectSchema({ completedDate: dateField(loose.completedDateShapeOnly) });
}
