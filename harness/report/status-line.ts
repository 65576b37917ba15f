/** Back to the line's start, and erase it to its end: the whole line, from there. */
const ERASE_LINE = '\r\u001b[K';
const UP = '\u001b[1A';
const column = (n: number): string => `\u001b[${n + 1}G`;

/**
 * The one status line of a terminal, redrawn in place (`conformance run`'s progress and
 * `conformance load`'s): `show` draws it without a line break after it, `hide` erases it before
 * anything else is written. The text is the caller's: escaped and cut to the width already, since
 * a wrapped line could not be erased in place.
 */
export class StatusLine {
  readonly #out: { write(text: string): unknown };
  /** The column of the partly written line the status was drawn under; undefined while none is shown. */
  #under: number | undefined;

  constructor(out: { write(text: string): unknown }) {
    this.#out = out;
  }

  /**
   * Draws `text`. With `afterColumn` > 0 the cursor stands that far into a line that is not
   * finished (a run's dots): the status goes on the next line, and `hide` puts the cursor back.
   */
  show(text: string, afterColumn = 0): void {
    this.#out.write(`${afterColumn > 0 ? '\n' : ''}${text}`);
    this.#under = afterColumn;
  }

  /** Erases the status, if one is shown, and puts the cursor back where the writing goes on. */
  hide(): void {
    if (this.#under === undefined) return;
    this.#out.write(this.#under > 0 ? `${ERASE_LINE}${UP}${column(this.#under)}` : ERASE_LINE);
    this.#under = undefined;
  }

  get shown(): boolean {
    return this.#under !== undefined;
  }
}
