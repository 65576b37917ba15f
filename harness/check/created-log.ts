import { appendFileSync, readFileSync } from 'node:fs';
import type { Keys } from '../config/schema.js';

/*
 * The run's log of the records it created, shared by every suite worker and the main process.
 * A file's own cleanup runs in its worker when the file ends; a run stopped by SIGINT or SIGTERM
 * cannot wait for that (a file may be minutes from its end, and once the run stops sending the
 * workers send nothing more), so the main process deletes what this log says is still there.
 * One JSON line per event, appended synchronously: a line written is on disk when the create's
 * answer is handed to the check, whatever happens to the worker afterwards. A line names the
 * key by its role, never the key itself: the log sits in the report folder.
 */

export type KeyRole = keyof Keys;

interface CreatedLine {
  readonly created: string;
  readonly role: KeyRole;
  /** The suite file's domain that made it (absent in lines of the interrupt's own cleanup). */
  readonly domain?: string;
}

interface DeletedLine {
  readonly deleted: string;
}

/** The answer one DELETE of a record got: its status, or why there was none. */
export type DeleteAnswer = { readonly status: number } | { readonly none: 'no answer' | 'not sent' };

/** A create sent that got no answer (a timeout, a reset, the run's stop): it may have made a record of no known id. */
interface UnansweredLine {
  readonly unanswered: string;
}

interface AnswerLine {
  readonly answered: string;
  readonly status?: number;
  readonly none?: 'no answer' | 'not sent';
}

export interface LoggedRecord {
  /** `/contacts/<id>`, below the base URL. */
  readonly path: string;
  /** The key the record is deleted with (the one that created it, or the admin key). */
  readonly role: KeyRole;
}

/** The role of a configured key, or undefined for a key the configuration does not hold. */
export function roleOf(keys: Partial<Keys>, key: string): KeyRole | undefined {
  return (Object.entries(keys) as Array<[KeyRole, string | undefined]>).find(([, value]) => value === key)?.[0];
}

/** Notes a record the run created; best effort (a log that cannot be written must not fail a check). */
export function logCreated(file: string | undefined, path: string, role: KeyRole, domain?: string): void {
  append(file, (domain === undefined ? { created: path, role } : { created: path, role, domain }) satisfies CreatedLine);
}

/**
 * Notes what a DELETE of a record answered (a check's own delete, a file's cleanup, the
 * interrupt's): the run's ledger, which the read-back after cleanup (harness/runner/read-back.ts)
 * reads to say why a record still there is there.
 */
export function logAnswer(file: string | undefined, path: string, answer: DeleteAnswer): void {
  append(file, ('status' in answer ? { answered: path, status: answer.status } : { answered: path, none: answer.none }) satisfies AnswerLine);
}

/** Notes a record deleted (or already gone). */
export function logDeleted(file: string | undefined, path: string): void {
  append(file, { deleted: path } satisfies DeletedLine);
}

/** Notes a create that got no answer (harness/http/client.ts onCreateUnanswered). */
export function logUnansweredCreate(file: string | undefined, path: string): void {
  append(file, { unanswered: path } satisfies UnansweredLine);
}

function append(file: string | undefined, line: CreatedLine | DeletedLine | AnswerLine | UnansweredLine): void {
  if (file === undefined) return;
  try {
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  } catch {
    // The report folder went away: the file's own cleanup still deletes its records.
  }
}

/**
 * The records the log says were created and not deleted, in the order they were created. A line
 * cut short (a worker stopped mid-write) or not understood is left out. No log: nothing.
 */
export function readCreatedLog(file: string): LoggedRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const live = new Map<string, KeyRole>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let line: Partial<CreatedLine & DeletedLine>;
    try {
      line = JSON.parse(raw) as Partial<CreatedLine & DeletedLine>;
    } catch {
      continue;
    }
    if (typeof line.created === 'string' && typeof line.role === 'string') {
      // Created again after a delete (an id reused by a target): last seen last.
      live.delete(line.created);
      live.set(line.created, line.role);
    } else if (typeof line.deleted === 'string') live.delete(line.deleted);
  }
  return [...live].map(([path, role]) => ({ path, role }));
}

/** One record of the run's ledger: who made it, and what its deletes answered. */
export interface LedgerRecord extends LoggedRecord {
  readonly domain: string | undefined;
  /** The last DELETE's answer; undefined when no delete of it was logged. */
  readonly lastAnswer: DeleteAnswer | undefined;
  /** Some DELETE of it answered 2xx (a check's own, or the cleanup's). */
  readonly accepted: boolean;
}

/**
 * Every record the log says the run created (deleted or not), in the order they were first
 * created, with the answers its deletes got. Lines cut short or not understood are left out.
 */
export function readLedger(file: string): LedgerRecord[] {
  return readLedgerFile(file).records;
}

/** The ledger's records, and how many creates got no answer (each may have made a record of no known id). */
export function readLedgerFile(file: string): { readonly records: LedgerRecord[]; readonly unansweredCreates: number } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { records: [], unansweredCreates: 0 };
  }
  let unansweredCreates = 0;
  const records = new Map<string, { role: KeyRole; domain: string | undefined; lastAnswer: DeleteAnswer | undefined; accepted: boolean }>();
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let line: Partial<CreatedLine & AnswerLine & UnansweredLine>;
    try {
      line = JSON.parse(raw) as Partial<CreatedLine & AnswerLine & UnansweredLine>;
    } catch {
      continue;
    }
    if (typeof line.unanswered === 'string') unansweredCreates += 1;
    else if (typeof line.created === 'string' && typeof line.role === 'string') {
      const known = records.get(line.created);
      // Created again after a delete (an id reused by a target): its deletes start afresh.
      records.set(line.created, { role: line.role, domain: line.domain ?? known?.domain, lastAnswer: undefined, accepted: false });
    } else if (typeof line.answered === 'string') {
      const record = records.get(line.answered);
      if (record === undefined) continue;
      if (typeof line.status === 'number') {
        record.lastAnswer = { status: line.status };
        if (line.status >= 200 && line.status < 300) record.accepted = true;
      } else if (line.none === 'no answer' || line.none === 'not sent') record.lastAnswer = { none: line.none };
    }
  }
  return { records: [...records].map(([path, r]) => ({ path, ...r })), unansweredCreates };
}
