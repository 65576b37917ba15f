import { z } from 'zod';
import { doctorReportSchema } from './model.js';
import { packageFile } from '../package-root.js';

export const DOCTOR_SCHEMA_PATH = packageFile('schemas/doctor.schema.json');

/** The published JSON Schema (2020-12) of doctor.json, generated from the zod model. */
export function doctorJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(doctorReportSchema, { target: 'draft-2020-12' }),
    $id: 'https://work-management-conformance.invalid/schemas/doctor.schema.json',
    title: 'Work-management API v1 conformance doctor report',
  };
}

export function renderDoctorJsonSchema(): string {
  return `${JSON.stringify(doctorJsonSchema(), null, 2)}\n`;
}
