/**
 * JSON Schemas for time entries, written from spec 2.3, 4.3 and 8. Bodies are not strict:
 * unknown properties pass and are dropped, and so do the "not accepted" fields
 * (markedBilled on create, entrySource on update): ignored, neither refused nor applied.
 * The create cross-field rule (hours >= 0.25 unless entrySource is `timer`) is not a
 * schema rule: see minimumHoursIssue.
 */
import type { Issue } from '../errors.js';
import { HH_MM_PATTERN } from '../validation.js';
import {
  BOOLEAN_FIELD,
  dateField,
  enumField,
  NUMBER_FIELD,
  objectSchema,
  pickSchemas,
  STRING_FIELD,
  TAGS_FIELD,
  UUID_FIELD,
  type FieldSchema,
} from './common.js';

export const ENTRY_SOURCES = ['manual', 'timer', 'copied', 'suggested'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** spec 2.3, 8: at most 24 hours; at least 0.25 for non-timer entries (create) and on update. */
export const MAX_HOURS = 24;
export const MIN_HOURS = 0.25;
/** spec 2.3, 8: durationSeconds > 0 and <= 86400. */
export const MAX_DURATION_SECONDS = 86_400;

export const TIME_ENTRY_CREATE_FIELDS = [
  'taskId',
  'resourceId',
  'date',
  'hours',
  'durationSeconds',
  'startTime',
  'entrySource',
  'description',
  'isBillable',
  'billableRate',
  'tags',
] as const;

export const TIME_ENTRY_UPDATE_FIELDS = [
  'taskId',
  'resourceId',
  'date',
  'hours',
  'durationSeconds',
  'startTime',
  'description',
  'isBillable',
  'billableRate',
  'markedBilled',
  'tags',
] as const;

export const TIME_ENTRY_UPDATE_NULLABLE_FIELDS = ['startTime', 'description', 'billableRate'] as const;

export interface TimeEntryCreateInput {
  taskId: string;
  resourceId: string;
  /** Required, except under the te-date-not-required fault. */
  date: string;
  hours: number;
  durationSeconds?: number;
  startTime?: string;
  entrySource?: EntrySource;
  description?: string | null;
  isBillable?: boolean;
  billableRate?: number;
  /** Read only under the te-marked-billed-on-create fault. */
  markedBilled?: boolean;
  tags?: string[];
}

export interface TimeEntryUpdateInput {
  taskId?: string;
  resourceId?: string;
  date?: string;
  hours?: number;
  durationSeconds?: number;
  startTime?: string | null;
  description?: string | null;
  isBillable?: boolean;
  billableRate?: number | null;
  markedBilled?: boolean;
  /** Read only under the te-entry-source-on-update fault. */
  entrySource?: EntrySource;
  tags?: string[];
}

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface TimeEntrySchemaLoosening {
  dateShapeOnly?: boolean;
  hoursUpTo48?: boolean;
  durationUnbounded?: boolean;
  startTimeLenient?: boolean;
  markedBilledOnCreate?: boolean;
  entrySourceOnUpdate?: boolean;
  /** Update hours only > 0 in the schema; the route enforces 0.25 for non-timer entries. */
  updateHoursTimerLenient?: boolean;
  dateNotRequired?: boolean;
  resourceUuidUnchecked?: boolean;
  entrySourceUnchecked?: boolean;
}

function fieldSchemas(loose: TimeEntrySchemaLoosening): Record<string, FieldSchema> {
  return {
    taskId: UUID_FIELD,
    resourceId: loose.resourceUuidUnchecked ? STRING_FIELD : UUID_FIELD,
    date: dateField(loose.dateShapeOnly),
    durationSeconds: loose.durationUnbounded ? { type: 'integer', minimum: 1 } : { type: 'integer', minimum: 1, maximum: MAX_DURATION_SECONDS },
    // the lenient startTime also takes 24:00 and a one-digit hour (H:MM)
    startTime: { type: 'string', pattern: loose.startTimeLenient ? '^(([01]?[0-9]|2[0-3]):[0-5][0-9]|24:00)$' : HH_MM_PATTERN },
    entrySource: enumField(ENTRY_SOURCES, loose.entrySourceUnchecked),
    description: STRING_FIELD,
    isBillable: BOOLEAN_FIELD,
    billableRate: NUMBER_FIELD,
    markedBilled: BOOLEAN_FIELD,
    tags: TAGS_FIELD,
  };
}

/** spec 2.3 Create column: hours > 0 and <= 24; description nullable. */
export function timeEntryCreateSchema(loose: TimeEntrySchemaLoosening = {}): object {
  const fields = fieldSchemas(loose);
  fields.hours = { type: 'number', exclusiveMinimum: 0, maximum: loose.hoursUpTo48 ? 48 : MAX_HOURS };
  const names: string[] = [...TIME_ENTRY_CREATE_FIELDS, ...(loose.markedBilledOnCreate ? ['markedBilled'] : [])];
  return objectSchema(pickSchemas(fields, names), {
    required: loose.dateNotRequired ? ['taskId', 'resourceId', 'hours'] : ['taskId', 'resourceId', 'date', 'hours'],
    nullable: ['description'],
  });
}

/** spec 2.3 Update column: hours >= 0.25 and <= 24 whatever the entry's source. */
export function timeEntryUpdateSchema(loose: TimeEntrySchemaLoosening = {}): object {
  const fields = fieldSchemas(loose);
  fields.hours = loose.updateHoursTimerLenient
    ? { type: 'number', exclusiveMinimum: 0, maximum: MAX_HOURS }
    : { type: 'number', minimum: MIN_HOURS, maximum: MAX_HOURS };
  const names: string[] = [...TIME_ENTRY_UPDATE_FIELDS, ...(loose.entrySourceOnUpdate ? ['entrySource'] : [])];
  return objectSchema(pickSchemas(fields, names), { nullable: TIME_ENTRY_UPDATE_NULLABLE_FIELDS });
}

/**
 * spec 2.3 cross-field rule on create: when entrySource (default `manual`) is not `timer`,
 * hours must be at least 0.25, else an issue on `hours`. `allSources` (a fault) applies
 * the minimum to timer entries too. Reads the raw body, so it can join the schema issues.
 */
export function minimumHoursIssue(body: unknown, allSources = false): Issue | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { hours, entrySource = 'manual' } = body as { hours?: unknown; entrySource?: unknown };
  if (typeof hours !== 'number' || hours <= 0 || hours >= MIN_HOURS) return undefined;
  if (entrySource === 'timer' && !allSources) return undefined;
  return { path: 'hours', message: `must be >= ${MIN_HOURS} unless entrySource is timer` };
}
