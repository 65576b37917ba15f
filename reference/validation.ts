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

/**
 * Ajv for request bodies: no type coercion (the string "5" is not an integer), nothing
 * removed, every error reported. Formats: email, uri (which requires a scheme), uuid.
 */
export function createBodyAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    allowUnionTypes: true,
    strict: true,
  });
  addFormats(ajv, ['email', 'uri']);
  ajv.addFormat('uuid', UUID_PATTERN);
  return ajv;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

export type BodyValidator<T> = (body: unknown) => ValidationResult<T>;

export function compileBody<T>(ajv: Ajv, schema: object): BodyValidator<T> {
  const validate: ValidateFunction = ajv.compile(schema);
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
