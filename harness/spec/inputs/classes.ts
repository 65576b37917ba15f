import type { RequirementId } from '../requirements.js';
import { surfaceName, type FieldSpec, type Format, type InputSurface, type Kind } from './table.js';

/*
 * The invalid classes of one field, derived from its row of the input table alone: each wrong
 * JSON type, null where the field is not nullable, each bound broken by the smallest step, and
 * near-miss values for formatted strings (a neighbouring format that a lax parser would take).
 * Query parameters are strings on the wire: only their bounds and formats apply.
 */

/** The requirement a class breaks. */
export type ClassRule = 'INPUT-TYPE' | 'INPUT-NULL' | 'INPUT-BOUNDS' | 'INPUT-FORMAT' | 'INPUT-FORMAT-STRICT';

export interface InvalidClass {
  /** Stable, short: `type:string`, `null`, `below-min`, `format:impossible-date`. */
  readonly name: string;
  readonly rule: ClassRule & RequirementId;
  /** The value sent in place of a valid one (a query parameter: its string). */
  readonly value: unknown;
  /** A check elsewhere already sends this class: the requirement it names (not sent twice). */
  readonly coveredBy?: RequirementId;
}

/** One value of each JSON type, the ones a lax parser would most likely coerce. */
const WRONG_TYPE_VALUES: Readonly<Record<Exclude<Kind, 'integer'>, unknown>> = {
  string: '1',
  number: 1,
  boolean: true,
  array: ['1'],
  object: { value: '1' },
};

/** The JSON type a wrong-type value is sent as, for a field of this kind. */
const jsonTypeOf = (kind: Kind): Exclude<Kind, 'integer'> => (kind === 'integer' ? 'number' : kind);

/**
 * A number one cent past a bound (24.01 above 24, -0.01 below 0, 0.24 below 0.25). Not the next
 * double: RFC 8259 section 6 lets a server limit the precision of numbers (a decimal column of
 * cents, a float32), and 24.000000000000004 reads as 24 there. Two decimals survive every
 * such reading, and no bound of the spec has more.
 */
export function pastBound(value: number, direction: 1 | -1): number {
  return Math.round((value + direction * 0.01) * 100) / 100;
}

const UUID = '3f2b8c1e-9d4a-4e6b-8a7c-1b2c3d4e5f60';

/** Near-miss values per format; MUST where the value is outside the named format, SHOULD where a lax parser would only normalise it. */
const FORMAT_MISSES: Readonly<Record<Format, ReadonlyArray<{ name: string; value: string; strict?: boolean }>>> = {
  uuid: [
    { name: 'uuid-one-short', value: UUID.slice(0, -1) },
    { name: 'uuid-non-hex', value: `${UUID.slice(0, -1)}g` },
    { name: 'uuid-no-hyphens', value: UUID.replaceAll('-', ''), strict: true },
    { name: 'uuid-braces', value: `{${UUID}}`, strict: true },
  ],
  date: [
    { name: 'impossible-day', value: '2026-02-30' },
    { name: 'impossible-month', value: '2026-13-01' },
    { name: 'unpadded', value: '2026-1-5' },
    { name: 'date-time', value: '2026-01-05T00:00:00Z' },
    { name: 'slashes', value: '2026/01/05' },
  ],
  email: [
    { name: 'no-at', value: 'conformance.example.com' },
    { name: 'no-domain', value: 'conformance@' },
  ],
  url: [
    // A lax validator (validator.js isURL, class-validator IsUrl) takes a URL without its scheme.
    { name: 'no-scheme', value: 'example.com/conformance', strict: true },
    { name: 'not-a-url', value: 'not a url' },
  ],
  'hh:mm': [
    { name: 'hour-24', value: '24:00' },
    { name: 'minute-60', value: '12:60' },
    { name: 'unpadded', value: '7:05' },
    { name: 'with-seconds', value: '12:05:00' },
  ],
  'hh:mm[:ss]': [
    { name: 'hour-24', value: '24:00' },
    { name: 'minute-60', value: '12:60' },
    // RFC 3339 and ISO 8601 allow second 60 (a leap second).
    { name: 'second-60', value: '12:05:60', strict: true },
    { name: 'unpadded', value: '7:05' },
  ],
  'hex-color': [
    { name: 'five-digits', value: '#12345' },
    { name: 'non-hex', value: '#12345g' },
    { name: 'no-hash', value: '123456' },
    { name: 'short-form', value: '#abc' },
  ],
};

/** A string of `length` characters in the field's format where one is named (a URL stays a URL). */
function stringOfLength(field: FieldSpec, length: number): string {
  if (field.format === 'url') {
    const head = 'https://example.com/';
    return head + 'a'.repeat(Math.max(0, length - head.length));
  }
  return 'a'.repeat(length);
}

