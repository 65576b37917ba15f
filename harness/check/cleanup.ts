import { ApiClient, type RequestGovernor } from '../http/client.js';
import type { TargetHealth } from '../http/health.js';
import { walkPages } from '../http/pager.js';
import { Redactor } from '../http/redact.js';
import { harRecorder } from '../har/recorder.js';
import { keptAfter, keptKindOf, noneKept, type KeptBySpec } from './kept-by-spec.js';
import type { RunContext } from './run-context.js';
import { logAnswer, logCreated, logDeleted, roleOf } from './created-log.js';
import { deletionPrerequisites, retriedWhenRefused } from './cleanup-order.js';
import { limiter } from './concurrency.js';

/**
 * The longest a file's cleanup may take: under the runner's hook timeout, so a target that
 * answers deletes slowly ends the cleanup here, not in a hook error.
 */
export const CLEANUP_MAX_MS = 300_000;

/** Pages of 100 a sweep reads at most (a parent made for one check's records holds far fewer). */
const SWEEP_MAX_PAGES = 50;

/** What a file's cleanup did: records it could not delete for sure, and what the spec keeps of the deleted. */
export interface CleanupTally {
  readonly left: number;
  readonly kept: KeptBySpec;
}

/**
 * Records this suite file created, with the key that created them. At the end of the file each
 * one is deleted with that same key (the suite only deletes what it created; a record org B's key
 * made is deleted with org B's key, the only one that sees it, spec 5.4).
 * A record already gone (404, 410) is fine; one whose delete was refused otherwise is read back,
 * and counted as left when it is still there.
 */
export class CreatedRecords {
  readonly #records = new Map<string, string>();
  readonly #domain: string | undefined;

  /** `domain`: the suite file's, written beside each record in the run's log (the read-back's report per domain). */
  constructor(domain?: string) {
    this.#domain = domain;
  }

  /**
   * `run`: where the record is also logged for the main process, which deletes what is left
   * when the run is interrupted (harness/runner/interrupt.ts).
   */
  add(path: string, key: string, run?: Pick<RunContext, 'createdLog' | 'keys'>): void {
    this.#records.set(path, key);
    const role = run === undefined ? undefined : roleOf(run.keys, key);
    if (run !== undefined && role !== undefined) logCreated(run.createdLog, path, role, this.#domain);
  }

  get size(): number {
    return this.#records.size;
  }

  readonly #sweeps = new Map<
    string,
    { readonly path: string; readonly query: Readonly<Record<string, string>>; readonly key: string; readonly tag: string | undefined; at: number }
  >();

  /**
   * Issue 42 item 1: records a create made without naming them (a batch create's answer need not
   * carry ids, spec 4.10) are found at the file's end through `path?query` and deleted by id
   * with the rest. Only for a query the spec defines with no open meaning, an equality filter on a
   * parent made for the records alone (`GET /time-entries?resourceId=` of a resource the check
   * made for its batch: every entry listed there is the run's), never a date bound, a search, a
   * tag or an order. The list is read CONFORMANCE_LIST_SETTLE_S after the last registration (the
   * run's own bound on a list's lag behind a write), every page at limit 100 (spec 4: limit 1 to
   * 100, so a shorter page is the last): it misses no record the server made there.
   */
  /**
   * `tag`: only the records carrying the run's tag are taken (a parent others' records may sit
   * under too); a list that shows records in brief, without their tags, is answered by a read by id.
   */
  sweepAtEnd(path: string, query: Readonly<Record<string, string>>, key: string, tag?: string): void {
    const id = `${key} ${path} ${JSON.stringify(query)} ${tag ?? ''}`;
    this.#sweeps.set(id, { path, query, key, tag, at: performance.now() });
  }

  /** Whether a listed record carries `tag`: in the list's record, or else in a read by id. */
  async #tagged(client: ApiClient, path: string, listed: unknown, tag: string): Promise<boolean> {
    let tags = (listed as { tags?: unknown } | null)?.tags;
    if (!Array.isArray(tags)) {
      const read = await client.get(path);
      tags = (read.json as { data?: { tags?: unknown } } | undefined)?.data?.tags;
    }
    return Array.isArray(tags) && tags.includes(tag);
  }

