/**
 * JSON Schemas for allocations, written from spec 2.6, 4.6 and 8. Bodies are not strict:
 * unknown properties pass and are dropped. The constraintReason length rule ("trimmed, max
 * length 1000") is not a schema rule, since JSON Schema cannot trim: see constraintReasonIssue.
 */
import type { Issue } from '../errors.js';
import { BOOLEAN_FIELD, dateField, NON_NEGATIVE_NUMBER_FIELD, objectSchema, STRING_FIELD, UUID_FIELD, type FieldSchema } from './common.js';

/** spec 2.6: hoursPerDay is a number from 0 to 24 (both included). */
export const MAX_HOURS_PER_DAY = 24;
/** spec 2.6, 8: constraintReason at most 1000 characters after trimming. */
export const MAX_CONSTRAINT_REASON_LENGTH = 1000;

export const ALLOCATION_FIELDS = [
  'taskId',
  'resourceId',
  'groupId',
  'startDate',
  'endDate',
  'hoursPerDay',
  'hours',
  'notes',
  'constraintAcknowledged',
  'constraintReason',
] as const;
export type AllocationField = (typeof ALLOCATION_FIELDS)[number];

/** spec 2.6 Create column: "optional, nullable". */
export const ALLOCATION_CREATE_NULLABLE_FIELDS = ['resourceId', 'groupId', 'constraintReason'] as const;
/** spec 2.6 Update column: notes is nullable on update only. */
export const ALLOCATION_UPDATE_NULLABLE_FIELDS = ['resourceId', 'groupId', 'notes', 'constraintReason'] as const;

export interface AllocationCreateInput {
  taskId: string;
  resourceId?: string | null;
  groupId?: string | null;
  startDate: string;
  /** Required, except under the al-end-date-not-required fault. */
  endDate: string;
  hoursPerDay?: number;
  hours?: number;
  notes?: string;
  constraintAcknowledged?: boolean;
  constraintReason?: string | null;
}

export interface AllocationUpdateInput {
  taskId?: string;
  resourceId?: string | null;
  groupId?: string | null;
  startDate?: string;
  endDate?: string;
  hoursPerDay?: number;
  hours?: number;
  notes?: string | null;
  constraintAcknowledged?: boolean;
  constraintReason?: string | null;
}

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface AllocationSchemaLoosening {
  dateShapeOnly?: boolean;
  hoursPerDayUnbounded?: boolean;
  endDateNotRequired?: boolean;
  resourceUuidUnchecked?: boolean;
}

function fieldSchemas(loose: AllocationSchemaLoosening): Record<AllocationField, FieldSchema> {
  return {
    taskId: UUID_FIELD,
    resourceId: loose.resourceUuidUnchecked ? STRING_FIELD : UUID_FIELD,
    groupId: UUID_FIELD,
    startDate: dateField(loose.dateShapeOnly),
    endDate: dateField(loose.dateShapeOnly),
    hoursPerDay: loose.hoursPerDayUnbounded ? NON_NEGATIVE_NUMBER_FIELD : { type: 'number', minimum: 0, maximum: MAX_HOURS_PER_DAY },
    hours: NON_NEGATIVE_NUMBER_FIELD,
    notes: STRING_FIELD,
    constraintAcknowledged: BOOLEAN_FIELD,
    // a string of any length here; the trimmed length is checked by constraintReasonIssue
    constraintReason: STRING_FIELD,
  };
}

/**
 * spec 2.6 Create column: taskId, startDate, endDate required. The spec states no order
 * between startDate and endDate, so the reference accepts an endDate before startDate.
 */
export function allocationCreateSchema(loose: AllocationSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), {
    required: loose.endDateNotRequired ? ['taskId', 'startDate'] : ['taskId', 'startDate', 'endDate'],
    nullable: ALLOCATION_CREATE_NULLABLE_FIELDS,
  });
}

/** spec 2.6 Update column: everything optional; nullable only where the table says so. */
export function allocationUpdateSchema(loose: AllocationSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), { nullable: ALLOCATION_UPDATE_NULLABLE_FIELDS });
}

/**
 * How constraintReason's length is judged: `trimmed` is the spec (spec 2.6, 8: "max 1000
 * characters after trimming"); `untrimmed` (fault al-reason-untrimmed) counts the surrounding
 * spaces too; `unbounded` (fault al-reason-unbounded) has no maximum.
 */
export type ReasonLengthRule = 'trimmed' | 'untrimmed' | 'unbounded';

/**
 * Trimming is String.prototype.trim (white space and line terminators at both ends);
 * characters are counted as Unicode code points, as JSON Schema's maxLength does.
 */
export function trimReason(value: string): string {
  return value.trim();
}

function characters(value: string): number {
  return [...value].length;
}

/**
 * spec 2.6, 8: an issue on `constraintReason` when a string value is too long. Reads the
 * raw body, so it can join the schema issues (which cover every other type).
 */
export function constraintReasonIssue(body: unknown, rule: ReasonLengthRule = 'trimmed'): Issue | undefined {
  if (rule === 'unbounded' || typeof body !== 'object' || body === null) return undefined;
  const { constraintReason } = body as { constraintReason?: unknown };
  if (typeof constraintReason !== 'string') return undefined;
  const counted = rule === 'trimmed' ? trimReason(constraintReason) : constraintReason;
  if (characters(counted) <= MAX_CONSTRAINT_REASON_LENGTH) return undefined;
  return { path: 'constraintReason', message: `must be at most ${MAX_CONSTRAINT_REASON_LENGTH} characters after trimming` };
}
