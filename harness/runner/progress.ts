import type { CheckResult } from '../report/model.js';

const SYMBOL: Record<CheckResult['status'], string> = { pass: '.', skip: 's', inconclusive: '?', fail: 'F', error: 'E' };

/**
 * Terminal progress: a dot per check, and one line per failure or error as soon as it happens
 * (a failed SHOULD is shown as a warning). Writes to the stream it is given (stderr by default).
 */
export class Progress {
  readonly #out: NodeJS.WritableStream;
  #column = 0;
  #count = 0;

  constructor(out: NodeJS.WritableStream = process.stderr) {
    this.#out = out;
  }

  line(text: string): void {
    if (this.#column > 0) this.#out.write('\n');
    this.#column = 0;
    this.#out.write(`${text}\n`);
  }

  checkDone(check: CheckResult): void {
    this.#count += 1;
    if (check.status === 'fail' || check.status === 'error') {
      const label = check.status === 'error' ? 'ERROR' : check.level === 'MUST' ? 'FAIL' : 'WARN';
      const message = (check.message ?? '').split('\n')[0]!.slice(0, 240);
      this.line(`  ${label} ${check.level} [${check.requirementId}] ${check.domain}: ${check.title}\n       ${message}`);
      return;
    }
    this.#out.write(SYMBOL[check.status]);
    this.#column += 1;
    if (this.#column >= 60) {
      this.#out.write(` ${this.#count}\n`);
      this.#column = 0;
    }
  }

  finish(): void {
    if (this.#column > 0) this.#out.write(` ${this.#count}\n`);
    this.#column = 0;
  }
}
