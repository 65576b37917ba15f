import { SECRET_PREFIX } from '../spec/webhooks.js';

/** Every string starting with `whsec_` in a response, with where it sits (spec 2.10: field name not shown). */
export function secretsIn(json: unknown, path = '', depth = 0): Array<{ path: string; value: string }> {
  if (typeof json === 'string') return json.startsWith(SECRET_PREFIX) ? [{ path: path || '(value)', value: json }] : [];
  if (depth > 8 || json === null || typeof json !== 'object') return [];
  const entries = Array.isArray(json)
    ? json.map((v) => [`${path}[]`, v] as const)
    : Object.entries(json).map(([k, v]) => [path ? `${path}.${k}` : k, v] as const);
  return entries.flatMap(([p, v]) => secretsIn(v, p, depth + 1));
}

/** The secret a create (or rotate) response carries: a `whsec_` string with more than the prefix. */
export function secretOf(json: unknown): { path: string; value: string } | undefined {
  return secretsIn(json).find((s) => s.value.length > SECRET_PREFIX.length);
}
