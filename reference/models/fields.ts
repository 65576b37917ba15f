/**
 * Record helpers shared by the domain models (contacts keeps its own older copy).
 * Records are built from known fields only, so unknown or "not accepted" input
 * properties (and a `__proto__` key) are never stored.
 */

/**
 * The currency of an expense or rate created without one. The spec gives no default; a
 * currency cannot be nulled on update, so the reference always stores a code: `EUR`.
 */
export const DEFAULT_CURRENCY = 'EUR';

function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (typeof value === 'object' && value !== null) return { ...(value as Record<string, unknown>) };
  return value;
}

/** The listed fields present in the input (undefined counts as absent); arrays and objects are copied. */
export function pickFields<F extends string>(input: unknown, fields: readonly F[]): Partial<Record<F, unknown>> {
  const out: Partial<Record<F, unknown>> = {};
  if (typeof input !== 'object' || input === null) return out;
  const source = input as Record<string, unknown>;
  for (const field of fields) {
    if (Object.hasOwn(source, field) && source[field] !== undefined) out[field] = copyValue(source[field]);
  }
  return out;
}

export interface PatchBehaviour {
  /** A *-patch-resets-omitted fault: the body replaces the record, omitted fields take their defaults. */
  resetOmitted?: boolean;
  /** A *-null-ignored fault: null leaves the old value. */
  ignoreNull?: boolean;
}

export interface Timestamped {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * spec 2 general rules: omitted fields stay unchanged; null clears a nullable field (the
 * schema has already refused null elsewhere). `defaults` are the create defaults, used by
 * the resetOmitted fault only.
 */
export function applyPatch<T extends Timestamped>(
  existing: T,
  patch: Partial<Record<keyof T & string, unknown>>,
  now: string,
  defaults: Partial<T>,
  behaviour: PatchBehaviour = {},
): T {
  const changes: Record<string, unknown> = { ...patch };
  if (behaviour.ignoreNull) {
    for (const [field, value] of Object.entries(changes)) if (value === null) delete changes[field];
  }
  const base = (behaviour.resetOmitted ? { ...existing, ...defaults } : { ...existing }) as T;
  for (const [field, value] of Object.entries(base)) (base as Record<string, unknown>)[field] = copyValue(value);
  return { ...base, ...(changes as Partial<T>), id: existing.id, createdAt: existing.createdAt, updatedAt: now };
}

/** spec 4 search filters: case-insensitive substring of any of the given values; "" matches everything. */
export function matchesSearch(search: string | undefined, ...values: (string | null)[]): boolean {
  if (search === undefined || search === '') return true;
  const needle = search.toLowerCase();
  return values.some((value) => value !== null && value.toLowerCase().includes(needle));
}

/** An id filter: ids compare case-insensitively (a UUID has one value, any case). */
export function sameId(filter: string | undefined, value: string | null): boolean {
  return filter === undefined || (value !== null && value.toLowerCase() === filter.toLowerCase());
}

/**
 * The input with these fields left out, as if they were not sent (the fields a policy drops or
 * ignores); the input itself when there are none.
 */
export function withoutFields<T extends object>(input: T, fields: readonly (keyof T)[]): T {
  if (fields.length === 0) return input;
  const out: Partial<T> = { ...input };
  for (const field of fields) delete out[field];
  return out as T;
}
