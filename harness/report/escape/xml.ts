import { stripUnsafeChars } from './unsafe.js';

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A literal CR would be normalised to LF by any XML parser; a reference keeps it.
  '\r': '&#13;',
};

/**
 * Escapes text for XML element content and attribute values, dropping unsafe characters.
 * `>` is always escaped so `]]>` can never appear in the output.
 */
export function escapeXml(s: string): string {
  return stripUnsafeChars(s).replace(/[&<>"'\r]/g, (ch) => XML_ENTITIES[ch] ?? ch);
}

/**
 * `escapeXml` for attribute values that may hold line breaks: parsers normalise a literal tab or
 * newline inside an attribute to a space, references survive (XML 1.0 section 3.3.3).
 */
export function escapeXmlAttribute(s: string): string {
  return escapeXml(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
