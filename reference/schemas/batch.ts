/**
 * JSON Schemas for the time-entry batch operations, written from spec 4.10 and 8. Bodies
 * and items are not strict: unknown properties pass and are dropped (so an `entrySource`
 * or `durationSeconds` in a batch item is ignored).
 *
 * Disagreement in the spec: part 8 asks at least 0.25 h of non-timer entries "on create
 * and on update", while the 4.10 batch table says hours are "number 0 to 24". The
 * reference follows the batch table for batch items (0 and 0.1 are accepted there); the
 * single-entry endpoints keep part 2.3 / 8.
 */
import { HH_MM_PATTERN, HH_MM_SS_PATTERN } from '../validation.js';
import {
  BOOLEAN_FIELD,
  dateField,
  NON_NEGATIVE_NUMBER_FIELD,
  objectSchema,
  pickSchemas,
  STRING_FIELD,
  TAGS_FIELD,
  UUID_FIELD,
  type FieldSchema,
} from './common.js';

/** spec 4.10, 8: each batch body holds 1 to 100 items. */
export const BATCH_MIN_ITEMS = 1;
export const BATCH_MAX_ITEMS = 100;

export const BATCH_ENTRY_FIELDS = ['taskId', 'resourceId', 'date', 'hours', 'startTime', 'description', 'isBillable', 'billableRate', 'tags'] as const;
export const BATCH_UPDATE_FIELDS = [
  'taskId',
  'resourceId',
  'date',
  'hours',
  'startTime',
  'description',
  'isBillable',
  'markedBilled',
  'billableRate',
  'tags',
] as const;

export interface BatchEntryInput {
  taskId: string;
  resourceId: string;
  date: string;
  hours: number;
  startTime?: string;
  description?: string | null;
  isBillable?: boolean;
  billableRate?: number;
  tags?: string[];
}

export interface BatchUpdateInput {
  id: string;
  taskId?: string;
  resourceId?: string;
  date?: string;
  hours?: number;
  startTime?: string | null;
  description?: string | null;
  isBillable?: boolean;
  markedBilled?: boolean;
  billableRate?: number | null;
  tags?: string[];
}

export interface BatchCreateBody {
  entries: BatchEntryInput[];
}
export interface BatchUpdateBody {
  updates: BatchUpdateInput[];
}
export interface BatchDeleteBody {
  ids: string[];
}

/** Rules a fault may switch off; all false means the spec's rules. */
export interface BatchSchemaLoosening {
  sizeUnbounded?: boolean;
  emptyAccepted?: boolean;
  /** batch-item-date-unchecked: create items' date checked for the YYYY-MM-DD shape only. */
  createDateShapeOnly?: boolean;
  /** batch-start-time-seconds-rejected: startTime `HH:MM` only. */
  startTimeNoSeconds?: boolean;
}

function fields(loose: BatchSchemaLoosening, dateShapeOnly: boolean): Record<string, FieldSchema> {
  return {
    id: UUID_FIELD,
    taskId: UUID_FIELD,
    resourceId: UUID_FIELD,
    date: dateField(dateShapeOnly),
    hours: { type: 'number', minimum: 0, maximum: 24 },
    startTime: { type: 'string', pattern: loose.startTimeNoSeconds ? HH_MM_PATTERN : HH_MM_SS_PATTERN },
    description: STRING_FIELD,
    isBillable: BOOLEAN_FIELD,
    markedBilled: BOOLEAN_FIELD,
    billableRate: NON_NEGATIVE_NUMBER_FIELD,
    tags: TAGS_FIELD,
  };
}

function body(property: string, items: object, loose: BatchSchemaLoosening): object {
  const array: Record<string, unknown> = { type: 'array', items };
  if (!loose.emptyAccepted) array.minItems = BATCH_MIN_ITEMS;
  if (!loose.sizeUnbounded) array.maxItems = BATCH_MAX_ITEMS;
  return { type: 'object', required: [property], properties: { [property]: array } };
}

/** POST /batch/time-entries: `entries`, each with taskId, resourceId, date, hours required. */
export function batchCreateSchema(loose: BatchSchemaLoosening = {}): object {
  const item = objectSchema(pickSchemas(fields(loose, loose.createDateShapeOnly === true), BATCH_ENTRY_FIELDS), {
    required: ['taskId', 'resourceId', 'date', 'hours'],
    nullable: ['description'],
  });
  return body('entries', item, loose);
}

/** PATCH /batch/time-entries: `updates`, each with id required; startTime, description, billableRate nullable. */
export function batchUpdateSchema(loose: BatchSchemaLoosening = {}): object {
  const item = objectSchema(pickSchemas(fields(loose, false), ['id', ...BATCH_UPDATE_FIELDS]), {
    required: ['id'],
    nullable: ['startTime', 'description', 'billableRate'],
  });
  return body('updates', item, loose);
}

/** DELETE /batch/time-entries: `ids`, an array of UUIDs. */
export function batchDeleteSchema(loose: BatchSchemaLoosening = {}): object {
  return body('ids', UUID_FIELD, loose);
}
