import { publishedSchema } from '../report/json-schema.js';
import { loadReportSchema } from './model.js';

/** The published JSON Schema of load.json. */
export const LOAD_JSON_SCHEMA = publishedSchema('load', 'Work-management API v1 conformance load report', loadReportSchema);
