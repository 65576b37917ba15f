import fc from 'fast-check';
import { rateCreate, rateUpdate } from '../../generators/rates.js';
import { pastDate } from '../../generators/primitives.js';
import { RATE_TYPES } from '../../spec/rates.js';
import { AddRateVersion, judgeRateVersions, ListRateVersions, SearchRate } from './commands-actions.js';
import { SCOPE_PLACEHOLDERS, type Body, type DomainConstraints, type ListFilter, type SequenceDomain } from './domains.js';
import type { Condition } from './model.js';
import { daysFromToday, SECOND_TAG } from './own-scopes.js';
import { judgeCurrentAmount } from './rate-versions.js';

/** A filter naming both of the sequence's tags, filled in when the list is sent (the tags are the sequence's own). */
const BOTH_TAGS = '@both-rate-tags';

/** A version's effectiveFrom: today (a tie with the initial version, probably), a past day, or a day ahead. */
const effectiveFrom = fc.oneof(
  fc.constant(0).map(() => daysFromToday(0)),
  pastDate(),
  fc.integer({ min: 30, max: 400 }).map((days) => daysFromToday(days)),
);

function addVersion(domain: () => SequenceDomain): fc.Arbitrary<AddRateVersion> {
  return fc
    .tuple(fc.nat({ max: 30 }), fc.integer({ min: 1, max: 1_000_000 }), effectiveFrom, fc.boolean())
    .map(
      ([pick, cents, from, reason]) =>
        new AddRateVersion(domain, pick, { amount: cents / 100, effectiveFrom: from, ...(reason ? { changeReason: 'a conformance sequence' } : {}) }),
    );
}

function listVersions(domain: () => SequenceDomain): fc.Arbitrary<ListRateVersions> {
  return fc.nat({ max: 30 }).map((pick) => new ListRateVersions(domain, pick));
}

/**
 * Rates (spec 2.5, 3.5, 4.5, 9): rates have no reference to list by, so each sequence tags its
 * rates with a tag of its own (and some with a second one) and lists by `tags`. A delete
 * deactivates (spec 2, 3.5): afterwards isActive is false wherever the rate shows; whether it
 * still reads or lists is learned. Versions are added and listed; the current amount a read
 * shows is judged against them (rate-versions.ts). No rate is made default: a server may keep
 * one default per organisation, moved by any client's write (spec 2.5 does not say), so
 * isDefault is sent false.
 */
export function rates(c: DomainConstraints): SequenceDomain {
  const P = SCOPE_PLACEHOLDERS;
  const tags = fc.constantFrom([P.rateTag], [P.rateTag, P.rateTagB]);
  const domain: SequenceDomain = {
    name: 'rates',
    path: '/rates',
    noun: 'rate',
    letter: 'N',
    deletion: 'soft',
    scopeField: 'tags',
    scopeValues: ['rateTag', 'rateTagB'],
    create: fc
      .tuple(rateCreate({ runTag: c.runTag, minAmount: 0.01 }), tags)
      .map(([body, tagList]) => ({ ...(body as Body), tags: tagList, isDefault: false })),
    update: fc.tuple(rateUpdate({ runTag: c.runTag }), tags).map(([body, tagList]) => {
      const out: Body = { ...(body as Body) };
      if ('tags' in out) out['tags'] = tagList;
      if ('isDefault' in out) out['isDefault'] = false;
      return out;
    }),
    filters: fc.oneof(
      fc.constant({ query: {}, conditions: [] } as ListFilter),
      fc.constantFrom(...RATE_TYPES).map((rateType): ListFilter => ({ query: { rateType }, conditions: [{ field: 'rateType', op: 'eq', value: rateType }] })),
      ...['isActive', 'isDefault'].map((field) =>
        fc.boolean().map((value): ListFilter => ({ query: { [field]: String(value) }, conditions: [{ field, op: 'eq', value }] })),
      ),
      fc.constant({ query: { tags: BOTH_TAGS }, conditions: [] } as ListFilter),
    ),
    defaults: ['isActive', 'rateType'],
    linked: [],
    activeFlag: true,
    searchField: 'name',
    auditFilters: ['isActive', 'rateType'],
    scoped: (tag, filter) => {
      const first = tag.endsWith(SECOND_TAG) ? tag.slice(0, -SECOND_TAG.length) : tag;
      const both = filter.query['tags'] === BOTH_TAGS;
      const query = { ...filter.query, tags: both ? `${first},${first}${SECOND_TAG}` : tag };
      // spec 4.5: tags is "one string, comma-separated, split into a list"; whether a rate must carry all or any is not stated (model.ts `has`).
      const conditions: Condition[] = [{ field: 'tags', op: 'has', value: both ? [first, `${first}${SECOND_TAG}`] : [tag] }, ...filter.conditions];
      return { query, conditions };
    },
    judgeShown: judgeCurrentAmount,
    audit: (world, record) => judgeRateVersions(world, domain, record),
    // spec 2, 3.5: deleting a rate deactivates it.
    afterDelete: (record) => {
      record.learned['isActive'] = false;
      record.toLearn.delete('isActive');
      record.learnedAfterDelete.add('isActive');
    },
    // Versions twice: they are what rates have of their own, and a list of them read between two is what shows a stale copy.
    commands: [
      addVersion(() => domain),
      addVersion(() => domain),
      listVersions(() => domain),
      listVersions(() => domain),
      fc.nat({ max: 30 }).map((pick) => new SearchRate(() => domain, pick)),
    ],
    actions: [
      {
        name: 'add a version',
        writes: true,
        command: addVersion(() => domain).map((made) => (pick: number) => new AddRateVersion(made.domain, pick, made.body)),
        request: { method: 'POST', sub: 'versions', body: { amount: 1, effectiveFrom: daysFromToday(0) } },
      },
      {
        name: 'list the versions',
        writes: false,
        command: fc.constant((pick: number) => new ListRateVersions(() => domain, pick)),
        request: { method: 'GET', sub: 'versions' },
      },
      { name: 'search', writes: false, command: fc.constant((pick: number) => new SearchRate(() => domain, pick)), request: undefined },
    ],
  };
  return domain;
}
