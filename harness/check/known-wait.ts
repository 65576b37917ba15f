import { noteKnownWait, noteSequences } from '../runner/throttle-worker.js';

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

/** Tells the run's progress line how far the exploration is (`sequences 12/40`). */
export function noteExploration(done: number, planned: number): void {
  noteSequences(done, planned);
}
