import { RAW_429 } from '../http/client.js';
import { readCreatedLog, readLedgerFile, type LoggedRecord } from '../check/created-log.js';
import { clientsByRole, type CleanupTarget } from './role-clients.js';

/*
 * A run stopped by SIGINT (Ctrl-C) or SIGTERM (how CI systems cancel a job, with SIGKILL after a
 * grace period that is often 10 s). The first signal stops the run within a bound well under
 * that grace period:
 *   - at once: no new request goes out (the shared TargetHealth stops, as at the run deadline);
 *   - once no request is in flight, INTERRUPT_SETTLE_MS later at most: vitest is asked to cancel
 *     (a request it aborted could have created a record whose id never comes back);
 *   - INTERRUPT_WIND_DOWN_MS after the signal at most: the runner stops waiting for vitest;
 *   - then the main process deletes what the run's log says is still there, for at most
 *     INTERRUPT_CLEANUP_MS (the workers' own cleanup sends nothing once the run stopped);
 *   - then vitest's workers are given INTERRUPT_CLOSE_MS to close, every report file is written
 *     (the verdict `interrupted`), and the target (the embedded reference, the sinks) closes.
 * INTERRUPT_BOUND_MS is the bound docs/why-did-my-run-stop.md promises. A second signal
 * ends the process at once and says what may be left behind.
 */

export type InterruptSignal = 'SIGINT' | 'SIGTERM';

/** 128 + the signal's number, as a shell reports a process ended by it. */
export const INTERRUPT_EXIT_CODES: Readonly<Record<InterruptSignal, 130 | 143>> = { SIGINT: 130, SIGTERM: 143 };

export const INTERRUPT_SETTLE_MS = 1_000;
/** From the signal: how long vitest is given to end (the settling included). */
export const INTERRUPT_WIND_DOWN_MS = 2_000;
export const INTERRUPT_CLEANUP_MS = 3_000;
/** Closing vitest's workers. */
export const INTERRUPT_CLOSE_MS = 1_000;
/**
 * The promise made on the first signal: the parts above, and 2 s for writing the report files
 * (local files) and the process's exit; under the 10 s CI systems commonly give before SIGKILL.
 */
export const INTERRUPT_BOUND_MS = 8_000;

/** Deletes in flight at once: a distant target would not finish a long list one by one. */
const CLEANUP_CONCURRENCY = 6;

/** How the report and the stop line name the interruption. */
export function interruptReason(signal: InterruptSignal): string {
  return signal === 'SIGINT' ? 'interrupted by SIGINT (Ctrl-C)' : 'interrupted by SIGTERM (the job was cancelled)';
}

/** The stderr line of the first signal. */
export function stoppingLine(signal: InterruptSignal): string {
  const again = signal === 'SIGINT' ? 'Ctrl-C again' : 'a second signal';
  return `conformance: ${signal}: stopping the run: no new requests, deleting what it created, writing the report (within ${INTERRUPT_BOUND_MS / 1000} s); ${again} quits at once\n`;
}

/** The stderr line of the second signal: what the run may leave on the target. */
export function quitLine(signal: InterruptSignal, runId: string | undefined, left: number | undefined, logFile: string | undefined): string {
  if (runId === undefined) return `conformance: ${signal} again: quitting at once (no check had started: nothing was created)\n`;
  const count = left === undefined ? 'records' : `${left} record${left === 1 ? '' : 's'}`;
  return (
    `conformance: ${signal} again: quitting at once: ${count} created by run ${runId} may remain on the target` +
    ` (those with tags carry conformance-run-${runId.toLowerCase()}${logFile === undefined ? '' : `; their paths are listed in ${logFile}`})\n`
  );
}

/**
 * The run's stop by a signal, shared by the CLI (which receives the signals) and the runner
 * (which stops on `signal` and tells what may be left behind).
 */
export class RunInterrupt {
  readonly #controller = new AbortController();
  #received: InterruptSignal | undefined;
  /** Set by the runner once its checks start: how many records may be left, and where they are listed. */
  leftBehind: (() => { runId: string; left: number; logFile: string }) | undefined;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get received(): InterruptSignal | undefined {
    return this.#received;
  }

