import { randomBytes, randomInt } from 'node:crypto';
import type { ScopeIds, SequenceDomain } from './domains.js';
import { dataOf, type SequenceWorld } from './world.js';

/** Days ahead of today (UTC) a sequence's milestones are dated around: a server may refuse target dates more than five years ahead. */
const MILESTONE_DAYS_AHEAD = { min: 1500, max: 1790 } as const;

/** The suffix of a sequence's second rate tag. */
export const SECOND_TAG = '-b';

/** A domain shape that asks the world for the first rate tag alone. */
const RATE_TAG_ONLY = { scopeValues: ['rateTag'] } as unknown as SequenceDomain;

/** Today (UTC) moved by whole days, as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The scope of the allocations, rates and milestones of one sequence: two staff resources of its
 * own (no allocation made for the time entries' resource may share their lists), a tag no other
 * record carries (rates have no reference to list by, spec 4.5), and a day years ahead its
 * milestones are dated around (spec 4.8: milestones are listed by project and date; other
 * milestones of the configured project may share the window, so their total is not judged).
 * Undefined when the target refused the resource (the domain then sits the sequence out).
 */
export async function makeOwnScope(world: SequenceWorld, kind: keyof ScopeIds, tag: string): Promise<string | undefined> {
  if (kind === 'rateTag') return `seq-${randomBytes(5).toString('hex')}`;
  // The second tag is the first one and a suffix, so a list scoped by either knows both (a tags filter of two).
  if (kind === 'rateTagB') return `${(await world.scope(RATE_TAG_ONLY))?.rateTag ?? `seq-${randomBytes(5).toString('hex')}`}${SECOND_TAG}`;
  if (kind === 'milestoneDay') return daysFromToday(randomInt(MILESTONE_DAYS_AHEAD.min, MILESTONE_DAYS_AHEAD.max));
  const res = await world.send('A', 'POST', '/resources', {
    body: { name: `Conformance sequence staff ${randomBytes(4).toString('hex')}`, tags: [tag] },
    rule: 'SEQ-READ-AFTER-WRITE',
    letter: 'R',
  });
  const id = dataOf(res)?.['id'];
  if (res.status >= 200 && res.status < 300 && typeof id === 'string') return id;
  world.observe(
    'sequence-scope-refused',
    `POST /resources (a resource for the sequence's allocations)`,
    `refused (${res.status}): the sequences leave that domain out`,
  );
  return undefined;
}
