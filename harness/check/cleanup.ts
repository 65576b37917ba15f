import { ApiClient } from '../http/client.js';
import type { TargetHealth } from '../http/health.js';
import { Redactor } from '../http/redact.js';
import { harRecorder } from '../har/recorder.js';
import { keptAfter, keptKindOf, noneKept, type KeptBySpec } from './kept-by-spec.js';
import type { RunContext } from './run-context.js';
import { logCreated, logDeleted, roleOf } from './created-log.js';

/**
 * The longest a file's cleanup may take: under the runner's hook timeout, so a target that
 * answers deletes slowly ends the cleanup here, not in a hook error.
 */
export const CLEANUP_MAX_MS = 300_000;

/** What a file's cleanup did: records it could not delete for sure, and what the spec keeps of the deleted. */
export interface CleanupTally {
  readonly left: number;
  readonly kept: KeptBySpec;
}

/**
 * Records this suite file created, with the key that created them. At the end of the file each
 * one is deleted with that same key (the suite only deletes what it created; a record org B's key
 * made is deleted with org B's key, the only one that sees it, spec 5.4).
 * A record already gone (404 or any other refusal) is fine.
 */
export class CreatedRecords {
  readonly #records = new Map<string, string>();

  /**
   * `run`: where the record is also logged for the main process, which deletes what is left
   * when the run is interrupted (harness/runner/interrupt.ts).
   */
  add(path: string, key: string, run?: Pick<RunContext, 'createdLog' | 'keys'>): void {
    this.#records.set(path, key);
    const role = run === undefined ? undefined : roleOf(run.keys, key);
    if (run !== undefined && role !== undefined) logCreated(run.createdLog, path, role);
  }

  get size(): number {
    return this.#records.size;
  }

  /**
   * Deletes every record, children before parents. Bounded: once the run stopped
   * sending (breaker, deadline) nothing goes out, and after `maxMs` the rest is left.
   * Answers how many records were not deleted for sure, and how many of the deleted ones the
   * spec keeps (soft-deleted tasks and resources, deactivated rates).
   */
  async cleanUp(
    run: Pick<RunContext, 'baseUrl' | 'keys' | 'authStyle' | 'requestTimeoutMs' | 'maxResponseBytes' | 'harDir' | 'network' | 'createdLog'>,
    health?: TargetHealth,
    maxMs: number = CLEANUP_MAX_MS,
  ): Promise<CleanupTally> {
    const redactor = new Redactor(Object.values(run.keys));
    const entries = [...this.#records.entries()].reverse(); // children before parents
    this.#records.clear();
    const deadline = performance.now() + maxMs;
    let left = 0;
    const kept = noneKept();
    for (const [path, key] of entries) {
      if (health?.stopped || performance.now() >= deadline) {
        left += 1;
        continue;
      }
      const client = new ApiClient({
        baseUrl: run.baseUrl,
        key,
        authStyle: run.authStyle,
        timeoutMs: run.requestTimeoutMs,
        redactor,
        maxResponseBytes: run.maxResponseBytes,
        ...(run.network === undefined ? {} : { network: run.network }),
        ...(run.harDir === undefined ? {} : { onWire: harRecorder(run.harDir).for({ check: null, requirement: null }) }),
        ...(health ? { health } : {}),
      });
      try {
        const response = await client.delete(path);
        const kind = keptKindOf(path);
        if (kind !== undefined && keptAfter(response.status)) kept[kind] += 1;
        // Deleted or already gone: the main process need not try it again.
        if ((response.status >= 200 && response.status < 300) || response.status === 404) logDeleted(run.createdLog, path);
      } catch {
        // Best effort: an unreachable target at the end must not hide the results.
        left += 1;
      }
    }
    return { left, kept };
  }
}
