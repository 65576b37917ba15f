import type { SequenceRequirementId } from '../../spec/sequences.js';
import { walkPages } from '../../http/pager.js';
import { pagingNumber, totalOf } from '../lists.js';
import type { ListFilter, SequenceDomain } from './domains.js';
import type { Org } from './log.js';
import { meets, RuleBroken, type Condition, type ModelRecord } from './model.js';
import type { SequenceWorld } from './world.js';

/** What the model says a list must do with one record, and the rule that says so. */
interface Decision {
  readonly record: ModelRecord;
  readonly listed: boolean;
  readonly rule: SequenceRequirementId;
  readonly why: string;
}

/**
 * What the model decides for each record of the domain under a scoped list: in, out, or left
 * undecided where the spec does not say (a value never written, an inactive record in a list
 * without isActive, a soft-deleted record in any list it might be left out of).
 */
function decide(
  domain: SequenceDomain,
  records: readonly ModelRecord[],
  conditions: readonly Condition[],
  hasActiveFilter: boolean,
): { decisions: Decision[]; exact: boolean } {
  const decisions: Decision[] = [];
  let exact = true;
  for (const record of records) {
    if (record.domain !== domain.name || record.state === 'unjudged') {
      if (record.domain === domain.name) exact = false;
      continue;
    }
    if (record.org === 'B') {
      decisions.push({ record, listed: false, rule: 'SEQ-ISOLATION', why: "was made with the other organisation's key" });
      continue;
    }
    if (record.state === 'deleted') {
      decisions.push({ record, listed: false, rule: 'SEQ-DELETE-GONE', why: 'was deleted' });
      continue;
    }
    const verdicts = conditions.map((c) => meets(record, c));
    const unmet = conditions.find((_c, i) => verdicts[i] === false);
    const soft = record.state === 'soft-deleted';
    if (unmet !== undefined) {
      decisions.push({
        record,
        listed: false,
        rule: soft ? 'SEQ-SOFT-DELETE-STAYS' : 'SEQ-LIST-AFTER-WRITE',
        why: `does not match ${unmet.field} ${unmet.op === 'eq' ? '=' : unmet.op === 'has' ? 'has' : unmet.op === 'from' ? '>=' : '<='} ${JSON.stringify(unmet.value)} (it holds ${JSON.stringify(record.fields[unmet.field] ?? record.learned[unmet.field])}${soft ? ', as its soft delete left it' : ''})`,
      });
      continue;
    }
    // Whether a soft-deleted record, or an inactive one in a list without isActive, is listed is the server's choice.
    const active = record.fields['isActive'] ?? record.learned['isActive'];
    const choice = soft || (domain.activeFlag && !hasActiveFilter && active !== true);
    if (choice || verdicts.some((v) => v === undefined)) {
      exact = false;
      continue;
    }
    decisions.push({
      record,
      listed: true,
      rule: 'SEQ-LIST-AFTER-WRITE',
      why: `matches ${conditions.map((c) => `${c.field} ${c.op === 'eq' ? '=' : c.op === 'has' ? 'has' : c.op === 'from' ? '>=' : '<='} ${JSON.stringify(c.value)}`).join(', ')}`,
    });
  }
  return { decisions, exact };
}

/** Ids and total of every page of a list (pages of 100, a few at most: a sequence makes dozens of records). */
async function walk(world: SequenceWorld, org: Org, path: string, query: Readonly<Record<string, string>>, rule: SequenceRequirementId) {
  const ids = new Set<string>();
  let total: number | undefined;
  let refused: number | undefined;
  await walkPages(
    (window) => world.send(org, 'GET', path, { query: { ...query, ...window }, rule }),
    (res, page) => {
      if (org === 'B' && res.status >= 400 && res.status < 500) {
        refused = res.status;
        return undefined;
      }
      const body = res.json as { data?: unknown; pagination?: unknown } | undefined;
      if (res.status !== 200 || !Array.isArray(body?.data)) {
        throw new RuleBroken(
          rule,
          `GET ${path} with a filter the spec defines answered ${res.status}${Array.isArray(body?.data) ? '' : ' without a data array'}`,
          res.exchange,
        );
      }
      for (const item of body.data as unknown[]) {
        const id = (item as { id?: unknown } | null)?.id;
        if (typeof id === 'string') ids.add(id.toLowerCase());
      }
      if (page === 0 && body.pagination !== null && typeof body.pagination === 'object') {
        total = totalOf(body.pagination as Record<string, unknown>)?.value;
      }
      return body.data as unknown[];
    },
    { maxPages: 5 },
  );
  return { ids, total, refused };
}

