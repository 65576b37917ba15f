import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { ensure, expectNot2xx, expectRejected, expectStatus, fail, isClass, listPage } from '../harness/check/expect.js';
import { CheckInconclusive } from '../harness/check/outcomes.js';
import { once } from '../harness/check/once.js';
import type { Collection } from '../harness/crosscutting/collection.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, shapeOf, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import { reportExecute, reportExecuteViolationRequirements, reportExecuteViolations } from '../harness/generators/reports.js';
import type { ApiResponse } from '../harness/http/client.js';
import { EXECUTE_PAGE_SIZE_DEFAULT, EXECUTE_PAGE_SIZE_MAX, REPORT_SOURCES } from '../harness/spec/reports.js';
import {
  asDefinitions,
  executeScopes,
  expectDefinitionsFiltered,
  IDENTIFIER_NAMES,
  identifierOf,
  findRunnableDefinitions,
  needDefinitions,
  pageContent,
  pagedPath,
  rowsAt,
  rowsPath,
  sameShownValue,
  shownStrings,
  sourceOf,
  stringField,
  unknownCategory,
  type Definition,
} from '../harness/steps/reports.js';
import type { ReportScope } from '../harness/spec/reports.js';

/**
 * Reports (spec 2.9, 4.9, 8): the definitions are seed data (no API creates them), so every
 * check reads what the target lists and skips when it lists none.
 */
const check = checker('reports');

/** Read-only: no create, so the paging checks run on whatever the organisation holds. */
const reportsCollection: Collection = { path: '/reports', noun: 'report definition' };

const scopes = once(executeScopes);

const runnable = once(async (t: CheckContext) => findRunnableDefinitions(t, await needDefinitions(t)));

/**
 * The definition every execute check runs: the first listed one that answers an empty body with
 * 200 (a definition may need filter values of its own and refuse `{}` with a 4xx). When none of
 * the first few does, an execute check has nothing to run: inconclusive (RP-EXECUTE judges a
 * refusal that is no 4xx).
 */
async function definition(t: CheckContext): Promise<Definition> {
  const {
    runnable: [first],
    answers,
  } = await runnable(t);
  if (first !== undefined) return first;
  throw new CheckInconclusive(
    `none of the first ${answers.length} listed definitions ran with an empty body (${answers.map(({ res }) => res.status).join(', ')}): each may need filter values of its own`,
    answers[0]?.res.exchange ?? null,
  );
}

/** The scopes the executed definition accepts (a report may support only some scope kinds). */
const acceptedScopes = once(async (t: CheckContext): Promise<{ scopes: ReportScope[] }> => {
  const { id } = await definition(t);
  const { scopes: available = [] } = await scopes(t);
  const accepted: ReportScope[] = [];
  for (const scope of available) if ((await t.api.post(executePath(id), { scope })).status === 200) accepted.push(scope);
  return { scopes: accepted };
});

const executePath = (id: string): string => `/reports/${id}/execute`;

/** Spec 4.9: "Returns 200 with results in `data`" (RP-EXECUTE; the other execute checks need only the 200). */
function expectResults(res: ApiResponse, what: string): unknown {
  expectStatus(res, 200, what);
  const body = res.json;
  ensure(body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body, 'expected the results in `data`', res);
  return (body as { data: unknown }).data;
}

/**
 * The value that filters on `category` (shown by definitions `ids`): the string shown, unless
 * that lists none of them while GET /reports/categories names the category under other strings
 * too (a label shown, a key filtered on: spec 4.9 types category as a string only); then the
 * first of those that lists them. The shown string when none does, so the filter is judged on it.
 */
