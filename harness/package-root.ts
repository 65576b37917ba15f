import { fileURLToPath } from 'node:url';

/*
 * Where the package's own files are (package.json, spec/, schemas/, fixtures/, .env.example).
 * From a clone this file runs as harness/package-root.ts, one folder below the root; from the
 * installed package it runs compiled as dist/harness/package-root.js, two folders below it.
 */
const COMPILED = import.meta.url.endsWith('.js');

/** The package root as a URL ending in `/`. */
export const PACKAGE_ROOT_URL = new URL(COMPILED ? '../../' : '../', import.meta.url);

/** The package root as a path ending in a separator. */
export const PACKAGE_ROOT = fileURLToPath(PACKAGE_ROOT_URL);

/**
 * The folder holding harness/, reference/ and suites/ as they run: the package root from a
 * clone (TypeScript sources), dist/ from the installed package (compiled JavaScript).
 */
export const CODE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Extension of the suite files as they run: `.ts` from a clone, `.js` compiled. */
export const CODE_EXTENSION = COMPILED ? '.js' : '.ts';

/** A file of the package, by its path from the package root (`spec/work-management-api-v1.md`). */
export function packageFile(relative: string): URL {
  return new URL(relative, PACKAGE_ROOT_URL);
}
