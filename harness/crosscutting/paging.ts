import type { checker, CheckContext } from '../check/check.js';
import { CheckFailure } from '../check/outcomes.js';
import { ensure, expectStatus, idsOf, listPage } from '../check/expect.js';
import { expectInvalid } from './validation.js';
import { pagingNumber, totalOf } from '../steps/lists.js';
import { settled } from '../steps/settle.js';
import { sharedScope, type Collection } from './collection.js';

type Check = ReturnType<typeof checker>;

const BAD_LIMITS = ['0', '101', '-1', '1.5', 'abc'] as const;
const BAD_OFFSETS = ['-1', '1.5', 'abc'] as const;
const SCOPE_SIZE = 3;

/** Whether the target sends paging figures as JSON numbers or decimal strings (spec 4 gives no type). */
function observeForm(t: CheckContext, path: string, pagination: Record<string, unknown>): void {
  t.observe(
    'paging-number-form',
    `GET ${path}`,
    typeof pagination['limit'] === 'string' ? 'decimal strings' : typeof pagination['limit'] === 'number' ? 'JSON numbers' : typeof pagination['limit'],
  );
}

/** Spec 4 and 8 paging rules, for one list route. */
export function pagingChecks(check: Check, collection: Collection): void {
  const { path } = collection;
  const scopeOf = sharedScope(collection, SCOPE_SIZE);

  check('ENV-LIST', `answer GET ${path} with 200, a data array and a pagination object`, async (t) => {
    const res = await t.api.get(path);
    expectStatus(res, 200, `list ${path}`);
    listPage(res);
  });

  check('PAGE-LIMIT-RANGE', `reject limit outside 1..100 on GET ${path} (${BAD_LIMITS.join(', ')})`, async (t) => {
    for (const limit of BAD_LIMITS) {
      await expectInvalid(t, `GET ${path}?limit=`, `limit=${limit}`, () => t.api.get(path, { limit }));
    }
  });

  check('PAGE-OFFSET-RANGE', `reject offset that is not an integer >= 0 on GET ${path} (${BAD_OFFSETS.join(', ')})`, async (t) => {
    for (const offset of BAD_OFFSETS) {
      await expectInvalid(t, `GET ${path}?offset=`, `offset=${offset}`, () => t.api.get(path, { offset }));
    }
  });

  check('PAGE-DEFAULTS', `default to limit 50 and offset 0 on GET ${path}`, async (t) => {
    const res = await t.api.get(path);
    expectStatus(res, 200, `list ${path}`);
    const { pagination, records } = listPage(res);
    observeForm(t, path, pagination);
    ensure(pagingNumber(pagination['limit']) === 50, `expected pagination.limit 50 without a limit parameter, got ${JSON.stringify(pagination['limit'])}`, res);
    ensure(
      pagingNumber(pagination['offset']) === 0,
      `expected pagination.offset 0 without an offset parameter, got ${JSON.stringify(pagination['offset'])}`,
      res,
    );
    ensure(records.length <= 50, `expected at most 50 records by default, got ${records.length}`, res);
  });

  check('PAGE-ECHO', `echo the requested limit and offset in pagination on GET ${path}`, async (t) => {
    for (const [limit, offset] of [
      [1, 0],
      [7, 2],
      [100, 5],
    ] as const) {
      const res = await t.api.get(path, { limit, offset });
      expectStatus(res, 200, `list ${path}?limit=${limit}&offset=${offset}`);
      const { pagination } = listPage(res);
      ensure(
        pagingNumber(pagination['limit']) === limit && pagingNumber(pagination['offset']) === offset,
        `expected pagination limit ${limit} and offset ${offset}, got ${JSON.stringify(pagination)}`,
        res,
      );
    }
  });

  check('PAGE-TOTAL', `carry the total of matching records in pagination on GET ${path}`, async (t) => {
    const res = await t.api.get(path, { limit: 1 });
    expectStatus(res, 200, `list ${path}`);
    const total = totalOf(listPage(res).pagination);
    ensure(total !== undefined, `expected a total in pagination, got ${JSON.stringify(listPage(res).pagination)}`, res);
    t.observe('paging-total-name', `GET ${path}`, total.name);
    const scope = await scopeOf(t);
    if (scope) {
      // Records made just before: a list (and its count) may show them a moment later (settle.ts).
      await settled(
        async () => {
          const scoped = await t.api.get(path, { ...scope.query, limit: 1 });
          expectStatus(scoped, 200, `list ${path} filtered to the records this check created`);
          const scopedTotal = totalOf(listPage(scoped).pagination);
          ensure(
            scopedTotal?.value === scope.ids.length,
            `expected total ${scope.ids.length} for the ${scope.ids.length} records this check created, got ${JSON.stringify(listPage(scoped).pagination)}`,
            scoped,
          );
        },
        { t, subject: `GET ${path}` },
      );
    }
  });

  check('PAGE-LIMIT-APPLIED', `return at most limit records on GET ${path}`, async (t) => {
    const scope = await scopeOf(t);
    for (const limit of [1, 2]) {
      await settled(
        async () => {
          const res = await t.api.get(path, { ...scope?.query, limit });
          expectStatus(res, 200, `list ${path}?limit=${limit}`);
          const { records } = listPage(res);
          ensure(records.length <= limit, `expected at most ${limit} records, got ${records.length}`, res);
          if (scope) ensure(records.length === limit, `expected exactly ${limit} of the ${scope.ids.length} matching records, got ${records.length}`, res);
        },
        { t, subject: `GET ${path}` },
      );
    }
  });

  check('PAGE-OFFSET-APPLIED', `skip offset records on GET ${path}`, async (t) => {
    const scope = await scopeOf(t);
    // Without a scope of its own, other suites may add records between the requests; and the spec
    // states no order, so records that tie may come in another order on the next request: a
    // mismatch is only a failure when it repeats.
    if (scope) {
      await settled(() => offsetCounts(t, path, scope.query, scope.ids.length), { t, subject: `GET ${path}` });
      // Whether pages of one walk the set without a repeat depends on an order the spec does not
      // state (ties of a non-unique key may come back otherwise per LIMIT/OFFSET): observed.
      const walk = await offsetWalk(t, path, scope.query).then(
        () => 'pages of one walk the set without a repeat',
        (error: unknown) => {
          if (error instanceof CheckFailure) return 'pages of one repeat or skip records (no stable order)';
          throw error;
        },
      );
      t.observe('paging-order-stable', `GET ${path}`, walk);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await offsetWalk(t, path, {});
        return;
      } catch (error) {
        if (attempt >= 3 || !(error instanceof CheckFailure)) throw error;
      }
    }
  });
}

