import { ensure } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';

function normalise(field: string, value: unknown): string {
  // A server may keep tags in another order (the spec does not say): compare them as a set.
  if (field === 'tags' && Array.isArray(value)) return JSON.stringify([...value].map(String).sort());
  return JSON.stringify(value);
}

/**
 * Every field of `expected` holds the same value in `record`; a null expected value also
 * accepts an absent field (spec 2: record contents beyond the input fields are not shown).
 */
export function expectFields(
  record: Record<string, unknown>,
  expected: Record<string, unknown>,
  what: string,
  res?: ApiResponse,
): void {
  for (const [field, value] of Object.entries(expected)) {
    const actual = record[field];
    if (value === null && (actual === null || actual === undefined)) continue;
    ensure(
      normalise(field, actual) === normalise(field, value),
      `${what}: expected ${field} ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`,
      res,
    );
  }
}
