import { writeFile } from 'node:fs/promises';
import { DOCTOR_JSON_SCHEMA } from '../doctor/json-schema.js';
import { LOAD_JSON_SCHEMA } from '../load/json-schema.js';
import { REPORT_JSON_SCHEMA } from './json-schema.js';

// npm run schema: regenerates schemas/report.schema.json, schemas/doctor.schema.json and schemas/load.schema.json after a change to their models.
for (const schema of [REPORT_JSON_SCHEMA, DOCTOR_JSON_SCHEMA, LOAD_JSON_SCHEMA]) {
  await writeFile(schema.path, schema.render());
  process.stdout.write(`wrote ${schema.path.pathname}\n`);
}