async function categoryFilterValue(t: CheckContext, shown: string, ids: readonly string[]): Promise<string> {
  const lists = async (value: string) => {
    const res = await t.api.get('/reports', { category: value, limit: 100 });
    const data = (res.json as { data?: unknown } | undefined)?.data;
    return res.status === 200 && Array.isArray(data) && asDefinitions(data as Array<Record<string, unknown>>).some((r) => ids.includes(r.id));
  };
  if (await lists(shown)) return shown;
  const categories = (await t.api.get('/reports/categories')).json as { data?: unknown } | undefined;
  const items = Array.isArray(categories?.data) ? categories.data : [];
  const others = items
    .map(shownStrings)
    .filter((strings) => strings.includes(shown))
    .flat()
    .filter((value) => value !== shown);
  for (const value of [...new Set(others)]) {
    if (await lists(value)) {
      t.observe('report-category-filter', 'GET /reports?category=', `filters by another string than the one shown (as in GET /reports/categories)`);
      return value;
    }
  }
  return shown;
}

function dataShape(data: unknown): string {
  if (Array.isArray(data)) return 'array';
  return data !== null && typeof data === 'object' ? `object ${shapeOf(data, '')}` : typeof data;
}

describe('reports: definitions list', () => {
  pagingChecks(check, reportsCollection);

  check('RP-LIST', 'answer GET /reports with a paged list of report definitions, each with an id', async (t) => {
    const res = await t.api.get('/reports', { limit: 100 });
    expectStatus(res, 200, 'list report definitions');
    const { records } = listPage(res);
    // spec 2.9 shows no definition fields: the identifier may be named reportId, key or slug.
    const bad = records.find((r) => identifierOf(r) === undefined);
    ensure(!bad, `expected every listed definition to have an identifier (${IDENTIFIER_NAMES.join(', ')}), got ${JSON.stringify(bad)?.slice(0, 200)}`, res);
    if (records.length === 0) t.skip('seed data missing: no report definition listed');
    t.observe('report-definition-identifier', 'GET /reports', identifierOf(records[0]!)!.name);
    t.observe('report-definition-fields', 'GET /reports', shapeOf(records[0], ''));
  });

  check('RP-FILTER-CATEGORY', 'return only definitions of the requested category', async (t) => {
    const definitions = await needDefinitions(t);
    const unknown = unknownCategory();
    // spec 4.9 types category as a string only: a server may check it against its categories and
    // refuse an unknown one (4xx) instead of listing nothing.
    await expectDefinitionsFiltered(
      t,
      { category: unknown },
      { includes: [], excludes: definitions.map((d) => d.id), what: `has category ${unknown}` },
      { topic: 'report-unknown-category', subject: 'GET /reports?category=<unknown>' },
    );
    const categories = [...new Set(definitions.map((d) => stringField(d, 'category')).filter((c): c is string => c !== undefined))];
    t.observe('report-definition-category', 'GET /reports', categories.length > 0 ? 'shown as category' : 'not shown');
    for (const category of categories) {
      const filter = await categoryFilterValue(
        t,
        category,
        definitions.filter((d) => stringField(d, 'category') === category).map((d) => d.id),
      );
      const records = await expectDefinitionsFiltered(
        t,
        { category: filter },
        {
          includes: definitions.filter((d) => stringField(d, 'category') === category).map((d) => d.id),
          excludes: definitions.filter((d) => stringField(d, 'category') !== undefined && stringField(d, 'category') !== category).map((d) => d.id),
          what: `has category ${category}`,
        },
      );
      const wrong = records.find((r) => stringField(r, 'category') !== category);
      ensure(!wrong, `category=${category} returned ${JSON.stringify(wrong?.['id'])} of category ${JSON.stringify(wrong?.['category'])}`);
    }
  });

  check('RP-FILTER-SOURCE', 'return only definitions of the requested source (system, user)', async (t) => {
    const definitions = await needDefinitions(t);
    const selected = new Map<string, string[]>();
    // spec 2.9 shows no form for source: a plain string, or an object showing it ({ key, label }).
    t.observe('report-definition-source', 'GET /reports', typeof definitions[0]!['source'] === 'string' ? 'string' : shapeOf(definitions[0]!['source'], ''));
    for (const source of REPORT_SOURCES) {
      const records = await expectDefinitionsFiltered(
        t,
        { source },
        {
          includes: definitions.filter((d) => sourceOf(d) === source).map((d) => d.id),
          excludes: definitions.filter((d) => sourceOf(d) !== undefined && sourceOf(d) !== source).map((d) => d.id),
          what: `has source ${source}`,
        },
      );
      const wrong = records.find((r) => r['source'] !== undefined && sourceOf(r) !== source);
      ensure(!wrong, `source=${source} returned ${JSON.stringify(wrong?.['id'])} of source ${JSON.stringify(wrong?.['source'])}`);
      selected.set(
        source,
        records.map((r) => r.id),
      );
    }
    // spec 2.9: a definition has one source, so no definition is both (whatever field shows it).
    const both = selected.get('system')!.filter((id) => selected.get('user')!.includes(id));
    ensure(both.length === 0, `source=system and source=user both returned ${JSON.stringify(both.slice(0, 3))}`);
  });

  check('RP-FILTER-SOURCE', 'reject a source other than system or user', async (t) => {
    // Another case of a value (System, USER) is INPUT-FORMAT-STRICT's (a SHOULD), never this MUST rule's.
    for (const source of ['builtin', 'all', 'systems']) {
      await expectInvalid(t, 'GET /reports', `source outside the enum: ${source}`, () => t.api.get('/reports', { source }));
    }
  });
});

