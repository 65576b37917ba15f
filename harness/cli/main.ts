import { readFile } from 'node:fs/promises';
import type { Config } from '../config/schema.js';
import { HarnessError, StoppedBeforeChecksError, UsageError } from '../errors.js';
import { HELP } from './help.js';
import { packageFile } from '../package-root.js';

// Every command imports what it needs when it runs (`await import(...)` below): `--help` and
// `--version` then start without loading vitest, fastify, undici or zod.

interface Parsed {
  readonly command: 'run' | 'load' | 'doctor' | 'help' | 'version';
  readonly envFile?: string | undefined;
  /** `run --skip-doctor`: no preflight (also CONFORMANCE_SKIP_DOCTOR=true). */
  readonly skipDoctor: boolean;
  /** `run --rerun-failed [report.json]`: null when not asked; '' for the latest report. */
  readonly rerunFailed: string | null;
}

export function parseArgs(argv: readonly string[]): Parsed {
  let command: Parsed['command'] | undefined;
  let envFile: string | undefined;
  let skipDoctor = false;
  let rerunFailed: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help' || arg === 'help') command = 'help';
    else if (arg === '-v' || arg === '--version') command = 'version';
    else if (arg === '--dotenv') {
      envFile = argv[++i];
      if (envFile === undefined) throw new UsageError('--dotenv needs a path');
    } else if (arg === '--skip-doctor') skipDoctor = true;
    else if (arg === '--rerun-failed') {
      const next = argv[i + 1];
      rerunFailed = next !== undefined && !next.startsWith('-') && !['run', 'load', 'doctor'].includes(next) ? argv[++i]! : '';
    } else if (arg === 'run') command ??= 'run';
    else if (arg === 'load') command ??= 'load';
    else if (arg === 'doctor') command ??= 'doctor';
    else throw new UsageError(`unknown argument "${arg}" (see conformance --help)`);
  }
  for (const [flag, given] of [['--skip-doctor', skipDoctor], ['--rerun-failed', rerunFailed !== null]] as const) {
    if (given && command !== undefined && command !== 'run') throw new UsageError(`${flag} applies to conformance run only`);
  }
  return { command: command ?? 'run', envFile, skipDoctor, rerunFailed };
}

/**
 * `conformance doctor`: every item as it is decided, then the counts; doctor.json in the report
 * directory. Exit 0 when nothing is a problem, 1 when something is (2: the configuration cannot be read).
 */
async function doctor(envFile: string | undefined): Promise<number> {
  const [{ loadDoctorConfig }, { Redactor }, { renderDoctorItem, renderDoctorSummary }, { runDoctor }, { writeDoctorReport }, { displayUrl }] = await Promise.all([
    import('../doctor/config.js'),
    import('../http/redact.js'),
    import('../doctor/render-terminal.js'),
    import('../doctor/run.js'),
    import('../doctor/write.js'),
    import('../runner/target.js'),
  ]);
  const { config, urlFix } = await loadDoctorConfig(envFile === undefined ? {} : { envFile });
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  const color = process.stdout.isTTY === true;
  process.stdout.write(`conformance doctor: checking ${config.targetUrl === null ? 'the embedded reference server' : displayUrl(config.targetUrl, redactor)}\n`);
  const report = await runDoctor(config, { scope: 'full', urlFix, onItem: (found) => process.stdout.write(redactor.redact(renderDoctorItem(found, { color }))) });
  process.stdout.write(redactor.redact(renderDoctorSummary(report)));
  const path = await writeDoctorReport(report, config.reportDir, redactor);
  process.stdout.write(`doctor.json: ${path}\n`);
  return report.exitCode;
}

/**
 * `conformance load`: the first Ctrl-C stops the scenarios, deletes what the run created and
 * still writes the report; a second one ends the process at once.
 */
