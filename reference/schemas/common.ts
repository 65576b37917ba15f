/**
 * JSON Schema pieces shared by the domain schema files (contacts keeps its own older copy).
 * Formats come from createBodyAjv: uuid, email, uri, date (a real calendar date).
 */
import { DATE_SHAPE_PATTERN } from '../validation.js';

export type FieldSchema = Record<string, unknown> & { type: string };

export const UUID_FIELD: FieldSchema = { type: 'string', format: 'uuid' };
export const STRING_FIELD: FieldSchema = { type: 'string' };
export const NON_EMPTY_STRING_FIELD: FieldSchema = { type: 'string', minLength: 1 };
export const BOOLEAN_FIELD: FieldSchema = { type: 'boolean' };
export const NUMBER_FIELD: FieldSchema = { type: 'number' };
export const NON_NEGATIVE_NUMBER_FIELD: FieldSchema = { type: 'number', minimum: 0 };
export const TAGS_FIELD: FieldSchema = { type: 'array', items: { type: 'string' } };

/** spec 2.2, 2.5: "string of exactly 3 characters" (letters or case are not required). */
export const CURRENCY_FIELD: FieldSchema = { type: 'string', minLength: 3, maxLength: 3 };

/** spec 2.4, 2.5: the period enum shared by resources (salaryPeriod) and rates (period). */
export const PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** A `<date>` that must exist; `shapeOnly` (a fault) checks YYYY-MM-DD only. */
export function dateField(shapeOnly = false): FieldSchema {
  return shapeOnly ? { type: 'string', pattern: DATE_SHAPE_PATTERN } : { type: 'string', format: 'date' };
}

/** A string enum; `unchecked` (a fault) takes any string. */
export function enumField(values: readonly string[], unchecked = false): FieldSchema {
  return unchecked ? { type: 'string' } : { type: 'string', enum: [...values] };
}

/** The same field with null accepted too (null joins an enum as well). */
export function nullable(schema: FieldSchema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
  return out;
}

export interface ObjectOptions {
  required?: readonly string[];
  /** Fields that also take null. */
  nullable?: readonly string[];
  /** Strict object: an unlisted property is an issue (spec 2.5 rates). */
  strict?: boolean;
}

/** An object schema over the given fields; without `strict`, unknown properties pass (and are dropped later). */
export function objectSchema(fields: Readonly<Record<string, FieldSchema>>, options: ObjectOptions = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(fields)) {
    properties[name] = options.nullable?.includes(name) ? nullable(schema) : schema;
  }
  return {
    type: 'object',
    ...(options.required === undefined || options.required.length === 0 ? {} : { required: [...options.required] }),
    properties,
    ...(options.strict ? { additionalProperties: false } : {}),
  };
}

/** Keeps only the listed fields of a field table. */
export function pickSchemas<F extends string>(fields: Readonly<Record<string, FieldSchema>>, names: readonly F[]): Record<F, FieldSchema> {
  const out = {} as Record<F, FieldSchema>;
  for (const name of names) {
    const schema = fields[name];
    if (schema !== undefined) out[name] = schema;
  }
  return out;
}
