import { HAR_FILE } from '../har/format.js';
import { filesLine, RUN_FILES } from '../report/files.js';
import type { RunArgs } from './args.js';

/**
 * `conformance run`: the configuration read, a re-run of what failed when asked, then the run and
 * its report. The first SIGINT or SIGTERM stops the run cleanly (harness/runner/interrupt.ts), exit
 * 130 or 143; a second quits at once.
 */
export async function runCommand(args: RunArgs): Promise<number> {
  const { loadConfig } = await import('../config/load.js');
  const loaded = await loadConfig({ envFile: args.envFile, overrides: args.overrides });
  let config = args.skipDoctor ? { ...loaded, skipDoctor: true } : loaded;
  if (args.rerunFailed !== null) {
    const { readPastReport, rerunConfig, rerunSource } = await import('../runner/rerun.js');
    const source = rerunSource(config, args.rerunFailed === '' ? undefined : args.rerunFailed);
    const past = await readPastReport(source);
    const again = rerunConfig(config, past);
    if (again === undefined) {
      process.stdout.write(`nothing failed or erred in ${source} (run ${past.runId}): nothing to re-run\n`);
      return 0;
    }
    process.stderr.write(
      `re-running the ${again.requirements.length} requirement${again.requirements.length === 1 ? '' : 's'} that failed or erred in run ${past.runId} (seed ${again.seed}, ${again.numRuns} runs per property): ${again.requirements.join(', ')}\n`,
    );
    config = again;
  }
  const [{ runConformance }, { Progress }, { Redactor }, { renderTerminalSummary }, { INTERRUPT_EXIT_CODES }, { listenForStop }] = await Promise.all([
    import('../runner/run.js'),
    import('../runner/progress.js'),
    import('../http/redact.js'),
    import('../report/render-terminal.js'),
    import('../runner/interrupt.js'),
    import('./signals.js'),
  ]);
  // The first SIGINT or SIGTERM stops the run cleanly (harness/runner/interrupt.ts); a second quits at once.
  const { interrupt, release } = listenForStop();
  try {
    const { report, written } = await runConformance(config, new Progress(), { interrupt });
    const redactor = new Redactor(Object.values(config.keys));
    process.stdout.write(redactor.redact(renderTerminalSummary(report, { color: process.stdout.isTTY === true })));
    process.stdout.write(`\nReport: ${written.runDir}\n  latest: ${filesLine(written.latestDir, config.har ? [...RUN_FILES, HAR_FILE] : RUN_FILES)}\n`);
    // A signal that came after the last check still ends the process as the signal says; the report is whole.
    return interrupt.received === undefined ? report.exitCode : INTERRUPT_EXIT_CODES[interrupt.received];
  } finally {
    release();
  }
}
