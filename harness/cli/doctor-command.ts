import { DoctorStoppedError } from '../errors.js';
import type { RunArgs } from './args.js';

/**
 * `conformance doctor`: every item as it is decided, then the counts; doctor.json in the report
 * directory. Exit 0 when nothing is a problem, 1 when something is (2: the configuration cannot be read).
 * The first SIGINT or SIGTERM stops it (no new request, what it created deleted, doctor.json with
 * `stoppedBy`), exit 130 or 143; a second signal ends the process at once.
 */
export async function doctorCommand(args: Pick<RunArgs, 'envFile' | 'overrides'>): Promise<number> {
  const [
    { loadDoctorConfig },
    { Redactor },
    { renderDoctorItem, renderDoctorSummary },
    { runDoctor },
    { writeDoctorReport },
    { displayUrl },
    { INTERRUPT_EXIT_CODES },
  ] = await Promise.all([
    import('../doctor/config.js'),
    import('../http/redact.js'),
    import('../doctor/render-terminal.js'),
    import('../doctor/run.js'),
    import('../doctor/write.js'),
    import('../runner/target.js'),
    import('../runner/interrupt.js'),
  ]);
  const controller = new AbortController();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
    if (controller.signal.aborted) process.exit(INTERRUPT_EXIT_CODES[signal]);
    process.stderr.write(
      `conformance: ${signal}: stopping the doctor: no new requests, deleting what it created, writing doctor.json; a second signal quits at once\n`,
    );
    controller.abort(new DoctorStoppedError(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const { config, urlFix } = await loadDoctorConfig(args);
    const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
    const color = process.stdout.isTTY === true;
    process.stdout.write(
      `conformance doctor: checking ${config.targetUrl === null ? 'the embedded reference server' : displayUrl(config.targetUrl, redactor)}\n`,
    );
    const report = await runDoctor(config, {
      scope: 'full',
      urlFix,
      stop: controller.signal,
      onItem: (found) => process.stdout.write(redactor.redact(renderDoctorItem(found, { color }))),
    });
    process.stdout.write(redactor.redact(renderDoctorSummary(report)));
    const path = await writeDoctorReport(report, config.reportDir, redactor);
    process.stdout.write(`doctor.json: ${path}\n`);
    return report.exitCode;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
