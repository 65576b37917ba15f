import type { ReportFilter } from '../models/reports.js';
import { defineFaults } from '../policy/declaration.js';
import { DEFAULT_REPORT_PAGE, type ReportExecuteInput, type ReportSchemaLoosening, type ReportSource } from '../schemas/reports.js';

/**
 * A rule a definition sets on a valid execute body beyond the spec's (which sets none): it throws the
 * refusal. `position` is the definition's place in the organisation's list (0-based).
 */
export type ExecuteCheck = (position: number, input: ReportExecuteInput) => void;

/** What may bend in the report routes (spec 4.9, 4.11): each field is one behaviour a fault or a variant can change. */
export interface ReportsPolicy {
  /** Execute body rules of spec 4.9 the validator leaves out or bends. */
  readonly loosened: ReportSchemaLoosening;
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof ReportFilter)[];
  /** GET /reports answers a page with pagination (spec 4.9), or every definition in data. */
  readonly listPaged: boolean;
  /** GET /reports/categories is its own route (spec 4.11), or the path falls to /reports/{id}. */
  readonly categoriesRoute: boolean;
  /** Sources whose definitions a read by id does not find (spec 4.9: none). */
  readonly hiddenOnRead: readonly ReportSource[];
  /** Rules a definition sets on a valid execute body, each refusing it (spec 4.9: none). */
  readonly executeChecks: readonly ExecuteCheck[];
  /** How an execute pages its rows (spec 4.9: page 1 by default, pageSize rows a page). */
  readonly executePaging: {
    /** The page answered without a page field (spec 4.9: 1). */
    readonly defaultPage: number;
    /** Rows a page holds beyond pageSize (spec 4.9: none). */
    readonly extraRowsPerPage: number;
  };
  /** An execute answers {data: result} (spec 4.9), or the bare result. */
  readonly executeEnvelope: boolean;
  /** An execute with a project scope names no project (spec 4.9), or adds its {id, name} found in any organisation. */
  readonly scopedProjectNamed: 'never' | 'everywhere';
}

/** The spec's behaviour. */
export const REPORTS_POLICY: ReportsPolicy = {
  loosened: {},
  ignoredFilters: [],
  listPaged: true,
  categoriesRoute: true,
  hiddenOnRead: [],
  executeChecks: [],
  executePaging: { defaultPage: DEFAULT_REPORT_PAGE, extraRowsPerPage: 0 },
  executeEnvelope: true,
  scopedProjectNamed: 'never',
};

/** The faults of the report routes (policy slot `reports`). */
export const REPORT_FAULTS = defineFaults({
  'rp-categories-as-id': {
    changes: 'GET /reports/categories is handled as an unknown definition id: 404',
    suite: 'reports',
    breaks: 'RP-CATEGORIES',
    policy: { reports: { categoriesRoute: false } },
  },
  'rp-filter-source-ignored': {
    changes: 'GET /reports ignores the source filter',
    suite: 'reports',
    breaks: 'RP-FILTER-SOURCE',
    policy: { reports: { ignoredFilters: ['source'] } },
  },
  'rp-filter-category-ignored': {
    changes: 'GET /reports ignores the category filter',
    suite: 'reports',
    breaks: 'RP-FILTER-CATEGORY',
    policy: { reports: { ignoredFilters: ['category'] } },
  },
  'rp-page-size-unbounded': {
    changes: 'report execute accepts pageSize above 500',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGING',
    policy: { reports: { loosened: { pageSizeUnbounded: true } } },
  },
  'rp-default-page-2': {
    changes: 'report execute without page answers the second page (page defaults to 2)',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGE-ROWS',
    policy: { reports: { executePaging: { defaultPage: DEFAULT_REPORT_PAGE + 1 } } },
  },
  'rp-page-size-plus-one': {
    changes: 'report execute pages hold pageSize + 1 rows: each page starts at row (page - 1) x pageSize + 1 as it should and runs one row over',
    suite: 'reports',
    breaks: 'RP-EXECUTE-PAGE-ROWS',
    policy: { reports: { executePaging: { extraRowsPerPage: 1 } } },
  },
  'rp-scope-not-strict': {
    changes: 'report execute accepts (and ignores) extra properties in scope',
    suite: 'reports',
    breaks: 'RP-EXECUTE-SCOPE',
    policy: { reports: { loosened: { scopeNotStrict: true } } },
  },
  'rp-scope-kind-unchecked': {
    changes: 'report execute scope.kind accepts any string',
    suite: 'reports',
    breaks: 'RP-EXECUTE-SCOPE',
    policy: { reports: { loosened: { scopeKindUnchecked: true } } },
  },
  'rp-execute-no-envelope': {
    changes: 'POST /reports/{id}/execute answers the bare result without data',
    suite: 'reports',
    breaks: 'RP-EXECUTE',
    policy: { reports: { executeEnvelope: false } },
  },
  'rp-list-unpaged': {
    changes: 'GET /reports answers every definition in data without pagination',
    suite: 'reports',
    breaks: 'RP-LIST',
    also: ['ENV-LIST'],
    policy: { reports: { listPaged: false } },
  },
  'rp-get-user-404': {
    changes: 'GET /reports/{id} finds system definitions only: a user definition answers 404',
    suite: 'reports',
    breaks: 'RP-GET',
    policy: { reports: { hiddenOnRead: ['user'] } },
  },
  'rp-filter-values-strict': {
    changes: 'report execute takes filterValues as a strict object: any key is rejected',
    suite: 'reports',
    breaks: 'RP-EXECUTE-FILTER-VALUES',
    policy: { reports: { loosened: { filterValuesStrict: true } } },
  },
  'sec-report-scope-leak': {
    changes: 'POST /reports/{id}/execute with a project scope answers with a project {id, name} object naming it, whichever organisation owns it',
    suite: 'security',
    breaks: 'SEC-REFERENCE-NO-LEAK',
    policy: { reports: { scopedProjectNamed: 'everywhere' } },
  },
});
