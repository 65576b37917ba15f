/**
 * How many checks of a `conformance run` have ended, read from what it printed: the marks (`.`,
 * `s`, `F`, `?`, `E`) on the progress lines after the run's start line (`conformance run ID
 * against ...`), not the letters and dots of the lines between (the target's address, the doctor's
 * line, a failure's line). Shared by the self-tests that signal a run once it has created records
 * (test/interrupt.test.ts, test/image.test.ts).
 *
 * Reads a log (stderr of a run without a terminal) and a terminal's bytes alike (`podman run -it`
 * under `script`): line ends as a pseudo-terminal writes them (`\r\n`, twice translated
 * `\r\r\n`), the status line a terminal redraws in place (harness/report/status-line.ts: drawn
 * without a line break, then erased with `\r ESC[K`, the cursor put back up) and colours.
 */

/** The run's start line (harness/runner/run.ts), after which the progress marks begin. */
const START_LINE = /conformance run \S+ against[^\n]*\n/;
/** A status line drawn then erased: its text, the erase, and the cursor put back up into the dots line. */
const STATUS_DRAWN = /\n?[^\n\r]*\r\u001b\[K(?:\u001b\[1A\u001b\[\d+G)?/g;
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/g;
/** A progress line: marks (`-` is a check a stop ended), then the count at 60. */
const PROGRESS_LINE = /^[.sF?E-]*( \d+)?$/;

/** The terminal's bytes as a log would hold them: plain `\n` line ends, no status line, no colours. */
function asLog(output: string): string {
  return output.replace(/\r+\n/g, '\n').replace(STATUS_DRAWN, '\n').replace(ESCAPES, '');
}

/** Checks ended so far, by the marks printed after the run's start line. */
export function checksEnded(output: string): number {
  const started = asLog(output).split(START_LINE)[1];
  if (started === undefined) return 0;
  return started
    .split('\n')
    .filter((line) => PROGRESS_LINE.test(line))
    .reduce((n, line) => n + (line.replace(/ \d+$/, '').match(/[.sF?E]/g) ?? []).length, 0);
}
