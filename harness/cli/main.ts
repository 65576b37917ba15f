import { readFile } from 'node:fs/promises';
import { errorLine, HarnessError, StoppedBeforeChecksError } from '../errors.js';
import { packageFile } from '../package-root.js';
import { filesLine, RUN_FILES } from '../report/files.js';
import { parseRequest } from './args.js';
import { COMMAND_TABLE } from './commands.js';

// Every command's flow is imported when it runs (its entry in commands.ts): `--help` and
// `--version` then start without loading vitest, fastify or undici.

/** The CLI: returns the exit code; one readable line for every expected problem. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const request = parseRequest(argv);
    if (request.kind === 'help') {
      const { helpFor } = await import('./help.js');
      process.stdout.write(await helpFor(request.command));
      return 0;
    }
    if (request.kind === 'version') {
      const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    }
    return await COMMAND_TABLE[request.command].dispatch(request.rest);
  } catch (error) {
    // An INTERNAL error is a bug of the harness like any other crash: exit 1 with its stack, below.
    if (error instanceof HarnessError && error.code !== 'CHECK_FAILED' && error.code !== 'INTERNAL') {
      process.stderr.write(`conformance: ${errorLine(error)}\n`);
      // The target answered but the run stopped before its checks: the report says what was not verified.
      // On stdout, where a finished run names its report: stderr keeps its one line.
      if (error instanceof StoppedBeforeChecksError)
        process.stdout.write(`Report (nothing verified; ${error.code} in docs/why-did-my-run-stop.md): ${filesLine(error.written.latestDir, RUN_FILES)}\n`);
      return 2;
    }
    // A crash of the harness itself: not a configuration problem, so not 2; the stack helps a bug report.
    process.stderr.write(`conformance: internal error [INTERNAL]: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
