/*
 * Issue 12, "a run that always ends": the whole run's time bound, enforced in the main process.
 * At the deadline the run stops sending (every worker's client refuses further requests through
 * the shared TargetHealth), vitest is asked to cancel (running checks see their signal aborted,
 * pending ones are skipped), and after a grace period the runner stops waiting for vitest at all
 * and writes the report with what finished: a wait that listens to nothing (a sleep inside a
 * worker, a hung worker) cannot keep the run alive past deadline + grace.
 */

export interface DeadlineOptions {
  readonly deadlineMs: number;
  /** How long to wait for the run to wind down after the deadline before giving up on it. */
  readonly graceMs: number;
  /** Called once at the deadline: stop sending, cancel the run. */
  readonly onDeadline: () => void;
  /** Called once when the grace period is over and the run is abandoned. */
  readonly onAbandon?: () => void;
  /**
   * A stop from outside (SIGINT, SIGTERM: harness/runner/interrupt.ts): `onInterrupt` is called
   * once when `signal` aborts, and the run is abandoned `graceMs` later if it has not ended.
   */
  readonly interrupt?: { readonly signal: AbortSignal; readonly graceMs: number; readonly onInterrupt: () => void };
}

export interface DeadlineOutcome<T> {
  /** The run's own result, or undefined when it was abandoned. */
  readonly value: T | undefined;
  readonly deadlinePassed: boolean;
  readonly abandoned: boolean;
  /** The interrupt's signal aborted while the run was awaited. */
  readonly interrupted: boolean;
}

/** Waits for `run` under the deadline. A rejection of `run` before it was abandoned is passed on. */
export async function underDeadline<T>(run: Promise<T>, options: DeadlineOptions): Promise<DeadlineOutcome<T>> {
  let deadlinePassed = false;
  let interrupted = false;
  let grace: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let interruptGrace: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<'abandoned'>((resolve) => {
    const interrupt = options.interrupt;
    if (interrupt !== undefined) {
      onAbort = () => {
        interrupted = true;
        interrupt.onInterrupt();
        interruptGrace = setTimeout(() => resolve('abandoned'), interrupt.graceMs);
      };
      if (interrupt.signal.aborted) onAbort();
      else interrupt.signal.addEventListener('abort', onAbort, { once: true });
    }
    deadline = setTimeout(() => {
      deadlinePassed = true;
      options.onDeadline();
      grace = setTimeout(() => {
        options.onAbandon?.();
        resolve('abandoned');
      }, options.graceMs);
    }, options.deadlineMs);
  });
  try {
    const first = await Promise.race([run.then((value) => ({ value })), abandoned]);
    if (first === 'abandoned') {
      // Whatever the run does later must not surface as an unhandled rejection.
      run.catch(() => {});
      return { value: undefined, deadlinePassed, abandoned: true, interrupted };
    }
    return { value: first.value, deadlinePassed, abandoned: false, interrupted };
  } finally {
    clearTimeout(deadline);
    clearTimeout(grace);
    clearTimeout(interruptGrace);
    if (onAbort !== undefined) options.interrupt?.signal.removeEventListener('abort', onAbort);
  }
}

/** `close()` that gives up after `ms` (a worker that does not end must not hold the report back). */
export async function closeWithin(close: () => Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      close().then(
        () => true as const,
        () => true as const,
      ),
      gaveUp,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `30 min`, `90 s`: how the deadline reads in a message. */
export function formatDuration(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