describe('reports: definitions by id', () => {
  check('RP-GET', 'answer GET /reports/{id} with 200 and the listed definition in data', async (t) => {
    for (const listed of (await needDefinitions(t)).slice(0, 3)) {
      const res = await t.api.get(`/reports/${listed.id}`);
      expectStatus(res, 200, 'read a listed report definition');
      // The identifier may sit under another name than id (spec 2.9 shows no definition fields).
      const data = (res.json as { data?: unknown } | undefined)?.data;
      ensure(data !== null && typeof data === 'object' && !Array.isArray(data), 'expected the definition as an object in `data`', res);
      const record = data as Record<string, unknown>;
      const identifier = identifierOf(record);
      ensure(identifier?.value === listed.id, `expected the identifier ${listed.id} as listed, got ${JSON.stringify(identifier ?? record.id)}`, res);
      // How category and source are shown is not stated (a string, or an object with a key and a
      // label), and a list may show a brief form (the key) where the read shows the full one.
      for (const field of ['category', 'source']) {
        if (listed[field] !== undefined) {
          ensure(
            sameShownValue(record[field], listed[field]),
            `expected ${field} ${JSON.stringify(listed[field])} as listed, got ${JSON.stringify(record[field])}`,
            res,
          );
        }
      }
    }
  });

  check('ID-UNKNOWN-REFUSED', 'never answer 2xx for an unknown report definition id (GET, execute)', async (t) => {
    const get = await t.api.get(`/reports/${randomUUID()}`);
    t.observe('unknown-id-status', 'GET /reports/{unknown uuid}', get.status);
    expectNot2xx(get, 'GET of a report definition that does not exist');
    const execute = await t.api.post(executePath(randomUUID()), {});
    t.observe('unknown-id-status', 'POST /reports/{unknown uuid}/execute', execute.status);
    expectNot2xx(execute, 'execute a report definition that does not exist');
    const notUuid = await t.api.get('/reports/not-a-uuid');
    t.observe('unknown-id-status', 'GET /reports/not-a-uuid', notUuid.status);
    expectNot2xx(notUuid, 'GET of an id that is not a UUID');
  });

  check('ID-UNKNOWN-404', 'answer 404 for an unknown report definition id', async (t) => {
    expectStatus(await t.api.get(`/reports/${randomUUID()}`), 404, 'GET a report definition that does not exist');
    expectStatus(await t.api.post(executePath(randomUUID()), {}), 404, 'execute a report definition that does not exist');
  });

  check('RP-CATEGORIES', 'answer GET /reports/categories with 200 (a fixed path, not a definition id)', async (t) => {
    const res = await t.api.get('/reports/categories');
    expectStatus(res, 200, 'list report categories');
    // The shape of the categories list is not shown (spec 4.9): observed.
    t.observe('report-categories-shape', 'GET /reports/categories', shapeOf(res.json, res.text));
    const data = (res.json as { data?: unknown } | undefined)?.data;
    if (Array.isArray(data)) {
      t.observe('report-categories-items', 'GET /reports/categories data[]', data.length === 0 ? 'empty' : dataShape(data[0]));
    }
  });
});

