import type { CheckContext } from '../check/check.js';

/**
 * spec 2: "Response record fields: not shown", and 4: "Contents of the records inside `data`
 * beyond the request fields: not shown". A server may keep a field write-only (a salary, a tax
 * number) and leave it out of the records it answers with. The fields of `expected` that `record`
 * does not carry at all (no such key) are observed (`field-not-returned`) and dropped from what
 * is compared; a field the record carries is still compared, so a value dropped to null, reset
 * or altered still fails.
 */
export function shownFields(t: CheckContext, record: Record<string, unknown>, expected: Record<string, unknown>, subject: string): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(expected)) {
    // A null sent reads back null or absent anyway (compare.ts mismatch).
    if (field in record || value === null) shown[field] = value;
    else t.observe('field-not-returned', `${subject}: ${field}`, 'left out of the record');
  }
  return shown;
}