/**
 * Offset judged without any order: on a list of exactly `count` records (the check's own scope),
 * `offset` k with a limit above the count returns count - k records, none at the count or past it.
 */
async function offsetCounts(t: CheckContext, path: string, query: Readonly<Record<string, string>>, count: number): Promise<void> {
  // Side by side within the file's budget (reads of a list that holds still: one round trip far
  // from the target), judged in offset order.
  const offsets = Array.from({ length: count + 2 }, (_, offset) => offset);
  const answers = await Promise.all(offsets.map((offset) => t.ahead(() => t.api.get(path, { ...query, limit: 100, offset }))));
  for (const [offset, res] of answers.entries()) {
    expectStatus(res, 200, `list ${path}?offset=${offset}`);
    const got = listPage(res).records.length;
    const expected = Math.max(0, count - offset);
    ensure(got === expected, `expected ${expected} of the ${count} records this check created at offset ${offset}, got ${got}`, res);
  }
}

/**
 * `offset` at the total returns nothing, and pages of one at offsets 0..n-1 return n different
 * records of the list (all of them when the list has no more than n). The spec states no order,
 * and without one a server's order of tied records need not hold from one request to the next,
 * so the walk is compared with the list as a set.
 */
async function offsetWalk(t: CheckContext, path: string, query: Readonly<Record<string, string>>): Promise<void> {
  const first = await t.api.get(path, { ...query, limit: 100 });
  expectStatus(first, 200, `list ${path}`);
  const whole = idsOf(listPage(first).records);
  const total = totalOf(listPage(first).pagination)?.value ?? whole.length;
  const count = Math.min(whole.length, 5);
  // The page past the total and the pages of one side by side within the file's budget (one round
  // trip far from the target), judged in order.
  const [past, ...pages] = await Promise.all([
    t.ahead(() => t.api.get(path, { ...query, offset: total, limit: 10 })),
    ...Array.from({ length: count }, (_, offset) => t.ahead(() => t.api.get(path, { ...query, limit: 1, offset }))),
  ]);
  expectStatus(past!, 200, `list ${path}?offset=${total}`);
  ensure(listPage(past!).records.length === 0, `expected no records at offset ${total} (the total), got ${listPage(past!).records.length}`, past);
  const walked: string[] = [];
  for (const [offset, res] of pages.entries()) {
    expectStatus(res, 200, `list ${path}?limit=1&offset=${offset}`);
    walked.push(...idsOf(listPage(res).records));
  }
  const repeated = walked.filter((id, i) => walked.indexOf(id) !== i);
  const unknown = walked.filter((id) => !whole.includes(id));
  const missed = count === whole.length ? whole.filter((id) => !walked.includes(id)) : [];
  ensure(
    walked.length === count && repeated.length === 0 && unknown.length === 0 && missed.length === 0,
    `expected pages of one record at offsets 0..${count - 1} to return ${count} different records of ${JSON.stringify(whole.slice(0, 10))}, got ${JSON.stringify(walked)}` +
      `${repeated.length > 0 ? ` (repeated: ${repeated.join(', ')})` : ''}${missed.length > 0 ? ` (never returned: ${missed.join(', ')})` : ''}`,
  );
}