  /** The first signal stops the run (`first`); any later one asks to quit at once (`second`). */
  receive(signal: InterruptSignal): 'first' | 'second' {
    if (this.#received !== undefined) return 'second';
    this.#received = signal;
    this.#controller.abort(signal);
    return 'first';
  }

  /** The line and exit code of a second signal. */
  quit(signal: InterruptSignal): { line: string; exitCode: 130 | 143 } {
    let left: ReturnType<NonNullable<RunInterrupt['leftBehind']>> | undefined;
    try {
      left = this.leftBehind?.();
    } catch {
      left = undefined;
    }
    return { line: quitLine(signal, left?.runId, left?.left, left?.logFile), exitCode: INTERRUPT_EXIT_CODES[this.#received ?? signal] };
  }
}

export interface LoggedCleanup {
  /** Records the log held as not yet deleted. */
  readonly found: number;
  readonly deleted: number;
  /** Still there, or not known to be gone, when the bound ran out. */
  readonly left: readonly LoggedRecord[];
  /**
   * Creates that got no answer (a request aborted by the stop, or timed out): each may have made a
   * record whose id never came back, which no delete by id can reach; the report says so.
   */
  readonly unansweredCreates: number;
  /** The bound ran out before every record was tried or answered. */
  readonly cutShort: boolean;
}

/**
 * Deletes every record the run's log says is still there, newest first (children before
 * parents), each with the key of its role; a refusal (a parent whose child was still there, say)
 * is tried again after the rest. Bounded by `maxMs` overall: a request in flight is abandoned
 * then, and a 429 is not waited out. A record is only ever deleted by an id the run created.
 */
export async function deleteLogged(logFile: string, target: CleanupTarget, maxMs: number = INTERRUPT_CLEANUP_MS): Promise<LoggedCleanup> {
  const logged = readCreatedLog(logFile).reverse();
  const { unansweredCreates } = readLedgerFile(logFile);
  if (logged.length === 0) return { found: 0, deleted: 0, left: [], unansweredCreates, cutShort: false };
  const stop = AbortSignal.timeout(maxMs);
  const clientOf = clientsByRole(target, { maxMs, throttle: RAW_429, signal: stop });
  let pending = logged;
  let deleted = 0;
  for (;;) {
    const refused: LoggedRecord[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CLEANUP_CONCURRENCY, pending.length) }, async () => {
        while (next < pending.length) {
          const record = pending[next++]!;
          const client = clientOf(record.role);
          if (stop.aborted || client === undefined) {
            refused.push(record);
            continue;
          }
          try {
            const response = await client.delete(record.path);
            if ((response.status >= 200 && response.status < 300) || response.status === 404) deleted += 1;
            else refused.push(record);
          } catch {
            refused.push(record);
          }
        }
      }),
    );
    // Nothing more went away this pass (or the time is up): what is left stays.
    if (refused.length === 0 || refused.length === pending.length || stop.aborted) {
      return { found: logged.length, deleted, left: refused, unansweredCreates, cutShort: stop.aborted };
    }
    pending = logged.filter((r) => refused.includes(r));
  }
}

/**
 * While the checks run, SIGINT and SIGTERM listeners that others add (vitest's own, which ends
 * the process at once, leaving no report and the run's records on the target) are taken off
 * again, so the runner's stop is the only one (the CLI's listeners are in place before the run
 * starts and never added again). Returns the function that ends the watch.
 */
export function keepSignalsToOurselves(): () => void {
  const watch = (event: string | symbol, listener: (...args: unknown[]) => void): void => {
    if (event !== 'SIGINT' && event !== 'SIGTERM') return;
    // 'newListener' comes before the listener is added: take it off right after.
    queueMicrotask(() => process.removeListener(event, listener));
  };
  process.on('newListener', watch);
  return () => {
    process.removeListener('newListener', watch);
  };
}
