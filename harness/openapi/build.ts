import { readFile } from 'node:fs/promises';
import { packageFile } from '../package-root.js';
import { shippedSpecUnits } from '../spec/traceability/units.js';
import { openApiDocument, type OpenApiDocument } from './document.js';

/** Where the package ships the document, in both formats (`npm run openapi` writes them). */
export const OPENAPI_PATHS = { json: packageFile('schemas/openapi.json'), yaml: packageFile('schemas/openapi.yaml') } as const;

/** The document of this version of the package, from the shipped spec and package.json. */
export async function buildOpenApi(): Promise<OpenApiDocument> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  return openApiDocument(await shippedSpecUnits(), pkg.version);
}
