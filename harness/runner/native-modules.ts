import { sep } from 'node:path';

/*
 * The harness's own modules, when they run compiled (the installed package's dist/, or a clone
 * compiled as the self-tests compile it), are plain ES modules Node loads as they are: vitest's
 * module runner need not transform them again in every run (it did, for each of a run's
 * workers, about 200 modules). Handed to vitest as `server.deps.external`, they load natively;
 * the suite files themselves stay vitest's (it collects their checks). From a clone's TypeScript
 * nothing is left to Node: those modules need the transform.
 *
 * Modules vitest leaves to Node import `vitest` natively too, as vitest's own libraries do, so the
 * checks they declare and the context they read are the run's. Their stack frames name the same
 * files and lines as before (the compiled files carry no source map, and vitest's transform of
 * them kept the lines), so where a check is declared (harness/check/declared-at.ts) is unchanged.
 */

/** Characters a regular expression would read as syntax. */
const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * The `server.deps.external` patterns of a run whose code is at `codeRoot` (ending in a
 * separator) with suite files ending in `extension`: the compiled harness/, or none.
 */
export function nativeModules(codeRoot: string, extension: string): RegExp[] {
  if (extension !== '.js') return [];
  // vitest matches the module's id: its absolute path, with forward slashes.
  const root = codeRoot.split(sep).join('/');
  return [new RegExp(`^${root.replace(SPECIAL, '\\$&')}harness/.+\\.js$`)];
}
