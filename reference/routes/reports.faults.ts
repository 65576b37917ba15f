import { defineFaults } from '../policy/declaration.js';

/** What may bend in the report routes: each field is one behaviour a fault can change. */
export interface ReportsPolicy {}

/** The spec's behaviour. */
export const REPORTS_POLICY: ReportsPolicy = {};

/** The faults of the report routes (policy slot `reports`). */
export const REPORT_FAULTS = defineFaults({
  'rp-categories-as-id': {
    changes: 'GET /reports/categories is handled as an unknown definition id: 404',
    suite: 'reports',
    breaks: 'RP-CATEGORIES',
  },
  'rp-filter-source-ignored': {
    changes: 'GET /reports ignores the source filter',
    suite: 'reports',
    breaks: 'RP-FILTER-SOURCE',
  },
  'rp-filter-category-ignored': {
    changes: 'GET /reports ignores the category filter',
    suite: 'reports',
    breaks: 'RP-FILTER-CATEGORY',
  },
  'rp-page-size-unbounded': {
    changes: 'report execute accepts pageSize above 500',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGING',
  },
  'rp-default-page-2': {
    changes: 'report execute without page answers the second page (page defaults to 2)',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGE-ROWS',
  },
  'rp-page-size-plus-one': {
    changes: 'report execute pages hold pageSize + 1 rows: each page starts at row (page - 1) x pageSize + 1 as it should and runs one row over',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGE-ROWS',
  },
  'rp-scope-not-strict': {
    changes: 'report execute accepts (and ignores) extra properties in scope',
    suite: 'reports',
    breaks: 'RP-EXECUTE-SCOPE',
  },
  'rp-scope-kind-unchecked': {
    changes: 'report execute scope.kind accepts any string',
    suite: 'reports',
    breaks: 'RP-EXECUTE-SCOPE',
  },
  'rp-execute-no-envelope': {
    changes: 'POST /reports/{id}/execute answers the bare result without data',
    suite: 'reports',
    breaks: 'RP-EXECUTE',
  },
  'rp-list-unpaged': {
    changes: 'GET /reports answers every definition in data without pagination',
    suite: 'reports',
    breaks: 'RP-LIST',
    also: ['ENV-LIST'],
  },
  'rp-get-user-404': {
    changes: 'GET /reports/{id} finds system definitions only: a user definition answers 404',
    suite: 'reports',
    breaks: 'RP-GET',
  },
  'rp-filter-values-strict': {
    changes: 'report execute takes filterValues as a strict object: any key is rejected',
    suite: 'reports',
    breaks: 'RP-EXECUTE-FILTER-VALUES',
  },
  'sec-report-scope-leak': {
    changes: 'POST /reports/{id}/execute with a project scope answers with a project {id, name} object naming it, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
  },
});
