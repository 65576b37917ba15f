/**
 * Where a value sits inside a response whose shape the spec does not show: a rate's amount lives
 * in its current version (spec 2.5, 4.5), which a server may nest as `currentVersion.amount`,
 * `versions[0].amount` or flatten as `amount`. Paths use `.` for keys and `[i]` for indices.
 */
export function findValuePaths(json: unknown, matches: (value: unknown) => boolean, maxDepth = 8): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (matches(value)) found.push(path);
    if (depth >= maxDepth || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        walk(item, `${path}[${index}]`, depth + 1);
      });
      return;
    }
    for (const [key, item] of Object.entries(value)) walk(item, path === '' ? key : `${path}.${key}`, depth + 1);
  };
  walk(json, '', 0);
  return found;
}

/** `versions[3].amount` -> `versions[].amount`: the shape of a path, stable across records (for observations). */
export function pathShape(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

/**
 * The same amount as a number or as a decimal string (`12.5`, `"12.50"`): a server may keep money
 * in a decimal column and print it as a string; the spec does not show response field types.
 */
export function sameAmount(expected: number): (value: unknown) => boolean {
  return (value) => {
    if (typeof value === 'number') return value === expected;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value) === expected;
    return false;
  };
}

/** Every path where the amount sits, as in `findValuePaths`. */
export function findAmount(json: unknown, amount: number): string[] {
  return findValuePaths(json, sameAmount(amount));
}

/** Every value held under a key named `key`, at any depth (the place of a field is not shown). */
export function findFieldValues(json: unknown, key: string, maxDepth = 8): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth >= maxDepth || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [name, item] of Object.entries(value)) {
      if (name === key) found.push(item);
      walk(item, depth + 1);
    }
  };
  walk(json, 0);
  return found;
}
