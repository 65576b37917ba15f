/**
 * A patch over a policy: any part of it, at any depth. Faults and variants are patches; the
 * server's policy is the defaults with every switched-on patch merged in (`mergePatch`).
 */
export type PolicyPatch<T> = {
  readonly [K in keyof T]?: T[K] extends (...args: never[]) => unknown
    ? T[K]
    : T[K] extends readonly unknown[]
      ? T[K]
      : T[K] extends object
        ? PolicyPatch<T[K]>
        : T[K];
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * `base` with `patch` merged in: plain objects merge key by key, lists are joined (two faults
 * that each ignore a filter ignore both), anything else (a number, a flag, a function) is replaced.
 */
export function mergePatch<T>(base: T, patch: PolicyPatch<T> | undefined): T {
  if (patch === undefined) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === undefined) continue;
    const current = out[key];
    if (Array.isArray(current) && Array.isArray(value)) out[key] = [...current, ...value.filter((v) => !current.includes(v))];
    else if (isPlainObject(current) && isPlainObject(value)) out[key] = mergePatch(current, value);
    else out[key] = value;
  }
  return out as T;
}
