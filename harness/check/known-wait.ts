import { noteKnownWait } from '../runner/throttle-worker.js';

/**
 * Sleeps `ms`, first telling the run's progress line that it will: a check waiting out a rate
 * window or a Retry-After knows how long it will be, and an ETA that left it out said "5 s"
 * with a minute still to wait (harness/runner/progress.ts).
 */
export function knownSleep(ms: number): Promise<void> {
  noteKnownWait(ms);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
