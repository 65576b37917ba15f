import { noteRateLimitLoaded, rateLimitLoaded } from '../runner/throttle-worker.js';
import { isRateLimitSuiteFile } from './rate-limit-file.js';
import { runContext } from './run-context.js';

/*
 * The rate-limit suite's head start (issue 32). No run can end before the limited key's rate
 * window does, a minute after its first request. That request waits for the suite's worker to
 * load its file, and far from the target the workers of every other file load theirs on the same
 * cores at the same time: on two cores, 50 ms from the target, with eight workers, the window
 * opened 6.6 s into the run. So the other files wait, before they load, until the rate-limit file
 * is loaded (at most RunContext.headStartMs), and it opened 4.5 to 5 s in; they then run beside
 * its minute as before.
 */

/** The rate-limit suite's file is loaded: the files waiting for it go on. */
export function rateLimitFileLoaded(): void {
  noteRateLimitLoaded();
}

/** Before the suite file `testPath` loads: waits for the rate-limit file, when the run asks for it and this is another file. */
export async function awaitHeadStart(testPath: string | undefined): Promise<void> {
  const waitMs = runContext().headStartMs;
  if (waitMs === undefined || waitMs <= 0 || testPath === undefined || isRateLimitSuiteFile(testPath)) return;
  await rateLimitLoaded(waitMs);
}
