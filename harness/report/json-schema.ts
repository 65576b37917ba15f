import { z } from 'zod';
import { reportSchema } from './model.js';
import { packageFile } from '../package-root.js';

export const REPORT_SCHEMA_PATH = packageFile('schemas/report.schema.json');

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
