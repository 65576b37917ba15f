import { VALIDATION_STATUS_OBSERVED, SPEC_BODIES_INVALID, SPEC_MALFORMED_REJECTED } from './bases.js';
import type { Records } from './record.js';

/**
 * Reports (spec 2.9, 4.9).
 *
 * Checks: suites/reports.test.ts, harness/steps/reports.ts, harness/generators/reports.ts.
 */
export const REPORT_RECORDS = {
  'RP-LIST': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'GET /reports answers a paged list of report definitions.',
    units: [
      // GET | /reports | Query: category (string), source (`system`/`user`), limit, offset. Lists report definitions.
      '4.9#c1d807af',
      // GET | /reports/{id} | Returns one report definition.
      '4.9#6872a65b',
      // GET | /reports/categories | Lists report categories; 200.
      '4.9#3d2e2f7a',
    ],
    audit: [
      {
        relies: 'GET /reports?limit=100 answers exactly 200',
        basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
      },
      {
        relies: 'the body is an object with a `data` array and a `pagination` object',
        basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
      },
      { relies: 'limit=100 is accepted', basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50"' } },
      {
        relies: 'every listed definition carries its identifier as a non-empty string, under id or another usual name',
        basis: {
          tolerant:
            'steps/reports.ts identifierOf(): id, reportId, definitionId, reportDefinitionId, key or slug, recorded (report-definition-identifier); no variant renames it yet, as the paging checks (PAGE-*) still read id',
        },
      },
      { relies: 'an empty list is not judged', basis: { tolerant: 't.skip: a target that lists no definition (seed data missing) is skipped, not failed' } },
      { relies: 'the fields of the first definition are recorded', basis: { observation: 'report-definition-fields' } },
    ],
  },
  'RP-FILTER-CATEGORY': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'The `category` filter returns only definitions of that category.',
    units: [],
    audit: [
      {
        relies: 'every definition is listed by walking pages of 100 (at most 2000), each answering 200',
        basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50"' },
      },
      {
        relies: 'category=conformance-<random> lists none of the definitions',
        basis: {
          tolerant: 'expectFilteredUnlessRefused(): a 4xx for an unknown category lists nothing too; which answer came is recorded (report-unknown-category)',
        },
      },
      {
        relies: 'definitions whose category is no string (an object, another field name) are left out of the judgement',
        basis: { tolerant: 'steps/reports.ts stringField(): only a plain string category is compared' },
      },
      { relies: 'how a definition shows its category is recorded', basis: { observation: 'report-definition-category' } },
      {
        relies: 'the category filter selects definitions of that category and leaves out the others',
        basis: { spec: '4.9: "Query: category (string), source (system/user), limit, offset. Lists report definitions."' },
      },
      {
        relies: 'the filter value is the category string a definition shows, and every record returned shows that string',
        basis: {
          tolerant:
            'categoryFilterValue(): when the shown string lists none of its definitions, another string GET /reports/categories shows beside it (a key beside a label) is filtered on; recorded (report-category-filter)',
          variant: 'report-choices',
        },
      },
    ],
  },
  'RP-FILTER-SOURCE': {
    level: 'MUST',
    section: '2.9, 4.9',
    area: 'reports',
    statement: 'The `source` filter (`system`/`user`) returns only definitions of that source; another value is rejected.',
    units: [
      // A report definition has a category and a source (`system` or `user`).
      '2.9#333da4df',
      // GET | /reports | Query: category (string), source (`system`/`user`), limit, offset. Lists report definitions.
      '4.9#c1d807af',
    ],
    audit: [
      {
        relies: 'source=system and source=user each answer 200 (pages of 100)',
        basis: { spec: '4.9: "Query: category (string), source (system/user), limit, offset. Lists report definitions."' },
      },
      {
        relies: 'definitions showing source system or user as a string are included in and excluded from the right filter',
        basis: { spec: '2.9: "A report definition has a category and a source (system or user)."' },
      },
      {
        relies: 'a returned record whose `source` is set but shows another source (or none of the two) fails',
        basis: {
          tolerant:
            'steps/reports.ts sourceOf(): a plain string or an object showing system or user among its strings ({key,label}, a label in any case); recorded (report-definition-source)',
          variant: 'report-choices',
        },
      },
      { relies: 'no definition is returned by both filters', basis: { spec: '2.9: "A report definition has a category and a source (system or user)."' } },
      {
        relies: 'source=builtin, source=all and source=systems are rejected',
        basis: SPEC_MALFORMED_REJECTED,
      },
      {
        relies: 'an enum value in another case (System, USER) is not sent under this MUST',
        basis: { tolerant: "only builtin, all and systems are sent here; another case of a value is INPUT-FORMAT-STRICT's (SHOULD)" },
      },
      { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectInvalid: any 4xx passes; only 2xx and 5xx fail' } },
      { relies: 'the status and error body of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'RP-GET': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'GET /reports/{id} answers 200 with the definition in `data`.',
    units: [
      // GET | /reports | Query: category (string), source (`system`/`user`), limit, offset. Lists report definitions.
      '4.9#c1d807af',
      // GET | /reports/{id} | Returns one report definition.
      '4.9#6872a65b',
      // POST | /reports/{id}/execute | Body below. Returns 200 with results in `data`.
      '4.9#a3622614',
      // GET | /reports/categories | Lists report categories; 200.
      '4.9#3d2e2f7a',
      // The fixed paths `/webhooks/events`, `/reports/categories` coexist with the `{id}` routes of the same collectio
      '4.11#346a55b5',
    ],
    audit: [
      {
        relies: 'GET /reports/{id} of the first three listed definitions answers exactly 200 with the record in `data`',
        basis: { spec: '4.9: "Returns one report definition." and 4 Common rules: "Get and update success: 200 with the record in data"' },
      },
      {
        relies: 'the identifier read by id equals the listed one',
        basis: { tolerant: 'as RP-LIST: identifierOf() reads it under whichever usual name it has' },
      },
      {
        relies: 'category and source read by id are the listed ones',
        basis: {
          tolerant: 'sameShownValue(): deep-equal, or a string the other form (an object) shows among its strings (a brief form listed, a full one read)',
          variant: 'report-choices',
        },
      },
    ],
  },
  'RP-CATEGORIES': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'GET /reports/categories answers 200 (it is a fixed path, not a definition id).',
    units: [
      // GET | /reports | Query: category (string), source (`system`/`user`), limit, offset. Lists report definitions.
      '4.9#c1d807af',
      // GET | /reports/{id} | Returns one report definition.
      '4.9#6872a65b',
      // GET | /reports/categories | Lists report categories; 200.
      '4.9#3d2e2f7a',
      // The fixed paths `/webhooks/events`, `/reports/categories` coexist with the `{id}` routes of the same collectio
      '4.11#346a55b5',
    ],
    audit: [
      { relies: 'GET /reports/categories answers exactly 200', basis: { spec: '4.9: "Lists report categories; 200."' } },
      {
        relies: 'the fixed path is not routed to GET /reports/{id}',
        basis: { spec: '4.11: "The fixed paths /webhooks/events, /reports/categories coexist with the {id} routes of the same collections."' },
      },
      { relies: 'the shape of the answer and of its items is recorded, never judged', basis: { observation: 'report-categories-shape' } },
    ],
  },
  'RP-EXECUTE': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'POST /reports/{id}/execute with a valid body (`{}` included) answers 200 with results in `data`.',
    units: [
      // POST | /reports/{id}/execute | Body below. Returns 200 with results in `data`.
      '4.9#a3622614',
    ],
    audit: [
      {
        relies: 'POST /reports/{id}/execute with {} answers exactly 200 with a `data` key in an object body',
        basis: { spec: '4.9: "Body below. Returns 200 with results in data."' },
      },
      {
        relies: '{} is a valid body: every execute property is optional',
        basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional); page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
      },
      {
        relies: 'the executed definition runs with {} and with any valid body',
        basis: {
          tolerant:
            'steps/reports.ts findRunnableDefinitions(): the first of the first 5 listed definitions that answers {} with 200 is run; a 4xx of the others is recorded (report-execute-definition), any other refusal fails; none runnable is inconclusive',
          variant: 'report-choices',
        },
      },
      {
        relies: 'filterValues with keys no report defines (conformance_*) and any JSON values are accepted',
        basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional)"' },
      },
      {
        relies: 'page 1 to 5 (maybe past the last page) and pageSize 1 to 500 answer 200',
        basis: { spec: '4.9: "page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
      },
      {
        relies: 'the valid bodies carry only scopes the executed definition accepted',
        basis: {
          tolerant: 'acceptedScopes(): each scope is tried once alone; the property and the invalid bodies use those answered 200',
          variant: 'report-choices',
        },
      },
      {
        relies: 'scopes name records that exist; without them no scope is sent',
        basis: { tolerant: 'steps/reports.ts executeScopes: only records the target made are used' },
      },
      { relies: 'the shape of `data`, and the status of a POST without any body, are recorded', basis: { observation: 'report-execute-data' } },
    ],
  },
  'RP-EXECUTE-PAGING': {
    level: 'MUST',
    section: '4.9, 8',
    area: 'reports',
    statement: 'Execute `page` is an integer >= 1 and `pageSize` an integer 1 to 500: 1 and 500 are accepted, 0 and 501 rejected.',
    units: [
      // Execute body: `filterValues` (object with arbitrary keys, optional); `page` integer >= 1, default 1; `pageSize
      '4.9#1fbe98cd',
      // Report `pageSize` | 1 to 500, default 100; `page` >= 1, default 1 | report execute
      '8#0c97136e',
    ],
    audit: [
      {
        relies: 'page 1, page 2, pageSize 1, pageSize 500 and page 1 with pageSize 500 each answer exactly 200',
        basis: { spec: '8: "Report pageSize | 1 to 500, default 100; page >= 1, default 1 | report execute"' },
      },
      {
        relies: 'the executed definition runs without filterValues',
        basis: { tolerant: 'as RP-EXECUTE: the first listed definition that answers {} with 200', variant: 'report-choices' },
      },
      {
        relies: 'pageSize 0, 501, 1.5 and page 0, 1.5 (and generated page <= 0, pageSize <= 0 or > 500, fractions) are rejected',
        basis: { spec: '4.9: "page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
      },
      {
        relies: 'each invalid body is otherwise valid',
        basis: { tolerant: 'generators/violations.ts: one rule broken on a generated valid body; any 4xx passes' },
      },
      { relies: 'the status of each rejection is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'RP-EXECUTE-PAGE-ROWS': {
    level: 'MUST',
    section: '4.9, 8',
    area: 'reports',
    statement:
      'Execute without `page` answers the first page (as with `page: 1`); where the results are a list of rows, a page holds at most `pageSize` rows, at most 100 without pageSize (result shape not shown: observed).',
    units: [
      // Execute body: `filterValues` (object with arbitrary keys, optional); `page` integer >= 1, default 1; `pageSize
      '4.9#1fbe98cd',
      // Report `pageSize` | 1 to 500, default 100; `page` >= 1, default 1 | report execute
      '8#0c97136e',
    ],
    audit: [
      {
        relies: 'the executed definition answers 200 to {}',
        basis: {
          tolerant: 'as RP-EXECUTE: the first listed definition that does; others of the first 5 refusing {} are no candidates',
          variant: 'report-choices',
        },
      },
      {
        relies: 'rows are data itself or the one array named rows/items/results/records/data/entries/lines; else only observed',
        basis: { tolerant: 'steps/reports.ts rowsPath(): a result that is no list of rows is recorded (report-execute-rows), not judged' },
      },
      {
        relies: 'a report with fewer than 3 rows proves nothing',
        basis: { tolerant: 't.inconclusive when the most rows of the first five definitions is below 3' },
      },
      {
        relies: 'at most 100 rows without pageSize, at most 1 or 2 with pageSize 1 or 2 (page 1 and 2)',
        basis: { spec: '4.9: "pageSize integer 1 to 500, default 100"' },
      },
      {
        relies: 'the array judged is the one pageSize pages',
        basis: {
          tolerant:
            'steps/reports.ts pagedPath(): the rows found when they hold fewer with pageSize 1, else another array of the result that does (a summary list returned whole); none responding is inconclusive and recorded (report-execute-rows)',
          variant: 'report-choices',
        },
      },
      {
        relies: 'the rows sit at the same path for every body',
        basis: { tolerant: 'the pages compared are never empty (>= 3 rows, page 2 of size 1 or 2), so no rows array can be left out' },
      },
      { relies: 'without page the rows are those of page 1', basis: { spec: '4.9: "page integer >= 1, default 1"' } },
      {
        relies: 'rows are compared as a multiset; rows that change between identical runs are retried, then inconclusive',
        basis: { tolerant: 'pageContent() ignores row order; three bracketing attempts before t.inconclusive' },
      },
      { relies: 'where the rows sit and how many there were is recorded', basis: { observation: 'report-execute-rows' } },
    ],
  },
  'RP-EXECUTE-SCOPE': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'Execute `scope` needs `kind` (`project`, `person`, `contact`) and `id` (UUID) and no other property; a scope breaking this is rejected.',
    units: [
      // Execute body: `filterValues` (object with arbitrary keys, optional); `page` integer >= 1, default 1; `pageSize
      '4.9#1fbe98cd',
    ],
    audit: [
      {
        relies: 'a scope of kind project, person (a fresh resource) and contact each answers 200 on some definition that runs with {}',
        basis: {
          tolerant:
            "each kind is tried on every runnable definition of the first 5; a 4xx is that report's rule, recorded (report-scope-kinds); only another status, or no kind accepted anywhere, fails",
          variant: 'report-choices',
        },
      },
      {
        relies: 'at least one of the three kinds is accepted by one of the runnable definitions',
        basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid"' },
      },
      { relies: 'without any record to scope to the check is skipped', basis: { tolerant: 't.skip when no project, resource or contact exists' } },
      {
        relies: 'kind team/organisation/client/empty, a non-UUID id, kind or id missing, an extra property, a non-object are rejected',
        basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid, both required inside scope"' },
      },
      {
        relies: 'a kind in another case (Project, PERSON) is not sent under this MUST',
        basis: { tolerant: "generators/reports.ts: another case of a kind is INPUT-FORMAT-STRICT's (SHOULD)" },
      },
      {
        relies: 'the non-UUID ids are no UUID under any reading',
        basis: { tolerant: 'nonUuid(): hyphen-free and braced forms are left to INPUT-FORMAT-STRICT' },
      },
      { relies: 'any 4xx counts as the rejection; the status is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
  'RP-EXECUTE-FILTER-VALUES': {
    level: 'MUST',
    section: '4.9',
    area: 'reports',
    statement: 'Execute `filterValues` accepts an object with arbitrary keys; a value that is not an object is rejected.',
    units: [
      // Execute body: `filterValues` (object with arbitrary keys, optional); `page` integer >= 1, default 1; `pageSize
      '4.9#1fbe98cd',
    ],
    audit: [
      {
        relies: 'filterValues {} and an object of conformance_* keys (text, number, boolean array) answer exactly 200',
        basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional)"' },
      },
      {
        relies: 'the executed definition runs with filter values it does not define',
        basis: {
          tolerant: 'as RP-EXECUTE: a definition that runs with {} needs no filter value; keys it does not define are "arbitrary keys"',
          variant: 'report-choices',
        },
      },
      {
        relies: 'filterValues as a string, integer, array or boolean is rejected',
        basis: SPEC_BODIES_INVALID,
      },
      { relies: 'any 4xx counts as the rejection; the status is recorded', basis: VALIDATION_STATUS_OBSERVED },
    ],
  },
} satisfies Records;
