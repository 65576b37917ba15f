import { publishedSchema } from '../report/json-schema.js';
import { doctorReportSchema } from './model.js';

/** The published JSON Schema of doctor.json. */
export const DOCTOR_JSON_SCHEMA = publishedSchema('doctor', 'Work-management API v1 conformance doctor report', doctorReportSchema);
