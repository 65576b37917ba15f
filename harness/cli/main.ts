import { readFile } from 'node:fs/promises';
import type { Config } from '../config/schema.js';
import { errorLine, HarnessError, InternalError, StoppedBeforeChecksError } from '../errors.js';
import { HAR_FILE } from '../har/format.js';
import { packageFile } from '../package-root.js';
import { filesLine, RUN_FILES } from '../report/files.js';
import { parseRequest, parseRunArgs, type RunArgs } from './args.js';
import { helpFor } from './help.js';

// Every command imports what it needs when it runs (`await import(...)` below): `--help` and
// `--version` then start without loading vitest, fastify or undici.

/**
 * `conformance doctor`: every item as it is decided, then the counts; doctor.json in the report
 * directory. Exit 0 when nothing is a problem, 1 when something is (2: the configuration cannot be read).
 */
async function doctor(args: Pick<RunArgs, 'envFile' | 'overrides'>): Promise<number> {
  const [{ loadDoctorConfig }, { Redactor }, { renderDoctorItem, renderDoctorSummary }, { runDoctor }, { writeDoctorReport }, { displayUrl }] =
    await Promise.all([
      import('../doctor/config.js'),
      import('../http/redact.js'),
      import('../doctor/render-terminal.js'),
      import('../doctor/run.js'),
      import('../doctor/write.js'),
      import('../runner/target.js'),
    ]);
  const { config, urlFix } = await loadDoctorConfig(args);
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  const color = process.stdout.isTTY === true;
  process.stdout.write(
    `conformance doctor: checking ${config.targetUrl === null ? 'the embedded reference server' : displayUrl(config.targetUrl, redactor)}\n`,
  );
  const report = await runDoctor(config, {
    scope: 'full',
    urlFix,
    onItem: (found) => process.stdout.write(redactor.redact(renderDoctorItem(found, { color }))),
  });
  process.stdout.write(redactor.redact(renderDoctorSummary(report)));
  const path = await writeDoctorReport(report, config.reportDir, redactor);
  process.stdout.write(`doctor.json: ${path}\n`);
  return report.exitCode;
}

/**
 * `conformance load`: the first SIGINT (Ctrl-C) or SIGTERM (a CI system's cancel; the GitHub
 * Action runs `load`) stops the scenarios, deletes what the run created and still writes the
 * report, then exits 130 or 143 as `run` does; a second signal ends the process at once.
 */
async function load(config: Config): Promise<number> {
  const [{ renderLoadTerminal }, { redactorFor, runLoad }, { LOAD_FILES, LOAD_METRICS_FILES }, { INTERRUPT_EXIT_CODES }] = await Promise.all([
    import('../load/render-terminal.js'),
    import('../load/run.js'),
    import('../load/write.js'),
    import('../runner/interrupt.js'),
  ]);
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

/** The CLI: returns the exit code; one readable line for every expected problem. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    const request = parseRequest(argv);
    if (request.kind === 'help') {
      process.stdout.write(helpFor(request.command));
      return 0;
    }
    if (request.kind === 'version') {
      const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    }
    const { command, rest } = request;
    // `conformance init` has options of its own (harness/cli/init-args.ts).
    if (command === 'init') {
      const io = {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
        cwd: process.cwd(),
        env: process.env,
      };
      const { runInit } = await import('./init.js');
      return await runInit(rest, io, (envFile) => doctor({ envFile, overrides: {} }));
    }
    // The embedded reference server on its own, until Ctrl-C (reference/command.ts).
    if (command === 'reference') {
      const { referenceErrorLine, runReference } = await import('../../reference/command.js');
      return await runReference(rest, process.env, { stdout: process.stdout, stderr: process.stderr, program: 'conformance reference' }).catch(
        (error: unknown) => {
          process.stderr.write(`conformance ${referenceErrorLine(error)}\n`);
          return 2;
        },
      );
    }
    // Certification commands, each with options of its own (harness/cli/certify.ts).
    if (command === 'certify') return await (await import('./certify.js')).certify(rest);
    if (command === 'verify') return await (await import('./certify.js')).verify(rest);
    if (command === 'keygen') return await (await import('./certify.js')).keygen(rest);
    if (command === 'openapi') return await (await import('./openapi.js')).openapi(rest);
    if (command === 'list') return await (await import('./list.js')).list(rest);
    if (command === 'help') throw new InternalError('help is answered above');
    // `load keys-file` and `load export`: the tools of a run across machines (harness/cli/load-tools.ts).
    if (command === 'load' && (rest[0] === 'keys-file' || rest[0] === 'export')) {
      const { runLoadTool } = await import('./load-tools.js');
      return await runLoadTool(rest[0], rest.slice(1));
    }
    const args = parseRunArgs(command, rest);
    if (command === 'doctor') return await doctor(args);
    const { loadConfig } = await import('../config/load.js');
    const loaded = await loadConfig({ envFile: args.envFile, overrides: args.overrides });
    let config = args.skipDoctor ? { ...loaded, skipDoctor: true } : loaded;
    if (command === 'load') return await load(config);
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
