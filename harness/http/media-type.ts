/*
 * Spec 1: "JSON request and response bodies", over standard HTTP, where a body's media type is
 * what its Content-Type names (RFC 9110 8.3). Which JSON type, and which parameters, the spec
 * does not say: `application/json`, `application/json; charset=utf-8`, `application/problem+json`
 * and any other `+json` type are all JSON.
 */

/** The media type of a Content-Type value, lower case and without parameters (`application/json`), or undefined when absent or empty. */
export function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' ? undefined : type;
}

/**
 * A Content-Type that names JSON: the subtype `json` (under any top-level type: `text/json` is
 * unregistered but unambiguous), a `+json` suffix, or the older `x-json`; parameters ignored.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  if (type === undefined) return false;
  const subtype = type.split('/')[1] ?? '';
  return subtype === 'json' || subtype === 'x-json' || subtype.endsWith('+json');
}

/** `"text/html"` or `(none)`: a Content-Type as a message shows it. */
export function shownContentType(contentType: string | undefined): string {
  return contentType === undefined || contentType.trim() === '' ? '(none)' : `"${contentType}"`;
}
