import { z } from 'zod';
import { checkTargetUrl } from './target-url.js';

/**
 * The kinds of value a setting holds: what the docs call it, and the zod piece that validates it.
 * Every piece reads an empty or blank value as unset, and starts each message with the variable's
 * name, so a ConfigError says which variable is wrong.
 */
export interface Kind<S extends z.ZodType = z.ZodType> {
  /** What a value is, as .env.example, the docs and --help show it. */
  readonly type: string;
  readonly schema: (name: string) => S;
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Bounds of a whole number, said in every message about it. */
export interface Range {
  readonly min?: number;
  readonly max?: number;
}

/** "a whole number from 1 to 8", "a whole number of 1 or more". */
export function rangeText({ min = 1, max }: Range): string {
  return max === undefined ? `a whole number of ${min} or more` : `a whole number from ${min} to ${max}`;
}

const positiveInt = (range: Range) => (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, `${name}: expected ${rangeText(range)}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(range.min ?? 1, `${name}: expected ${rangeText(range)}`)
          .max(range.max ?? Number.MAX_SAFE_INTEGER, `${name}: expected ${rangeText(range)}`),
      )
      .optional(),
  );

/** A whole number of 0 or more (0 switches the behaviour off). */
const wholeNumber = (name: string, max: number) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, `${name}: expected a whole number from 0 to ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(0).max(max, `${name}: expected a whole number from 0 to ${max}`))
      .optional(),
  );

const uuid = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${name}: expected a UUID`)
      .optional(),
  );

const apiKey = (name: string) => optionalString.pipe(z.string().regex(/^\S+$/, `${name}: an API key cannot contain spaces`).optional());

const apiKeys = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[^\s,]+(\s*,\s*[^\s,]+)*$/, `${name}: expected comma-separated API keys without spaces`)
      .optional(),
  );

/** Base URL of the API under test: the one rule of target-url.ts (http(s), ending in /api/v1; a trailing slash is dropped). */
const apiUrl = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        const checked = checkTargetUrl(v);
        if ('url' in checked) return checked.url;
        ctx.addIssue({ code: 'custom', message: `${name}: ${checked.error}` });
        return z.NEVER;
      })
      .optional(),
  );

const anyUrl = (name: string) => optionalString.pipe(z.url({ message: `${name}: not a valid URL` }).optional());

const port = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[0-9]+$/, `${name}: expected a port number from 0 to 65535`)
      .transform(Number)
      .pipe(z.number().int().min(0).max(65535, `${name}: expected a port number from 0 to 65535`))
      .optional(),
  );

const int32 = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^-?[0-9]+$/, `${name}: expected a whole number from -2147483648 to 2147483647`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(-2147483648, `${name}: expected a whole number from -2147483648 to 2147483647`)
          .max(2147483647, `${name}: expected a whole number from -2147483648 to 2147483647`),
      )
      .optional(),
  );

const flag = (name: string) =>
  optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: `${name}: expected true or false` })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .optional(),
  );

const text = () => optionalString;

/** A content digest as podman and docker print it: `sha256:` and 64 lower-case hex digits. */
const imageDigest = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/, `${name}: expected sha256: and 64 lower-case hex digits, as podman image inspect --format '{{.Digest}}' prints it`)
      .optional(),
  );

/** A whole number greater than 0 (or within `range`); `type` says of what (seconds, requests...). */
export const positive = (type: string, range: Range = {}) => ({ type, schema: positiveInt(range) }) satisfies Kind;
/** A whole number from 0 to `max`; 0 switches the behaviour off. */
export const upTo = (max: number, type: string) => ({ type: `${type}, 0 to ${max}`, schema: (name: string) => wholeNumber(name, max) }) satisfies Kind;
/** Free text (a host, a path, a comma-separated list checked later by the schema). */
export const textOf = (type: string) => ({ type, schema: text }) satisfies Kind;

export const KINDS = {
  apiUrl: { type: 'URL ending in /api/v1', schema: apiUrl },
  url: { type: 'URL', schema: anyUrl },
  apiKey: { type: 'API key', schema: apiKey },
  apiKeys: { type: 'API keys, comma-separated', schema: apiKeys },
  uuid: { type: 'UUID', schema: uuid },
  port: { type: 'port, 0 to 65535', schema: port },
  int32: { type: '32-bit integer', schema: int32 },
  flag: { type: 'true or false (also 1/0, yes/no)', schema: flag },
  imageDigest: { type: 'image digest, sha256:…', schema: imageDigest },
} as const satisfies Record<string, Kind>;
