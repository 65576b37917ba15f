import { writeFile } from 'node:fs/promises';
import { DOCTOR_SCHEMA_PATH, renderDoctorJsonSchema } from '../doctor/json-schema.js';
import { REPORT_SCHEMA_PATH, renderReportJsonSchema } from './json-schema.js';

// npm run schema: regenerates schemas/report.schema.json and schemas/doctor.schema.json after a change to their models.
await writeFile(REPORT_SCHEMA_PATH, renderReportJsonSchema());
process.stdout.write(`wrote ${REPORT_SCHEMA_PATH.pathname}\n`);
await writeFile(DOCTOR_SCHEMA_PATH, renderDoctorJsonSchema());
process.stdout.write(`wrote ${DOCTOR_SCHEMA_PATH.pathname}\n`);
