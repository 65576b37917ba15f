import type { CheckContext } from '../check/check.js';
import { listPage } from '../check/expect.js';

type Body = Record<string, unknown>;

/*
 * Flags another record may take away: one default rate, say (spec 2.5 does not say how many
 * rates may be default, so a server may keep one and clear the flag of the rate that had it).
 * The suite notes every record it set such a flag on (per worker: the files of a worker share
 * their modules, and a record another file flagged later displaces just the same); a record read
 * back without the flag it was set with is not a failure when another record got the flag after
 * it, by this run or as the target shows now.
 */

const noted = new Map<string, Array<{ readonly id: string; readonly at: number }>>();

/** Records that `id` of `path` was just set `field` true (the target accepted it). */
export function noteFlagSet(path: string, field: string, id: string): void {
  const key = `${path} ${field}`;
  noted.set(key, [...(noted.get(key) ?? []), { id, at: Date.now() }]);
}

/** Notes the flags of `fields` that an accepted body set true. */
export function noteFlagsSent(path: string, fields: readonly string[], id: string, sent: Body): void {
  for (const field of fields) if (sent[field] === true) noteFlagSet(path, field, id);
}

/**
 * Of `fields`, the ones `sent` set true (at `since`, epoch ms) that `record`, read later, holds
 * false while another record got them since: observed (`flag-displaced`), not compared.
 */
export async function takenAway(
  t: CheckContext,
  path: string,
  fields: readonly string[],
  id: string,
  record: Body,
  sent: Body,
  since: number,
): Promise<string[]> {
  const taken: string[] = [];
  for (const field of fields) {
    if (sent[field] !== true || record[field] !== false) continue;
    let other = (noted.get(`${path} ${field}`) ?? []).some((n) => n.id !== id && n.at >= since);
    if (!other) {
      const holders = await t.api.get(path, { [field]: 'true', limit: 100 });
      other = holders.status === 200 && listPage(holders).records.some((r) => r['id'] !== id && r[field] === true);
    }
    if (!other) continue;
    t.observe('flag-displaced', `${path} ${field}`, 'set true, later read false after another record got it');
    taken.push(field);
  }
  return taken;
}
