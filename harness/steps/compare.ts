import { ensure } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^\d{2}:\d{2}$/;
const HH_MM_SS = /^\d{2}:\d{2}:\d{2}$/;

/**
 * Representations a correct server may legitimately return for the value sent (response record
 * contents are not shown by the spec): a date as a midnight date-time (with or without a zone),
 * `HH:MM` with seconds, and a batch `HH:MM:SS` start time (spec 4.10 accepts it) as the record's
 * `HH:MM` (spec 2.3) or with fractional seconds.
 */
export function sameValue(expected: unknown, actual: unknown): boolean {
  // Money and hours may come back as decimal strings ("12.50" for 12.5).
  if (typeof expected === 'number' && typeof actual === 'string' && /^-?\d+(\.\d+)?$/.test(actual)) {
    return Number(actual) === expected;
  }
  if (typeof expected === 'string' && typeof actual === 'string') {
    // Free text with its white space collapsed and trimmed (a server may normalise it).
    if (/\s/.test(expected) && expected.replace(/\s+/g, ' ').trim() === actual) return true;
    // The same text in another Unicode normal form (a server may normalise to NFC).
    if (expected.normalize('NFC') === actual.normalize('NFC')) return true;
    if (DATE.test(expected) && new RegExp(`^${expected}[T ]00:00(:00(\\.0+)?)?(Z|[+-]\\d{2}:?\\d{2})?$`).test(actual)) return true;
    if (HH_MM.test(expected) && new RegExp(`^${expected}:00(\\.0+)?$`).test(actual)) return true;
    // A batch start time with seconds kept as the record's HH:MM, served with or without :00.
    if (
      HH_MM_SS.test(expected) &&
      (actual === expected.slice(0, 5) || actual === `${expected.slice(0, 5)}:00` || new RegExp(`^${expected}\\.0+$`).test(actual))
    )
      return true;
  }
  return false;
}

function normalise(field: string, value: unknown): string {
  // A server may keep tags in another order, without repeats or in one case (the spec does not
  // say): compare them as a set of lower-case words.
  if (field === 'tags' && Array.isArray(value)) return JSON.stringify([...new Set(value.map((tag) => String(tag).toLowerCase()))].sort());
  // A server may store a phone number in E.164, without the spaces, dots, hyphens or brackets sent.
  if (field === 'phone' && typeof value === 'string') return JSON.stringify(value.replace(/[\s().-]/g, ''));
  return JSON.stringify(value);
}

/**
 * Lists of objects compared item by item on the keys sent (spec 2.2 financial modifiers): a server
 * may add keys to an item, keep its keys in another order, or normalise a numeric value string
 * ("12.5" as "12.50"). The item count and order, and every key sent, still count.
 */
const ITEM_LISTS = new Set(['billableModifiers']);

function sameItems(expected: unknown, actual: unknown): boolean {
  if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) return false;
  const decimal = /^-?\d+(\.\d+)?$/;
  return expected.every((sent, i) => {
    const item: unknown = actual[i];
    if (sent === null || typeof sent !== 'object' || item === null || typeof item !== 'object') return JSON.stringify(sent) === JSON.stringify(item);
    return Object.entries(sent).every(([key, value]) => {
      const got = (item as Record<string, unknown>)[key];
      if (JSON.stringify(got) === JSON.stringify(value) || sameValue(value, got)) return true;
      return typeof value === 'string' && typeof got === 'string' && decimal.test(value) && decimal.test(got) && Number(value) === Number(got);
    });
  });
}

/** The first field of `expected` whose value `record` does not hold, or undefined when all match. */
export function mismatch(record: Record<string, unknown>, expected: Record<string, unknown>): string | undefined {
  for (const [field, value] of Object.entries(expected)) {
    const actual = record[field];
    // A cleared field may read back empty: null, absent, or an empty string (a server may store "").
    if (value === null && (actual === null || actual === undefined || actual === '')) continue;
    if (ITEM_LISTS.has(field) && sameItems(value, actual)) continue;
    if (normalise(field, actual) !== normalise(field, value) && !sameValue(value, actual)) {
      return `expected ${field} ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`;
    }
  }
  return undefined;
}

/**
 * Every field of `expected` holds the same value in `record`; a null expected value also
 * accepts an absent field (spec 2: record contents beyond the input fields are not shown).
 */
export function expectFields(record: Record<string, unknown>, expected: Record<string, unknown>, what: string, res?: ApiResponse): void {
  const problem = mismatch(record, expected);
  ensure(problem === undefined, `${what}: ${problem}`, res);
}