describe('reports: execute', () => {
  check('RP-EXECUTE', 'answer execute with an empty body with 200 and results in data', async (t) => {
    // A definition that needs filter values may refuse `{}` with a 4xx; any other refusal is no
    // business rule (a 5xx, a redirect), whichever definition gave it.
    const { answers } = await runnable(t);
    const wrong = answers.find(({ res }) => res.status !== 200 && !isClass(res.status, '4xx'));
    if (wrong !== undefined)
      fail(
        `execute of a listed definition with an empty body answered ${wrong.res.status}: only 200, or a 4xx for filter values it needs, is expected`,
        wrong.res,
      );
    const { id } = await definition(t);
    const data = expectResults(await t.api.post(executePath(id), {}), 'execute a report with an empty body');
    t.observe('report-execute-data', 'POST /reports/{id}/execute', dataShape(data));
    // Whether the body may be left out entirely (not just empty) is not shown: observed.
    const bare = await t.api.post(executePath(id));
    t.observe('report-execute-no-body', 'POST /reports/{id}/execute without a body', bare.status);
  });

  check('RP-EXECUTE', 'accept every valid execute body', async (t) => {
    const { id } = await definition(t);
    await t.property(reportExecute(await acceptedScopes(t)), async (body) => {
      expectResults(await t.api.post(executePath(id), body), `execute a report with ${JSON.stringify(body)}`);
    });
  });

  check(
    'RP-EXECUTE-PAGING',
    `accept page 1 and 2 and pageSize 1 and ${EXECUTE_PAGE_SIZE_MAX}; reject pageSize 0, ${EXECUTE_PAGE_SIZE_MAX + 1} and 1.5 and page 0`,
    async (t) => {
      const { id } = await definition(t);
      for (const body of [{ page: 1 }, { page: 2 }, { pageSize: 1 }, { pageSize: EXECUTE_PAGE_SIZE_MAX }, { page: 1, pageSize: EXECUTE_PAGE_SIZE_MAX }]) {
        expectStatus(await t.api.post(executePath(id), body), 200, `execute with ${JSON.stringify(body)}`);
      }
      for (const body of [{ pageSize: 0 }, { pageSize: EXECUTE_PAGE_SIZE_MAX + 1 }, { pageSize: 1.5 }, { page: 0 }, { page: 1.5 }]) {
        await expectInvalid(t, 'POST /reports/{id}/execute', `paging outside the rules: ${JSON.stringify(body)}`, () => t.api.post(executePath(id), body));
      }
    },
  );

  check(
    'RP-EXECUTE-PAGE-ROWS',
    `answer the first page without page, and hold at most pageSize rows a page (at most ${EXECUTE_PAGE_SIZE_DEFAULT} without pageSize)`,
    async (t) => {
      // The definition with the most rows among the first few: paging shows only where there are rows.
      let chosen: { id: string; path: string; rows: number } | undefined;
      let shape = '';
      const executed = (await definition(t)).id;
      for (const { id } of (await needDefinitions(t)).slice(0, 5)) {
        const res = await t.api.post(executePath(id), {});
        // The definition every execute check runs must answer {} (RP-EXECUTE); another one that
        // will not run with an empty body (it may need filterValues) is simply not a candidate.
        if (id !== executed && (res.status !== 200 || rowsPath((res.json as { data?: unknown } | undefined)?.data) === undefined)) continue;
        const data = expectResults(res, 'execute a report with an empty body');
        const path = rowsPath(data);
        if (path === undefined) {
          shape ||= dataShape(data);
          continue;
        }
        const rows = rowsAt(data, path)!.length;
        if (chosen === undefined || rows > chosen.rows) chosen = { id, path, rows };
      }
      const subject = 'POST /reports/{id}/execute';
      // spec 4.9: the result shape is not shown; where it is no list of rows, no page can be seen (nor be wrong).
      if (chosen === undefined) {
        t.observe('report-execute-rows', subject, `not a list of rows: ${shape}`);
        return;
      }
      t.observe('report-execute-rows', subject, chosen.path === '' ? 'data[]' : `data.${chosen.path}[]`);
      t.observe('report-execute-rows', `${subject} with {} (the most rows of the first 5 definitions)`, chosen.rows);
      // With fewer rows than the smallest page size tried, no page could hold too many: nothing shown.
      if (chosen.rows < 3)
        t.inconclusive(`the report with the most rows answered ${chosen.rows}: too few to see a page holding more than pageSize (1 or 2) rows`);
      const { id } = chosen;
      // The rows found may be a fixed summary list returned whole while pageSize pages another array
      // of the result: the array judged is the one that holds fewer rows with pageSize 1.
      const all = expectResults(await t.api.post(executePath(id), {}), 'execute a report with an empty body');
      const one = expectResults(await t.api.post(executePath(id), { pageSize: 1 }), 'execute a report with {"pageSize":1}');
      const path = pagedPath(all, one, chosen.path);
      if (path === undefined) {
        t.observe('report-execute-rows', subject, 'no array of the result holds fewer rows with pageSize 1');
        return t.inconclusive(
          `no array of the result holds fewer rows with {"pageSize":1} than with {} (${chosen.rows} at ${chosen.path === '' ? 'data' : `data.${chosen.path}`}): a list returned whole shows no page`,
        );
      }
      if (path !== chosen.path) {
        t.observe('report-execute-rows', `${subject} pages`, `data.${path}[], not the list at ${chosen.path === '' ? 'data' : `data.${chosen.path}`}`);
        if (rowsAt(all, path)!.length < 3)
          t.inconclusive(
            `the paged list data.${path} holds ${rowsAt(all, path)!.length} rows with {}: too few to see a page holding more than pageSize (1 or 2) rows`,
          );
      }

      const page = async (body: Record<string, unknown>): Promise<{ res: ApiResponse; rows: unknown[] }> => {
        const res = await t.api.post(executePath(id), body);
        const rows = rowsAt(expectResults(res, `execute with ${JSON.stringify(body)}`), path);
        ensure(rows !== undefined, `expected the rows at data${path === '' ? '' : `.${path}`} as with {}, with ${JSON.stringify(body)}`, res);
        return { res, rows };
      };

      // spec 4.9: pageSize 1 to 500, default 100: a page never holds more rows than that.
      for (const [body, most] of [
        [{}, EXECUTE_PAGE_SIZE_DEFAULT],
        [{ pageSize: 1 }, 1],
        [{ pageSize: 2 }, 2],
        [{ page: 2, pageSize: 2 }, 2],
        [{ page: 2, pageSize: 1 }, 1],
      ] as const) {
        const { res, rows } = await page(body);
        ensure(rows.length <= most, `execute with ${JSON.stringify(body)} answered ${rows.length} rows: a page holds at most ${most}`, res);
      }

      // spec 4.9: page defaults to 1. Identical requests before and after the one without page tell
      // the page apart from rows that change meanwhile (live data): then it is tried again.
      for (const pageSize of [undefined, 1, 2]) {
        const sized = pageSize === undefined ? {} : { pageSize };
        let settled = false;
        for (let attempt = 0; attempt < 3 && !settled; attempt++) {
          const before = await page({ ...sized, page: 1 });
          const omitted = await page(sized);
          const after = await page({ ...sized, page: 1 });
          if (pageContent(before.rows) !== pageContent(after.rows)) continue;
          settled = true;
          ensure(
            pageContent(omitted.rows) === pageContent(before.rows),
            `execute with ${JSON.stringify(sized)} (no page) answered other rows than with ${JSON.stringify({ ...sized, page: 1 })}: the default page is 1`,
            omitted.res,
          );
        }
        if (!settled)
          t.inconclusive(`the rows of page 1 (${JSON.stringify(sized)}) changed between identical executions three times: the default page cannot be compared`);
      }
    },
  );

  check('RP-EXECUTE-FILTER-VALUES', 'accept filterValues objects with arbitrary keys, empty included', async (t) => {
    const { id } = await definition(t);
    for (const filterValues of [{}, { conformance_any: 'value', conformance_count: 3, conformance_flags: [true, false] }]) {
      expectStatus(await t.api.post(executePath(id), { filterValues }), 200, `execute with filterValues ${JSON.stringify(filterValues)}`);
    }
  });

  check('RP-EXECUTE-SCOPE', 'accept a scope of each kind naming an existing record', async (t) => {
    await definition(t);
    const { runnable: definitions } = await runnable(t);
    const { scopes: available = [] } = await scopes(t);
    if (available.length === 0) t.skip('not applicable: no project, resource or contact to scope a report to');
    // A report may support only some scope kinds, and `person` may name a user or an individual
    // contact rather than a resource: a 4xx for a kind is that report's rule, so the kind is tried
    // on each definition that runs with {}. Anything but 200 or a 4xx is wrong whatever the kind.
    const refusedEverywhere: ApiResponse[] = [];
    for (const scope of available) {
      let accepted = false;
      let last: ApiResponse | undefined;
      for (const { id } of definitions) {
        last = await t.api.post(executePath(id), { scope });
        if (last.status === 200) {
          accepted = true;
          break;
        }
        ensure(
          isClass(last.status, '4xx'),
          `execute with scope ${JSON.stringify(scope)} answered ${last.status}: expected 200, or a 4xx for a kind the report does not support`,
          last,
        );
      }
      t.observe(
        'report-scope-kinds',
        `scope kind ${scope.kind}`,
        accepted ? 'accepted' : `refused (${last?.status}) by each of ${definitions.length} definitions`,
      );
      if (!accepted && last !== undefined) refusedEverywhere.push(last);
    }
    // spec 4.9 offers scope on execute: a server that takes no scope of any kind on any report does not.
    if (refusedEverywhere.length === available.length) {
      expectStatus(
        refusedEverywhere[0]!,
        200,
        `execute with a scope of any kind (${available.map((s) => s.kind).join(', ')}) on any of ${definitions.length} definitions`,
      );
    }
  });

  invalidBodyChecks(check, {
    operation: 'POST /reports/{id}/execute',
    requirementIds: reportExecuteViolationRequirements(),
    cases: async (t) => reportExecuteViolations(await acceptedScopes(t)),
    send: async (t, body) => t.api.post(executePath((await definition(t)).id), body),
  });

  check('BODY-MALFORMED-JSON', 'reject a malformed JSON body on POST /reports/{id}/execute with 4xx', async (t) => {
    const { id } = await definition(t);
    for (const rawBody of ['{"page": ', '{page: 1}', 'not json']) {
      const res = await t.api.send({ method: 'POST', path: executePath(id), rawBody });
      t.observe('malformed-json-status', 'POST /reports/{id}/execute', res.status);
      expectRejected(res, `POST with body ${JSON.stringify(rawBody)}`);
    }
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('reports: invalid input classes from the field table', () => {
  inputClassChecks(check, 'reports', inputTargets('reports'));
});

describe.sequential('reports: validation status', () => {
  validationConsistencyCheck(check, 'report');
});
