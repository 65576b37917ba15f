import type { CheckContext } from '../check/check.js';
import type { ApiClient, QueryValue } from '../http/client.js';
import { ensure, expectStatus, isClass, listPage } from '../check/expect.js';
import { walkPages } from '../http/pager.js';
import { settled } from './settle.js';

/**
 * Names a paging total is known under; the spec does not name it (spec 4: "paging totals").
 * `count` is not among them: it may be the number of records on the page, so it is only taken
 * when no total-like name is there.
 */
const TOTAL_NAMES = [
  'total',
  'totalCount',
  'total_count',
  'totalItems',
  'total_items',
  'totalRecords',
  'total_records',
  'totalResults',
  'total_results',
  'totalElements',
  'total_elements',
  'totalRows',
  'total_rows',
];

/**
 * The total carried by `pagination`, whatever its name: a known total name first, then the only
 * other name with `total` in it (not `totalPages`), then `count`, otherwise the only other
 * non-negative integer field.
 * undefined when there is none.
 */
export function totalOf(pagination: Record<string, unknown>): { name: string; value: number } | undefined {
  const isCount = (v: unknown): boolean => pagingNumber(v) !== undefined;
  const found = (name: string) => ({ name, value: pagingNumber(pagination[name])! });
  for (const name of TOTAL_NAMES) {
    if (isCount(pagination[name])) return found(name);
  }
  // `totalPages` counts pages, not records.
  const totalLike = Object.entries(pagination).filter(([k, v]) => /total/i.test(k) && !/page/i.test(k) && isCount(v));
  if (totalLike.length === 1) return found(totalLike[0]![0]);
  if (isCount(pagination['count'])) return found('count');
  const others = Object.entries(pagination).filter(([k, v]) => k !== 'limit' && k !== 'offset' && isCount(v));
  return others.length === 1 ? found(others[0]![0]) : undefined;
}

/**
 * A paging figure (limit, offset, a total) as a number: a non-negative JSON integer, or the same
 * in a decimal string ("50"). Spec 4 gives them no JSON type, and a server echoing the query
 * string's value sends a string. undefined for anything else.
 */
export function pagingNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  return typeof value === 'string' && /^(?:0|[1-9]\d{0,15})$/.test(value) ? Number(value) : undefined;
}

/**
 * Every record matching `query`, walking pages of 100 (harness/http/pager.ts: bounded, so a huge
 * collection cannot stall the run). Fails the check when a page is not a well-formed list.
 */
export async function listAll(
  client: ApiClient,
  path: string,
  query: Readonly<Record<string, QueryValue>> = {},
  maxPages = 20,
): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = [];
  await walkPages(
    (window) => client.get(path, { ...query, ...window }),
    (res) => {
      expectStatus(res, 200, `list ${path}`);
      const { records: batch } = listPage(res);
      records.push(...batch);
      return batch;
    },
    { maxPages },
  );
  return records;
}

/** Records each page of a membership walk shares with the page before it. */
const WALK_OVERLAP = 10;

/**
 * The records of `query` for telling which ids a list holds, walking pages of 100 that overlap by
 * WALK_OVERLAP (each record once, by id). Other clients (other suites of the run, other users of
 * the server) may delete records of an unscoped list while it is walked: each delete before the
 * walk's offset shifts the later records one place forward, and a walk of adjacent pages would
 * skip one of them on a correct server. Overlapping pages miss none unless more than
 * WALK_OVERLAP records go between two pages.
 */
export async function listMembers(
  client: ApiClient,
  path: string,
  query: Readonly<Record<string, QueryValue>> = {},
  maxPages = 20,
): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  await walkPages(
    (window) => client.get(path, { ...query, ...window }),
    (res) => {
      expectStatus(res, 200, `list ${path}`);
      const { records: batch } = listPage(res);
      for (const record of batch) {
        const id = record['id'];
        if (typeof id === 'string' || typeof id === 'number') {
          if (seen.has(String(id))) continue;
          seen.add(String(id));
        }
        records.push(record);
      }
      return batch;
    },
    { maxPages, overlap: WALK_OVERLAP },
  );
  return records;
}

