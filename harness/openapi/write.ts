import { writeFile } from 'node:fs/promises';
import { buildOpenApi, OPENAPI_PATHS } from './build.js';
import { renderOpenApi } from './render.js';

// npm run openapi: regenerates schemas/openapi.json and schemas/openapi.yaml after a change to a field rule, an endpoint or the map.
const document = await buildOpenApi();
for (const format of ['json', 'yaml'] as const) {
  await writeFile(OPENAPI_PATHS[format], renderOpenApi(document, format));
  process.stdout.write(`wrote ${OPENAPI_PATHS[format].pathname}\n`);
}
