import { ConfigError } from '../errors.js';
import { SETTINGS } from './settings.js';

/*
 * A CONFORMANCE_* variable this version does not know is a mistake, never something to ignore:
 * a misspelt CONFORMANCE_TARGET_URL would otherwise turn a run against the user's server into a run
 * against the embedded reference server, with a green verdict that says nothing about theirs.
 */

/** Every CONFORMANCE_* name the harness reads: the settings table, nothing else. */
export const KNOWN_NAMES: readonly string[] = SETTINGS.map((s) => s.name);

const PREFIX = 'CONFORMANCE_';

/**
 * Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`: a swap counts
 * one, so ULR is one edit from URL, as a typist sees it.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_r, i) => Array.from({ length: b.length + 1 }, (_c, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name nearest to `name`, when it is near enough to be what was meant: at most a third
 * of the part after CONFORMANCE_ differs (at least one edit is allowed). Ties go to the
 * table's order, which is stable.
 */
export function closestName(name: string, known: readonly string[] = KNOWN_NAMES): string | undefined {
  const upper = name.toUpperCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(upper, candidate);
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  const tail = Math.max(upper.length, PREFIX.length) - PREFIX.length;
  return best !== undefined && best.distance <= Math.max(1, Math.floor(tail / 3)) ? best.name : undefined;
}

/**
 * Refuses the first CONFORMANCE_* name of `variables` that is not a setting, naming the closest
 * known one; `where` says where it was set ("the environment", ".env").
 */
export function refuseUnknownNames(variables: Readonly<Record<string, string | undefined>>, where: string): void {
  const unknown = Object.keys(variables)
    .filter((name) => name.toUpperCase().startsWith(PREFIX) && !KNOWN_NAMES.includes(name))
    .sort();
  const first = unknown[0];
  if (first === undefined) return;
  const closest = closestName(first);
  const guess = closest === undefined ? '' : `: did you mean ${closest}?`;
  const more = unknown.length > 1 ? ` (and ${unknown.length - 1} more unknown: ${unknown.slice(1).join(', ')})` : '';
  throw new ConfigError(`${first} (set in ${where}) is not a known variable${guess}${more} (conformance --help lists them)`);
}
