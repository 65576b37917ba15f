import { stringify } from 'yaml';
import type { OpenApiDocument } from './document.js';

export type OpenApiFormat = 'json' | 'yaml';
export const OPENAPI_FORMATS: readonly OpenApiFormat[] = ['json', 'yaml'];

/** The document as text, deterministic (the order it was built in), ending with a newline. */
export function renderOpenApi(document: OpenApiDocument, format: OpenApiFormat): string {
  // No anchors or aliases: a shared object is written out again where it recurs, as JSON would.
  return format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
