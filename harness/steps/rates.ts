import { RecordPool } from './record-pool.js';
import type { CheckContext } from '../check/check.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import { noteFlagsSent } from './displaced.js';
import { uniqueToken } from './unique-token.js';
import { expectSetup, setupCreated } from './setup-created.js';

/**
 * Creates a rate with the admin key and returns its id; fails the check unless 201 (a 4xx leaves it inconclusive). The body's
 * tags are kept and the run tag is added; `amount` defaults to 100. The name gets a
 * unique token: a server may keep rate names unique (the spec does not say), and a deactivated
 * rate keeps its name.
 */
export async function createRate(t: CheckContext, body: Record<string, unknown> = {}): Promise<string> {
  const tags = [...((body['tags'] as string[] | undefined) ?? []), runTag(t.run)];
  const name = `${typeof body['name'] === 'string' ? body['name'] : 'Conformance rate'} ${uniqueToken('')}`;
  const sent = { amount: 100, ...body, name, tags };
  let res = await t.api.post('/rates', sent);
  if (res.status >= 400 && res.status < 500 && rateRuleFree(sent) !== sent) {
    const refused = res.status;
    res = await t.api.post('/rates', rateRuleFree(sent));
    if (res.status === 201) t.observe('business-rule', 'POST /rates', `hoursPerPeriod beyond the hours of its period was refused with ${refused}`);
  }
  const id = setupCreated(res, 'create a rate');
  noteFlagsSent('/rates', ['isDefault'], id, body);
  return id;
}

/** Fields of a rate create body that an update also accepts (spec 2.5: period, hoursPerPeriod and amount are not). */
const RATE_UPDATABLE = ['name', 'rateType', 'currency', 'isDefault', 'tags'] as const;

/**
 * Rates a property's runs take turns on (issue 42: a deleted rate stays, deactivated): a run
 * takes one no other run holds and has it brought to its create body by an update of the fields
 * an update accepts (name with a fresh token, tags with the run tag, as createRate sends them),
 * or a fresh one when none is free or the update is refused. At most REUSE_POOL_MAX rates (harness/steps/record-pool.ts).
 */
export function ratePool(): <R>(t: CheckContext, body: Record<string, unknown>, use: (id: string) => Promise<R>) => Promise<R> {
  const pool = new RecordPool<string>();
  const take = async (t: CheckContext, body: Record<string, unknown>): Promise<string> => {
    const held = await pool.take();
    if (held !== undefined) {
      const reset = Object.fromEntries(Object.entries(body).filter(([field]) => (RATE_UPDATABLE as readonly string[]).includes(field)));
      const sent = {
        ...reset,
        name: `${typeof body['name'] === 'string' ? body['name'] : 'Conformance rate'} ${uniqueToken('')}`,
        tags: [...((body['tags'] as string[] | undefined) ?? []), runTag(t.run)],
      };
      const res = await t.api.patch(`/rates/${held}`, sent).catch((error: unknown) => {
        pool.give(held);
        throw error;
      });
      if (res.status === 200) {
        noteFlagsSent('/rates', ['isDefault'], held, sent);
        return held;
      }
    }
    try {
      return await createRate(t, body);
    } catch (error) {
      pool.release();
      throw error;
    }
  };
  return async (t, body, use) => {
    const id = await take(t, body);
    try {
      return await use(id);
    } finally {
      pool.give(id);
    }
  };
}

/** The hours in one period (a leap year's for `year`); a rate without a period may count by the hour. */
const PERIOD_HOURS: Readonly<Record<string, number>> = { hour: 1, day: 24, week: 168, month: 744, year: 8784 };

/**
 * spec 2.5 bounds hoursPerPeriod by nothing but >= 0, yet a server may refuse more hours than its
 * period holds (8 an hour). The same body with hoursPerPeriod at most the hours of its period (of
 * an hour, when no period is sent), or the body itself when it already is.
 */
export function rateRuleFree<T extends Record<string, unknown>>(body: T): T {
  const hours = body['hoursPerPeriod'];
  const bound = PERIOD_HOURS[typeof body['period'] === 'string' ? body['period'] : 'hour'] ?? 1;
  return typeof hours === 'number' && hours > bound ? { ...body, hoursPerPeriod: bound } : body;
}

/** The rates collection as the cross-cutting checks see it (spec 2.5, 4.5). */
export const ratesCollection: Collection = {
  path: '/rates',
  noun: 'rate',
  createBody: (t) => ({ name: `Conformance rate ${t.run.runId} ${uniqueToken('')}`, amount: 100, tags: [runTag(t.run)] }),
  updateBody: () => ({ name: `Conformance rate (updated) ${uniqueToken('')}` }),
  // Rates carrying a fresh tag: only this run can have created them (spec 4.5 `tags` filter).
  scope: async (t, count) => {
    const tag = uniqueToken('page');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await createRate(t, { name: `Conformance paging rate ${i}`, tags: [tag] }));
    return { query: { tags: tag }, ids };
  },
};

/** Rates with known flags under one fresh tag, for the rateType and isActive filters (spec 4.5). */
export interface RateFilterFixture {
  readonly tag: string;
  readonly billable: string;
  readonly cost: string;
  readonly other: string;
  /** A cost rate deactivated with DELETE (spec 2, 3.5: deleting a rate deactivates it). */
  readonly deactivated: string;
  /** A word only the billable rate's name carries, for the search filter. */
  readonly searchWord: string;
}

export async function createRateFilterFixture(t: CheckContext): Promise<RateFilterFixture> {
  const tag = uniqueToken('filter');
  const searchWord = uniqueToken('zq');
  const make = (rateType: string, word = '') => createRate(t, { name: `Conformance ${word}${rateType} rate`, rateType, tags: [tag] });
  const fixture = {
    tag,
    searchWord,
    billable: await make('billable', `${searchWord} `),
    cost: await make('cost'),
    other: await make('other'),
    deactivated: await make('cost'),
  };
  expectSetup(await t.api.delete(`/rates/${fixture.deactivated}`), 204, 'deactivate a rate with DELETE');
  return fixture;
}
