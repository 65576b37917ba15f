import { sep } from 'node:path';

/*
 * The harness's own modules, when they run compiled, are plain ES modules Node loads as they are.
 * From the installed package they are under node_modules/, which vitest already leaves to Node;
 * from a compiled clone (the self-tests' `.selftest-cli-*` folder, test/testing/compiled-cli.ts)
 * vitest's module runner transformed every one the suites import again in every run, for each
 * of its workers. Handed to vitest as `server.deps.external`, they load natively there too, as the
 * installed package's do; the suite files stay vitest's (it collects their checks). From a
 * clone's TypeScript nothing is left to Node: those modules need the transform.
 *
 * Modules vitest leaves to Node import `vitest` natively, as vitest's own libraries do, so the
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
