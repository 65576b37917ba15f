/*
 * The one rule for a target's base URL, for `conformance run`, `load`, `doctor` and `init` alike:
 * an http(s) URL whose path ends with /api/v1 (spec conventions: {base_url} ends with /api/v1).
 * A URL without it is refused everywhere, with the completed URL as the fix: a run that quietly
 * tested another URL than the one given would report on something the user did not name, and init
 * writing one quietly would hide the same mistake in the file. The doctor alone goes on with the
 * completed URL, to say whether it is the right one (harness/doctor/config.ts).
 */

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

export type TargetUrlCheck =
  | { readonly url: string }
  /** `candidate`: the URL with /api/v1 completed, when that is all it lacks. */
  | { readonly error: string; readonly candidate?: string };

/**
 * Pure: the URL to use (a trailing slash dropped), or why it cannot be used. A path without
 * /api/v1 gets the completed URL as its fix (`https://host` -> `https://host/api/v1`,
 * `https://host/api` -> `https://host/api/v1`); another API version gets none, since appending
 * would only make a longer wrong URL.
 */
export function checkTargetUrl(raw: string): TargetUrlCheck {
  const given = raw.trim();
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    return { error: 'not a valid URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: 'must be an http or https URL' };
  if (parsed.search !== '' || parsed.hash !== '') return { error: 'must not carry a query or a fragment' };
  const path = parsed.pathname.replace(/\/+$/, '');
  if (/\/api\/v1$/.test(path)) return { url: given.replace(/\/+$/, '') };
  if (/\/api\/v[0-9]+$/i.test(path)) return { error: 'must end with /api/v1: the suite tests version 1 of the API' };
  parsed.pathname = /\/api$/.test(path) ? `${path}/v1` : `${path}/api/v1`;
  const candidate = parsed.toString();
  return { error: `must end with /api/v1; if the API is at ${showUrl(candidate)}, give that URL`, candidate };
}
