/** Control characters a terminal would act on (ESC starts colour and cursor sequences). */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/gu;

/**
 * One line of terminal text: control characters (ESC above all, which drives colours and the
 * cursor) removed, line breaks and tabs turned into spaces so data cannot break the layout.
 */
export function escapeTerminal(s: string): string {
  return s.replace(/\r\n|[\r\n\t]/g, ' ').replace(TERMINAL_CONTROL, '');
}
