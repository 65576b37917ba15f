import { InternalError } from '../../errors.js';
/*
 * Plain YAML for manifests, written by hand (no dependency): block mappings and sequences, every
 * string double-quoted as JSON writes it (a JSON string is a valid YAML double-quoted scalar, so
 * "5557", "yes" or "null" stay strings), and a multi-line text such as a locustfile as a literal
 * block (`|`) when it reads back exactly, else quoted too.
 */

export type YamlValue = string | number | boolean | null | readonly YamlValue[] | { readonly [key: string]: YamlValue };

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
// Characters a literal block cannot carry (control characters other than tab and newline).
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff]/;

const key = (k: string): string => (PLAIN_KEY.test(k) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(k) ? k : JSON.stringify(k));

/**
 * A literal block keeps a text exactly when it has no control character, its first line starts
 * with neither a space nor a tab (the block's indentation is read from it), no line is only
 * blanks (they would count as indentation) and it ends with at most one newline (`|`) or none (`|-`).
 */
function literalHeader(text: string): '|' | '|-' | undefined {
  if (!text.includes('\n') || UNPRINTABLE.test(text) || text.includes('\r')) return undefined;
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (body.endsWith('\n')) return undefined;
  const lines = body.split('\n');
  if (lines[0] === '' || /^[ \t]/.test(lines[0]!) || lines.some((l) => l !== '' && l.trim() === '')) return undefined;
  return text.endsWith('\n') ? '|' : '|-';
}

interface Node {
  /** On the key's own line (`key: inline`), or the block header (`|`). */
  readonly inline?: string;
  /** The lines below it, already indented. */
  readonly lines?: readonly string[];
}

function node(value: YamlValue, indent: number): Node {
  const pad = ' '.repeat(indent);
  if (value === null) return { inline: 'null' };
  if (typeof value === 'boolean') return { inline: String(value) };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InternalError(`YAML: a number must be finite (got ${value})`);
    return { inline: String(value) };
  }
  if (typeof value === 'string') {
    const header = literalHeader(value);
    if (header === undefined) return { inline: JSON.stringify(value) };
    const body = header === '|' ? value.slice(0, -1) : value;
    return { inline: header, lines: body.split('\n').map((l) => (l === '' ? '' : `${pad}${l}`)) };
  }
  if (Array.isArray(value)) {
    const items = value as readonly YamlValue[];
    if (items.length === 0) return { inline: '[]' };
    const lines: string[] = [];
    for (const item of items) {
      const child = node(item, indent + 2);
      if (child.lines === undefined) lines.push(`${pad}- ${child.inline}`);
      else if (child.inline !== undefined) lines.push(`${pad}- ${child.inline}`, ...child.lines);
      else lines.push(`${pad}- ${child.lines[0]!.slice(indent + 2)}`, ...child.lines.slice(1));
    }
    return { lines };
  }
  const entries = Object.entries(value as { readonly [key: string]: YamlValue });
  if (entries.length === 0) return { inline: '{}' };
  const lines: string[] = [];
  for (const [k, v] of entries) {
    const child = node(v, indent + 2);
    if (child.lines === undefined) lines.push(`${pad}${key(k)}: ${child.inline}`);
    else if (child.inline !== undefined) lines.push(`${pad}${key(k)}: ${child.inline}`, ...child.lines);
    else lines.push(`${pad}${key(k)}:`, ...child.lines);
  }
  return { lines };
}

/** Pure: one YAML document for `value` (a mapping or sequence at the top), ending in a newline. */
export function toYaml(value: YamlValue): string {
  const top = node(value, 0);
  if (top.lines === undefined || top.inline !== undefined) throw new InternalError('YAML: the top of a document must be a non-empty mapping or sequence');
  return `${top.lines.join('\n')}\n`;
}
