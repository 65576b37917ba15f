import { filesLine } from '../report/files.js';
import type { RunArgs } from './args.js';

/**
 * `conformance load`: the first SIGINT (Ctrl-C) or SIGTERM (a CI system's cancel; the GitHub
 * Action runs `load`) stops the scenarios, deletes what the run created and still writes the
 * report, then exits 130 or 143 as `run` does; a second signal ends the process at once.
 */
export async function loadCommand(args: RunArgs): Promise<number> {
  const [{ loadConfig }, { renderLoadTerminal }, { redactorFor, runLoad }, { LOAD_FILES, LOAD_METRICS_FILES }, { INTERRUPT_EXIT_CODES }] = await Promise.all([
    import('../config/load.js'),
    import('../load/render-terminal.js'),
    import('../load/run.js'),
    import('../load/write.js'),
    import('../runner/interrupt.js'),
  ]);
  const loaded = await loadConfig({ envFile: args.envFile, overrides: args.overrides });
  const config = args.skipDoctor ? { ...loaded, skipDoctor: true } : loaded;
  const controller = new AbortController();
  let stoppedBy: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
    if (stoppedBy !== undefined) process.exit(INTERRUPT_EXIT_CODES[signal]);
    stoppedBy = signal;
    process.stderr.write(`conformance: ${signal} received: stopping the load run (cleaning up and writing the report; a second signal quits at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const { report, written } = await runLoad(config, { signal: controller.signal });
    const redactor = redactorFor(config);
    process.stdout.write(redactor.redact(renderLoadTerminal(report, { color: process.stdout.isTTY === true })));
    process.stdout.write(`\nReport: ${written.runDir}\n  latest: ${filesLine(written.latestDir, [...LOAD_FILES, ...LOAD_METRICS_FILES])}\n`);
    return stoppedBy === undefined ? report.exitCode : INTERRUPT_EXIT_CODES[stoppedBy];
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
