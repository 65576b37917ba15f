import { escapeTerminal } from '../report/escape/terminal.js';
import { StatusLine } from '../report/status-line.js';

/**
 * The load run's progress on stderr: one line per event (a scenario starts, waits, ends; a
 * throughput step ends), and on a terminal a status line rewritten in place once a second.
 * Scenarios may run side by side, so every line names its scenario.
 */
export class LoadProgress {
  readonly #out: NodeJS.WritableStream;
  readonly #live: boolean;
  readonly #redact: (text: string) => string;
  readonly #statusLine: StatusLine;
  #status = '';

  /** `redact`: the run's Redactor, so a key that slipped into a message never reaches the terminal. */
  constructor(
    out: NodeJS.WritableStream = process.stderr,
    live: boolean = (out as { isTTY?: boolean }).isTTY === true,
    redact: (text: string) => string = (text) => text,
  ) {
    this.#out = out;
    this.#live = live;
    this.#redact = redact;
    this.#statusLine = new StatusLine(out);
  }

  line(text: string): void {
    this.#statusLine.hide();
    this.#out.write(`${escapeTerminal(this.#redact(text))}\n`);
    if (this.#status !== '') this.#statusLine.show(this.#status);
  }

  /** A transient line (terminal only); the next `line` or `status` replaces it. */
  status(text: string): void {
    if (!this.#live) return;
    this.#statusLine.hide();
    this.#status = escapeTerminal(this.#redact(text)).slice(0, 150);
    if (this.#status !== '') this.#statusLine.show(this.#status);
  }

  /** Removes the status line. */
  done(): void {
    this.#statusLine.hide();
    this.#status = '';
  }
}
