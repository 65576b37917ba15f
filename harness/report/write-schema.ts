import { writeFile } from 'node:fs/promises';
import { REPORT_SCHEMA_PATH, renderReportJsonSchema } from './json-schema.js';

// npm run schema: regenerates schemas/report.schema.json after a change to model.ts.
await writeFile(REPORT_SCHEMA_PATH, renderReportJsonSchema());
process.stdout.write(`wrote ${REPORT_SCHEMA_PATH.pathname}\n`);