  /** The sweeps' records, each added under the key that listed it; bounded by `deadline` and the run's stop. */
  async #sweep(
    clientFor: (key: string) => ApiClient,
    run: Pick<RunContext, 'listSettleS' | 'createdLog' | 'keys'>,
    health: TargetHealth | undefined,
    deadline: number,
  ): Promise<void> {
    const sweeps = [...this.#sweeps.values()];
    this.#sweeps.clear();
    if (sweeps.length === 0) return;
    const settleMs = (run.listSettleS ?? 0) * 1000;
    const waitMs = Math.max(...sweeps.map((s) => s.at)) + settleMs - performance.now();
    if (waitMs > 0 && !health?.stopped) await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, Math.max(0, deadline - performance.now()))));
    const stopped = (): boolean => Boolean(health?.stopped) || performance.now() >= deadline;
    for (const sweep of sweeps) {
      if (stopped()) return;
      try {
        await walkPages(
          (window) => clientFor(sweep.key).get(sweep.path, { ...sweep.query, ...window }),
          async (res) => {
            const data = (res.json as { data?: unknown } | undefined)?.data;
            if (res.status !== 200 || !Array.isArray(data)) return undefined;
            const ids = data.map((r) => (r as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
            for (const [i, id] of ids.entries()) {
              if (this.#records.has(`${sweep.path}/${id}`)) continue;
              if (sweep.tag !== undefined && !(await this.#tagged(clientFor(sweep.key), `${sweep.path}/${id}`, data[i], sweep.tag))) continue;
              this.add(`${sweep.path}/${id}`, sweep.key, run);
            }
            return data;
          },
          { maxPages: SWEEP_MAX_PAGES, stopped },
        );
      } catch {
        // A sweep without an answer finds nothing more; the next sweep is tried.
      }
    }
  }

  /**
   * Deletes every record, newest first where one may refer to another (a time entry before its
   * task and resource), side by side otherwise (harness/check/cleanup-order.ts), at most
   * CONFORMANCE_CONCURRENCY at once, each request paced under its
   * key's limit by `governor` when given. Bounded: once the run stopped sending (breaker,
   * deadline) nothing goes out, and after `maxMs` the rest is left.
   * Answers how many records were not deleted for sure, and how many of the deleted ones the
   * spec keeps (soft-deleted tasks and resources, deactivated rates).
   */
  async cleanUp(
    run: Pick<RunContext, 'baseUrl' | 'keys' | 'authStyle' | 'requestTimeoutMs' | 'maxResponseBytes' | 'harDir' | 'network' | 'createdLog' | 'concurrency'> &
      Partial<Pick<RunContext, 'listSettleS'>>,
    health?: TargetHealth,
    maxMs: number = CLEANUP_MAX_MS,
    governor?: RequestGovernor,
  ): Promise<CleanupTally> {
    const redactor = new Redactor(Object.values(run.keys));
    const deadline = performance.now() + maxMs;
    const clients = new Map<string, ApiClient>();
    const clientFor = (key: string): ApiClient => {
      let client = clients.get(key);
      if (client === undefined) {
        client = new ApiClient({
          baseUrl: run.baseUrl,
          key,
          authStyle: run.authStyle,
          timeoutMs: run.requestTimeoutMs,
          redactor,
          maxResponseBytes: run.maxResponseBytes,
          ...(run.network === undefined ? {} : { network: run.network }),
          ...(run.harDir === undefined ? {} : { onWire: harRecorder(run.harDir).for({ check: null, requirement: null }) }),
          ...(health ? { health } : {}),
          ...(governor ? { governor } : {}),
        });
        clients.set(key, client);
      }
      return client;
    };
    await this.#sweep(clientFor, run, health, deadline);
    const entries = [...this.#records.entries()].reverse(); // newest first
    this.#records.clear();
    /** One delete: its answer's status, or undefined when the record is left (not sent, or no answer). */
    const remove = async ([path, key]: readonly [string, string]): Promise<number | undefined> => {
      if (health?.stopped || performance.now() >= deadline) {
        logAnswer(run.createdLog, path, { none: 'not sent' });
        return undefined;
      }
      try {
        const response = await clientFor(key).delete(path);
        logAnswer(run.createdLog, path, { status: response.status });
        // Deleted or already gone: the main process need not try it again.
        if ((response.status >= 200 && response.status < 300) || response.status === 404) logDeleted(run.createdLog, path);
        return response.status;
      } catch {
        // Best effort: an unreachable target at the end must not hide the results.
        logAnswer(run.createdLog, path, { none: health?.stopped ? 'not sent' : 'no answer' });
        return undefined;
      }
    };
    // The file's budget: CONFORMANCE_CONCURRENCY requests at once, as its checks had.
    const statuses = await deleteSideBySide(entries, remove, run.concurrency);
    // A refused delete is not taken as "already gone" on its word: a record a DELETE removes is read
    // back, and one still read is left (its check may have deleted it, or the server refused).
    const stillThere = await readBack(
      entries.filter(([path], i) => refusedDelete(statuses[i]) && keptKindOf(path) === undefined),
      async ([path, key]) => {
        if (health?.stopped || performance.now() >= deadline) return undefined;
        try {
          const response = await clientFor(key).get(path);
          return response.status >= 200 && response.status < 300;
        } catch {
          return undefined;
        }
      },
      run.concurrency,
    );
    let left = 0;
    const kept = noneKept();
    for (const [i, [path]] of entries.entries()) {
      const status = statuses[i];
      if (status === undefined || stillThere.has(path)) {
        left += 1;
        continue;
      }
      const kind = keptKindOf(path);
      if (kind !== undefined && keptAfter(status)) kept[kind] += 1;
    }
    return { left, kept };
  }
}

/** A delete answered, but neither with a success nor with "gone" (404, 410). */
export const refusedDelete = (status: number | undefined): boolean =>
  status !== undefined && !((status >= 200 && status < 300) || status === 404 || status === 410);

/**
 * The paths of `entries` that `read` says are still there (true), at most `concurrency` reads at
 * once; a read without an answer (undefined) is taken as not there, since the delete was answered.
 */
export async function readBack<E extends readonly [string, string]>(
  entries: readonly E[],
  read: (entry: E) => Promise<boolean | undefined>,
  concurrency: number,
): Promise<Set<string>> {
  const gate = limiter(concurrency);
  const answers = await Promise.all(entries.map((entry) => gate(() => read(entry))));
  return new Set(entries.flatMap(([path], i) => (answers[i] === true ? [path] : [])));
}

/** Gone, or already gone: nothing to try again. */
const settled = (status: number | undefined): boolean => status === undefined || (status >= 200 && status < 300) || status === 404 || status === 410;

/**
 * `remove` for every entry (newest first), side by side where cleanup-order.ts allows, at most
 * `concurrency` at once; then, one after another, once more for each record of a kind that
 * names its own kind and was refused (its child, deleted beside it, may have held it). The last
 * answer's status of each entry, undefined where it was left.
 */
export async function deleteSideBySide<E extends readonly [string, string]>(
  entries: readonly E[],
  remove: (entry: E) => Promise<number | undefined>,
  concurrency: number,
): Promise<Array<number | undefined>> {
  const prerequisites = deletionPrerequisites(entries.map(([path]) => path));
  const gate = limiter(concurrency);
  const done: Array<Promise<number | undefined>> = [];
  for (const [i, entry] of entries.entries()) {
    const before = prerequisites[i]!.map((j) => done[j]!);
    done.push(Promise.all(before).then(() => gate(() => remove(entry))));
  }
  const statuses = await Promise.all(done);
  for (const [i, entry] of entries.entries()) {
    if (!settled(statuses[i]) && retriedWhenRefused(entry[0])) statuses[i] = await remove(entry);
  }
  return statuses;
}