/** Classes of one field of a body (or of an object inside one). */
function bodyClasses(field: FieldSpec): InvalidClass[] {
  const classes: InvalidClass[] = [];
  const own = jsonTypeOf(field.kind);
  for (const [type, value] of Object.entries(WRONG_TYPE_VALUES)) {
    if (type !== own) classes.push({ name: `type:${type}`, rule: 'INPUT-TYPE', value });
  }
  if (field.kind === 'integer') classes.push({ name: 'type:fraction', rule: 'INPUT-TYPE', value: (field.min ?? 0) + 1.5 });
  if (field.nullable !== true) classes.push({ name: 'null', rule: 'INPUT-NULL', value: null });
  classes.push(...boundClasses(field, false), ...formatClasses(field));
  if (field.kind === 'array' && field.items !== undefined) {
    // One item of the wrong type, or one item breaking its own format or enum.
    const item = field.items;
    const wrong = jsonTypeOf(item.kind) === 'string' ? 1 : '1';
    classes.push({ name: `item-type:${typeof wrong === 'number' ? 'number' : 'string'}`, rule: 'INPUT-TYPE', value: [wrong] });
    for (const c of formatClasses(item)) classes.push({ ...c, name: `item-${c.name}`, value: [c.value] });
  }
  if (field.kind === 'object' && field.strict === true) classes.push({ name: 'extra-property', rule: 'INPUT-FORMAT', value: { conformanceExtra: true } });
  return classes;
}

/** Bounds broken by the smallest step: a length, a range, an item count. */
function boundClasses(field: FieldSpec, query: boolean): InvalidClass[] {
  const classes: InvalidClass[] = [];
  const show = (v: unknown): unknown => (query ? String(v) : v);
  if (field.kind === 'number' || field.kind === 'integer') {
    const step = (v: number, d: 1 | -1): number => (field.kind === 'integer' ? v + d : pastBound(v, d));
    if (field.min !== undefined)
      classes.push({
        name: field.exclusiveMin ? 'at-exclusive-min' : 'below-min',
        rule: 'INPUT-BOUNDS',
        value: show(field.exclusiveMin ? field.min : step(field.min, -1)),
      });
    if (field.max !== undefined)
      classes.push({
        name: field.exclusiveMax ? 'at-exclusive-max' : 'above-max',
        rule: 'INPUT-BOUNDS',
        value: show(field.exclusiveMax ? field.max : step(field.max, 1)),
      });
  }
  if (field.kind === 'string') {
    // An empty query value (`?contactTypeKey=`) is read by many servers as the parameter left out: SHOULD.
    const empty = query && field.minLength === 1;
    if (field.minLength !== undefined && field.minLength > 0)
      classes.push({ name: 'too-short', rule: empty ? 'INPUT-FORMAT-STRICT' : 'INPUT-BOUNDS', value: stringOfLength(field, field.minLength - 1) });
    if (field.maxLength !== undefined) classes.push({ name: 'too-long', rule: 'INPUT-BOUNDS', value: stringOfLength(field, field.maxLength + 1) });
  }
  if (field.kind === 'array') {
    if (field.minItems !== undefined && field.minItems > 0) classes.push({ name: 'too-few-items', rule: 'INPUT-BOUNDS', value: [] });
    if (field.maxItems !== undefined) {
      // 101 items of a batch are BATCH-SIZE's: it builds them valid, so only the count is wrong.
      classes.push({ name: 'too-many-items', rule: 'INPUT-BOUNDS', value: null, coveredBy: 'BATCH-SIZE' });
    }
  }
  return classes;
}

/** Near-miss values of a format, an enum value that is not one, and the same value in another case. */
function formatClasses(field: FieldSpec): InvalidClass[] {
  const classes: InvalidClass[] = [];
  if (field.format !== undefined) {
    for (const miss of FORMAT_MISSES[field.format]) {
      classes.push({ name: `format:${miss.name}`, rule: miss.strict === true ? 'INPUT-FORMAT-STRICT' : 'INPUT-FORMAT', value: miss.value });
    }
  }
  if (field.enum !== undefined && field.enum.length > 0) {
    const first = field.enum[0]!;
    classes.push({ name: 'enum:unknown', rule: 'INPUT-FORMAT', value: `${first}_conformance` });
    classes.push({ name: 'enum:other-case', rule: 'INPUT-FORMAT-STRICT', value: first.toUpperCase() });
  }
  return classes;
}

/** The paging parameters are the paging checks' (PAGE-LIMIT-RANGE, PAGE-OFFSET-RANGE): every list route, values 0, 101, -1, 1.5, abc. */
const PAGING_COVERED: Readonly<Record<string, RequirementId>> = { limit: 'PAGE-LIMIT-RANGE', offset: 'PAGE-OFFSET-RANGE' };

/** Classes of one query parameter: on the wire every value is a string, so no wrong types or null. */
function queryClasses(field: FieldSpec): InvalidClass[] {
  const covered = PAGING_COVERED[field.name];
  const classes = [...boundClasses(field, true), ...formatClasses(field)];
  if (field.kind === 'integer') classes.push({ name: 'not-an-integer', rule: 'INPUT-FORMAT', value: '1.5' });
  return covered === undefined ? classes : classes.map((c) => ({ ...c, coveredBy: covered }));
}

/** Every invalid class of one field of a surface. */
export function classesOf(surface: InputSurface, field: FieldSpec): InvalidClass[] {
  return surface.container === 'query' ? queryClasses(field) : bodyClasses(field);
}

/** One (surface, field, class) to send. */
export interface InputCase {
  readonly surface: InputSurface;
  readonly field: FieldSpec;
  readonly invalid: InvalidClass;
}

/** Every (field, class) pair of a set of surfaces, in table order. */
export function inputCases(surfaces: readonly InputSurface[]): InputCase[] {
  return surfaces.flatMap((surface) => surface.fields.flatMap((field) => classesOf(surface, field).map((invalid) => ({ surface, field, invalid }))));
}

/** `POST /contacts email format:no-at`: one pair as the report and the self-test name it. */
export function caseKey(c: InputCase): string {
  return `${surfaceName(c.surface)} ${c.field.name} ${c.invalid.name}`;
}
