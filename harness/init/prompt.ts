import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/*
 * Issue 13, `conformance init` on a terminal: asks for what neither an option nor the
 * environment gave. Keys are read without echo: readline then owns the terminal (raw mode) and
 * its echo goes through a stream that drops it while a secret is typed.
 */

export interface Prompter {
  /** The answer, trimmed; undefined when the input ended (Ctrl-D) or was cancelled (Ctrl-C). */
  ask(question: string, options: { readonly secret: boolean }): Promise<string | undefined>;
  /** Ctrl-C was pressed. */
  readonly cancelled: boolean;
  close(): void;
}

export function createPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (!muted) output.write(chunk);
      callback();
    },
  });
  // Only a terminal needs readline to echo (and so to hide) what is typed; a pipe echoes nothing.
  const terminal = (input as { isTTY?: boolean }).isTTY === true;
  const rl = createInterface({ input, output: echo, terminal });
  let cancelled = false;
  rl.on('SIGINT', () => {
    cancelled = true;
    output.write('\n');
    rl.close();
  });
  // Created before the first question, so that lines typed (or piped) ahead are kept.
  const lines = rl[Symbol.asyncIterator]();
  return {
    get cancelled() {
      return cancelled;
    },
    async ask(question, { secret }) {
      if (cancelled) return undefined;
      output.write(`${question}${secret && terminal ? ' (typing is hidden)' : ''}\n> `);
      muted = secret;
      try {
        const next = await lines.next();
        return next.done === true ? undefined : String(next.value).trim();
      } finally {
        muted = false;
        // The Enter of a hidden answer was not echoed either.
        if (secret && terminal) output.write('\n');
      }
    },
    close() {
      rl.close();
    },
  };
}
