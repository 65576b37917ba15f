import type { Redactor } from '../../http/redact.js';

/** Whose key sent a request: org A's admin key, or the other organisation's key (spec 5.4). */
export type Org = 'A' | 'B';

/** One request of a sequence as sent, and what came back (already redacted). */
export interface LoggedRequest {
  readonly org: Org;
  readonly method: string;
  /** Relative to the base URL, with the query string. */
  readonly path: string;
  readonly body?: string | undefined;
  readonly status: number;
  readonly excerpt: string;
  /** The id a create answered with, bound to a shell variable for the later requests. */
  readonly createdId?: string | undefined;
  /** `C` contact, `T` time entry, ...: the variable's letter. */
  readonly letter?: string | undefined;
  /** Ids a request made many of at once (a batch create): each bound from the answer at its jq path (`.data[1].id`). */
  readonly bound?: ReadonlyArray<{ readonly id: string; readonly jq: string }> | undefined;
}

/** A record id a later request names, and the variable the script binds it to. */
interface Binding {
  readonly id: string;
  readonly name: string;
}

/** Variable names for the ids the sequence's creates answered with (C1, C2, T1, ...), in order. */
function bindings(log: readonly LoggedRequest[]): Binding[] {
  const counts = new Map<string, number>();
  const out: Binding[] = [];
  for (const entry of log) {
    const letter = entry.letter ?? 'ID';
    for (const id of [...(entry.createdId === undefined ? [] : [entry.createdId]), ...(entry.bound ?? []).map((b) => b.id)]) {
      const n = (counts.get(letter) ?? 0) + 1;
      counts.set(letter, n);
      out.push({ id, name: `${letter}${n}` });
    }
  }
  return out;
}

/** The variable the script binds an id to (`C2`), once a logged request made it. */
export function boundName(log: readonly LoggedRequest[], id: string): string | undefined {
  return bindings(log).find((b) => b.id === id)?.name;
}

function replaceIds(text: string, bound: readonly Binding[], as: (name: string) => string): string {
  let out = text;
  for (const { id, name } of bound) out = out.split(id).join(as(name));
  return out;
}

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
};

/**
 * The sequence as a numbered list: each request (ids shown as the variables the script binds),
 * the key that sent it and an excerpt of the answer.
 */
export function renderNumbered(log: readonly LoggedRequest[]): string {
  const bound = bindings(log);
  return log
    .map((entry, i) => {
      const show = (text: string): string => replaceIds(text, bound, (name) => `$${name}`);
      const who = entry.org === 'B' ? ' [org B key]' : '';
      const body = entry.body === undefined ? '' : ` ${oneLine(show(entry.body), 160)}`;
      const answer = entry.excerpt === '' ? '' : ` ${oneLine(show(entry.excerpt), 160)}`;
      const made = [...(entry.createdId === undefined ? [] : [entry.createdId]), ...(entry.bound ?? []).map((b) => b.id)];
      const binds =
        made.length === 0 ? '' : ` (${made.length === 1 ? 'id' : 'ids'}: ${made.map((id) => `$${bound.find((b) => b.id === id)?.name}`).join(', ')})`;
      return `${i + 1}. ${entry.method} ${show(entry.path)}${who}${body} -> ${entry.status}${answer}${binds}`;
    })
    .join('\n');
}

/** POSIX single-quoting, with the bound ids spliced in as "$VAR" outside the quotes. */
function quoted(text: string, bound: readonly Binding[]): string {
  const escaped = `'${text.replace(/'/g, `'\\''`)}'`;
  return replaceIds(escaped, bound, (name) => `'"$${name}"'`).replace(/^''|''$/g, '');
}

/**
 * The sequence as one runnable shell script of curl commands. Keys never appear: the script reads
 * them from KEY (org A) and KEY_B (the other organisation); every id comes from an earlier answer
 * (`C1=$(curl ... | jq -r .data.id)`), so the script runs against any server holding the seed data.
 */
export function renderScript(
  log: readonly LoggedRequest[],
  options: { readonly baseUrl: string; readonly authStyle: 'x-api-key' | 'bearer'; readonly seed: number; readonly redactor: Redactor },
): string {
  const bound = bindings(log);
  const header = (org: Org): string => {
    const key = org === 'B' ? '$KEY_B' : '$KEY';
    return options.authStyle === 'bearer' ? `-H "Authorization: Bearer ${key}"` : `-H "X-API-Key: ${key}"`;
  };
  const lines = [
    '#!/bin/sh',
    `# The shortest failing sequence found with CONFORMANCE_SEED=${options.seed} (CONFORMANCE_SUITES=sequences replays it).`,
    "# Set KEY to the organisation A admin key and KEY_B to the other organisation's key; needs curl and jq.",
    'set -eu',
    `BASE="\${BASE:-${options.redactor.redact(options.baseUrl.replace(/\/+$/, ''))}}"`,
  ];
  log.forEach((entry, i) => {
    const url = `"$BASE${replaceIds(entry.path, bound, (name) => `$${name}`)}"`;
    const parts = ['curl', '-sS', '-X', entry.method, url, header(entry.org)];
    if (entry.body !== undefined) parts.push("-H 'Content-Type: application/json'", '--data-raw', quoted(entry.body, bound));
    const command = parts.join(' ');
    lines.push(`# ${i + 1}. answered ${entry.status}`);
    const binding = entry.createdId === undefined ? undefined : bound.find((b) => b.id === entry.createdId);
    if (entry.bound !== undefined && entry.bound.length > 0) {
      // Many ids from one answer: the answer is kept, and each id read from it.
      lines.push(`OUT=$(${command})`);
      for (const { id, jq } of entry.bound) lines.push(`${bound.find((b) => b.id === id)?.name}=$(printf '%s' "$OUT" | jq -r '${jq}')`);
      return;
    }
    lines.push(binding === undefined ? `${command} -w '\\n%{http_code}\\n'` : `${binding.name}=$(${command} | jq -r .data.id)`);
  });
  return lines.join('\n');
}
