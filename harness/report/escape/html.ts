import { stripUnsafeChars } from './unsafe.js';

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return stripUnsafeChars(s).replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch);
}
