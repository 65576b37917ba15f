import { readShowsKept } from '../check/kept-by-spec.js';
import { readLedgerFile, type DeleteAnswer, type LedgerRecord } from '../check/created-log.js';
import { clientsByRole, type CleanupTarget } from './role-clients.js';

/*
 * Issue 42, "every claim about the footprint verified": after the files' cleanup the run reads
 * back, by id and with the key of the organisation that holds it, every record its ledger (the
 * run's log of creates and delete answers, harness/check/created-log.ts) says it created. A record
 * read 2xx that does not show as the spec keeps a deleted one (harness/check/kept-by-spec.ts
 * readShowsKept) is still alive, and the report lists it with why (its delete's answer). A read
 * by id has no open meaning (spec 4: "GET /x/{id} returns x"): unlike a list filter it cannot miss
 * a record whatever the server's choices of order, paging, date bounds or lag.
 *
 * Bounded: READ_BACK_MAX_MS overall, READ_BACK_CONCURRENCY reads at once, a few consecutive reads
 * without an answer end it (the target is gone), and the run's interrupt aborts the reads in
 * flight at once. What is not read then is reported as cut short.
 */

export const READ_BACK_MAX_MS = 60_000;
const READ_BACK_CONCURRENCY = 6;
/** Reads in a row without an answer after which the target is taken as gone. */
const GONE_AFTER_FAILURES = 5;
/** A 429 is waited out a little: the read-back is short, and bounded anyway. */
const READ_BACK_THROTTLE = { maxWaitMs: 5_000, maxRetries: 2 } as const;

export type Organisation = 'A' | 'B';

export interface AliveRecord {
  /** The collection's path, `/time-entries`. */
  readonly collection: string;
  readonly organisation: Organisation;
  readonly id: string;
  /** The delete's answer: why it is still there. */
  readonly why: string;
  /** The suite file that created it, where the ledger says. */
  readonly domain?: string;
}

export interface ReadBackResult {
  /** Records read back with an answer that tells (2xx, or gone: 404, 410). */
  readonly checked: number;
  readonly alive: readonly AliveRecord[];
  /** Records not read for sure (the bound, the interrupt, a read without a telling answer) whose delete was not answered 2xx or gone. */
  readonly unknown: number;
  /** The read-back ended before every record was read (the bound, the interrupt, the target gone). */
  readonly cutShort: boolean;
  /** Creates that got no answer (a timeout, a reset): each may have made a record whose id the run never learnt, and cannot read back. */
  readonly unansweredCreates: number;
}

/** The organisation a key's role belongs to: the other organisation's key reads org B. */
export function organisationOf(role: LedgerRecord['role']): Organisation {
  return role === 'otherOrg' ? 'B' : 'A';
}

/** Why a record read back alive is still there, from its last delete's answer. */
export function whyAlive(answer: DeleteAnswer | undefined, accepted: boolean): string {
  if (answer === undefined)
    return 'no delete was sent: the run stopped before its cleanup reached it, or it was made after its file had cleaned up (a create answered late)';
  if ('none' in answer) return answer.none === 'not sent' ? 'the delete was never sent: the run had stopped' : 'the delete got no answer';
  const { status } = answer;
  if (status >= 500) return `the delete answered ${status}`;
  if (status >= 400)
    return accepted && status !== 404 && status !== 410
      ? `deleted (2xx) and read back, a later delete refused (${status})`
      : `the delete was refused (${status})`;
  return `the delete answered ${status}, and a read by id still finds it`;
}

const settledAnswer = (record: LedgerRecord): boolean => {
  const answer = record.lastAnswer;
  return record.accepted || (answer !== undefined && 'status' in answer && (answer.status === 404 || answer.status === 410));
};

export interface ReadBackOptions {
  readonly maxMs?: number;
  /** The run's interrupt: reads in flight are aborted, and none is sent after it. */
  readonly signal?: AbortSignal | undefined;
  /** CONFORMANCE_CONCURRENCY when set: the read-back never sends more at once than the run may (nor more than its own 6). */
  readonly concurrency?: number | undefined;
}

/** Reads back every record of `records` (the ledger's), each with its role's key. */
export async function readBackRecords(records: readonly LedgerRecord[], target: CleanupTarget, options: ReadBackOptions = {}): Promise<ReadBackResult> {
  const maxMs = options.maxMs ?? READ_BACK_MAX_MS;
  const stop = AbortSignal.any([AbortSignal.timeout(maxMs), ...(options.signal === undefined ? [] : [options.signal])]);
  const clientOf = clientsByRole(target, { maxMs, throttle: READ_BACK_THROTTLE, signal: stop });
  let checked = 0;
  let unknown = 0;
  let cutShort = false;
  let failuresInARow = 0;
  const alive: AliveRecord[] = [];
  let next = 0;
  const readOne = async (record: LedgerRecord): Promise<void> => {
    const client = clientOf(record.role);
    if (stop.aborted || failuresInARow >= GONE_AFTER_FAILURES || client === undefined) {
      if (client !== undefined) cutShort = true;
      if (!settledAnswer(record)) unknown += 1;
      return;
    }
    try {
      const response = await client.get(record.path);
      failuresInARow = 0;
      if (response.status === 404 || response.status === 410) {
        checked += 1;
        return;
      }
      if (response.status < 200 || response.status >= 300) {
        // Refused or failed: nothing is known of the record but its delete's answer.
        if (!settledAnswer(record)) unknown += 1;
        return;
      }
      checked += 1;
      const data = (response.json as { data?: unknown } | undefined)?.data;
      if (readShowsKept(record.path, data, record.accepted)) return;
      const cut = record.path.lastIndexOf('/');
      alive.push({
        collection: record.path.slice(0, cut),
        organisation: organisationOf(record.role),
        id: record.path.slice(cut + 1),
        why: whyAlive(record.lastAnswer, record.accepted),
        ...(record.domain === undefined ? {} : { domain: record.domain }),
      });
    } catch {
      if (stop.aborted) cutShort = true;
      else failuresInARow += 1;
      if (!settledAnswer(record)) unknown += 1;
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? READ_BACK_CONCURRENCY, READ_BACK_CONCURRENCY, records.length) }, async () => {
      while (next < records.length) await readOne(records[next++]!);
    }),
  );
  if (failuresInARow >= GONE_AFTER_FAILURES) cutShort = true;
  // In the order the run created them: the same report for the same run.
  const order = new Map(records.map((r, i) => [r.path, i]));
  alive.sort((a, b) => order.get(`${a.collection}/${a.id}`)! - order.get(`${b.collection}/${b.id}`)!);
  return { checked, alive, unknown, cutShort, unansweredCreates: 0 };
}

/** The read-back of the run's ledger file. */
export async function readBackLedger(ledgerFile: string, target: CleanupTarget, options: ReadBackOptions = {}): Promise<ReadBackResult> {
  const ledger = readLedgerFile(ledgerFile);
  return { ...(await readBackRecords(ledger.records, target, options)), unansweredCreates: ledger.unansweredCreates };
}
