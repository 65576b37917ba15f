import { noteKnownWait } from '../runner/throttle-worker.js';

/** Tells the progress line that a check will take this long more (the exploration's time bound), without sleeping. */
export function noteKnownDuration(ms: number): void {
  noteKnownWait(ms);
}

/**
 * Sleeps `ms`, first telling the run's progress line that it will: a check waiting out a rate
 * window or a Retry-After knows how long it will be, and an ETA that left it out said "5 s"
 * with a minute still to wait (harness/runner/progress.ts).
 */
export function knownSleep(ms: number): Promise<void> {
  noteKnownWait(ms);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
