import { z } from 'zod';
import { reportSchema } from './model.js';
import { packageFile } from '../package-root.js';

/** A file the tool publishes under `schemas/`, generated from its zod model by `npm run schema`. */
export interface PublishedSchema {
  /** Where it is committed (`schemas/<name>.schema.json`). */
  readonly path: URL;
  /** The JSON Schema (2020-12) the model gives, with its `$id` and title. */
  jsonSchema(): Record<string, unknown>;
  /** The file's text: the schema, indented, with a final line break. */
  render(): string;
}

/**
 * The one JSON Schema writer of report.json, doctor.json and load.json: `name` gives the file
 * (`schemas/<name>.schema.json`) and its `$id`; the schema is the model's, as zod writes it.
 */
export function publishedSchema(name: string, title: string, model: z.ZodType): PublishedSchema {
  const file = `schemas/${name}.schema.json`;
  const jsonSchema = (): Record<string, unknown> => ({
    ...z.toJSONSchema(model, { target: 'draft-2020-12' }),
    $id: `https://work-management-conformance.invalid/${file}`,
    title,
  });
  return { path: packageFile(file), jsonSchema, render: () => `${JSON.stringify(jsonSchema(), null, 2)}\n` };
}

/** The published JSON Schema of report.json. */
export const REPORT_JSON_SCHEMA = publishedSchema('report', 'Work-management API v1 conformance report', reportSchema);
