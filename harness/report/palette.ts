/**
 * The terminal palette every command's summary paints with (`conformance run`, `load`, `doctor`):
 * the ANSI styles and one function applying them, so the three renderers cannot drift apart.
 */
const ANSI = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  magenta: '\u001b[35m',
} as const;

/** One style of the palette; a text may take several (`['red', 'bold']`). */
export type Style = Exclude<keyof typeof ANSI, 'reset'>;

/**
 * `text` in `styles`, reset after it, when `color` (decided by the caller from TTY / NO_COLOR /
 * FORCE_COLOR); the text unchanged without colour or without a style. Escaping the text is the caller's.
 */
export function paint(text: string, styles: readonly Style[], color: boolean): string {
  return color && styles.length > 0 ? `${styles.map((s) => ANSI[s]).join('')}${text}${ANSI.reset}` : text;
}
