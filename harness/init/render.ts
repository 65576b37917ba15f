import { InternalError } from '../errors.js';
/*
 * Issue 13, `conformance init`: the .env it writes is .env.example with values filled in, every
 * comment and line of the example kept in place, so the file documents itself like the template.
 * Pure rendering; harness/cli/init.ts decides the path and writes it.
 */

export interface EnvEntry {
  /** Undefined or empty: the assignment stays empty (the variable unset). */
  readonly value?: string | undefined;
  /** Comment lines written just above the assignment (without `# `), e.g. where a value came from. */
  readonly notes?: readonly string[];
}

/** The first line of a file init wrote. */
export const INIT_HEADER = [
  '# Written by `conformance init` from .env.example; check it with `conformance doctor`.',
  '# It holds API keys: keep it private (mode 0600) and out of version control.',
];

/** Characters a value may hold unquoted: dotenv would read `#` as a comment, spaces get trimmed. */
const PLAIN = /^[A-Za-z0-9_.,:/@%+=?&~[\]-]*$/;

/**
 * A value as dotenv (`parse`) reads it back unchanged: plain when it can be, else in single
 * quotes (taken literally), else double or back quotes. Throws on a value no quoting can carry
 * (a line break, or all three quote characters); callers validate before (harness/init/validate.ts).
 */
export function quoteEnvValue(value: string): string {
  if (/[\r\n]/.test(value)) throw new InternalError('a value for .env cannot contain a line break');
  if (PLAIN.test(value)) return value;
  for (const quote of ["'", '"', '`']) {
    // Double quotes expand `\n`: a backslash would not survive them.
    if (!value.includes(quote) && !(quote === '"' && value.includes('\\'))) return `${quote}${value}${quote}`;
  }
  throw new InternalError('a value for .env cannot contain single, double and back quotes at once');
}

/** One comment line: a note can never start a line of its own in the file. */
function commentLine(note: string): string {
  return `# ${note.replace(/[\r\n]+/g, ' ').trim()}`;
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/**
 * Pure: the example with `entries` filled in. Every line of the example is kept in order; the
 * assignment of a variable in `entries` gets its value and, above it, its notes. A variable the
 * example does not list is appended at the end, so nothing given is lost.
 */
export function renderEnvFile(example: string, entries: ReadonlyMap<string, EnvEntry>): string {
  const lines = example.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const out: string[] = [...INIT_HEADER];
  const seen = new Set<string>();
  for (const line of lines) {
    const name = ASSIGNMENT.exec(line)?.[1];
    const entry = name === undefined || seen.has(name) ? undefined : entries.get(name);
    if (name === undefined || entry === undefined) {
      out.push(line);
      continue;
    }
    seen.add(name);
    out.push(...(entry.notes ?? []).map(commentLine));
    out.push(`${name}=${entry.value === undefined || entry.value === '' ? '' : quoteEnvValue(entry.value)}`);
  }
  const rest = [...entries].filter(([name, entry]) => !seen.has(name) && ((entry.value ?? '') !== '' || (entry.notes ?? []).length > 0));
  if (rest.length > 0) {
    out.push('', '# Not in .env.example; written by conformance init.');
    for (const [name, entry] of rest.sort(([a], [b]) => a.localeCompare(b))) {
      out.push(...(entry.notes ?? []).map(commentLine));
      out.push(`${name}=${entry.value === undefined || entry.value === '' ? '' : quoteEnvValue(entry.value)}`);
    }
  }
  return `${out.join('\n')}\n`;
}