async function load(config: Config): Promise<number> {
  const [{ renderLoadTerminal }, { redactorFor, runLoad }] = await Promise.all([import('../load/render-terminal.js'), import('../load/run.js')]);
  const controller = new AbortController();
  const onSigint = (): void => {
    process.stderr.write('conformance: stopping the load run (cleaning up; Ctrl-C again to quit at once)\n');
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  try {
    const { report, written } = await runLoad(config, { signal: controller.signal });
    const redactor = redactorFor(config);
    process.stdout.write(redactor.redact(renderLoadTerminal(report, { color: process.stdout.isTTY === true })));
    process.stdout.write(`\nReport: ${written.runDir}\n  latest: ${written.latestDir}/load.html (also load.json)\n`);
    return report.exitCode;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** The CLI: returns the exit code; one readable line for every expected problem. */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    // `conformance init` has options of its own (harness/cli/init.ts).
    if (argv[0] === 'init') {
      const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, interactive: process.stdin.isTTY === true && process.stdout.isTTY === true, cwd: process.cwd(), env: process.env };
      const { runInit } = await import('./init.js');
      return await runInit(argv.slice(1), io, (envFile) => doctor(envFile));
    }
    // The embedded reference server on its own, until Ctrl-C (reference/command.ts).
    if (argv[0] === 'reference') {
      const { referenceErrorLine, runReference } = await import('../../reference/command.js');
      return await runReference(argv.slice(1), process.env, { stdout: process.stdout, stderr: process.stderr, program: 'conformance reference' }).catch((error: unknown) => {
        process.stderr.write(`conformance ${referenceErrorLine(error)}\n`);
        return 2;
      });
    }
    // Issue 14: certification commands, each with options of its own (harness/cli/certify.ts).
    if (argv[0] === 'certify') return await (await import('./certify.js')).certify(argv.slice(1));
    if (argv[0] === 'verify') return await (await import('./certify.js')).verify(argv.slice(1));
    if (argv[0] === 'keygen') return await (await import('./certify.js')).keygen(argv.slice(1));
    const args = parseArgs(argv);
    if (args.command === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    if (args.command === 'version') {
      const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    }
    if (args.command === 'doctor') return await doctor(args.envFile);
    const { loadConfig } = await import('../config/load.js');
    const loaded = await loadConfig(args.envFile ? { envFile: args.envFile } : {});
    let config = args.skipDoctor ? { ...loaded, skipDoctor: true } : loaded;
    if (args.command === 'load') return await load(config);
    if (args.rerunFailed !== null) {
      const { readPastReport, rerunConfig, rerunSource } = await import('../runner/rerun.js');
      const source = rerunSource(config, args.rerunFailed === '' ? undefined : args.rerunFailed);
      const past = await readPastReport(source);
      const again = rerunConfig(config, past);
      if (again === undefined) {
        process.stdout.write(`nothing failed or erred in ${source} (run ${past.runId}): nothing to re-run\n`);
        return 0;
      }
      process.stderr.write(`re-running the ${again.requirements.length} requirement${again.requirements.length === 1 ? '' : 's'} that failed or erred in run ${past.runId} (seed ${again.seed}, ${again.numRuns} runs per property): ${again.requirements.join(', ')}\n`);
      config = again;
    }
    const [{ runConformance }, { Progress }, { Redactor }, { renderTerminalSummary }] = await Promise.all([
      import('../runner/run.js'),
      import('../runner/progress.js'),
      import('../http/redact.js'),
      import('../report/render-terminal.js'),
    ]);
    const { report, written } = await runConformance(config, new Progress());
    const redactor = new Redactor(Object.values(config.keys));
    process.stdout.write(redactor.redact(renderTerminalSummary(report, { color: process.stdout.isTTY === true })));
    process.stdout.write(`\nReport: ${written.runDir}\n  latest: ${written.latestDir}/report.html (also report.json, junit.xml, summary.md, summary-full.md${config.har ? ', exchanges.har' : ''})\n`);
    return report.exitCode;
  } catch (error) {
    if (error instanceof HarnessError && error.code !== 'CHECK_FAILED') {
      process.stderr.write(`conformance: ${error.message}\n`);
      // The target answered but the run stopped before its checks: the report says what was not verified.
      // On stdout, where a finished run names its report: stderr keeps its one line.
      if (error instanceof StoppedBeforeChecksError) process.stdout.write(`Report (nothing verified; docs/why-did-my-run-stop.md): ${error.written.latestDir}/report.html (also report.json, junit.xml, summary.md)\n`);
      return 2;
    }
    // A crash of the harness itself: not a configuration problem, so not 2; the stack helps a bug report.
    process.stderr.write(`conformance: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
