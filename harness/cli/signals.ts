import { RunInterrupt, stoppingLine, type InterruptSignal } from '../runner/interrupt.js';

/**
 * SIGINT and SIGTERM during a conformance run (`run`, `certify`): the first stops the run cleanly
 * (harness/runner/interrupt.ts), the second ends the process at once and says what may be left on
 * the target. Returns the interrupt to hand to runConformance and the function that stops
 * listening (the process's default behaviour is back once the run is over).
 */
export function listenForStop(stderr: NodeJS.WritableStream = process.stderr): { interrupt: RunInterrupt; release: () => void } {
  const interrupt = new RunInterrupt();
  const onSignal = (signal: InterruptSignal): void => {
    if (interrupt.receive(signal) === 'first') {
      stderr.write(stoppingLine(signal));
      return;
    }
    const { line, exitCode } = interrupt.quit(signal);
    stderr.write(line);
    process.exit(exitCode);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    interrupt,
    release: () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}
