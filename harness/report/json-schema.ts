import { z } from 'zod';
import { reportSchema } from './model.js';

export const REPORT_SCHEMA_PATH = new URL('../../schemas/report.schema.json', import.meta.url);

/** The published JSON Schema (2020-12) of report.json, generated from the zod model. */
export function reportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(reportSchema, { target: 'draft-2020-12' }),
    $id: 'https://work-management-conformance.invalid/schemas/report.schema.json',
    title: 'Work-management API v1 conformance report',
  };
}

export function renderReportJsonSchema(): string {
  return `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
}
