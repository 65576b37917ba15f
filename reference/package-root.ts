/*
 * Where the package's own files are (fixtures/seed.json). From a clone this file runs as
 * reference/package-root.ts, one folder below the root; from the installed package it runs
 * compiled as dist/reference/package-root.js, two folders below. The reference server keeps its
 * own copy of this rule: it never imports harness/.
 */
const COMPILED = import.meta.url.endsWith('.js');

/** A file of the package, by its path from the package root (`fixtures/seed.json`). */
export function packageFile(relative: string): URL {
  return new URL(relative, new URL(COMPILED ? '../../' : '../', import.meta.url));
}
