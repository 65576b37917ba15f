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
}

interface DeletedLine {
  readonly deleted: string;
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
export function logCreated(file: string | undefined, path: string, role: KeyRole): void {
  append(file, { created: path, role } satisfies CreatedLine);
}

/** Notes a record deleted (or already gone). */
export function logDeleted(file: string | undefined, path: string): void {
  append(file, { deleted: path } satisfies DeletedLine);
}

function append(file: string | undefined, line: CreatedLine | DeletedLine): void {
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
