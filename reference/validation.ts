import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Issue } from './errors.js';

// ajv-formats is CommonJS: under NodeNext its function sits on `.default`.
const addFormats = addFormatsModule.default;

/**
 * A UUID in its canonical textual form, any case, any version (nil included).
 * ajv-formats' own uuid also accepts a `urn:uuid:` prefix, which is not an identifier.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The `<date>` shape of the spec's conventions: YYYY-MM-DD, digits only. */
export const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DATE_SHAPE as a JSON Schema `pattern` (what the *-date-unchecked faults fall back to). */
export const DATE_SHAPE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * spec 2.3, 4.3: a `<date>` that must be a real calendar date (proleptic Gregorian):
 * 2024-02-29 exists, 2023-02-29, 2024-04-31, 2024-13-01 and 2024-1-5 do not.
 */
export function isRealDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The UTC calendar date of an instant, as `<date>`. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** spec 2.3: startTime `HH:MM`, 24-hour, hours 00-23, minutes 00-59. */
export const HH_MM_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** spec 4.10: batch startTime `HH:MM` or `HH:MM:SS` (seconds 00-59, no leap second). */
export const HH_MM_SS_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';

/** A UUID a lax parser would take too: 32 hex digits without hyphens, or the canonical form in braces (the uuid-lax fault). */
const LAX_UUID_PATTERN = /^(?:[0-9a-f]{32}|\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?)$/i;

/** How every body may be read more loosely than the spec says (the body policy, body.faults.ts). */
export interface BodyAjvLoosening {
  /** Ajv's coerceTypes ("5" is a number, "true" a boolean, null an empty string). */
  readonly coerceTypes?: boolean;
  /** UUIDs without hyphens or in braces pass. */
  readonly laxUuid?: boolean;
}

/**
 * Ajv for request bodies: no type coercion (the string "5" is not an integer), nothing
 * removed, every error reported. Formats: email, uri (which requires a scheme), uuid,
 * date (a real calendar date, see isRealDate).
 */
export function createBodyAjv(loosened: BodyAjvLoosening = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: loosened.coerceTypes === true,
    removeAdditional: false,
    useDefaults: false,
    allowUnionTypes: true,
    strict: true,
  });
  addFormats(ajv, ['email', 'uri']);
  ajv.addFormat('uuid', loosened.laxUuid === true ? LAX_UUID_PATTERN : UUID_PATTERN);
  ajv.addFormat('date', { type: 'string', validate: isRealDate });
  return ajv;
}

const shared = new Map<string, Ajv>();

/**
 * One body Ajv for every app of the process, made on first use. Ajv holds compiled
 * schemas only (no request state), and compileBody caches by schema text, so apps built
 * one after another (the tests build hundreds) compile each schema once.
 */
export function sharedBodyAjv(loosened: BodyAjvLoosening = {}): Ajv {
  const key = `${loosened.coerceTypes === true}/${loosened.laxUuid === true}`;
  let ajv = shared.get(key);
  if (ajv === undefined) {
    ajv = createBodyAjv(loosened);
    shared.set(key, ajv);
  }
  return ajv;
}

const compiled = new WeakMap<Ajv, Map<string, ValidateFunction>>();

function compileCached(ajv: Ajv, schema: object): ValidateFunction {
  let cache = compiled.get(ajv);
  if (cache === undefined) {
    cache = new Map();
    compiled.set(ajv, cache);
  }
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    cache.set(key, validate);
  }
  return validate;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export type BodyValidator<T> = (body: unknown) => ValidationResult<T>;

export function compileBody<T>(ajv: Ajv, schema: object): BodyValidator<T> {
  const validate = compileCached(ajv, schema);
  return (body) => {
    if (validate(body)) return { ok: true, value: body as T };
    return { ok: false, issues: issuesFromAjv(validate.errors ?? []) };
  };
}

/** "/tags/0" -> "tags.0" (JSON pointer unescaped). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(base: string, property: string): string {
  return base === '' ? property : `${base}.${property}`;
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'enum':
      return `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`;
    case 'type': {
      const type = (error.params as { type: string | string[] }).type;
      return `must be ${Array.isArray(type) ? type.join(' or ') : type}`;
    }
    default:
      return error.message ?? 'is invalid';
  }
}

export function issuesFromAjv(errors: readonly ErrorObject[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const base = pointerToPath(error.instancePath);
    const issue: Issue =
      error.keyword === 'required'
        ? { path: join(base, (error.params as { missingProperty: string }).missingProperty), message: 'is required' }
        : error.keyword === 'additionalProperties'
          ? { path: join(base, (error.params as { additionalProperty: string }).additionalProperty), message: 'is not allowed' }
          : { path: base, message: messageOf(error) };
    const id = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(id)) {
      seen.add(id);
      issues.push(issue);
    }
  }
  return issues;
}
