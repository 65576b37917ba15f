import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_ROOT, PACKAGE_ROOT } from '../package-root.js';
import type { SourceLocation } from '../report/model.js';

/*
 * Where a check is declared, so a reader of the report finds the code of any check: the line of
 * the suite file (`suites/contacts.test.ts:42`) and, when a shared helper of harness/ declared it
 * (an invalid-body or a lifecycle check, say), the helper's line too: the id is often written
 * only there, or only in a generator the helper reads. Read once per declared check from the
 * stack of the declaring call, which vitest maps back to the TypeScript sources; from the
 * installed package the compiled files are named (`dist/suites/contacts.test.js:40`).
 */

/** Frames enough to reach the suite file through a few helpers and vitest's collection. */
const STACK_DEPTH = 60;

/** `at fn (file:///…/x.ts:12:5)`, `at /…/x.ts:12:5`, `at async fn (…)`: the file and the line. */
const FRAME = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/;

interface Frame {
  /** From CODE_ROOT (`suites/contacts.test.ts`, `harness/crosscutting/validation.ts`): what it is. */
  readonly code: string;
  /** From the package root, forward slashes: what the report shows. */
  readonly file: string;
  readonly line: number;
}

/** Where the code runs from (`CODE_ROOT`) and the package root, each ending in a separator. */
export interface Roots {
  readonly code: string;
  readonly package: string;
}

const RUNNING: Roots = { code: CODE_ROOT, package: PACKAGE_ROOT };

function frameOf(text: string, skip: readonly string[], roots: Roots): Frame | undefined {
  const match = FRAME.exec(text);
  if (match === null) return undefined;
  let path = match[1]!;
  if (path.startsWith('file://')) {
    try {
      path = fileURLToPath(path);
    } catch {
      return undefined;
    }
  }
  // The installed package runs from inside a node_modules/ folder: only the libraries below
  // the code's own root are left out.
  if (skip.includes(path) || !path.startsWith(roots.code) || !path.startsWith(roots.package)) return undefined;
  const slashes = (p: string): string => p.split(sep).join('/');
  const code = slashes(path.slice(roots.code.length));
  if (code.startsWith('node_modules/')) return undefined;
  return { code, file: slashes(path.slice(roots.package.length)), line: Number(match[2]) };
}

/**
 * The declaring call's place, from a stack read at declaration: the first frame of the package
 * outside the files of `skip` (the declaring function's own), then, when that frame is no suite
 * file, the first frame of suites/ below it. Outermost first: suite, then helper. Empty when the
 * stack names no file of the package (a caller outside it).
 */
export function declaredAtOf(stack: string, skip: readonly string[], roots: Roots = RUNNING): SourceLocation[] {
  const frames = stack
    .split('\n')
    .slice(1)
    .flatMap((line) => frameOf(line, skip, roots) ?? []);
  const caller = frames[0];
  if (caller === undefined) return [];
  const at = ({ file, line }: Frame): SourceLocation => ({ file, line });
  if (caller.code.startsWith('suites/')) return [at(caller)];
  const suite = frames.find((f) => f.code.startsWith('suites/'));
  return suite === undefined ? [at(caller)] : [at(suite), at(caller)];
}

/** This file: its frames are never the declaring code's. */
const THIS_FILE = fileURLToPath(import.meta.url);

/** The place of the call to the function of the file `declaring` (a path) that is running now. */
export function declaredAt(declaring: string): SourceLocation[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = STACK_DEPTH;
  try {
    return declaredAtOf(new Error().stack ?? '', [THIS_FILE, declaring]);
  } finally {
    Error.stackTraceLimit = limit;
  }
}
