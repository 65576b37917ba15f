import type { Report } from './model.js';
import { plural } from './format.js';

/*
 * The summary's sentence about what the run left alive on the target, generated from the
 * read-back after cleanup (harness/runner/read-back.ts), never from the deletes' answers alone.
 * Numbers as the rest of the report writes them (harness/report/format.ts: no locale).
 */

type ReadBack = NonNullable<NonNullable<Report['cleanup']>['readBack']>;
type ReadBackInfo = Omit<ReadBack, 'alive'> & { readonly alive: readonly ReadBack['alive'][number][] };

/** `/time-entries` as words, singular and plural. */
const COLLECTION_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  '/contacts': ['contact', 'contacts'],
  '/expenses': ['expense', 'expenses'],
  '/time-entries': ['time entry', 'time entries'],
  '/allocations': ['allocation', 'allocations'],
  '/milestones': ['milestone', 'milestones'],
  '/webhooks': ['webhook subscription', 'webhook subscriptions'],
  '/tasks': ['task', 'tasks'],
  '/resources': ['resource', 'resources'],
  '/rates': ['rate', 'rates'],
};

function recordsOf(collection: string, n: number): string {
  const words = COLLECTION_WORDS[collection] ?? [`record of ${collection}`, `records of ${collection}`];
  return plural(n, words[0], words[1]);
}

/** Alive records listed in full up to this many; past it, counted per collection. */
const LISTED = 5;

/**
 * "Nothing the run created is left alive: 1030 records checked by id." or "3 time entries left
 * alive: /time-entries/<id> in org A (the delete was refused (409)), ...". Cut short, it says how
 * many were not read.
 */
export function footprintSentence(readBack: ReadBackInfo): string {
  const { checked, alive, unknown, cutShort, unansweredCreates } = readBack;
  const read = `${plural(checked, 'record')} checked by id`;
  const notRead =
    (unknown > 0 ? `; ${plural(unknown, 'record')} not read back and not known deleted` : '') +
    (unansweredCreates > 0
      ? `; ${plural(unansweredCreates, 'create')} got no answer, and a record ${unansweredCreates === 1 ? 'it' : 'one of them'} made would be unknown to the run (those with tags carry the run's tag)`
      : '');
  const cut = cutShort ? ' (the read-back was cut short)' : '';
  if (alive.length === 0) {
    return unknown === 0 && !cutShort && unansweredCreates === 0
      ? `Nothing the run created is left alive: ${read}.`
      : `Nothing the run read back is left alive: ${read}${notRead}${cut}.`;
  }
  const byCollection = new Map<string, number>();
  for (const record of alive) byCollection.set(record.collection, (byCollection.get(record.collection) ?? 0) + 1);
  const counts = [...byCollection].map(([collection, n]) => recordsOf(collection, n)).join(', ');
  const listed = alive
    .slice(0, LISTED)
    .map((r) => `${r.collection}/${r.id} in org ${r.organisation} (${r.why})`)
    .join('; ');
  const more = alive.length > LISTED ? `; and ${alive.length - LISTED} more (report.json cleanup.readBack.alive)` : '';
  return `${counts} left alive: ${listed}${more}; ${read}${notRead}${cut}.`;
}
