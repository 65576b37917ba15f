import { Document, isScalar, Scalar, visit } from 'yaml';
import { InternalError } from '../../errors.js';

/*
 * YAML for manifests, written by the `yaml` package (YAML 1.2, no dependency of its own) rather
 * than by hand: quoting a string such as "5557", "yes" or "null" so that it stays a string, and
 * keeping a multi-line locustfile exact, are what a maintained writer gets right for every input.
 * Strings are double-quoted (a reader on YAML 1.1, PyYAML or an older kubectl, reads "yes" or
 * "0755" as a string too, where a plain scalar would be a boolean or a number); a multi-line text
 * is a literal block (`|`) where it reads back exactly, which the library decides.
 */

export type YamlValue = string | number | boolean | null | readonly YamlValue[] | { readonly [key: string]: YamlValue };

/** Words YAML 1.1 reads as booleans or null (YAML 1.2 does not): quoted as keys too. */
const YAML11_WORDS = /^(y|n|yes|no|true|false|on|off|null|~)$/i;

function checkFinite(value: YamlValue): void {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new InternalError(`YAML: a number must be finite (got ${value})`);
  if (Array.isArray(value)) for (const item of value as readonly YamlValue[]) checkFinite(item);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) checkFinite(item);
}

/** Pure: one YAML document for `value` (a mapping or sequence at the top), ending in a newline. */
export function toYaml(value: YamlValue): string {
  const empty = typeof value !== 'object' || value === null || (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
  if (empty) throw new InternalError('YAML: the top of a document must be a non-empty mapping or sequence');
  // `.nan` and `.inf` are YAML, but no Kubernetes field takes them: a bug of the caller.
  checkFinite(value);
  const doc = new Document(value);
  visit(doc, {
    Pair(_, pair) {
      // A key YAML 1.1 reads as a boolean or null is quoted like a value; other keys stay plain.
      if (isScalar(pair.key) && typeof pair.key.value === 'string' && YAML11_WORDS.test(pair.key.value)) pair.key.type = Scalar.QUOTE_DOUBLE;
    },
    Scalar(key, node) {
      // The library falls back to a quoted string where a literal block would not read back exactly.
      if (key !== 'key' && typeof node.value === 'string' && node.value.includes('\n')) node.type = Scalar.BLOCK_LITERAL;
    },
  });
  return doc.toString({
    indent: 2,
    indentSeq: true,
    // No folding of long lines: a manifest line reads as written, and a diff stays one line.
    lineWidth: 0,
    defaultStringType: 'QUOTE_DOUBLE',
    defaultKeyType: 'PLAIN',
  });
}