/**
 * Lists the domain under the sequence's scope and `filter` with org A's key and judges it
 * against the model: each decided record in or out, and the total where every record of the
 * scope is decided. Read again while it does not hold, within the settle bound (a list may show
 * a write late: spec 4 says nothing of when).
 */
export async function judgeList(world: SequenceWorld, domain: SequenceDomain, scopeValue: string, filter: ListFilter): Promise<void> {
  const { query, conditions } = scopedFilter(domain, scopeValue, filter);
  const { decisions, exact } = decide(domain, world.records, conditions, 'isActive' in filter.query);
  const shown = new URLSearchParams(query).toString().replace(new RegExp(scopeValue, 'g'), '<scope>');
  await world.settled(async () => {
    const { ids, total } = await walk(world, 'A', domain.path, query, 'SEQ-LIST-AFTER-WRITE');
    for (const d of decisions) {
      if (ids.has(d.record.id.toLowerCase()) === d.listed) continue;
      throw new RuleBroken(d.rule, `GET ${domain.path}?${shown} ${d.listed ? 'leaves out' : 'lists'} ${d.record.label}, which ${d.why}`, world.lastExchange);
    }
    if (exact && total !== undefined && domain.sharedScope !== true) {
      const expected = decisions.filter((d) => d.listed).length;
      if (total !== expected) {
        throw new RuleBroken(
          'SEQ-TOTAL-AFTER-WRITE',
          `GET ${domain.path}?${shown} gives the total ${total}; the sequence's live records that match it are ${expected} (${decisions
            .filter((d) => d.listed)
            .map((d) => d.record.label)
            .join(', ')}${
            decisions.some((d) => !d.listed)
              ? `; not ${decisions
                  .filter((d) => !d.listed)
                  .map((d) => `${d.record.label}, which ${d.why}`)
                  .join('; ')}`
              : ''
          })`,
          world.lastExchange,
        );
      }
    }
  });
}

/** Pages one small-page walk reads at most: a larger scope gets a larger page (the request count stays modest). */
export const MAX_WALK_PAGES = 4;

/** A small-page walk the sequence made, for the audit to make again (a page cache keyed by the query shows then). */
export interface PageWalk {
  readonly domain: SequenceDomain;
  readonly scopeValue: string;
  readonly filter: ListFilter;
  readonly limit: number;
}

const walks = new WeakMap<SequenceWorld, PageWalk[]>();

/** The last walk of a sequence. */
export function walksOf(world: SequenceWorld): readonly PageWalk[] {
  return walks.get(world) ?? [];
}

/**
 * Walks the domain's list under the sequence's scope and `filter` page by page with a small
 * `limit`, from offset 0 to the end, where the model decides every record of the scope (as for a
 * total: judgeList's exactness). The spec states no order, so only what holds in any order is
 * judged: each page holds min(limit, count - offset) records (so the pages add up to the count),
 * the paging total is the count, and pagination's limit and offset, where shown, are those asked.
 * Which records a page holds is not judged. Read again within the settle bound, as other lists.
 */
