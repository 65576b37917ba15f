import { z } from 'zod';
import { INPUT_SURFACES, type FieldSpec } from '../spec/inputs/table.js';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = { [key: string]: unknown };

/**
 * Formats the spec names by their word ("uuid", "e-mail format", "URL format", `<date>`). zod adds
 * a `pattern` of its own beside each (its idea of an e-mail address, the UUID versions it knows):
 * that pattern is the suite's implementation, not the spec's rule, so the document keeps the
 * `format` alone and never claims more than the spec states.
 */
const FORMATS_NAMED_BY_THE_SPEC = new Set(['uuid', 'email', 'uri', 'date']);

function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    // Each body is a component of one document, whose dialect is OpenAPI 3.1's (jsonSchemaDialect).
    if (key === '$schema') continue;
    if (key === 'pattern' && FORMATS_NAMED_BY_THE_SPEC.has(String((node as JsonSchema)['format']))) continue;
    // zod's integers carry the safe-integer range as bounds: the spec states none of them.
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(value);
  }
  return out;
}

/**
 * The JSON Schema of a request body, from the suite's own zod schema (harness/spec/*.ts): zod 4's
 * `z.toJSONSchema` in input mode, so optional fields are not required and an object zod would
 * strip of unknown properties stays open (the spec rules on unknown properties only for the rate
 * bodies of 2.5, whose schemas are strict and come out with `additionalProperties: false`).
 */
export function bodySchema(schema: z.ZodType, operation: string): JsonSchema {
  const json = tidy(z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })) as JsonSchema;
  return withTrimmedLengths(json, operation);
}

/**
 * Spec 2.6 and 8: constraintReason is "max 1000 characters after trimming". A plain `maxLength`
 * would refuse 1000 characters with a space around them, which the spec accepts: the bound moves
 * into the description (from the input table's `trimmed` fields), so the document stays open there.
 */
function withTrimmedLengths(schema: JsonSchema, operation: string): JsonSchema {
  const trimmed = INPUT_SURFACES.filter((s) => s.operation === operation && s.container === 'body' && s.at.length === 0)
    .flatMap((s) => s.fields)
    .filter((f): f is FieldSpec & { maxLength: number } => f.trimmed === true && f.maxLength !== undefined);
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  for (const field of trimmed) {
    const property = properties?.[field.name];
    if (property === undefined) continue;
    const variants = (property['anyOf'] as JsonSchema[] | undefined) ?? [property];
    for (const variant of variants) delete variant['maxLength'];
    property['description'] = `At most ${field.maxLength} characters after trimming surrounding whitespace (spec 2.6, 8).`;
  }
  return schema;
}

/** The JSON Schema of one query parameter, from its row of the input table (harness/spec/inputs/table.ts). */
export function fieldSchema(field: FieldSpec): JsonSchema {
  const schema: JsonSchema = { type: field.kind };
  if (field.format === 'uuid' || field.format === 'date' || field.format === 'email') schema['format'] = field.format;
  if (field.format === 'url') schema['format'] = 'uri';
  if (field.enum !== undefined) schema['enum'] = [...field.enum];
  if (field.min !== undefined) schema[field.exclusiveMin === true ? 'exclusiveMinimum' : 'minimum'] = field.min;
  if (field.max !== undefined) schema[field.exclusiveMax === true ? 'exclusiveMaximum' : 'maximum'] = field.max;
  if (field.minLength !== undefined) schema['minLength'] = field.minLength;
  if (field.maxLength !== undefined) schema['maxLength'] = field.maxLength;
  return schema;
}
