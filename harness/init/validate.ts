import { envSchema } from '../config/schema.js';
import { initVariable, type InitVariableName } from './variables.js';

/*
 * Issue 13: what init writes must pass the same validation a run applies (harness/config/schema.ts),
 * so each value is checked here with that variable's own schema, one readable line per problem.
 */

export interface NormalisedUrl {
  readonly url: string;
  /** Set when the URL given did not end with /api/v1 and init completed it: says so. */
  readonly note?: string;
}

/** The URL as a message may show it: credentials in it are masked. */
export function showUrl(raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.username !== '' || parsed.password !== '') {
      parsed.username = '****';
      parsed.password = '';
    }
    return parsed.toString();
  } catch {
    return raw;
  }
}

/**
 * Pure: an http(s) URL ending in /api/v1 (spec conventions: {base_url} ends with /api/v1). A URL
 * without it is completed (`https://host` -> `https://host/api/v1`, `https://host/api` ->
 * `https://host/api/v1`) and the note says so; another API version is refused.
 * Returns an error message instead when the URL cannot be used.
 */
export function normaliseTargetUrl(raw: string): NormalisedUrl | { readonly error: string } {
  const got = ` (got ${JSON.stringify(showUrl(raw))})`;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { error: `not a valid URL${got}` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: `must be an http or https URL${got}` };
  if (parsed.search !== '' || parsed.hash !== '') return { error: `must not carry a query or a fragment${got}` };
  const path = parsed.pathname.replace(/\/+$/, '');
  if (/\/api\/v1$/.test(path)) {
    parsed.pathname = path;
    return { url: parsed.toString() };
  }
  // Another version (or /API/V1): appending would only make a longer wrong URL.
  if (/\/api\/v[0-9]+$/i.test(path)) return { error: `must end with /api/v1: the suite tests version 1 of the API${got}` };
  parsed.pathname = /\/api$/.test(path) ? `${path}/v1` : `${path}/api/v1`;
  const completed = parsed.toString();
  return { url: completed, note: `${showUrl(raw)} does not end with /api/v1: using ${showUrl(completed)}` };
}

/**
 * Pure: undefined when `value` is valid for `name`, else the problem in one line (the variable
 * named, a key never shown). An empty value is always valid: it leaves the variable unset.
 */
export function validateValue(name: InitVariableName, value: string): string | undefined {
  if (value === '') return undefined;
  const shown = initVariable(name).secret ? '' : ` (got ${JSON.stringify(value)})`;
  // A line break would end the assignment in the .env file and start another.
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${name}: contains a control character (a line break?)${shown}`;
  const result = envSchema.shape[name].safeParse(value);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message ?? 'invalid';
  return `${message.startsWith(name) ? message : `${name}: ${message}`}${shown}`;
}