export async function judgePages(
  world: SequenceWorld,
  domain: SequenceDomain,
  scopeValue: string,
  filter: ListFilter,
  asked: number,
  again = false,
): Promise<void> {
  const { query, conditions } = scopedFilter(domain, scopeValue, filter);
  const { decisions, exact } = decide(domain, world.records, conditions, 'isActive' in filter.query);
  if (!exact || domain.sharedScope === true) return;
  const listed = decisions.filter((d) => d.listed);
  const count = listed.length;
  // A page of at most half the records, so that the walk reads pages past the first (a walk made
  // again keeps its page, so that it asks the same queries); at most MAX_WALK_PAGES pages.
  const limit = Math.max(again ? asked : Math.min(asked, Math.max(1, Math.floor(count / 2))), Math.ceil((count + 1) / MAX_WALK_PAGES));
  walks.set(world, [{ domain, scopeValue, filter, limit }]);
  const shown = new URLSearchParams(query).toString().replace(new RegExp(scopeValue, 'g'), '<scope>');
  const holding = `the sequence's live records that match it are ${count}${count === 0 ? '' : ` (${listed.map((d) => d.record.label).join(', ')})`}`;
  await world.settled(async () => {
    // Each page holds `limit` records until the last, shorter one: floor(count / limit) + 1 pages,
    // at most MAX_WALK_PAGES by the choice of `limit` (a page that holds other than that ends the walk with its failure).
    await walkPages(
      (window) => world.send('A', 'GET', domain.path, { query: { ...query, ...window }, rule: 'SEQ-TOTAL-AFTER-WRITE' }),
      (res, page) => {
        const offset = page * limit;
        const at = `GET ${domain.path}?${shown}&limit=${limit}&offset=${offset}`;
        const body = res.json as { data?: unknown; pagination?: unknown } | undefined;
        if (res.status !== 200 || !Array.isArray(body?.data)) {
          throw new RuleBroken(
            'SEQ-TOTAL-AFTER-WRITE',
            `${at} answered ${res.status}${Array.isArray(body?.data) ? '' : ' without a data array'}`,
            res.exchange,
          );
        }
        const want = Math.min(limit, Math.max(0, count - offset));
        const got = (body.data as unknown[]).length;
        if (got !== want)
          throw new RuleBroken('SEQ-TOTAL-AFTER-WRITE', `${at} gives a page of ${got} records; ${holding}, so this page holds ${want}`, res.exchange);
        const pagination = body.pagination;
        if (pagination !== null && typeof pagination === 'object' && !Array.isArray(pagination)) {
          const figures = pagination as Record<string, unknown>;
          const total = totalOf(figures);
          if (total !== undefined && total.value !== count)
            throw new RuleBroken('SEQ-TOTAL-AFTER-WRITE', `${at} gives the total ${total.value} (pagination.${total.name}); ${holding}`, res.exchange);
          for (const [name, value] of [
            ['limit', limit],
            ['offset', offset],
          ] as const) {
            const echoed = figures[name] === undefined ? undefined : pagingNumber(figures[name]);
            if (figures[name] !== undefined && echoed !== value)
              throw new RuleBroken(
                'SEQ-TOTAL-AFTER-WRITE',
                `${at} gives pagination.${name} ${JSON.stringify(figures[name])}, not the ${name} asked (${value})`,
                res.exchange,
              );
          }
        }
        return body.data as unknown[];
      },
      { maxPages: MAX_WALK_PAGES, pageSize: limit },
    );
  });
}

/** The query and conditions of a list under the sequence's scope and `filter` (a domain may scope by more than one field). */
function scopedFilter(domain: SequenceDomain, scopeValue: string, filter: ListFilter): { query: Record<string, string>; conditions: Condition[] } {
  if (domain.scoped !== undefined) {
    const scoped = domain.scoped(scopeValue, filter);
    return { query: { ...scoped.query }, conditions: [...scoped.conditions] };
  }
  return {
    query: { [domain.scopeField]: scopeValue, ...filter.query },
    conditions: [{ field: domain.scopeField, op: 'eq', value: scopeValue }, ...filter.conditions],
  };
}

/** Lists the scope with the other organisation's key: none of org A's records may show (a refusal shows none). */
export async function judgeForeignList(world: SequenceWorld, domain: SequenceDomain, scopeValue: string): Promise<void> {
  const { query } = scopedFilter(domain, scopeValue, { query: {}, conditions: [] });
  const { ids } = await walk(world, 'B', domain.path, query, 'SEQ-ISOLATION');
  const leaked = world.records.filter((r) => r.domain === domain.name && r.org === 'A' && ids.has(r.id.toLowerCase()));
  if (leaked.length > 0) {
    throw new RuleBroken(
      'SEQ-ISOLATION',
      `GET ${domain.path} with the other organisation's key lists ${leaked.map((r) => r.label).join(', ')} of organisation A`,
      world.lastExchange,
    );
  }
}

/** `search` with the current value of the domain's search field (spec 4.1, 4.4): it must find the record. */
export async function judgeSearch(
  world: SequenceWorld,
  domain: SequenceDomain,
  record: ModelRecord,
  scopeValue: string,
  active: boolean | undefined,
): Promise<void> {
  const field = domain.searchField!;
  const value = String(record.fields[field]);
  const query = { [domain.scopeField]: scopeValue, search: value, ...(active === undefined ? {} : { isActive: String(active) }) };
  await world.settled(async () => {
    const { ids } = await walk(world, 'A', domain.path, query, 'SEQ-SEARCH-AFTER-WRITE');
    if (!ids.has(record.id.toLowerCase())) {
      throw new RuleBroken(
        'SEQ-SEARCH-AFTER-WRITE',
        `GET ${domain.path}?search=${value}${active === undefined ? '' : `&isActive=${active}`} (under the sequence's scope) leaves out ${record.label}, whose ${field} is ${JSON.stringify(value)}`,
        world.lastExchange,
      );
    }
  });
}