/**
 * The ids a filtered list must include and must leave out. The list may lag behind the writes
 * that made them (harness/steps/settle.ts): it is read again until it shows them, within a bound.
 */
export async function expectFiltered(
  client: ApiClient,
  path: string,
  query: Readonly<Record<string, QueryValue>>,
  expectation: { includes: readonly string[]; excludes: readonly string[]; what: string },
): Promise<Array<Record<string, unknown>>> {
  return settled(() => judgeFiltered(client, path, query, expectation));
}

async function judgeFiltered(
  client: ApiClient,
  path: string,
  query: Readonly<Record<string, QueryValue>>,
  expectation: { includes: readonly string[]; excludes: readonly string[]; what: string },
): Promise<Array<Record<string, unknown>>> {
  const records = await listMembers(client, path, query);
  const ids = new Set(records.map((r) => String(r['id'])));
  const shown = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]]))).toString();
  for (const id of expectation.includes) {
    ensure(ids.has(id), `GET ${path}?${shown} left out ${id}, which ${expectation.what}`);
  }
  for (const id of expectation.excludes) {
    ensure(!ids.has(id), `GET ${path}?${shown} returned ${id}, which does not match: ${expectation.what}`);
  }
  return records;
}

/**
 * `expectFiltered` for a query naming a reference that exists nowhere (a random projectId, say):
 * a server may list nothing (200) or refuse the query as naming an unknown record (4xx); the spec
 * does not say which (spec 7: statuses not shown). A 4xx lists nothing, so only a 200 is checked
 * for what it lists; which answer came is observed under `topic`.
 */
export async function expectFilteredUnlessRefused(
  t: CheckContext,
  path: string,
  query: Readonly<Record<string, QueryValue>>,
  expectation: { includes: readonly string[]; excludes: readonly string[]; what: string },
  observation: { topic: string; subject: string },
): Promise<void> {
  const first = await t.api.get(path, { ...query, limit: 1 });
  if (isClass(first.status, '4xx')) {
    t.observe(observation.topic, observation.subject, `refused (${first.status})`);
    return;
  }
  t.observe(observation.topic, observation.subject, `answered ${first.status}`);
  await expectFiltered(t.api, path, query, expectation);
}

/** Records of a list read one by one, at most this many, where the list shows them without the field judged. */
const BRIEF_READS = 20;

/**
 * The first listed record whose `field` is not `expected`, or undefined. A list may show records
 * in brief (spec 4: record contents are not shown): a record listed without the field is read by
 * id (at most BRIEF_READS of them) and judged as the read shows it.
 */
export async function firstWithOther(
  client: ApiClient,
  path: string,
  records: ReadonlyArray<Record<string, unknown>>,
  field: string,
  expected: unknown,
): Promise<Record<string, unknown> | undefined> {
  return firstFailing(client, path, records, field, (value) => value === expected);
}

/** `firstWithOther` with a test of the value: the first listed record whose `field` fails `accepts`. */
export async function firstFailing(
  client: ApiClient,
  path: string,
  records: ReadonlyArray<Record<string, unknown>>,
  field: string,
  accepts: (value: unknown) => boolean,
): Promise<Record<string, unknown> | undefined> {
  let reads = 0;
  for (const record of records) {
    let value = record[field];
    if (!(field in record) && typeof record['id'] === 'string' && reads < BRIEF_READS) {
      reads += 1;
      const res = await client.get(`${path}/${record['id']}`);
      const full = (res.json as { data?: Record<string, unknown> } | undefined)?.data;
      if (res.status !== 200 || full === undefined || !(field in full)) continue;
      value = full[field];
    } else if (!(field in record)) {
      continue;
    }
    if (!accepts(value)) return { ...record, [field]: value };
  }
  return undefined;
}
